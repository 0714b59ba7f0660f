package web

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sync"
	"sync/atomic"
	"testing"
)

// TestPagesWhileDeciding: pages served while the daemon's owner goroutine decides letters on
// the same store, run under the race detector by scripts/test (go test -race): every page
// answers, shows a committed state (the moves never go back), the tournament's page kept drawn
// shows each letter once it is decided, and no letter waits for a page.
func TestPagesWhileDeciding(t *testing.T) {
	r := newRig(t, true)
	line := openLine(t, 18) // the quiet line search grows fast beyond 20 plies
	tp := r.tournamentPath()
	paths := []string{"/", tp, tp + "?lang=en", tp + "1-2", tp + "1-2?ply=0", tp + "1-2.png", tp + "1-2.pdn", tp + "games.pdn", "/metrics", "/healthz"}
	var (
		stop   atomic.Bool
		wg     sync.WaitGroup
		served atomic.Int64
	)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{}
			for k := i; !stop.Load(); k++ {
				path := paths[k%len(paths)]
				res, err := client.Get(r.srv.URL + path)
				if err != nil {
					t.Errorf("GET %s: %v", path, err)
					return
				}
				_, err = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if err != nil || res.StatusCode != http.StatusOK {
					t.Errorf("GET %s: %d %v", path, res.StatusCode, err)
					return
				}
				served.Add(1)
			}
		}()
	}
	// A failure stops the readers before the test ends, so that none reports after it.
	defer func() { stop.Store(true); wg.Wait() }()
	// The moves the game's page shows only grow, one committed letter at a time.
	seen := 0
	for k := range line {
		r.letter("1-2", k, line)
		d, err := r.reader().Game(r.sheet.Code, "1-2", r.clock())
		if err != nil {
			t.Fatal(err)
		}
		if n := len(d.Game.Plies); n < seen || n != k+1 {
			t.Fatalf("after letter %d the game has %d plies (seen %d)", k+1, n, seen)
		} else {
			seen = n
		}
		// The tournament's page, kept drawn while the pages are read, shows the letter at once.
		row := regexp.MustCompile(fmt.Sprintf(`>1-2</a></td><td data-label="[^"]*">%s</td><td data-label="[^"]*">%s</td><td data-label="[^"]*">%d</td>`,
			regexp.QuoteMeta(r.sheet.Players[0].Name), regexp.QuoteMeta(r.sheet.Players[1].Name), (k+2)/2))
		if _, body, _ := r.get(tp); !row.MatchString(body) {
			t.Fatalf("after letter %d the tournament's page has no %q", k+1, row)
		}
	}
	stop.Store(true)
	wg.Wait()
	if served.Load() == 0 {
		t.Fatal("no page served while the letters were decided")
	}
	_, body, _ := r.get(tp + "1-2")
	if want := fmt.Sprintf(`data-plies="%d"`, len(line)); !contains(body, want) {
		t.Errorf("the game's page does not show every move: no %s", want)
	}
	t.Logf("%d pages served while %d letters were decided", served.Load(), len(line))
}
