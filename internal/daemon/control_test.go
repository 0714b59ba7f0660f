package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"postald/internal/reading"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/office"
	"postald/internal/store"
)

// controlRig is a daemon with its control socket and no mailbox, on a store with one tournament.
type controlRig struct {
	db     *store.DB
	d      *Daemon
	from   mail.Address
	now    func() time.Time
	socket string
}

func startControlRig(t *testing.T) *controlRig {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(filepath.Join(dir, "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	moscow, _ := time.LoadLocation("Europe/Moscow")
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, moscow)
	r := &controlRig{db: db, from: mail.Address{Address: "moves@" + trustDomain}, now: func() time.Time { return at },
		socket: filepath.Join(dir, "run", "control.sock")}
	registerTournament(t, db, r.from, at)
	r.d = New(Options{Store: db, From: r.from, ControlSocket: r.socket, Now: r.now})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.d.Run(ctx, nil) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	for range 500 {
		if c, err := net.Dial("unix", r.socket); err == nil {
			c.Close()
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return r
}

// exchange writes one raw request line on the socket and returns the response line.
func (r *controlRig) exchange(t *testing.T, line string) string {
	t.Helper()
	c, err := net.Dial("unix", r.socket)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte(line + "\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(resp)
}

// The socket runs only what it can read as one request of this version; a client of an old
// protocol (a command line, version 1; replies named by what they held, version 2) is told, in the fields it reads, that the versions differ.
func TestControlProtocol(t *testing.T) {
	r := startControlRig(t)
	for _, tc := range []struct{ line, want string }{
		{`{"version":1,"args":["judge","list"]}`, `{"code":2,"error":"control protocol 1, this postald speaks 3: the command and the daemon are different versions of postald; use the postald the daemon runs"}`},
		{`{"version":2,"request":{"list":{}}}`, `{"code":2,"error":"control protocol 2, this postald speaks 3: the command and the daemon are different versions of postald; use the postald the daemon runs"}`},
		{`{"version":3}`, `{"code":2,"error":"bad request: no request"}`},
		{`{"version":3,"request":{}}`, `{"code":2,"error":"bad request: a request names exactly one command"}`},
		{`{"version":3,"request":{"list":{},"show":{"game":"1-2"}}}`, `{"code":2,"error":"bad request: a request names exactly one command"}`},
		{`{"version":3,"request":{"backup":{"path":"relative.db"}}}`, `{"code":2,"error":"bad request: backup \"relative.db\": the path must be absolute"}`},
		{`{"version":3,"request":{"rule":{"kind":"revert","game":"1-2","clause":"4.1.7","reason":"r"}}}`, `{"code":2,"error":"bad request: no ruling \"revert\"; want one of penalty, correct-date, forfeit, adjudicate, leave"}`},
		{`{"version":3,"request":{"resign":{"game":"1-2"}}}`, `{"code":2,"error":"bad request: no command \"resign\""}`},
		{`judge list`, `{"code":2,"error":"bad request"}`},
	} {
		if got := r.exchange(t, tc.line); got != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.line, got, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(r.socket), "relative.db")); err == nil {
		t.Error("a backup to a relative path was written")
	}
	if _, err := Call(filepath.Join(t.TempDir(), "none.sock"), reading.ListRequest{}); !errors.Is(err, ErrNoDaemon) {
		t.Errorf("Call on a socket nobody listens on: %v, want ErrNoDaemon", err)
	}
}

// A request sent over the socket gets the reply the office gives when it runs the request on
// the store directly, field by field; a failure comes back as a Failure with the office's words.
func TestControlReplyIsTheOffices(t *testing.T) {
	r := startControlRig(t)
	direct := office.New(office.Options{Store: r.db, From: r.from, Now: r.now})
	ruling := office.RuleRequest{Kind: "penalty", Game: "1-2", Side: "white", Days: 2, Clause: "4.1.9", Reason: "rude & late <again>"}
	rep, err := Call(r.socket, ruling)
	ruled, ok, aerr := office.As[*office.Ruled](rep)
	if err != nil || !ok || aerr != nil || ruled.Game != (store.GameID{Tournament: "TT-2026", Game: "1-2"}) {
		t.Fatalf("penalty through the socket: %+v, %v, %v", rep, err, aerr)
	}
	for _, req := range []office.Command{
		reading.ListRequest{},
		reading.ListRequest{Tournament: "TT-2026"},
		reading.ShowRequest{Game: "TT-2026/1-2"},
		reading.VerifyRequest{},
		reading.VerifyRequest{Game: "1-2"},
		reading.QuarantineRequest{},
		reading.LetterRequest{Game: "1-2", N: 1},
		reading.LetterRequest{Game: "1-2", N: 1, Raw: true},
		reading.ExportRequest{Game: "1-2"},
		office.ReportRequest{},
		reading.ShowRequest{Game: "9-9"},
		reading.LetterRequest{Game: "1-2", N: 999},
		office.RuleRequest{Kind: "forfeit", Game: "1-2", Side: "purple", Clause: "4.3.1", Reason: "r"},
	} {
		viaSocket, serr := Call(r.socket, req)
		want, werr := direct.Run(req)
		var failure *Failure
		switch {
		case werr == nil && serr != nil:
			t.Errorf("%+v: through the socket %v, directly no error", req, serr)
		case werr != nil && (!errors.As(serr, &failure) || failure.Msg != werr.Error()):
			t.Errorf("%+v: through the socket %v, directly %v", req, serr, werr)
		}
		if diff := cmp.Diff(replyValue(t, want), replyValue(t, viaSocket)); diff != "" {
			t.Errorf("%+v: the reply through the socket is not the office's (-office +socket):\n%s", req, diff)
		}
	}
}

// replyValue is the reply as its JSON says it, field by field.
func replyValue(t *testing.T, rep office.Reply) any {
	t.Helper()
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}
