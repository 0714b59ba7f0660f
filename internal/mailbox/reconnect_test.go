package mailbox

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"
)

// TestReconnectingCalled: each session that ends (here: a server that cannot be reached) is
// told to Reconnecting before the watcher connects again, as the daemon's metrics count it.
func TestReconnectingCalled(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	w, err := NewWatcher(IMAPOptions{Address: addr, TLS: TLSNone, Username: "u", Password: "p"},
		func(context.Context, Message) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	w.MinBackoff, w.MaxBackoff = time.Millisecond, time.Millisecond
	var n atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w.Reconnecting = func() {
		if n.Add(1) == 3 {
			cancel()
		}
	}
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the watcher did not reconnect three times")
	}
	if n.Load() < 3 {
		t.Errorf("Reconnecting called %d times", n.Load())
	}
}
