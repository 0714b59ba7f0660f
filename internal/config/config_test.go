package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"
)

func fakeEnv(vars map[string]string, files map[string]string) Env {
	return Env{
		Getenv: func(k string) string { return vars[k] },
		ReadFile: func(p string) ([]byte, error) {
			if s, ok := files[p]; ok {
				return []byte(s), nil
			}
			return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
		},
	}
}

func TestExampleParses(t *testing.T) {
	data, err := os.ReadFile("../../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	env := fakeEnv(nil, map[string]string{
		"/etc/postald/imap.pass": "imap-secret\n",
		"/etc/postald/smtp.pass": "smtp-secret",
	})
	c, err := Parse(data, env)
	if err != nil {
		t.Fatalf("config.example.toml: %v", err)
	}
	if c.IMAP.Password != "imap-secret" || c.SMTP.Password != "smtp-secret" {
		t.Errorf("passwords = %q, %q; want them read from the files without the newline", c.IMAP.Password, c.SMTP.Password)
	}
	if c.Store.OpenTimeout.Duration != 5*time.Second || c.Daemon.PollInterval.Duration != time.Minute {
		t.Errorf("durations = %v, %v", c.Store.OpenTimeout, c.Daemon.PollInterval)
	}
	if c.IMAP.Processed != "Processed" {
		t.Errorf("processed = %q", c.IMAP.Processed)
	}
	if c.Web.Listen != "127.0.0.1:8080" {
		t.Errorf("[web] listen = %q", c.Web.Listen)
	}
}

func TestParseErrors(t *testing.T) {
	const base = `
[store]
path = "/tmp/p.db"
[imap]
address = "127.0.0.1:1143"
tls = "none"
[smtp]
address = "127.0.0.1:2525"
tls = "none"
from = "moves@example.test"
`
	if _, err := Parse([]byte(base), fakeEnv(nil, nil)); err != nil {
		t.Fatalf("base config: %v", err)
	}
	tests := []struct {
		name     string
		old, new string // a replacement in base
		want     string // part of the error
	}{
		{"clear text off loopback", `"127.0.0.1:1143"`, `"mail.example:143"`, "only for a loopback"},
		{"unknown tls", `tls = "none"`, `tls = "ssl"`, `tls = "ssl"`},
		{"unknown key", `path = "/tmp/p.db"`, "pth = \"x\"\npath = \"/tmp/p.db\"", "unknown keys: store.pth"},
		{"both password sources", "[smtp]", "username = \"u\"\npassword_file = \"/p\"\npassword_env = \"P\"\n[smtp]", "not both"},
		{"unset env password", "[smtp]", "username = \"u\"\npassword_env = \"NOPE\"\n[smtp]", "NOPE is empty or unset"},
		{"missing password file", "[smtp]", "username = \"u\"\npassword_file = \"/nope\"\n[smtp]", "password_file"},
		{"password without user", "[smtp]", "password_env = \"P\"\n[smtp]", "username is empty"},
		{"no from", `from = "moves@example.test"`, "", "from is empty"},
		{"trust without authserv", `from = "moves@example.test"`, "from = \"m@x\"\n[trust]\nrequire = [\"dkim\"]", "authserv_id is empty"},
		{"from_only with require", `from = "moves@example.test"`, "from = \"m@x\"\n[trust]\nauthserv_id = \"mx\"\nrequire = [\"dkim\"]\nfrom_only = true", "choose one"},
		{"authserv_id with a space", `from = "moves@example.test"`, "from = \"m@x\"\n[trust]\nauthserv_id = \"mx x\"\nrequire = [\"dkim\"]", "a host name"},
		{"web listen without port", `from = "moves@example.test"`, "from = \"m@x\"\n[web]\nlisten = \"127.0.0.1\"", "[web] listen"},
		{"web listen bad port", `from = "moves@example.test"`, "from = \"m@x\"\n[web]\nlisten = \"127.0.0.1:http8\"", "the port must be a number"},
		{"unknown trust method", `from = "moves@example.test"`, "from = \"m@x\"\n[trust]\nauthserv_id = \"mx\"\nrequire = [\"arc\"]", "unknown method"},
		{"retention under a month", `path = "/tmp/p.db"`, "path = \"/tmp/p.db\"\nretain_raw_days = 29", "[store] retain_raw_days = 29"},
		{"retention of one day", `path = "/tmp/p.db"`, "path = \"/tmp/p.db\"\nretain_raw_days = 1", "4.1.13"},
		{"negative retention", `path = "/tmp/p.db"`, "path = \"/tmp/p.db\"\nretain_raw_days = -30", "[store] retain_raw_days = -30"},
	}
	env := fakeEnv(map[string]string{"P": "pw"}, nil)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := strings.Replace(base, tc.old, tc.new, 1)
			_, err := Parse([]byte(doc), env)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Parse = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("/nonexistent/postald.toml", fakeEnv(nil, nil))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load = %v, want fs.ErrNotExist", err)
	}
}

func TestTrustProblem(t *testing.T) {
	for _, tc := range []struct {
		trust Trust
		want  string // "" for no problem
	}{
		{Trust{}, "[trust] is not set"},
		{Trust{AuthservID: "mx.club.example"}, "requires nothing"},
		{Trust{Require: []string{"dkim"}}, "not authserv_id"},
		{Trust{AuthservID: "mx.club.example", Require: []string{"dkim"}}, ""},
		{Trust{FromOnly: true}, ""},
	} {
		err := tc.trust.Problem()
		if tc.want == "" {
			if err != nil {
				t.Errorf("%+v: %v, want no problem", tc.trust, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), TrustDoc) || !strings.Contains(err.Error(), "from_only") {
			t.Errorf("%+v: %v, want a problem with %q naming from_only and %s", tc.trust, err, tc.want, TrustDoc)
		}
	}
}

func TestFileProblems(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, mode os.FileMode) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte("x"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cfgPath := write("postald.toml", 0o600)
	c := &Config{IMAP: Server{PasswordFile: write("imap.pass", 0o640)}, SMTP: Server{PasswordFile: write("smtp.pass", 0o600)}}
	got := FileProblems(cfgPath, c, nil)
	if len(got) != 1 || !strings.Contains(got[0], "[imap] password_file") || !strings.Contains(got[0], "0640") {
		t.Errorf("FileProblems = %q, want the group-readable imap.pass only", got)
	}
	c.SMTP.PasswordFile = dir + "/missing"
	if got := FileProblems(cfgPath, c, nil); len(got) != 2 {
		t.Errorf("FileProblems = %q, want the missing smtp password file reported too", got)
	}
}

func TestRetainRawDays(t *testing.T) {
	for _, days := range []int{0, MinRetainRawDays, 365} {
		doc := fmt.Sprintf("[store]\npath = \"/tmp/p.db\"\nretain_raw_days = %d\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\n[smtp]\naddress = \"127.0.0.1:2525\"\ntls = \"none\"\nfrom = \"m@x\"\n", days)
		c, err := Parse([]byte(doc), fakeEnv(nil, nil))
		if err != nil || c.Store.RetainRawDays != days {
			t.Errorf("retain_raw_days = %d: %v, %+v", days, err, c)
		}
	}
}
