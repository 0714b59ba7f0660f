package main

import (
	"fmt"
	"net"
	"net/smtp"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/mailtest"
)

// stackConfig writes a configuration for the real mail stack (Dovecot over STARTTLS, Postfix's
// submission port) whose IMAP and SMTP password files hold imapPass and smtpPass, watching a
// mailbox of its own; it returns the file's path and the mailbox.
func stackConfig(t *testing.T, st *mailtest.Stack, imapPass, smtpPass string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	inbox := st.TempMailbox(t, st.Tournament, "cc")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	user := st.Address(st.Tournament)
	cfg := fmt.Sprintf(`[store]
path = %q
[imap]
address = %q
tls = "starttls"
username = %q
password_file = %q
mailbox = %q
processed = "Processed"
[smtp]
address = %q
tls = "starttls"
username = %q
password_file = %q
from = "Secretary <%s>"
[tls]
ca_file = %q
[control]
socket = %q
[trust]
from_only = true
`, filepath.Join(dir, "postald.db"), st.IMAPAddr, user, write("imap.pass", imapPass+"\n"), inbox,
		st.SubmissionAddr, user, write("smtp.pass", smtpPass+"\n"), user, st.CAFile, filepath.Join(dir, "run", "control.sock"))
	return write("postald.toml", cfg), inbox
}

// TestCheckConfigLogsIn: check-config logs in to Dovecot and Postfix with the configured
// credentials and selects the watched mailbox, one line each; a wrong password fails within
// seconds, exit 1, with the server's own words and the setting to correct.
func TestCheckConfigLogsIn(t *testing.T) {
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	good := st.Password(st.Tournament)

	path, inbox := stackConfig(t, st, good, good)
	code, out, errOut := runLine("check-config", "-config", path)
	if code != 0 || strings.Contains(out, "FAIL") || errOut != "" {
		t.Fatalf("check-config with the right passwords: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"ok   [imap] logged in to " + st.IMAPAddr + " as \"" + st.Address(st.Tournament) + "\"\n",
		"ok   [imap] mailbox \"" + inbox + "\" selected: 0 messages\n",
		"ok   [smtp] logged in to " + st.SubmissionAddr + " as \"" + st.Address(st.Tournament) + "\"\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check-config does not report %q:\n%s", want, out)
		}
	}

	for _, tc := range []struct {
		name, imapPass, smtpPass, want string
	}{
		{"imap", "wrong-password", good, "FAIL [imap] " + st.IMAPAddr + " refused the login as"},
		{"smtp", good, "wrong-password", "FAIL [smtp] " + st.SubmissionAddr + " refused the login as"},
	} {
		t.Run("wrong "+tc.name+" password", func(t *testing.T) {
			path, _ := stackConfig(t, st, tc.imapPass, tc.smtpPass)
			began := time.Now()
			code, out, _ := runLine("check-config", "-config", path)
			t.Logf("check-config with a wrong %s password:\n%s", tc.name, out)
			if took := time.Since(began); took > 15*time.Second {
				t.Errorf("check-config took %v to report the wrong password", took)
			}
			if code != 1 || !strings.Contains(out, tc.want) || !strings.Contains(out, "password_file") || !strings.Contains(out, testText.Check.Problems(1)) {
				t.Fatalf("check-config with a wrong %s password: exit %d, want 1 and %q:\n%s", tc.name, code, tc.want, out)
			}
			// The server's own words: Dovecot's AUTHENTICATIONFAILED, Postfix's 535.
			words := map[string]string{"imap": "uthentication failed", "smtp": "535"}[tc.name]
			if !strings.Contains(out, words) {
				t.Errorf("the refusal does not give the server's words (%q):\n%s", words, out)
			}
			if tc.name == "smtp" && !strings.Contains(out, "ok   [imap] mailbox") {
				t.Errorf("the IMAP checks did not run on their own:\n%s", out)
			}
		})
	}
	// A mailbox that does not exist is reported after a good login.
	path, inbox = stackConfig(t, st, good, good)
	data, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(strings.Replace(string(data), inbox, inbox+"-missing", 1)), 0o600)
	if code, out, _ := runLine("check-config", "-config", path); code != 1 || !strings.Contains(out, "ok   [imap] logged in") ||
		!strings.Contains(out, "FAIL [imap] mailbox \""+inbox+"-missing\"") {
		t.Errorf("check-config with a missing mailbox: exit %d\n%s", code, out)
	}
}

