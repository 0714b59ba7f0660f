package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"time"

	"postald/internal/office"
	"postald/internal/reading"
)

// The control socket lets `postald judge`, `postald report`, `postald export`, `postald
// tournament` and `postald backup` work while the daemon holds the store. The command makes an
// office.Command of its command line; the daemon runs it with its office and answers with the
// office.Reply. The protocol is one JSON request line and one JSON response line:
//
//	→ {"version":3,"request":{"show":{"game":"1-4"}}}
//	← {"reply":{"show":{...}}}                        done
//	← {"reply":{...},"failed":"no game 1-4"}          the office ran it and it failed
//	← {"code":2,"error":"control protocol 1, ..."}    not run: the request could not be read
//
// A request that changes the store runs on the owner goroutine, after which the sender and the
// timer are woken; a view, an export or a backup runs at once, from a read transaction of its
// own, while the owner goes on (a backup is written by the daemon, to the absolute path given).
// Version 1 carried a command line ("args"), version 2 named a reply by what it held ("ruled"
// for a rule); both are refused with an error their clients print. Version 3 names the reply by
// its command, as the request.
//
// The socket is created owner-only (0600): whoever can write to it can rule as the judge.
const controlVersion = 3

type controlRequest struct {
	Version int             `json:"version"`
	Request *office.Request `json:"request,omitempty"`
}

type controlResponse struct {
	// Code and Error: the request was not run (Code 2, as version 1 answered, whose clients
	// read these two fields).
	Code  int    `json:"code,omitempty"`
	Error string `json:"error,omitempty"`
	// Reply is the office's reply; Failed the error of a request the office ran and that failed.
	Reply  *office.Reply `json:"reply,omitempty"`
	Failed string        `json:"failed,omitempty"`
}

func listenControl(path string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	// A socket left by a killed daemon would make Listen fail; nobody answers on it (the store's
	// lock proves no other daemon runs), so it can go.
	if c, err := net.Dial("unix", path); err == nil {
		c.Close()
		return nil, fmt.Errorf("control socket %s: another postald answers on it", path)
	}
	os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("control socket: %w", err)
	}
	return ln, nil
}

// Command runs req with the daemon's office: a request that changes the store on the owner
// goroutine, after which the sender and the timer are woken; any other at once, beside the
// owner (it only reads the store, office.Request.Changes), a query (reading.Query) on the
// office's desk. The control socket uses it, and so
// does work the daemon schedules (the director's periodic report).
func (d *Daemon) Command(ctx context.Context, c office.Command) (office.Reply, error) {
	var rep office.Reply
	run := func() (err error) {
		rep, err = d.office.Run(c)
		return err
	}
	if q, ok := c.(reading.Query); ok {
		// A query is answered by the office's desk, with no office: it shares the index of
		// the tournaments and the games' chunks, safe for concurrent use.
		run = func() (err error) {
			rep, err = office.Read(d.office.Desk(), q)
			return err
		}
	}
	if !c.Changes() {
		return rep, d.safely(run)
	}
	if err := d.Do(ctx, run); err != nil {
		return rep, err
	}
	d.Kick()
	return rep, nil
}

func (d *Daemon) serveControl(ctx context.Context, ln net.Listener) error {
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	defer os.Remove(d.opt.ControlSocket)
	for {
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		go d.serveControlConn(ctx, c)
	}
}

func (d *Daemon) serveControlConn(ctx context.Context, c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Minute))
	b, _ := json.Marshal(d.answer(ctx, bufio.NewReader(io.LimitReader(c, 1<<20))))
	c.Write(append(b, '\n'))
}

// answer reads one request line from r, runs it and returns the response.
func (d *Daemon) answer(ctx context.Context, r *bufio.Reader) controlResponse {
	line, err := r.ReadBytes('\n')
	if err != nil {
		return controlResponse{Code: 2, Error: "read request: " + err.Error()}
	}
	var head struct {
		Version int `json:"version"`
	}
	if json.Unmarshal(line, &head) != nil {
		return controlResponse{Code: 2, Error: "bad request"}
	}
	if head.Version != controlVersion {
		return controlResponse{Code: 2, Error: fmt.Sprintf("control protocol %d, this postald speaks %d: the command and the daemon are different versions of postald; use the postald the daemon runs", head.Version, controlVersion)}
	}
	var req controlRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return controlResponse{Code: 2, Error: err.Error()}
	}
	if req.Request == nil || req.Request.Command == nil {
		return controlResponse{Code: 2, Error: "bad request: no request"}
	}
	rep, err := d.Command(ctx, req.Request.Command)
	switch {
	case errors.Is(err, office.ErrBadRequest):
		return controlResponse{Code: 2, Error: err.Error()}
	case err != nil:
		return controlResponse{Reply: &rep, Failed: err.Error()}
	}
	return controlResponse{Reply: &rep}
}

// ErrNoDaemon is returned by Call when no daemon listens on the socket.
var ErrNoDaemon = errors.New("no postald runs on the control socket")

// A Failure is the error of a request the daemon's office ran and that failed (a game not
// found, a ruling the rules refuse, ...), as the daemon reported it. Any other error of Call is
// the socket's: the request was not run, or its reply did not come back.
type Failure struct{ Msg string }

func (f *Failure) Error() string { return f.Msg }

// Call runs cmd in the daemon listening on the socket at path and returns the office's reply.
// It returns ErrNoDaemon when nothing listens, so the caller can open the store itself, and a
// *Failure, with the reply, when the office ran the request and it failed.
func Call(path string, cmd office.Command) (office.Reply, error) {
	c, err := net.DialTimeout("unix", path, 2*time.Second)
	if err != nil {
		return office.Reply{}, ErrNoDaemon
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Minute))
	b, err := json.Marshal(controlRequest{Version: controlVersion, Request: &office.Request{Command: cmd}})
	if err != nil {
		return office.Reply{}, fmt.Errorf("control socket: %w", err)
	}
	if _, err := c.Write(append(b, '\n')); err != nil {
		return office.Reply{}, fmt.Errorf("control socket: %w", err)
	}
	line, err := bufio.NewReader(c).ReadBytes('\n')
	if err != nil {
		return office.Reply{}, fmt.Errorf("control socket: %w", err)
	}
	var resp controlResponse
	if err := json.Unmarshal(line, &resp); err != nil {
		return office.Reply{}, fmt.Errorf("control socket: bad response: %w", err)
	}
	var rep office.Reply
	if resp.Reply != nil {
		rep = *resp.Reply
	}
	switch {
	case resp.Error != "":
		return rep, errors.New(resp.Error)
	case resp.Failed != "":
		return rep, &Failure{Msg: resp.Failed}
	case resp.Reply == nil:
		return rep, errors.New("control socket: a response without a reply")
	}
	return rep, nil
}
