package web

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// getIf fetches path naming etag in If-None-Match ("" none) and returns the status, the body and
// the header.
func (r *rig) getIf(path, etag string) (int, string, http.Header) {
	r.t.Helper()
	req, err := http.NewRequest(http.MethodGet, r.srv.URL+path, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		r.t.Fatal(err)
	}
	return res.StatusCode, string(b), res.Header
}

// TestReloadCostsNothing: every page a reload asks for again — the list of tournaments, a
// tournament's page in either language, a game's page at a ply, its picture — carries an entity
// tag and the instant of its last change; asked again with that tag it is answered 304 Not
// Modified with no body (a picture is not drawn again); once a letter changed the game, the same
// tag gets the new page, whose tag is another, while another game's page and the list of
// tournaments (no game began or ended) are still answered 304; a new day changes a tournament's
// page (its clocks count days) though no letter came; an answer that is not the page carries no
// tag.
func TestReloadCostsNothing(t *testing.T) {
	r := newRig(t, true)
	line := openLine(t, 6)
	for k := range 4 {
		r.letter("1-2", k, line)
	}
	tp := r.tournamentPath()
	paths := []string{"/", "/?lang=en", tp, tp + "?lang=en", tp + "1-2", tp + "1-2?ply=2&lang=en", tp + "1-2.png", tp + "1-2.png?ply=2", tp + "4-3"}
	tags := map[string]string{}
	bodies := map[string]string{}
	for _, p := range paths {
		status, body, h := r.getIf(p, "")
		etag := h.Get("ETag")
		if status != http.StatusOK || !strings.HasPrefix(etag, `W/"`) {
			t.Fatalf("GET %s: %d, ETag %q", p, status, etag)
		}
		if _, err := http.ParseTime(h.Get("Last-Modified")); err != nil {
			t.Errorf("GET %s: Last-Modified %q: %v", p, h.Get("Last-Modified"), err)
		}
		tags[p], bodies[p] = etag, body
		drawn := len(r.drawn())
		status, body, h = r.getIf(p, etag)
		if status != http.StatusNotModified || body != "" || h.Get("ETag") != etag {
			t.Errorf("GET %s again with its tag: %d, %d bytes, ETag %q", p, status, len(body), h.Get("ETag"))
		}
		if len(r.drawn()) != drawn {
			t.Errorf("GET %s again with its tag drew a picture", p)
		}
	}
	// Two tags of different pages never name each other's.
	seen := map[string]string{}
	for p, tag := range tags {
		if q, ok := seen[tag]; ok {
			t.Errorf("%s and %s have the same tag %s", p, q, tag)
		}
		seen[tag] = p
	}

	r.letterAfter(time.Hour, "1-2", 4, line) // the same day
	for _, p := range paths {
		status, body, h := r.getIf(p, tags[p])
		changed := p != tp+"4-3" // another game: its page stays as it was
		if p == "/" || p == "/?lang=en" {
			changed = false // no game began or ended: the list counts the same
		}
		if !changed {
			if status != http.StatusNotModified {
				t.Errorf("GET %s with its tag after a letter in 1-2: %d, want 304", p, status)
			}
			continue
		}
		if status != http.StatusOK || h.Get("ETag") == tags[p] || h.Get("ETag") == "" {
			t.Errorf("GET %s with its old tag after a letter: %d, ETag %q (was %q)", p, status, h.Get("ETag"), tags[p])
		}
		if strings.HasSuffix(p, "?ply=2") || strings.HasSuffix(p, "?ply=2&lang=en") {
			continue // the board after ply 2 is what it was
		}
		if body == bodies[p] {
			t.Errorf("GET %s after a letter in 1-2 shows what it showed before", p)
		}
	}
	if _, body, _ := r.getIf(tp, ""); !strings.Contains(body, ">3<") {
		t.Errorf("the tournament's page does not show game 1-2 at move 3:\n%s", body)
	}

	// The next day, with no letter: the tournament's page counts another day.
	_, _, h := r.getIf(tp, "")
	before := h.Get("ETag")
	r.mu.Lock()
	r.now = r.now.Add(24 * time.Hour)
	r.mu.Unlock()
	status, _, h := r.getIf(tp, before)
	if status != http.StatusOK || h.Get("ETag") == before {
		t.Errorf("GET %s the next day with the day before's tag: %d, ETag %q", tp, status, h.Get("ETag"))
	}
	if lm, err := http.ParseTime(h.Get("Last-Modified")); err != nil || lm.Before(r.clock().Add(-24*time.Hour)) {
		t.Errorf("the next day the tournament's page was last modified %q", h.Get("Last-Modified"))
	}

	for _, p := range []string{tp + "1-2?ply=99", "/t/НЕТ/", tp + "9-9"} {
		status, _, h := r.getIf(p, "")
		if status != http.StatusNotFound || h.Get("ETag") != "" || h.Get("Last-Modified") != "" {
			t.Errorf("GET %s: %d, ETag %q, Last-Modified %q; want 404 without them", p, status, h.Get("ETag"), h.Get("Last-Modified"))
		}
	}
}

