package mailtest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Private starts a Dovecot of the test's own, with its own state directory and ports, through
// scripts/mailstack/dovecot-up.sh: for tests that stop and restart the server (StopDovecot,
// StartDovecot) or need another configuration. extra are more VAR=value settings for the script,
// e.g. "IMAP_CAPABILITY=IMAP4rev1 UIDPLUS". The server is stopped and its directory removed when
// the test ends. It needs root and the installed packages (scripts/mailstack/install.sh); without
// them the test is skipped, or fails when Required.
func Private(t testing.TB, extra ...string) *Stack {
	t.Helper()
	skip := t.Skipf
	if Required() {
		skip = t.Fatalf
	}
	if os.Geteuid() != 0 {
		skip("private Dovecot: needs root")
	}
	if _, err := exec.LookPath("dovecot"); err != nil {
		skip("private Dovecot: dovecot is not installed (scripts/mailstack/install.sh)")
	}
	scripts, err := ScriptsDir()
	if err != nil {
		t.Fatal(err)
	}
	// under /tmp and world-traversable: Dovecot's unprivileged processes must reach it
	dir, err := os.MkdirTemp("/tmp", "postald-mailstack-private-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ports := freePorts(t, 3)
	env := append([]string{
		"MAILSTACK_DIR=" + dir,
		fmt.Sprintf("IMAP_PORT=%d", ports[0]),
		fmt.Sprintf("IMAPS_PORT=%d", ports[1]),
		fmt.Sprintf("LMTP_PORT=%d", ports[2]),
	}, extra...)
	s := &Stack{private: env}
	t.Cleanup(func() {
		s.script(t, filepath.Join(scripts, "dovecot-down.sh"))
		os.RemoveAll(dir)
	})
	s.StartDovecot(t)
	loaded, err := LoadEnv(filepath.Join(dir, "env"))
	if err != nil {
		t.Fatal(err)
	}
	*s = *loaded
	s.private = env
	return s
}

// StopDovecot stops the Dovecot of a Private stack (mail stays).
func (s *Stack) StopDovecot(t testing.TB) {
	t.Helper()
	s.mustPrivate(t)
	scripts, err := ScriptsDir()
	if err != nil {
		t.Fatal(err)
	}
	s.script(t, filepath.Join(scripts, "dovecot-down.sh"))
}

// StartDovecot starts (or restarts) the Dovecot of a Private stack.
func (s *Stack) StartDovecot(t testing.TB) {
	t.Helper()
	s.mustPrivate(t)
	scripts, err := ScriptsDir()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := s.run(filepath.Join(scripts, "dovecot-up.sh")); err != nil {
		t.Fatalf("dovecot-up.sh: %v\n%s", err, out)
	}
}

func (s *Stack) mustPrivate(t testing.TB) {
	t.Helper()
	if s.private == nil {
		t.Fatal("mail stack: only a Private stack can be stopped and started")
	}
}

func (s *Stack) script(t testing.TB, path string) {
	t.Helper()
	if out, err := s.run(path); err != nil {
		t.Errorf("%s: %v\n%s", filepath.Base(path), err, out)
	}
}

func (s *Stack) run(path string) ([]byte, error) {
	cmd := exec.Command(path)
	cmd.Env = append(os.Environ(), s.private...)
	return cmd.CombinedOutput()
}

// ScriptsDir returns the repository's scripts/mailstack directory, found from the working
// directory (a package directory while tests run).
func ScriptsDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "scripts", "mailstack")
		if _, err := os.Stat(filepath.Join(p, "dovecot-up.sh")); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("mail stack: scripts/mailstack not found above the working directory")
		}
		dir = parent
	}
}

// freePorts returns n TCP ports on 127.0.0.1 that were free a moment ago.
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var lns []net.Listener
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for _, ln := range lns {
		ln.Close()
	}
	return ports
}
