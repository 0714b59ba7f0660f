package web

import (
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"postald/internal/office"
)

// With the office's Known (Options.Known), a page is named by the revision of what it shows
// (office.Revision: a game's, a tournament's, the list of tournaments'), with the parts of its
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
func latest(rev office.Revision, day time.Time) time.Time {
	if day.After(rev.At) {
		return day
	}
	return rev.At
}

// gate lets at most cap(g) requests be answered at once: each answer is made (the store read,
// the page drawn) into a buffer while it holds a place, and written to its client after it gave
// the place up, so that a slow reader holds no place. postald serve's web server gives the pages
// one place fewer than the processors Go runs on (at least one): however many clients read the
// pages, the daemon's owner goroutine finds a processor for the letters.
type gate chan struct{}

// newGate makes a gate of n places; n < 1: one fewer than GOMAXPROCS, at least one.
func newGate(n int) gate {
	if n < 1 {
		n = max(1, runtime.GOMAXPROCS(0)-1)
	}
	return make(gate, n)
}

func (g gate) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case g <- struct{}{}:
		case <-r.Context().Done():
			return
		}
		b := &buffered{header: w.Header()}
		func() {
			defer func() { <-g }()
			h.ServeHTTP(b, r)
		}()
		b.flush(w)
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
