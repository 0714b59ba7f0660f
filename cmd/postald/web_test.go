package main

import (
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/metrics"
	"postald/internal/reading"
	"postald/internal/store"
	"postald/internal/web"
)

// TestServeWeb: the pages' server serve starts for [web] listen answers on 127.0.0.1, and is
// gone once stopped.
func TestServeWeb(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	known, err := reading.NewKnown(db, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New(known)
	at, stop, err := serveWeb("127.0.0.1:0", web.Options{Store: db, Metrics: m.Gatherer(), Known: known}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + at.String()
	for path, want := range map[string]string{"/healthz": "ok", "/metrics": "postald_outbox_depth 0", "/": "Турниры"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d, no %q:\n%s", path, res.StatusCode, want, b)
		}
	}
	stop()
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the pages still answer after stop")
	}
	if _, _, err := serveWeb("127.0.0.1:http-alt-x", web.Options{Store: db}, slog.New(slog.DiscardHandler)); err == nil {
		t.Error("a bad address is accepted")
	}
}
