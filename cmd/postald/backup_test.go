package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/google/go-cmp/cmp"
	bolt "go.etcd.io/bbolt"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/localmail"
	"postald/internal/mailbox"
	"postald/internal/office"
	"postald/internal/store"
)

// socketRig is postald running in this process on localmail's servers, with its control
// socket, as `postald serve` runs it: the real binary's commands reach it through the socket.
type socketRig struct {
	srv    *localmail.Server
	db     *store.DB
	d      *daemon.Daemon
	clock  *demoClock
	from   mail.Address
	config string // a configuration file for the binary: this store, this socket
	cancel context.CancelFunc
	done   chan error
	sender *mailbox.Sender
}

func startSocketRig(t *testing.T) *socketRig {
	t.Helper()
	moscow, _ := time.LoadLocation("Europe/Moscow")
	r := &socketRig{clock: &demoClock{t: time.Date(2026, 11, 1, 10, 0, 0, 0, moscow)}, done: make(chan error, 1)}
	users := map[string]string{}
	for _, u := range []string{"moves", "anna", "boris", "vera", "gleb", "judge", "director"} {
		users[u+"@rul.test"] = u + "-pw"
	}
	var err error
	if r.srv, err = localmail.Start(users, r.clock.Now); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sock := filepath.Join(dir, "control.sock")
	if r.db, err = store.Open(filepath.Join(dir, "postald.db"), store.Options{}); err != nil {
		t.Fatal(err)
	}
	r.from = mail.Address{Name: "Tournament secretary", Address: "moves@rul.test"}
	if r.sender, err = mailbox.NewSender(mailbox.SMTPOptions{Address: r.srv.SMTPAddr, TLS: mailbox.TLSNone, From: r.from.String()}); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	r.d = daemon.New(daemon.Options{Store: r.db, Sender: r.sender, From: r.from, Limits: config.Defaults().Limits,
		Trust: config.Trust{FromOnly: true}, ControlSocket: sock, Logger: log, Now: r.clock.Now})
	w, err := mailbox.NewWatcher(mailbox.IMAPOptions{Address: r.srv.IMAPAddr, TLS: mailbox.TLSNone,
		Username: r.from.Address, Password: users[r.from.Address]}, r.d.Handle)
	if err != nil {
		t.Fatal(err)
	}
	w.HandleBatch = r.d.HandleBatch
	var ctx context.Context
	ctx, r.cancel = context.WithCancel(context.Background())
	go func() { r.done <- r.d.Run(ctx, w) }()
	t.Cleanup(r.stop)
	r.config = writeRigConfig(t, dir, r.db.Path(), sock, r.srv)
	for time.Now().Add(-5 * time.Second).Before(time.Now()) {
		if _, err := os.Stat(sock); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return r
}

// writeRigConfig writes a configuration for the binary: the store at path, the socket, the
// rig's servers.
func writeRigConfig(t *testing.T, dir, path, sock string, srv *localmail.Server) string {
	t.Helper()
	cfg := fmt.Sprintf(`[store]
path = %q
open_timeout = "2s"

[imap]
address = %q
tls = "none"

[smtp]
address = %q
tls = "none"
from = "Tournament secretary <moves@rul.test>"

[control]
socket = %q

[trust]
from_only = true
`, path, srv.IMAPAddr, srv.SMTPAddr, sock)
	file := filepath.Join(dir, fmt.Sprintf("postald-%d.toml", time.Now().UnixNano()))
	if err := os.WriteFile(file, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

// stop ends the daemon and closes the store; a second call does nothing.
func (r *socketRig) stop() {
	if r.cancel == nil {
		return
	}
	r.cancel()
	<-r.done
	r.cancel = nil
	r.sender.Close()
	r.db.Close()
	r.srv.Close()
}

func (r *socketRig) settle(t *testing.T) {
	t.Helper()
	if err := demoSettle(context.Background(), r.srv, r.db, r.from.Address); err != nil {
		t.Fatal(err)
	}
}

// send mails a player's letter to postald and waits until postald has answered it.
func (r *socketRig) send(t *testing.T, user, subject, text string, n int) {
	t.Helper()
	sender := user + "@rul.test"
	c, err := smtp.Dial(r.srv.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SendMail(sender, []string{r.from.Address}, strings.NewReader(demoLetter(sender, r.from.Address, subject, text, r.clock.Now(), n))); err != nil {
		t.Fatal(err)
	}
	r.settle(t)
}

// runBin runs the postald binary and returns its combined output and exit status.
func runBin(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("postald %s: %v", strings.Join(args, " "), err)
		}
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// boltDump lists every bucket, sequence, key and value of the closed file at path.
func boltDump(t *testing.T, path string) string {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var sb strings.Builder
	var walk func(name string, bk *bolt.Bucket) error
	walk = func(name string, bk *bolt.Bucket) error {
		fmt.Fprintf(&sb, "%s seq=%d\n", name, bk.Sequence())
		return bk.ForEach(func(k, v []byte) error {
			if v == nil {
				return walk(name+"/"+hex.EncodeToString(k), bk.Bucket(k))
			}
			fmt.Fprintf(&sb, "%s %x=%x\n", name, k, v)
			return nil
		})
	}
	if err := b.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, bk *bolt.Bucket) error { return walk(string(name), bk) })
	}); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// copyFile copies src to a new file in a temporary directory and returns its path.
func copyFile(t *testing.T, src string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "postald.db")
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return dst
}

