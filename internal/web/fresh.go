package web

import (
	"context"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"postald/internal/reading"
)

// With the office's Known (Options.Known), a page is named by the revision of what it shows
// (reading.Revision: a game's, a tournament's, the list of tournaments'), with the parts of its
// request that also decide it (the language, the day in the tournament's zone, the ply). That
// name is the page's entity tag (a weak ETag: two drawings at one revision may differ in bytes,
// never in what they show) and the revision's instant its Last-Modified; a reload that names
// the tag (If-None-Match) is answered 304 Not Modified without reading the store. A tournament's
// page and the list of tournaments, which read every game, are moreover kept drawn, per
// language, while their revision and day hold: the first request after a change draws the page
// once for every request that comes meanwhile, and the rest are served what was drawn. A page is
// drawn from a read transaction begun after its revision was read, so what is kept under a
// revision never shows less than that revision committed.

// drawn is a page kept drawn under its tag.
type drawn struct {
	mu   sync.Mutex // held while the page is drawn: one drawing for all who ask at once
	tag  string
	body []byte // never changed once kept: served to many at once
}

// drawnPages are the pages kept drawn, by path and language.
type drawnPages struct {
	mu    sync.Mutex
	pages map[string]*drawn
}

// entry is the kept page of key, made empty when there is none.
func (c *drawnPages) entry(key string) *drawn {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil {
		c.pages = map[string]*drawn{}
	}
	e, ok := c.pages[key]
	if !ok {
		e = &drawn{}
		c.pages[key] = e
	}
	return e
}

// kept returns the page kept under tag at key, drawing it with draw when what is kept is of
// another tag (or there is none); one drawing at a time for each key.
func (c *drawnPages) kept(key, tag string, draw func() ([]byte, error)) ([]byte, error) {
	e := c.entry(key)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.tag == tag {
		return e.body, nil
	}
	b, err := draw()
	if err != nil {
		return nil, err
	}
	e.tag, e.body = tag, b
	return b, nil
}

// keepable reports whether a request's page may be kept drawn: its query asks for nothing but a
// language postald knows (every other query changes the page's links).
func keepable(r *http.Request) bool {
	q := r.URL.Query()
	switch len(q) {
	case 0:
		return true
	case 1:
		return len(q["lang"]) == 1 && lang(r) != ""
	}
	return false
}

// fresh sets a page's validators, the entity tag tag and Last-Modified modified, and answers 304
// Not Modified when the request names the tag (If-None-Match; If-Modified-Since alone is not
// believed: a second holds more than one change); it reports whether it answered.
func fresh(w http.ResponseWriter, r *http.Request, tag string, modified time.Time) bool {
	etag := `W/"` + tag + `"`
	h := w.Header()
	h.Set("ETag", etag)
	if !modified.IsZero() {
		h.Set("Last-Modified", modified.UTC().Format(http.TimeFormat))
	}
	h.Set("Cache-Control", "no-cache")
	if !matches(r.Header.Get("If-None-Match"), etag) {
		return false
	}
	h.Del("Content-Type")
	w.WriteHeader(http.StatusNotModified)
	return true
}

// matches reports whether an If-None-Match field names etag (weak comparison, RFC 9110 13.1.2).
func matches(field, etag string) bool {
	if field == "" {
		return false
	}
	want := strings.TrimPrefix(etag, "W/")
	for _, t := range strings.Split(field, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == want {
			return true
		}
	}
	return false
}

// latest is the later of a revision's instant and the start of the day a page shows (its
// clocks count days: at midnight it changes without a commit).
func latest(rev reading.Revision, day time.Time) time.Time {
	if day.After(rev.At) {
		return day
	}
	return rev.At
}

// gate lets at most a number of answers be made at once — the store read, the page drawn —
// each into a buffer while it holds a place, written to its client after it gave the place up,
// so that a slow reader holds no place. postald serve's web server gives the pages one place
// fewer than the processors Go runs on (at least one), and at most half of those places' time:
// the work the answers do is counted, and once it runs more than a few milliseconds ahead of
// half the time that passed, the next answer waits until it does not. However many clients ask
// at once, the daemon's owner goroutine finds a processor for the letters; a client alone, or a
// few now and then, is answered at once. What reads and draws nothing takes no place, so that it
// never waits behind a drawing, but waits while the pages are ahead of their share: a page kept
// drawn, /metrics (counters the office keeps), /healthz, the script, a page not found. A 304
// costs nothing and passes.
type gate struct {
	places chan struct{}
	now    func() time.Time
	mu     sync.Mutex
	ahead  time.Duration // the work done beyond the pages' share of the time, not yet waited off
	at     time.Time     // when ahead was last brought up to date
}

