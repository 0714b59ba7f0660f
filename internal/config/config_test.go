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
	if c.IMAP.Processed != "" || c.IMAP.Claims != "" || c.SMTP.Helo != "" || !c.Daemon.UseIdle() || len(c.Trust.Receiver) != 0 {
		t.Errorf("processed %q, claims %q, helo %q, idle %v, receiver %q: want postald's defaults", c.IMAP.Processed, c.IMAP.Claims, c.SMTP.Helo, c.Daemon.UseIdle(), c.Trust.Receiver)
	}
	if c.Web.Listen != "127.0.0.1:8080" {
		t.Errorf("[web] listen = %q", c.Web.Listen)
	}
	if d := c.Delivery; !d.Notify || d.WarnAfter.Duration != 24*time.Hour || d.VERP || d.RecipientDelimiter != "+" {
		t.Errorf("[delivery] = %+v", d)
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
		{"negative warn_after", `from = "moves@example.test"`, "from = \"m@x\"\n[delivery]\nwarn_after = \"-1h\"", "[delivery] warn_after"},
		{"verp without a delimiter", `from = "moves@example.test"`, "from = \"m@x\"\n[delivery]\nverp = true\nrecipient_delimiter = \"\"", "[delivery] recipient_delimiter"},
		{"verp with a long delimiter", `from = "moves@example.test"`, "from = \"m@x\"\n[delivery]\nverp = true\nrecipient_delimiter = \"++\"", "one character"},
		{"helo with a space", `from = "moves@example.test"`, "from = \"m@x\"\nhelo = \"mail club\"", `[smtp] helo "mail club"`},
		{"helo of a bad literal", `from = "moves@example.test"`, "from = \"m@x\"\nhelo = \"[300.1.1.1]\"", "an address literal"},
		{"receiver with a space", `from = "moves@example.test"`, "from = \"m@x\"\n[trust]\nauthserv_id = \"mx\"\nrequire = [\"dkim\"]\nreceiver = [\"mx x\"]", `[trust] receiver "mx x"`},
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

// TestMisplacedKeys: a key of the other mail server's table is refused, named, like any unknown
// key; in its own table it is read.
func TestMisplacedKeys(t *testing.T) {
	const base = "[store]\npath = \"/tmp/p.db\"\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\n%s[smtp]\naddress = \"127.0.0.1:2525\"\ntls = \"none\"\nfrom = \"m@x\"\n%s"
	for _, c := range []struct{ imap, smtp, want string }{
		{"from = \"x@y\"\n", "", "[imap] from (a key of [smtp] only)"},
		{"", "mailbox = \"INBOX\"\n", "[smtp] mailbox (a key of [imap] only)"},
		{"", "processed = \"Done\"\n", "[smtp] processed (a key of [imap] only)"},
		{"", "claims = \"Claims\"\n", "[smtp] claims (a key of [imap] only)"},
		{"helo = \"mail.club.example\"\n", "", "[imap] helo (a key of [smtp] only)"},
	} {
		_, err := Parse([]byte(fmt.Sprintf(base, c.imap, c.smtp)), fakeEnv(nil, nil))
		if err == nil || !strings.Contains(err.Error(), "unknown keys: "+c.want) {
			t.Errorf("%q %q: %v; want it refused naming %s", c.imap, c.smtp, err, c.want)
		}
		if key, _, _ := strings.Cut(c.want, " ("); !Refused(key) {
			t.Errorf("Refused(%q) is false", key)
		}
	}
	c, err := Parse([]byte(fmt.Sprintf(base, "mailbox = \"Moves\"\nprocessed = \"Done\"\n", "")), fakeEnv(nil, nil))
	if err != nil || c.IMAP.Mailbox != "Moves" || c.IMAP.Processed != "Done" {
		t.Errorf("[imap] mailbox and processed: %v, %+v", err, c)
	}
}

// TestCLILanguage: [cli] language, else the locale's (LC_ALL before LC_MESSAGES before LANG), else
// English; a language postald has no book for is refused in the file and passed over in the
// locale.
func TestCLILanguage(t *testing.T) {
	for _, c := range []struct {
		set  string
		env  map[string]string
		want string
	}{
		{"", nil, "en"},
		{"", map[string]string{"LANG": "ru_RU.UTF-8"}, "ru"},
		{"", map[string]string{"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "C"}, "en"},
		{"", map[string]string{"LANG": "en_GB.UTF-8", "LC_MESSAGES": "ru_RU.KOI8-R"}, "ru"},
		{"", map[string]string{"LANG": "ru_RU.UTF-8", "LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "ru_RU"}, "en"},
		{"", map[string]string{"LANG": "de_DE.UTF-8"}, "en"},
		{"", map[string]string{"LANG": "ru"}, "ru"},
		{"", map[string]string{"LANG": "sr_RS@latin"}, "en"},
		{"ru", map[string]string{"LANG": "en_US.UTF-8"}, "ru"},
		{"en", map[string]string{"LC_ALL": "ru_RU.UTF-8"}, "en"},
	} {
		if got := (CLI{Language: c.set}).Lang(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("[cli] language %q, locale %v: %q, want %q", c.set, c.env, got, c.want)
		}
	}
	const cfg = "[store]\npath = \"/tmp/p.db\"\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\n[smtp]\naddress = \"127.0.0.1:2525\"\ntls = \"none\"\nfrom = \"m@x\"\n[cli]\nlanguage = %q\n"
	if c, err := Parse([]byte(fmt.Sprintf(cfg, "ru")), fakeEnv(nil, nil)); err != nil || c.CLI.Language != "ru" {
		t.Errorf("[cli] language = \"ru\": %v", err)
	}
	if _, err := Parse([]byte(fmt.Sprintf(cfg, "de")), fakeEnv(nil, nil)); err == nil || !strings.Contains(err.Error(), `[cli] language = "de": want en or ru`) {
		t.Errorf("[cli] language = \"de\": %v; want it refused", err)
	}
	// The help reads [cli] alone: a file the commands would refuse still gives its language.
	env := fakeEnv(nil, map[string]string{"/etc/p.toml": "[cli]\nlanguage = \"ru\"\n[store]\nbogus = 1\n", "/etc/q.toml": "[cli]\nlanguage = \"xx\"\n"})
	if c, err := ReadCLI("/etc/p.toml", env); err != nil || c.Language != "ru" {
		t.Errorf("ReadCLI of a file with an unknown key: %+v, %v", c, err)
	}
	if c, err := ReadCLI("/etc/q.toml", env); err != nil || c.Language != "" {
		t.Errorf("ReadCLI of a language postald does not speak: %+v, %v; want it left to the locale", c, err)
	}
	if _, err := ReadCLI("/etc/missing.toml", env); err == nil {
		t.Error("ReadCLI of a missing file: no error")
	}
}

// TestDaemonIdle: the watcher waits with IDLE unless [daemon] idle = false, also in a
// configuration made in code, whose zero value must not turn IDLE off.
func TestDaemonIdle(t *testing.T) {
	const doc = "[store]\npath = \"/tmp/p.db\"\n[imap]\naddress = \"127.0.0.1:1143\"\ntls = \"none\"\n[smtp]\naddress = \"127.0.0.1:2525\"\ntls = \"none\"\nfrom = \"m@x\"\n%s"
	for _, c := range []struct {
		daemon string
		want   bool
	}{{"", true}, {"[daemon]\nidle = true\n", true}, {"[daemon]\nidle = false\npoll_interval = \"15s\"\n", false}} {
		cfg, err := Parse([]byte(fmt.Sprintf(doc, c.daemon)), fakeEnv(nil, nil))
		if err != nil || cfg.Daemon.UseIdle() != c.want {
			t.Errorf("%q: %v, UseIdle %v, want %v", c.daemon, err, cfg != nil && cfg.Daemon.UseIdle(), c.want)
		}
	}
	if !(Daemon{}).UseIdle() {
		t.Error("the zero Daemon polls")
	}
}
