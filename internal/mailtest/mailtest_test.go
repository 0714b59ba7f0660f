package mailtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseEnv(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want map[string]string
	}{
		{"plain and quoted", "IMAP_ADDR=127.0.0.1:1143\nMAIL_USERS=\"moves:moves-pw alice:alice-pw\"\n",
			map[string]string{"IMAP_ADDR": "127.0.0.1:1143", "MAIL_USERS": "moves:moves-pw alice:alice-pw"}},
		{"comments, blanks and junk", "# generated\n\nnot a pair\n  K=v  \n", map[string]string{"K": "v"}},
		{"value with =", "A=b=c\n", map[string]string{"A": "b=c"}},
		{"lone quote", "A=\"\n", map[string]string{"A": "\""}},
		{"empty", "", map[string]string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, parseEnv([]byte(tc.in))); diff != "" {
				t.Errorf("parseEnv(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestLoadEnv(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "env")
	env := "MAILSTACK_DIR=/tmp/x\nIMAP_ADDR=127.0.0.1:1143\nSMTP_ADDR=127.0.0.1:2525\nMAIL_DOMAIN=example.test\n" +
		"MAIL_TOURNAMENT=moves\nMAIL_USERS=\"moves:moves-pw judge:judge-pw director:director-pw bob:bob-pw alice:alice-pw\"\n" +
		"MASTER_USER=sink\nMASTER_PASS=sink-pw\nTLS_CA_FILE=/tmp/x/tls/cert.pem\nDOVECOT_PID=42\n"
	if err := os.WriteFile(path, []byte(env), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadEnv(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Address("bob"); got != "bob@example.test" {
		t.Errorf("Address(bob) = %q", got)
	}
	if got := s.Password("alice"); got != "alice-pw" {
		t.Errorf("Password(alice) = %q", got)
	}
	if diff := cmp.Diff([]string{"alice", "bob"}, s.Players()); diff != "" {
		t.Errorf("Players (-want +got):\n%s", diff)
	}

	// Dovecot stopped (dovecot-down.sh drops DOVECOT_PID): no stack.
	if err := os.WriteFile(path, []byte(strings.Replace(env, "DOVECOT_PID=42\n", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadEnv(path); err == nil {
		t.Error("LoadEnv without DOVECOT_PID succeeded")
	}
	if _, err := LoadEnv(filepath.Join(dir, "missing")); err == nil {
		t.Error("LoadEnv of a missing file succeeded")
	}
}

func FuzzParseEnv(f *testing.F) {
	f.Add([]byte("IMAP_ADDR=127.0.0.1:1143\nMAIL_USERS=\"a:b c:d\"\n"))
	f.Add([]byte("=\n\"\"=\"\n#x=y\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for k, v := range parseEnv(data) {
			if k == "" && v == "" {
				continue
			}
			if strings.ContainsAny(k, "\n") || strings.ContainsAny(v, "\n") {
				t.Fatalf("parseEnv(%q): key %q or value %q spans lines", data, k, v)
			}
		}
	})
}