// wantRefused fails unless the binary's run failed, naming the file and the damage, and
// printed no Go panic.
func wantRefused(t *testing.T, what, out string, code int, path string, says ...string) {
	t.Helper()
	t.Logf("%s: exit %d: %s", what, code, out)
	if code == 0 {
		t.Errorf("%s: exit status 0 on a damaged store:\n%s", what, out)
	}
	for _, s := range append([]string{path, "is damaged"}, says...) {
		if !strings.Contains(out, s) {
			t.Errorf("%s: output does not say %q:\n%s", what, s, out)
		}
	}
	if strings.Contains(out, "goroutine ") || strings.Contains(out, "panic:") {
		t.Errorf("%s: a Go panic reached the user:\n%s", what, out)
	}
}

// TestBackupAndDamage plays a game through a daemon with a control socket, takes backups with
// the real binary while the daemon runs (through the socket) and after it stopped, and checks
// that they are the store; then it damages copies as a disk or an editor would and runs
// serve, judge list, judge verify and judge show on them.
func TestBackupAndDamage(t *testing.T) {
	bin := buildPostald(t)
	r := startSocketRig(t)
	moscow, _ := time.LoadLocation("Europe/Moscow")
	if err := r.d.Do(context.Background(), func() error {
		_, err := office.CreateTournament(r.db, r.from, []byte(rulingSheet), r.clock.Now())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	r.d.Kick()
	r.settle(t)
	r.clock.set(time.Date(2026, 11, 2, 10, 0, 0, 0, moscow))
	r.send(t, "anna", "RUL-1 game 1-4", "My move: 1. c3-d4\n", 1)
	r.clock.set(time.Date(2026, 11, 4, 10, 0, 0, 0, moscow))
	r.send(t, "gleb", "RUL-1 game 1-4", "Received your 1. c3-d4.\nMy move: 1... f6-g5\n", 2)
	out, code := runBin(t, bin, "judge", "-config", r.config, "penalty", "1-4", "white", "2", "-clause", "4.3.1", "-reason", "a late reply noted by the judge")
	if code != 0 {
		t.Fatalf("judge penalty through the socket: %d\n%s", code, out)
	}
	r.settle(t)

	// A backup while the daemon runs: the daemon writes it, through the control socket.
	backups := t.TempDir()
	hot := filepath.Join(backups, "hot.db")
	out, code = runBin(t, bin, "backup", "-config", r.config, hot)
	if code != 0 || !strings.Contains(out, "a consistent copy of "+r.db.Path()) {
		t.Fatalf("backup while the daemon runs: %d\n%s", code, out)
	}
	if _, code := runBin(t, bin, "backup", "-config", r.config, hot); code == 0 {
		t.Error("a backup over an existing file succeeded")
	}
	var state []byte // game 1-4 as the store holds it
	if err := r.db.View(func(tx *store.Tx) error {
		st, err := tx.Game(store.GameID{Tournament: "RUL-1", Game: "1-4"})
		state = st.Data
		return err
	}); err != nil {
		t.Fatal(err)
	}
	r.stop()
	source := r.db.Path()
	want := boltDump(t, source)
	if got := boltDump(t, hot); got != want {
		t.Errorf("the backup taken while the daemon ran differs from the store (-backup +store):\n%s", cmp.Diff(got, want))
	}

	// A backup with no daemon: the binary opens the store read-only itself.
	cold := filepath.Join(backups, "cold.db")
	if out, code := runBin(t, bin, "backup", "-config", r.config, cold); code != 0 {
		t.Fatalf("backup with no daemon: %d\n%s", code, out)
	}
	if got := boltDump(t, cold); got != want {
		t.Errorf("the backup taken with no daemon differs from the store (-backup +store):\n%s", cmp.Diff(got, want))
	}

	// The backups open and verify, through the binary; this also shows the checks below can pass.
	for _, p := range []string{hot, cold} {
		cfg := writeRigConfig(t, t.TempDir(), p, filepath.Join(t.TempDir(), "none.sock"), r.srv)
		if out, code := runBin(t, bin, "judge", "-config", cfg, "verify"); code != 0 || !strings.Contains(out, "verifies") {
			t.Errorf("judge verify of backup %s: %d\n%s", p, code, out)
		}
		if out, code := runBin(t, bin, "judge", "-config", cfg, "list"); code != 0 || !strings.Contains(out, "1-4") {
			t.Errorf("judge list of backup %s: %d\n%s", p, code, out)
		}
	}

	// damaged returns a copy of the store edited by edit, and a configuration for it.
	damaged := func(t *testing.T, edit func(data []byte) []byte) (string, string) {
		t.Helper()
		p := copyFile(t, source)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, edit(data), 0o600); err != nil {
			t.Fatal(err)
		}
		return p, writeRigConfig(t, filepath.Dir(p), p, filepath.Join(t.TempDir(), "none.sock"), r.srv)
	}

	t.Run("four bytes over a page", func(t *testing.T) {
		p, cfg := damaged(t, func(data []byte) []byte {
			i := bytes.Index(data, state)
			if i < 0 {
				t.Fatal("game 1-4's record not found in the file")
			}
			page := i / os.Getpagesize() * os.Getpagesize()
			copy(data[page:], []byte{0xde, 0xad, 0xbe, 0xef})
			return data
		})
		for _, args := range [][]string{
			{"serve", "-config", cfg},
			{"judge", "-config", cfg, "list"},
			{"judge", "-config", cfg, "verify"},
			{"-skip-check", "judge", "-config", cfg, "list"},
			{"-skip-check", "judge", "-config", cfg, "show", "1-4"},
		} {
			out, code := runBin(t, bin, args...)
			wantRefused(t, strings.Join(args[:len(args)-1], " "), out, code, p)
		}
	})

	t.Run("one byte of a game record", func(t *testing.T) {
		p, cfg := damaged(t, func(data []byte) []byte {
			edited := bytes.Replace(state, []byte(`c3-d4`), []byte(`c3-h4`), 1)
			if bytes.Equal(edited, state) || !bytes.Contains(data, state) {
				t.Fatalf("no move c3-d4 to edit in game 1-4's record: %s", state)
			}
			return bytes.ReplaceAll(data, state, edited) // the record, and stale copies in free pages
		})
		out, code := runBin(t, bin, "judge", "-config", cfg, "verify")
		wantRefused(t, "judge verify", out, code, p, "game record RUL-1/1-4 does not verify")
		out, code = runBin(t, bin, "judge", "-config", cfg, "show", "1-4")
		wantRefused(t, "judge show", out, code, p, "game record RUL-1/1-4 does not verify")
		out, code = runBin(t, bin, "-skip-check", "judge", "-config", cfg, "show", "1-4")
		wantRefused(t, "-skip-check judge show", out, code, p, "game record RUL-1/1-4 does not verify")
		out, code = runBin(t, bin, "-skip-check", "judge", "-config", cfg, "verify", "1-4")
		wantRefused(t, "-skip-check judge verify 1-4", out, code, p, "game record RUL-1/1-4 does not verify")
		out, code = runBin(t, bin, "serve", "-config", cfg)
		wantRefused(t, "serve", out, code, p, "game record RUL-1/1-4 does not verify")
	})

	t.Run("a ruling", func(t *testing.T) {
		p, cfg := damaged(t, func(data []byte) []byte {
			// The ruling's record only: the letters and the game's history quote the reason too.
			edited := bytes.ReplaceAll(data, []byte(`"reason":"a late reply noted`), []byte(`"reason":"a fair reply noted`))
			if bytes.Equal(edited, data) {
				t.Fatal("the ruling's reason not found in the file")
			}
			return edited
		})
		out, code := runBin(t, bin, "judge", "-config", cfg, "verify")
		wantRefused(t, "judge verify", out, code, p, "rulings log broken at ruling 1")
		out, code = runBin(t, bin, "-skip-check", "judge", "-config", cfg, "show", "1-4")
		wantRefused(t, "-skip-check judge show", out, code, p, "rulings log broken at ruling 1")
	})

	// An editor who knows the layout gives the penalty's entry a member postald does not know and
	// hashes the log again: the chain holds, and the entry cannot be read.
	t.Run("a ruling's entry, the log hashed again", func(t *testing.T) {
		p, cfg := damaged(t, func(data []byte) []byte { return data })
		db, err := bolt.Open(p, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = db.Update(func(tx *bolt.Tx) error {
			b := tx.Bucket([]byte("rulings"))
			key := binary.BigEndian.AppendUint64(nil, 1)
			v := b.Get(key)
			var rec map[string]any
			if err := json.Unmarshal(v[65:], &rec); err != nil {
				return err
			}
			details, err := base64.StdEncoding.DecodeString(rec["details"].(string))
			if err != nil {
				return err
			}
			rec["details"] = base64.StdEncoding.EncodeToString(bytes.Replace(details, []byte(`{`), []byte(`{"days_back":2,`), 1))
			js, err := json.Marshal(rec)
			if err != nil {
				return err
			}
			h := sha256.New()
			h.Write(v[1:33]) // the previous hash: none before ruling 1
			h.Write(js)
			hash := h.Sum(nil)
			if err := b.Put(key, append(append(append([]byte{v[0]}, v[1:33]...), hash...), js...)); err != nil {
				return err
			}
			return tx.Bucket([]byte("meta")).Put([]byte("rulings_head"), append(append([]byte{1}, key...), hash...))
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		out, code := runBin(t, bin, "judge", "-config", cfg, "verify")
		wantRefused(t, "judge verify", out, code, p, `ruling 1, of kind "penalty": its entry cannot be read`, "days_back")
	})
}
