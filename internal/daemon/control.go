package daemon

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"time"

	"postald/internal/store"
)

// The control socket lets `postald judge`, `postald report`, `postald tournament` and `postald
// backup` work while the daemon holds the store (a backup is written by the daemon, to the
// absolute path given, from one read transaction while the owner goes on writing). The protocol is one JSON request line and one JSON response line:
//
//	→ {"version":1,"args":["judge","list"]}
//	← {"code":0,"output":"..."}
//
// The socket is created owner-only (0600): whoever can write to it can rule as the judge.
const controlVersion = 1

type controlRequest struct {
	Version int      `json:"version"`
	Args    []string `json:"args"`
}

type controlResponse struct {
	Code   int    `json:"code"`
	Output string `json:"output"`
	Error  string `json:"error,omitempty"`
}

// ControlOutput collects what a command prints.
type ControlOutput = bytes.Buffer

// ControlEnv is what a command run through the control socket — or by the CLI on a store it
// opened itself — may use: the store, a way to run a change as the daemon's owner, the time,
// and a way to wake the daemon's sender and timer after a change.
type ControlEnv struct {
	Store *store.DB
	// From is postald's own address, the From of the letters a command sends.
	From mail.Address
	// Do runs a change to the state. Under the daemon it runs on the owner goroutine; without
	// a daemon it runs at once.
	Do   func(ctx context.Context, fn func() error) error
	Now  func() time.Time
	Kick func()
}

// DirectEnv is the ControlEnv of a CLI command that opened the store itself (no daemon runs).
func DirectEnv(db *store.DB, from mail.Address, now func() time.Time) *ControlEnv {
	return &ControlEnv{
		Store: db,
		From:  from,
		Do:    func(_ context.Context, fn func() error) error { return fn() },
		Now:   now,
		Kick:  func() {},
	}
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

// Env is the environment commands run in under this daemon: changes go through its owner
// goroutine. The control socket uses it, and so can work the daemon schedules (the
// director's periodic report).
func (d *Daemon) Env() *ControlEnv {
	return &ControlEnv{
		Store: d.opt.Store,
		From:  d.opt.From,
		Do:    d.Do,
		Now:   d.now,
		Kick:  d.Kick,
	}
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
	var req controlRequest
	var resp controlResponse
	line, err := bufio.NewReader(io.LimitReader(c, 1<<20)).ReadBytes('\n')
	switch {
	case err != nil:
		resp = controlResponse{Code: 2, Error: "read request: " + err.Error()}
	case json.Unmarshal(line, &req) != nil:
		resp = controlResponse{Code: 2, Error: "bad request"}
	case req.Version != controlVersion:
		resp = controlResponse{Code: 2, Error: fmt.Sprintf("control protocol %d, this postald speaks %d", req.Version, controlVersion)}
	case d.opt.Control == nil:
		resp = controlResponse{Code: 2, Error: "this postald runs no commands"}
	default:
		var out ControlOutput
		resp.Code = d.opt.Control(ctx, req.Args, &out, d.Env())
		resp.Output = out.String()
	}
	b, _ := json.Marshal(resp)
	c.Write(append(b, '\n'))
}

// ErrNoDaemon is returned by CallControl when no daemon listens on the socket.
var ErrNoDaemon = errors.New("no postald runs on the control socket")

// CallControl runs args in the daemon listening on the socket at path, writing the command's
// output to out and returning its exit code. It returns ErrNoDaemon when nothing listens, so the
// caller can open the store itself.
func CallControl(path string, args []string, out io.Writer) (int, error) {
	c, err := net.DialTimeout("unix", path, 2*time.Second)
	if err != nil {
		return 0, ErrNoDaemon
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Minute))
	b, _ := json.Marshal(controlRequest{Version: controlVersion, Args: args})
	if _, err := c.Write(append(b, '\n')); err != nil {
		return 0, fmt.Errorf("control socket: %w", err)
	}
	line, err := bufio.NewReader(c).ReadBytes('\n')
	if err != nil {
		return 0, fmt.Errorf("control socket: %w", err)
	}
	var resp controlResponse
	if err := json.Unmarshal(line, &resp); err != nil {
		return 0, fmt.Errorf("control socket: bad response: %w", err)
	}
	if resp.Error != "" {
		return resp.Code, errors.New(resp.Error)
	}
	io.WriteString(out, resp.Output)
	return resp.Code, nil
}
