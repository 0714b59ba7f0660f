package mailwrite

import (
	"bytes"
	"context"
	"encoding/json"
	"mime"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// headerCases are names and subjects that mail programs have shown wrong: long Russian text, a
// word longer than an encoded word, characters of four bytes, text that looks like an encoded
// word, and the marks that need quoting in an address.
var headerCases = []struct{ name, subject string }{
	{"Турнирный секретарь турнира ЗК-2026 по русским шашкам", "ЗК-2026: партия 1-2, ход 14. Ваш ход принят, часы: белые 12 дней, чёрные 9 дней"},
	{"Иван Петрович Сидоров-Кременчугский", "Re: ЗК-2026 партия 3-1: принимаю вариант А"},
	{"Секретарь", "Превысокомногорассмотрительствующийпревысокомногорассмотрительствующий"},
	{"Player ♛ 👑", "Game 1-2: 👑 king on e1 ✓"},
	{"B-001 secretary", "=?utf-8?q?not an encoded word?= B-001 game 1-2"},
	{`O'Brien, "Pat"`, "a plain ASCII subject that is long enough to be folded onto a second line of the header"},
	{"Žaneta Dvořáková (ČR)", "Turnaj: partie 1–2 — Dvořáková"},
}

// TestEncodedWords: names and subjects read back identically through Go's net/mail and, where
// installed, Python's email package and mutt; no encoded word is cut inside a character or
// longer than RFC 2047 allows, and none is cut inside a word that fits one.
func TestEncodedWords(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i, c := range headerCases {
		l := Letter{From: mail.Address{Name: c.name, Address: "moves@club.example"},
			To: []mail.Address{{Name: c.name, Address: "ivan@club.example"}}, Subject: c.subject, Body: "text\n",
			MessageID: "enc@x", Date: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
		raw := Compose(l)
		for _, line := range strings.Split(string(raw[:bytes.Index(raw, []byte("\r\n\r\n"))]), "\r\n") {
			// A name is one word, over RFC 2047's length only when the name is longer than
			// 47 bytes (encodedword.go).
			long := strings.Contains(line, "=?utf-8?b?") && len(c.name) > 47
			if len(line) > 78 && strings.Contains(line, "=?") && !long {
				t.Errorf("case %d: header line of %d octets: %q", i, len(line), line)
			}
			if strings.Count(line, "=?utf-8?b?") > 1 {
				t.Errorf("case %d: a name in more than one encoded word: %q", i, line)
			}
		}
		checkWords(t, string(raw), c.name, c.subject)
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject")); got != c.subject {
			t.Errorf("case %d: net/mail reads the subject %q, want %q", i, got, c.subject)
		}
		for _, field := range []string{"From", "To"} {
			a, err := mail.ParseAddress(m.Header.Get(field))
			if err != nil || a.Name != c.name {
				t.Errorf("case %d: net/mail reads %s %v (%v), want the name %q", i, field, a, err, c.name)
			}
		}
		f := filepath.Join(dir, "letter"+string(rune('0'+i))+".eml")
		if err := os.WriteFile(f, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	t.Run("python", func(t *testing.T) { pythonReads(t, files) })
	t.Run("mutt", func(t *testing.T) { muttReads(t, dir, files) })
}

// checkWords checks every encoded word of raw: at most 75 octets, whole characters, and, where
// the text's words fit, ending at a space of the text or at its end.
func checkWords(t *testing.T, raw, name, subject string) {
	t.Helper()
	dec := new(mime.WordDecoder)
	for _, w := range strings.Fields(raw) {
		w = strings.Trim(w, "<>,\"")
		if !strings.HasPrefix(w, "=?utf-8?q?") {
			continue // a name: one word (checked above)
		}
		if len(w) > maxEncodedWord {
			t.Errorf("encoded word of %d octets: %s", len(w), w)
		}
		text, err := dec.Decode(w)
		if err != nil || !utf8.ValidString(text) {
			t.Errorf("encoded word %s does not decode to whole characters: %q (%v)", w, text, err)
			continue
		}
		if !strings.HasSuffix(text, " ") && !strings.HasSuffix(name, text) && !strings.HasSuffix(subject, text) &&
			!longWordIn(text, name+" "+subject) {
			t.Errorf("encoded word %s (%q) is cut inside a word", w, text)
		}
	}
}

// longWordIn reports whether piece lies inside a word of s too long for one encoded word.
func longWordIn(piece, s string) bool {
	for _, w := range strings.Fields(s) {
		if strings.Contains(w, piece) && qLen(w) > maxEncodedWord-encodedWordOverhead {
			return true
		}
	}
	return false
}

// required reports whether the tests must not skip for want of a program: the test script
// sets MAILSTACK_REQUIRED and installs them.
func required() bool { return os.Getenv("MAILSTACK_REQUIRED") == "1" }

func pythonReads(t *testing.T, files []string) {
	py, err := exec.LookPath("python3")
	if err != nil {
		if required() {
			t.Fatal("python3 is not installed")
		}
		t.Skip("python3 is not installed")
	}
	const script = `
import email, email.policy, json, sys
out = []
for f in sys.argv[1:]:
    with open(f, 'rb') as fh:
        m = email.message_from_binary_file(fh, policy=email.policy.default)
    out.append({'subject': str(m['subject']), 'from': m['from'].addresses[0].display_name,
                'to': m['to'].addresses[0].display_name})
print(json.dumps(out))
`
	b, err := exec.Command(py, append([]string{"-c", script}, files...)...).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var got []struct{ Subject, From, To string }
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for i, c := range headerCases {
		if got[i].Subject != c.subject || got[i].From != c.name || got[i].To != c.name {
			t.Errorf("case %d: Python reads subject %q, from %q, to %q; want the name %q and the subject %q", i, got[i].Subject, got[i].From, got[i].To, c.name, c.subject)
		}
	}
}

// muttReads shows each letter in mutt, whose pager is a script that keeps what mutt shows: the
// header as mutt decodes it.
func muttReads(t *testing.T, dir string, files []string) {
	mutt, err := exec.LookPath("mutt")
	if err != nil {
		if required() {
			t.Fatal("mutt is not installed")
		}
		t.Skip("mutt is not installed")
	}
	script, err := exec.LookPath("script") // a terminal for mutt
	if err != nil {
		t.Skip("script (util-linux) is not installed")
	}
	pager := filepath.Join(dir, "pager.sh")
	shown := filepath.Join(dir, "shown.txt")
	rc := filepath.Join(dir, "muttrc")
	must(t, os.WriteFile(pager, []byte("#!/bin/sh\ncat \"$1\" > "+shown+".part && mv "+shown+".part "+shown+"\n"), 0o700))
	must(t, os.WriteFile(rc, []byte("set charset=utf-8\nset pager=\""+pager+"\"\nset wait_key=no\nset folder="+dir+
		"\nset record=\"\"\nset postponed="+dir+"/postponed\nset weed=yes\n"), 0o600))
	for i, f := range files {
		raw, err := os.ReadFile(f)
		must(t, err)
		box := filepath.Join(dir, "box")
		must(t, os.WriteFile(box, append([]byte("From postald Tue Dec  1 10:00:00 2026\n"), bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n"))...), 0o600))
		os.Remove(shown)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cmd := exec.CommandContext(ctx, script, "-qec", mutt+" -n -F "+rc+" -R -f "+box+" -e 'push <display-message><exit>'", "/dev/null")
		cmd.Env = append(os.Environ(), "HOME="+dir, "LANG=C.UTF-8", "TERM=xterm")
		must(t, cmd.Start())
		// mutt leaves after the pager (<exit>); if it does not, it is stopped once the pager has
		// run (the context ends script, and mutt's terminal with it).
		var text []byte
		for ctx.Err() == nil {
			if text, err = os.ReadFile(shown); err == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		cancel()
		cmd.Wait()
		if text == nil {
			t.Fatalf("case %d: mutt showed nothing within 20 s", i)
		}
		s := string(text)
		c := headerCases[i]
		for _, want := range []string{"Subject: " + c.subject} {
			if !strings.Contains(unfold(s), want) {
				t.Errorf("case %d: mutt shows\n%s\nwant %q", i, s, want)
			}
		}
		if !strings.Contains(s, c.name) && !strings.Contains(s, strings.ReplaceAll(c.name, `"`, `\"`)) {
			t.Errorf("case %d: mutt shows\n%s\nwant the name %q", i, s, c.name)
		}
	}
}

// unfold joins a header's continuation lines as a reader sees them.
func unfold(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\n\t", " "), "\n ", " ")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
