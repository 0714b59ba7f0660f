package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/mailparse"
)

// guideLetters returns the fenced blocks of a player's guide marked ```letter (a move letter) or
// ```letter-notice (a letter with no move: a resignation, a draw, a leave), in order, each as an
// RFC 5322 message: the guide writes the header fields as a mail program shows them ("От:",
// "Кому:", "Тема:" or "From:", "To:", "Subject:"), then a blank line and the text.
func guideLetters(t *testing.T, path string) (letters []string, kinds []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	names := strings.NewReplacer("От: ", "From: ", "Кому: ", "To: ", "Тема: ", "Subject: ")
	var cur *strings.Builder
	header := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case cur == nil && (line == "```letter" || line == "```letter-notice"):
			cur, header = &strings.Builder{}, true
			kinds = append(kinds, strings.TrimPrefix(line, "```"))
		case cur != nil && line == "```":
			letters = append(letters, cur.String())
			cur = nil
		case cur != nil && header && line == "":
			header = false
			cur.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
		case cur != nil && header:
			cur.WriteString(names.Replace(line) + "\r\n")
		case cur != nil:
			cur.WriteString(line + "\r\n")
		}
	}
	if cur != nil {
		t.Fatalf("%s: a ```letter block is not closed", path)
	}
	return letters, kinds
}

// guideSheet is the tournament of the players' guides' sample letters: the seed's sample game of
// column checkers, Ivanov (White) – Petrov (Black), game 1-2.
const guideSheet = `[tournament]
code = %q
name = "guide"
variant = "column"
start = 2026-11-02
end = 2027-10-31
language = %q
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
[[player]]
number = 1
name = "Ivanov"
email = "ivanov@mail.example"
[[player]]
number = 2
name = "Petrov"
email = "petrov@mail.example"
`

// TestDocPlayerLetters reads every sample letter of the players' guides with the letter reader
// postald uses: each must read without a problem and name its game, a ```letter block must carry
// a move (its own or an accepted variant) and a ```letter-notice block a resignation, a draw
// statement, a leave or a protest. Then the samples, in the guide's order and dated by their
// third date (the day of the reply), are decided by the referee as one game (postald simulate):
// none may be stopped or ignored. So every sample a player copies is one postald reads and
// accepts as the guide says.
func TestDocPlayerLetters(t *testing.T) {
	for _, g := range []struct{ path, code, lang string }{
		{"../../docs/player-ru.md", "СТ-2026/1", "ru"},
		{"../../docs/player-en.md", "CT-2026/1", "en"},
	} {
		letters, kinds := guideLetters(t, g.path)
		if len(letters) < 4 {
			t.Errorf("%s: %d sample letters, want at least 4", g.path, len(letters))
		}
		var mbox strings.Builder
		day := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
		for i, raw := range letters {
			l, err := mailparse.Parse([]byte(raw))
			if err != nil {
				t.Errorf("%s, letter %d: %v", g.path, i+1, err)
				continue
			}
			for _, p := range l.Problems {
				t.Errorf("%s, letter %d: line %d %q: %s", g.path, i+1, p.Line, p.Text, p.What)
			}
			if l.Game != "1-2" || l.Tournament != g.code {
				t.Errorf("%s, letter %d: names tournament %q game %q, want %s 1-2", g.path, i+1, l.Tournament, l.Game, g.code)
			}
			switch kinds[i] {
			case "letter":
				if len(l.Moves) == 0 && (l.AcceptVariant == nil || len(l.AcceptVariant.Moves) == 0) {
					t.Errorf("%s, letter %d: reads no move:\n%s", g.path, i+1, raw)
				}
			case "letter-notice":
				if !l.Resign && l.Draw.Kind == "" && l.Leave == nil && l.Protest == nil {
					t.Errorf("%s, letter %d: reads no resignation, draw, leave or protest:\n%s", g.path, i+1, raw)
				}
			}
			if len(l.Dates) == 3 {
				d := l.Dates[2].Date
				day = time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC)
			}
			fmt.Fprintf(&mbox, "From guide Thu Jan  1 00:00:00 2026\nDate: %s\n%s\n", day.Format(time.RFC1123Z),
				strings.ReplaceAll(raw, "\r\n", "\n"))
		}
		dir := t.TempDir()
		sheet, box := filepath.Join(dir, "sheet.toml"), filepath.Join(dir, "letters.mbox")
		if err := os.WriteFile(sheet, []byte(fmt.Sprintf(guideSheet, g.code, g.lang)), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(box, []byte(mbox.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		if code := run(context.Background(), &cmdEnv{stdout: &out, stderr: &errOut}, []string{"simulate", "-sheet", sheet, box}); code != 0 {
			t.Fatalf("%s: simulate: exit %d: %s", g.path, code, errOut.String())
		}
		n := 0
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var d struct {
				N       int      `json:"n"`
				Verdict string   `json:"verdict"`
				Clauses []string `json:"clauses"`
				Final   bool     `json:"final"`
			}
			if err := json.Unmarshal([]byte(line), &d); err != nil {
				t.Fatalf("%s: simulate printed %q: %v", g.path, line, err)
			}
			if d.Final {
				continue
			}
			n++
			if d.Verdict == "rejected" || d.Verdict == "ignored" {
				t.Errorf("%s, letter %d: %s (%v)", g.path, d.N, d.Verdict, d.Clauses)
			}
		}
		if n != len(letters) {
			t.Errorf("%s: simulate decided %d letters of %d:\n%s", g.path, n, len(letters), out.String())
		}
	}
}

// TestSystemdUnit runs systemd-analyze verify on deploy/postald.service, with ExecStart pointing
// at this test binary (verify wants the program to exist). Without systemd-analyze the test skips,
// unless MAILSTACK_REQUIRED=1 (scripts/test, which installs Debian's systemd package).
func TestSystemdUnit(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		if os.Getenv("MAILSTACK_REQUIRED") == "1" {
			t.Fatal("systemd-analyze is not installed (Debian's package systemd; scripts/mailstack/install.sh installs it)")
		}
		t.Skip("systemd-analyze is not installed")
	}
	unit, err := os.ReadFile("../../deploy/postald.service")
	if err != nil {
		t.Fatal(err)
	}
	const bin = "/usr/local/bin/postald"
	if !strings.Contains(string(unit), "ExecStart="+bin+" serve ") {
		t.Fatalf("deploy/postald.service: ExecStart does not run %s serve", bin)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"StateDirectory=postald", "RuntimeDirectory=postald", "ProtectSystem=strict",
		"NoNewPrivileges=yes", "PrivateTmp=yes", "Restart=on-failure", "RestartSec=", "User=postald"} {
		if !strings.Contains(string(unit), "\n"+want) {
			t.Errorf("deploy/postald.service has no %s", want)
		}
	}
	dir := t.TempDir()
	copyPath := filepath.Join(dir, "postald.service")
	if err := os.WriteFile(copyPath, []byte(strings.ReplaceAll(string(unit), bin, self)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", copyPath).CombinedOutput()
	// verify also reports on units of the machine it runs on; only lines about ours count.
	var ours []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "postald.service") {
			ours = append(ours, line)
		}
	}
	if err != nil || len(ours) > 0 {
		t.Errorf("systemd-analyze verify deploy/postald.service: %v\n%s", err, out)
	}
}