// TestCheckConfigResolver: with postald's own check of the senders, check-config asks its
// resolver ([trust] resolver) about the tournament's domain, and says when it does not answer:
// letters would wait in the mailbox for the check.
func TestCheckConfigResolver(t *testing.T) {
	d := mailtest.StartDNS(t)
	d.TXT("club.example", "v=spf1 -all")
	dead, err := net.ListenPacket("udp", "127.0.0.1:0") // a port that never answers
	if err != nil {
		t.Fatal(err)
	}
	defer dead.Close()
	for _, c := range []struct {
		name, resolver, want string
	}{
		{"answers", d.Addr, "ok   [trust] resolver " + d.Addr + " answered for club.example"},
		{"silent", dead.LocalAddr().String(), "FAIL [trust] resolver " + dead.LocalAddr().String() + " did not answer for club.example"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := fmt.Sprintf(`[store]
path = %q
[imap]
address = "127.0.0.1:1"
tls = "none"
[smtp]
address = "127.0.0.1:1"
tls = "none"
from = "Secretary <moves@club.example>"
[trust]
authserv_id = "mx.club.example"
require = ["dmarc"]
resolver = %q
`, filepath.Join(dir, "postald.db"), c.resolver)
			path := filepath.Join(dir, "postald.toml")
			if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
				t.Fatal(err)
			}
			code, out, _ := runLine("check-config", "-config", path, "-timeout", "2s")
			if code != 1 || !strings.Contains(out, c.want) { // the mail servers at port 1 fail in any case
				t.Errorf("check-config: exit %d, want 1 and %q:\n%s", code, c.want, out)
			}
		})
	}
}

// TestCheckConfigAuthField: with [trust] verdict = "server", check-config reads the receiving
// server's Authentication-Results field in the last letters delivered. The stack's Postfix
// stamps its field with no DKIM result: require = ["dkim"] then fails, with the method and what
// serve would do (every letter held), in the command line's language, before any letter is held.
// With no letter delivered yet nothing is checked, and the line says so without failing; a
// server whose field carries a DKIM result passes.
func TestCheckConfigAuthField(t *testing.T) {
	st := mailtest.Load(t)
	st.RequireAuthres(t)
	good := st.Password(st.Tournament)
	path, inbox := stackConfig(t, st, good, good)
	data, _ := os.ReadFile(path)
	server := strings.Replace(string(data), "[trust]\nfrom_only = true\n",
		fmt.Sprintf("[trust]\nverdict = \"server\"\nauthserv_id = %q\nrequire = [\"dkim\"]\n", st.AuthservID), 1)
	if err := os.WriteFile(path, []byte(server), 0o600); err != nil {
		t.Fatal(err)
	}
	// No letter yet: not checked, no failure.
	code, out, errOut := runLine("check-config", "-config", path)
	if code != 0 || !strings.Contains(out, "     not checked: no letter has arrived yet to show what "+st.AuthservID+" writes of dkim") {
		t.Fatalf("check-config before any letter: exit %d\n%s%s", code, out, errOut)
	}
	// A letter as the real Postfix delivers it, with its own field (auth=none, no dkim).
	token := mailtest.Unique("authfield")
	c, err := smtp.Dial(st.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	from, to := st.Address(st.Players()[0]), st.Address(st.Tournament)
	if err := c.Mail(from); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt(to); err != nil {
		t.Fatal(err)
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	w.Write(mailtest.Letter(from, to, token, "My move: 1. c3-d4"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	c.Quit()
	delivered := st.WaitMessage(t, st.Tournament, "INBOX", token, 30*time.Second)
	if got := delivered.Header("Authentication-Results"); !strings.HasPrefix(got, st.AuthservID) {
		t.Fatalf("the stack's Postfix wrote no field of its own: %q", got)
	}
	st.Append(t, st.Tournament, inbox, delivered.Raw)
	for _, lang := range []string{"en", "ru"} {
		cfg := path
		if lang == "ru" {
			cfg = filepath.Join(filepath.Dir(path), "ru.toml")
			if err := os.WriteFile(cfg, []byte(server+"[cli]\nlanguage = \"ru\"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		code, out, _ := runLine("check-config", "-config", cfg)
		want := map[string]string{
			"en": "FAIL [trust] " + st.AuthservID + " reports no dkim result in its Authentication-Results field in any of the last 1 letters: every letter would be held",
			"ru": "СБОЙ [trust] " + st.AuthservID + " ни в одном из последних писем (1) не сообщает результата dkim в поле Authentication-Results: каждое письмо будет задержано",
		}[lang]
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("%s: check-config of a server that writes no dkim result: exit %d, want 1 and %q:\n%s", lang, code, want, out)
		}
		if lang == "ru" {
			checkLanguage(t, lang, out, "no", "result")
		}
	}
	// A server that checks DKIM: its field carries the result, whatever it is.
	dkim := strings.Replace(string(delivered.Raw), "Authentication-Results: "+st.AuthservID+";",
		"Authentication-Results: "+st.AuthservID+"; dkim=fail header.d=example.test;", 1)
	st.Append(t, st.Tournament, inbox, []byte(dkim))
	if code, out, _ := runLine("check-config", "-config", path); code != 0 || !strings.Contains(out, "ok   [trust] "+st.AuthservID+" writes a result of dkim in its Authentication-Results field (the last 2 letters read)") {
		t.Errorf("check-config of a server that writes a dkim result: exit %d\n%s", code, out)
	}
}