const (
	// gateShare is the share of its places' time the answers may work.
	gateShare = 0.5
	// gateAhead is how far the work may run ahead of its share before an answer waits.
	gateAhead = 5 * time.Millisecond
)

// newGate makes a gate of n places; n < 1: one fewer than GOMAXPROCS, at least one.
func newGate(n int) *gate {
	if n < 1 {
		n = max(1, runtime.GOMAXPROCS(0)-1)
	}
	return &gate{places: make(chan struct{}, n), now: time.Now}
}

// worked counts d of work, and returns how long the next answer must wait first.
func (g *gate) worked(d time.Duration) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if !g.at.IsZero() {
		// Time with no work pays for work done, never for work to come.
		g.ahead = max(0, g.ahead-time.Duration(float64(now.Sub(g.at))*gateShare*float64(cap(g.places))))
	}
	g.at = now
	g.ahead += d
	if g.ahead <= gateAhead {
		return 0
	}
	return time.Duration(float64(g.ahead) / (gateShare * float64(cap(g.places))))
}

// do runs fn in a place of the gate, once the pages are not ahead of their share; false when
// ctx ended first (the client went away).
func (g *gate) do(ctx context.Context, fn func()) bool {
	select {
	case g.places <- struct{}{}:
	case <-ctx.Done():
		return false
	}
	defer func() { <-g.places }()
	if !g.pace(ctx) {
		return false
	}
	// The places' time is the pages' work: one answer at a time in each.
	began := g.now()
	fn()
	g.worked(g.now().Sub(began))
	return true
}

// pace waits while the pages are ahead of their share; false when ctx ended first.
func (g *gate) pace(ctx context.Context) bool {
	wait := g.worked(0)
	if wait <= 0 {
		return true
	}
	t := time.NewTimer(wait) // the pages rest
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// light runs fn, which reads nothing and draws nothing (a page kept drawn, the counters of
// /metrics), without a place, once the pages are not ahead of their share: it waits behind no
// drawing. Its little work is not counted (answers that overlap in time would count their time
// many times over).
func (g *gate) light(ctx context.Context, fn func()) bool {
	if !g.pace(ctx) {
		return false
	}
	fn()
	return true
}

// draw runs a page's drawing in a place of the gate.
func (g *gate) draw(ctx context.Context, draw func() ([]byte, error)) ([]byte, error) {
	var (
		b   []byte
		err error
	)
	if !g.do(ctx, func() { b, err = draw() }) {
		return nil, ctx.Err()
	}
	return b, err
}

// wrap answers with h in a place of the gate, into a buffer written to the client once the
// place is given up.
func (g *gate) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := &buffered{header: w.Header()}
		if g.do(r.Context(), func() { h.ServeHTTP(b, r) }) {
			b.flush(w)
		}
	})
}

// wrapLight answers with h as light work (light), into a buffer written to the client after.
func (g *gate) wrapLight(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := &buffered{header: w.Header()}
		if g.light(r.Context(), func() { h.ServeHTTP(b, r) }) {
			b.flush(w)
		}
	})
}

// buffered is an answer made before it is written: its header is the real one's, its status and
// body are kept.
type buffered struct {
	header http.Header
	status int
	body   []byte
	shared bool // body is a page kept for others (send): copied before anything is added to it
}

func (b *buffered) Header() http.Header { return b.header }

func (b *buffered) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}

func (b *buffered) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	if b.shared {
		b.body, b.shared = append([]byte(nil), b.body...), false
	}
	b.body = append(b.body, p...)
	return len(p), nil
}

// send writes page, which nobody changes once drawn, as w's body: through the gate without a
// copy.
func send(w http.ResponseWriter, page []byte) {
	if b, ok := w.(*buffered); ok && len(b.body) == 0 {
		b.WriteHeader(http.StatusOK)
		b.body, b.shared = page, true
		return
	}
	w.Write(page)
}

// flush writes the answer to w.
func (b *buffered) flush(w http.ResponseWriter) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	w.WriteHeader(b.status)
	if len(b.body) > 0 {
		w.Write(b.body) // the client's failure to read is its own
	}
}