// TestPagesWithoutKnown: pages served with no Known (web.Options.Known nil) read the store at
// every request and carry no entity tag: the same pages, and never one that is stale.
func TestPagesWithoutKnown(t *testing.T) {
	r := newRig(t, true)
	line := openLine(t, 4)
	r.letter("1-2", 0, line)
	srv := New(Options{Store: r.db, Now: r.clock, Picture: r.picture})
	tp := r.tournamentPath()
	for _, p := range []string{"/", tp, tp + "1-2"} {
		req, err := http.NewRequest(http.MethodGet, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		_, want, _ := r.getIf(p, "")
		if w.Code != http.StatusOK || w.Header().Get("ETag") != "" {
			t.Errorf("GET %s without Known: %d, ETag %q", p, w.Code, w.Header().Get("ETag"))
		}
		if w.Body.String() != want {
			t.Errorf("GET %s without Known differs from the page with it", p)
		}
	}
}

// TestGate: at most the gate's places are answered at once, the others wait their turn; an
// answer is whole (status, header, body) once its place is given up, and a client that does not
// read holds no place.
func TestGate(t *testing.T) {
	var (
		mu         sync.Mutex
		now, most  int
		release    = make(chan struct{})
		arrivedAll sync.WaitGroup
	)
	h := newGate(2).wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		now++
		most = max(most, now)
		mu.Unlock()
		arrivedAll.Done()
		<-release
		mu.Lock()
		now--
		mu.Unlock()
		w.Header().Set("X-Answer", r.URL.Path)
		w.WriteHeader(http.StatusTeapot)
		io.WriteString(w, "body of "+r.URL.Path)
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	const n = 6
	arrivedAll.Add(2)
	results := make(chan string, n)
	for i := range n {
		go func() {
			res, err := http.Get(fmt.Sprintf("%s/%d", srv.URL, i))
			if err != nil {
				results <- err.Error()
				return
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			results <- fmt.Sprintf("%d %s %s", res.StatusCode, res.Header.Get("X-Answer"), b)
		}()
	}
	arrivedAll.Wait() // two are in; the other four wait
	time.Sleep(50 * time.Millisecond)
	mu.Lock()
	if now != 2 {
		t.Errorf("%d answered at once, want 2", now)
	}
	mu.Unlock()
	arrivedAll.Add(n - 2)
	close(release)
	for range n {
		r := <-results
		var code int
		var path string
		if _, err := fmt.Sscanf(r, "%d %s", &code, &path); err != nil || code != http.StatusTeapot || !strings.HasSuffix(r, "body of "+path) {
			t.Errorf("answer %q", r)
		}
	}
	mu.Lock()
	if most != 2 {
		t.Errorf("at most %d answered at once, want 2", most)
	}
	mu.Unlock()

	// A client that asks and never reads: its answer is made and its place given up.
	slow := newGate(1).wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(make([]byte, 8<<20)) // more than the connection's buffers hold
	}))
	srv2 := httptest.NewServer(slow)
	defer srv2.Close()
	conn, err := net.Dial("tcp", srv2.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n") // and never read
	time.Sleep(100 * time.Millisecond)
	done := make(chan error, 1)
	go func() {
		res, err := http.Get(srv2.URL)
		if err == nil {
			_, err = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a client that does not read holds the only place")
	}
}

// TestGateShare: the work of the answers may run a few milliseconds ahead of half the time that
// passed (of each place's); beyond, the next answer waits until it no longer is, and time with
// no work pays for work to come only up to that allowance.
func TestGateShare(t *testing.T) {
	now := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	for _, places := range []int{1, 3} {
		g := newGate(places)
		g.now = func() time.Time { return now }
		share := func(d time.Duration) time.Duration { return time.Duration(float64(d) / (gateShare * float64(places))) }
		if wait := g.worked(gateAhead); wait != 0 {
			t.Errorf("%d places: work of %v alone waits %v", places, gateAhead, wait)
		}
		if wait := g.worked(4 * time.Millisecond); wait != share(gateAhead+4*time.Millisecond) {
			t.Errorf("%d places: %v ahead waits %v, want %v", places, gateAhead+4*time.Millisecond, wait, share(gateAhead+4*time.Millisecond))
		}
		now = now.Add(share(gateAhead + 4*time.Millisecond))
		if wait := g.worked(0); wait != 0 {
			t.Errorf("%d places: after the wait, %v more", places, wait)
		}
		// An idle hour pays for no more than what was owed.
		now = now.Add(time.Hour)
		if wait := g.worked(gateAhead + time.Millisecond); wait == 0 {
			t.Errorf("%d places: an idle hour let %v of work through at once", places, gateAhead+time.Millisecond)
		}
	}
}
