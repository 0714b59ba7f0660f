// Package mailtest gives integration tests the real mail stack that scripts/mailstack/up.sh
// (and scripts/test) start on 127.0.0.1: Dovecot for IMAP and Postfix for SMTP, delivering into
// Dovecot. Load reads the stack's env file; when it is absent the test is skipped on a
// developer machine, and fails when the environment variable CI or MAILSTACK_REQUIRED is set
// (scripts/test sets the latter), so that CI never passes by skipping.
//
// Tests of several packages run at the same time against one stack. To keep out of each other's
// way, a test watches a mailbox of its own (TempMailbox) and finds the letters it sent by a
// unique token (Unique) rather than by counting a shared INBOX.
package mailtest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"mime"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// DefaultDir is the stack's state directory unless MAILSTACK_DIR says otherwise.
const DefaultDir = "/tmp/postald-mailstack"

// Stack is a running mail stack, as described by its env file.
type Stack struct {
	Dir            string
	IMAPAddr       string // plain IMAP with STARTTLS offered
	IMAPSAddr      string // implicit TLS
	LMTPAddr       string
	SMTPAddr       string // Postfix: STARTTLS and AUTH offered, AUTH also without TLS
	SubmissionAddr string // Postfix: STARTTLS and AUTH required
	SMTPSAddr      string // Postfix: implicit TLS, AUTH required
	Domain         string // example.test
	Tournament     string // user name of the tournament's address (moves)
	Users          map[string]string
	MasterUser     string // logs in as any user: "alice@example.test*" + MasterUser
	MasterPass     string
	CAFile         string // the servers' self-signed certificate, usable as a private CA
	// AuthservID is the authserv-id of the Authentication-Results field Postfix prepends to
	// every letter it receives, after removing every such field the letter brought
	// (postfix-up.sh); "" for a stack started by older scripts.
	AuthservID string
	// FarAddr is where Postfix relays the mail of FarDomain (far.test): a test's own SMTP
	// server listens there (postfix-up.sh); "" for a stack started by older scripts.
	FarAddr, FarDomain string

	private []string // environment of the scripts for a private Dovecot (see Private)
}

// EnvFile is the path of the env file of the stack tests use.
func EnvFile() string {
	dir := os.Getenv("MAILSTACK_DIR")
	if dir == "" {
		dir = DefaultDir
	}
	return filepath.Join(dir, "env")
}

// Load returns the running stack. Without one it skips the test, or fails it when Required.
func Load(t testing.TB) *Stack {
	t.Helper()
	s, err := LoadEnv(EnvFile())
	if err != nil {
		if Required() {
			t.Fatalf("mail stack: %v (scripts/test starts it)", err)
		}
		t.Skipf("mail stack not running (%v); start it with scripts/mailstack/up.sh", err)
	}
	return s
}

// Required reports whether tests must fail rather than skip without the stack: when the
// environment variable CI or MAILSTACK_REQUIRED is set.
func Required() bool {
	return os.Getenv("CI") != "" || os.Getenv("MAILSTACK_REQUIRED") != ""
}

// LoadEnv reads a stack's env file.
func LoadEnv(path string) (*Stack, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	env := parseEnv(data)
	s := &Stack{
		Dir:            env["MAILSTACK_DIR"],
		IMAPAddr:       env["IMAP_ADDR"],
		IMAPSAddr:      env["IMAPS_ADDR"],
		LMTPAddr:       env["LMTP_ADDR"],
		SMTPAddr:       env["SMTP_ADDR"],
		SubmissionAddr: env["SUBMISSION_ADDR"],
		SMTPSAddr:      env["SMTPS_ADDR"],
		Domain:         env["MAIL_DOMAIN"],
		Tournament:     env["MAIL_TOURNAMENT"],
		Users:          map[string]string{},
		MasterUser:     env["MASTER_USER"],
		MasterPass:     env["MASTER_PASS"],
		CAFile:         env["TLS_CA_FILE"],
		AuthservID:     env["AUTHSERV_ID"],
		FarAddr:        env["FAR_ADDR"],
		FarDomain:      env["FAR_DOMAIN"],
	}
	for _, up := range strings.Fields(env["MAIL_USERS"]) {
		user, pass, _ := strings.Cut(up, ":")
		s.Users[user] = pass
	}
	if s.IMAPAddr == "" || s.Domain == "" || env["DOVECOT_PID"] == "" {
		return nil, fmt.Errorf("%s: Dovecot is not running", path)
	}
	return s, nil
}

// parseEnv reads KEY=value lines; a value may be in double quotes.
func parseEnv(data []byte) map[string]string {
	env := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if !ok || strings.HasPrefix(k, "#") {
			continue
		}
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = v[1 : len(v)-1]
		}
		env[k] = v
	}
	return env
}

// RequireSMTP skips (or, under CI, fails) a test when the stack runs without Postfix.
func (s *Stack) RequireSMTP(t testing.TB) {
	t.Helper()
	if s.SMTPAddr != "" {
		return
	}
	if Required() {
		t.Fatal("mail stack: Postfix is not running")
	}
	t.Skip("mail stack: Postfix is not running")
}

