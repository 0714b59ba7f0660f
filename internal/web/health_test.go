package web

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"postald/internal/store"
)

// TestHealthzSaysWhenTheDaemonCannotWork: /healthz answers ok while the daemon can work, and 503
// with the daemon's words while it cannot (its mailbox cannot be read), never cached.
func TestHealthzSaysWhenTheDaemonCannotWork(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var down atomic.Pointer[error]
	srv := httptest.NewServer(New(Options{Store: db, Health: func() error {
		if e := down.Load(); e != nil {
			return *e
		}
		return nil
	}}))
	defer srv.Close()
	get := func() (int, string, string) {
		res, err := http.Get(srv.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, string(b), res.Header.Get("Cache-Control")
	}
	if code, body, _ := get(); code != 200 || body != "ok\n" {
		t.Errorf("/healthz while the daemon works: %d %q", code, body)
	}
	cause := errors.New("the mailbox cannot be read since 2026-12-07T02:46:55Z: 5 IMAP sessions in a row failed at login: NO authentication failure")
	down.Store(&cause)
	if code, body, cache := get(); code != http.StatusServiceUnavailable || !strings.Contains(body, cause.Error()) || cache != "no-store" {
		t.Errorf("/healthz while the mailbox cannot be read: %d %q (Cache-Control %q)", code, body, cache)
	}
	down.Store(nil)
	if code, _, _ := get(); code != 200 {
		t.Errorf("/healthz once it works again: %d", code)
	}
}