// TestInstallScript runs deploy/install.sh twice into a staging tree (ROOT=DIR: no user, no
// chown, systemd untouched): it must install the binary, the unit, the tmpfiles entry and the
// example configuration with their modes, and keep a configuration that is already there.
func TestInstallScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds postald")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not in PATH")
	}
	root := t.TempDir()
	install := func() string {
		cmd := exec.Command("../../deploy/install.sh")
		cmd.Env = append(os.Environ(), "ROOT="+root)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("deploy/install.sh: %v\n%s", err, out)
		}
		return string(out)
	}
	install()
	for _, f := range []struct {
		path string
		mode os.FileMode
	}{
		{"usr/local/bin/postald", 0o755},
		{"etc/systemd/system/postald.service", 0o644},
		{"etc/tmpfiles.d/postald.conf", 0o644},
		{"etc/postald/postald.toml", 0o600},
		{"etc/postald", 0o750 | os.ModeDir},
		{"var/lib/postald", 0o700 | os.ModeDir},
		{"var/lib/postald/backup", 0o700 | os.ModeDir},
	} {
		fi, err := os.Stat(filepath.Join(root, f.path))
		if err != nil {
			t.Error(err)
			continue
		}
		if got := fi.Mode() & (os.ModeDir | os.ModePerm); got != f.mode {
			t.Errorf("%s: mode %v, want %v", f.path, got, f.mode)
		}
	}
	cfg := filepath.Join(root, "etc/postald/postald.toml")
	if err := os.WriteFile(cfg, []byte("# edited\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := install(); !strings.Contains(out, "keeping the existing") {
		t.Errorf("second run did not keep the configuration:\n%s", out)
	}
	if b, _ := os.ReadFile(cfg); string(b) != "# edited\n" {
		t.Errorf("second run replaced the configuration: %q", b)
	}
	out, err := exec.Command(filepath.Join(root, "usr/local/bin/postald"), "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "postald ") {
		t.Errorf("installed postald version: %v %q", err, out)
	}
}