// RequireAuthres skips (or, under CI, fails) a test when the stack's Postfix does not write
// Authentication-Results fields (a stack started by older scripts).
func (s *Stack) RequireAuthres(t testing.TB) {
	t.Helper()
	s.RequireSMTP(t)
	if s.AuthservID != "" {
		return
	}
	if Required() {
		t.Fatal("mail stack: Postfix writes no Authentication-Results (AUTHSERV_ID unset): restart it with scripts/mailstack/up.sh")
	}
	t.Skip("mail stack: Postfix writes no Authentication-Results (AUTHSERV_ID unset): restart it with scripts/mailstack/up.sh")
}

// Address returns user's e-mail address.
func (s *Stack) Address(user string) string { return user + "@" + s.Domain }

// Password returns user's password.
func (s *Stack) Password(user string) string { return s.Users[user] }

// Players returns the users that are neither the tournament address nor the judge or director,
// sorted.
func (s *Stack) Players() []string {
	var ps []string
	for u := range s.Users {
		if u != s.Tournament && u != "judge" && u != "director" {
			ps = append(ps, u)
		}
	}
	slices.Sort(ps)
	return ps
}

// TLSConfig returns a client configuration that trusts the stack's certificate.
func (s *Stack) TLSConfig(t testing.TB) *tls.Config {
	t.Helper()
	pem, err := os.ReadFile(s.CAFile)
	if err != nil {
		t.Fatalf("mail stack: %v", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatalf("mail stack: no certificate in %s", s.CAFile)
	}
	return &tls.Config{RootCAs: pool, ServerName: "localhost"}
}

// Dial logs in to user's mail over plain IMAP as the master user (no password of user needed).
// The connection is closed when the test ends.
func (s *Stack) Dial(t testing.TB, user string) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(s.IMAPAddr, nil)
	if err != nil {
		t.Fatalf("mail stack: dial %s: %v", s.IMAPAddr, err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login(s.Address(user)+"*"+s.MasterUser, s.MasterPass).Wait(); err != nil {
		t.Fatalf("mail stack: log in as %s: %v", user, err)
	}
	return c
}

// Unique returns prefix followed by a random token, for mailbox names, subjects and Message-IDs.
func Unique(prefix string) string {
	b := make([]byte, 6)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// TempMailbox creates a mailbox with a unique name beginning with prefix in user's account and
// deletes it, with what it holds, when the test ends.
func (s *Stack) TempMailbox(t testing.TB, user, prefix string) string {
	t.Helper()
	name := Unique(prefix)
	c := s.Dial(t, user)
	if err := c.Create(name, nil).Wait(); err != nil {
		t.Fatalf("mail stack: create %s: %v", name, err)
	}
	t.Cleanup(func() { s.DeleteMailbox(t, user, name) })
	return name
}

// DeleteMailbox deletes a mailbox of user's, if it exists.
func (s *Stack) DeleteMailbox(t testing.TB, user, mailbox string) {
	t.Helper()
	c, err := imapclient.DialInsecure(s.IMAPAddr, nil)
	if err != nil {
		t.Errorf("mail stack: dial: %v", err)
		return
	}
	defer c.Close()
	if err := c.Login(s.Address(user)+"*"+s.MasterUser, s.MasterPass).Wait(); err != nil {
		t.Errorf("mail stack: log in as %s: %v", user, err)
		return
	}
	if err := c.Delete(mailbox).Wait(); err != nil && !strings.Contains(err.Error(), "NONEXISTENT") {
		t.Logf("mail stack: delete %s: %v", mailbox, err)
	}
}

// Append stores raw in user's mailbox, as a mail server would on delivery, and returns its UID.
func (s *Stack) Append(t testing.TB, user, mailbox string, raw []byte) uint32 {
	t.Helper()
	return Append(t, s.Dial(t, user), mailbox, raw)
}

// Append stores raw in mailbox over an open connection and returns its UID.
func Append(t testing.TB, c *imapclient.Client, mailbox string, raw []byte) uint32 {
	t.Helper()
	cmd := c.Append(mailbox, int64(len(raw)), nil)
	if _, err := cmd.Write(raw); err != nil {
		t.Fatalf("mail stack: append to %s: %v", mailbox, err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatalf("mail stack: append to %s: %v", mailbox, err)
	}
	data, err := cmd.Wait()
	if err != nil {
		t.Fatalf("mail stack: append to %s: %v", mailbox, err)
	}
	return uint32(data.UID)
}

// Mail is a message read back from a mailbox.
type Mail struct {
	UID          uint32
	Raw          []byte
	InternalDate time.Time
	Flags        []imap.Flag
}

// Header returns the first value of a header field of m ("" if absent or unreadable).
func (m Mail) Header(key string) string {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
	if err != nil {
		return ""
	}
	return msg.Header.Get(key)
}

// Messages returns every message of user's mailbox, in UID order, without setting \Seen.
func (s *Stack) Messages(t testing.TB, user, mailbox string) []Mail {
	t.Helper()
	return Messages(t, s.Dial(t, user), mailbox)
}

// Messages returns every message of mailbox over an open connection, in UID order.
func Messages(t testing.TB, c *imapclient.Client, mailbox string) []Mail {
	t.Helper()
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		t.Fatalf("mail stack: examine %s: %v", mailbox, err)
	}
	if sel.NumMessages == 0 {
		return nil
	}
	var all imap.SeqSet
	all.AddRange(1, 0) // 1:*
	out := fetch(t, c, all, mailbox)
	slices.SortFunc(out, func(a, b Mail) int { return int(a.UID) - int(b.UID) })
	return out
}

// fetch reads the messages of set from the selected mailbox, without setting \Seen.
func fetch(t testing.TB, c *imapclient.Client, set imap.NumSet, mailbox string) []Mail {
	t.Helper()
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(set, &imap.FetchOptions{
		UID: true, Flags: true, InternalDate: true,
		BodySection: []*imap.FetchItemBodySection{section},
	}).Collect()
	if err != nil {
		t.Fatalf("mail stack: fetch %s: %v", mailbox, err)
	}
	out := make([]Mail, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, Mail{UID: uint32(m.UID), Raw: m.FindBodySection(section), InternalDate: m.InternalDate, Flags: m.Flags})
	}
	return out
}

// WaitMessage polls user's mailbox until a message contains token (anywhere: IMAP SEARCH
// TEXT), and returns it. It fails the test after timeout.
func (s *Stack) WaitMessage(t testing.TB, user, mailbox, token string, timeout time.Duration) Mail {
	t.Helper()
	c := s.Dial(t, user)
	if _, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatalf("mail stack: examine %s: %v", mailbox, err)
	}
	deadline := time.Now().Add(timeout)
	for {
		// NOOP lets the server report new mail in the examined mailbox before the search
		if err := c.Noop().Wait(); err != nil {
			t.Fatalf("mail stack: noop: %v", err)
		}
		sd, err := c.UIDSearch(&imap.SearchCriteria{Text: []string{token}}, nil).Wait()
		if err != nil {
			t.Fatalf("mail stack: search %s: %v", mailbox, err)
		}
		if uids := sd.AllUIDs(); len(uids) > 0 {
			for _, m := range fetch(t, c, imap.UIDSetNum(uids[0]), mailbox) {
				if m.UID == uint32(uids[0]) {
					return m
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("mail stack: no message with %q in %s's %s after %v", token, user, mailbox, timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Letter returns a small RFC 5322 message from one address to another whose Subject and
// Message-ID carry token.
func Letter(from, to, token, body string) []byte {
	return []byte(strings.ReplaceAll(fmt.Sprintf(
		"From: %s\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s@postald.test>\nMIME-Version: 1.0\n"+
			"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n%s\n",
		from, to, token, time.Now().UTC().Format(time.RFC1123Z), token, body), "\n", "\r\n"))
}

// Docx returns a Word document (.docx) of paragraphs, one a line, as a word processor saves
// it: the package's content types and the document's text runs.
func Docx(paragraphs ...string) []byte {
	var doc strings.Builder
	doc.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	for _, p := range paragraphs {
		doc.WriteString(`<w:p><w:r><w:t xml:space="preserve">`)
		if err := xml.EscapeText(&doc, []byte(p)); err != nil {
			panic(err)
		}
		doc.WriteString(`</w:t></w:r></w:p>`)
	}
	doc.WriteString(`<w:sectPr/></w:body></w:document>`)
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, f := range [][2]string{
		{"[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`},
		{"word/document.xml", doc.String()},
	} {
		w, err := z.Create(f[0])
		if err == nil {
			_, err = w.Write([]byte(f[1]))
		}
		if err != nil {
			panic(err)
		}
	}
	if err := z.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// Attached returns the Content-Type field and body of a multipart/mixed letter: text, then
// each file (a name and its bytes, of media type ctype) attached in base64, as mail programs
// send them; a Cyrillic name in RFC 2047 words.
func Attached(text string, files ...File) string {
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=\"postald-test\"\r\n\r\n")
	b.WriteString("--postald-test\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" +
		strings.ReplaceAll(text, "\n", "\r\n") + "\r\n")
	for _, f := range files {
		name := mime.BEncoding.Encode("utf-8", f.Name)
		b.WriteString("--postald-test\r\nContent-Type: " + f.Type + "; name=\"" + name + "\"\r\nContent-Disposition: attachment; filename=\"" +
			name + "\"\r\nContent-Transfer-Encoding: base64\r\n\r\n")
		enc := base64.StdEncoding.EncodeToString(f.Data)
		for len(enc) > 76 {
			b.WriteString(enc[:76] + "\r\n")
			enc = enc[76:]
		}
		b.WriteString(enc + "\r\n")
	}
	b.WriteString("--postald-test--\r\n")
	return b.String()
}

// File is a file attached to a letter (Attached).
type File struct {
	Name, Type string
	Data       []byte
}
