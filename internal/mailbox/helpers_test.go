package mailbox_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"postald/internal/mailbox"
	"postald/internal/mailtest"
)

// logBuffer collects a Watcher's log for assertions and shows it when the test fails.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func newLogger(t testing.TB) (*slog.Logger, *logBuffer) {
	lb := &logBuffer{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("watcher log:\n%s", lb)
		}
	})
	return slog.New(slog.NewTextHandler(lb, &slog.HandlerOptions{Level: slog.LevelDebug})), lb
}

// recorder is a Handler that records what it is given and can be told to fail.
type recorder struct {
	mu      sync.Mutex
	got     []mailbox.Message
	tries   map[string]int // by Message-ID token
	failFor map[string]int // token -> number of attempts that fail
	ch      chan mailbox.Message
}

func newRecorder() *recorder {
	return &recorder{tries: map[string]int{}, failFor: map[string]int{}, ch: make(chan mailbox.Message, 1000)}
}

func (r *recorder) handle(_ context.Context, m mailbox.Message) error {
	tok := token(m.Raw)
	r.mu.Lock()
	r.tries[tok]++
	if r.tries[tok] <= r.failFor[tok] {
		r.mu.Unlock()
		return fmt.Errorf("store unavailable (attempt %d)", r.tries[tok])
	}
	r.got = append(r.got, m)
	r.mu.Unlock()
	r.ch <- m
	return nil
}

func (r *recorder) attempts(tok string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tries[tok]
}

// wait returns the next n handled messages; it fails the test after timeout.
func (r *recorder) wait(t testing.TB, n int, timeout time.Duration) []mailbox.Message {
	t.Helper()
	var out []mailbox.Message
	deadline := time.After(timeout)
	for len(out) < n {
		select {
		case m := <-r.ch:
			out = append(out, m)
		case <-deadline:
			t.Fatalf("handled %d of %d messages in %v", len(out), n, timeout)
		}
	}
	return out
}

// token returns the Subject of a raw message (mailtest.Letter puts the token there).
func token(raw []byte) string {
	for _, line := range strings.Split(string(raw), "\r\n") {
		if s, ok := strings.CutPrefix(line, "Subject: "); ok {
			return s
		}
		if line == "" {
			break
		}
	}
	return ""
}

func tokens(ms []mailbox.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, token(m.Raw))
	}
	return out
}

func mailTokens(ms []mailtest.Mail) []string {
	var out []string
	for _, m := range ms {
		out = append(out, token(m.Raw))
	}
	return out
}

// run starts w and returns a function that stops it and waits for Run to return.
func run(t testing.TB, w *mailbox.Watcher) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Errorf("Run did not return 15 s after cancel")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// fastWatcher returns a Watcher with short delays, for tests.
func fastWatcher(t testing.TB, opts mailbox.IMAPOptions, h mailbox.Handler) (*mailbox.Watcher, *logBuffer) {
	t.Helper()
	w, err := mailbox.NewWatcher(opts, h)
	if err != nil {
		t.Fatal(err)
	}
	w.MinBackoff, w.MaxBackoff = 50*time.Millisecond, time.Second
	w.RetryMin, w.RetryMax = 50*time.Millisecond, 200*time.Millisecond
	w.PollInterval = 200 * time.Millisecond
	var lb *logBuffer
	w.Logger, lb = newLogger(t)
	return w, lb
}
