package web

import (
	"bufio"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer collects a log written from the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// rawGet sends path as it is, byte for byte, in the request line, as an attacker's client does
// (net/http would clean some of it), and returns the status.
func rawGet(t *testing.T, addr, path string) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, addr)
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %q: %v", path, err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestHostilePaths: malformed and hostile page paths answer 400 or 404, never 500, and the log
// gets no ERROR line for any of them: a stranger cannot flood it or set off 5xx alerts.
func TestHostilePaths(t *testing.T) {
	r := newRig(t, true)
	var logged lockedBuffer
	srv := httptest.NewServer(New(Options{Store: r.db, Now: r.clock, Picture: r.picture,
		Logger: slog.New(slog.NewTextHandler(&logged, nil))}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	tp := "/t/" + url.PathEscape(r.sheet.Code) + "/"
	paths := []string{
		tp + "..%2f..%2fetc%2fpasswd",
		tp + "..%2F..%2F..%2Fetc%2Fpasswd.png",
		tp + "%00.png",
		tp + "%00",
		tp + "%00.pdn",
		tp + "1-2%00",
		tp + "1-2%00.png",
		tp + "1-2.png%00",
		tp + "%2e%2e",
		tp + "..",
		tp + "%ff%fe.png",
		tp + "%c0%ae%c0%ae%2fetc.pdn",
		tp + "1-2%0d%0aSet-Cookie:%20x=1",
		tp + "1-2%1b%5b2J",
		tp + "-1-2",
		tp + "1-",
		tp + "0-0.png",
		tp + "99999999999999999999-1",
		tp + "1-2-3.pdn",
		tp + ".png",
		tp + ".pdn",
		tp + strings.Repeat("1", 5000) + "-2",
		tp + "1-2?ply=%00",
		tp + "1-2.png?ply=-1",
		tp + "1-2.png?ply=99999999999999999999",
		"/t/%00/",
		"/t/%00/1-2.png",
		"/t/..%2f..%2f/games.pdn",
		"/t/%2e%2e/1-2",
		"/t/" + strings.Repeat("%ff", 300) + "/",
		"/t/%ff/1-2.pdn",
		"/t//1-2",
		"/t/%20/1-2",
		"/static/..%2f..%2fetc%2fpasswd",
		"/static/%00",
		"/%00",
		"/t/" + url.PathEscape(r.sheet.Code) + "%00/",
	}
	for _, p := range paths {
		code := rawGet(t, addr, p)
		// A path with "." or ".." segments or an empty one is redirected to its clean form by
		// the server's router (net/http.ServeMux), which then answers as for any path.
		if code != 400 && code != 404 && code != http.StatusMovedPermanently && code != http.StatusTemporaryRedirect {
			t.Errorf("GET %s: %d, want 400 or 404", p, code)
		}
	}
	if l := logged.String(); strings.Contains(l, "level=ERROR") {
		t.Errorf("hostile paths logged errors:\n%.3000s", l)
	}
	// The pages themselves still answer.
	if code := rawGet(t, addr, tp+"1-2"); code != 200 {
		t.Errorf("GET the game: %d", code)
	}
}
