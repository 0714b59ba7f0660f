package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/mailparse"
)

// guideLetters returns the fenced blocks of a player's guide marked ```letter (a move letter) or
// ```letter-notice (a letter with no move: a resignation, a draw, a leave), in order.
func guideLetters(t *testing.T, path string) (letters []string, kinds []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cur *strings.Builder
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case cur == nil && (line == "```letter" || line == "```letter-notice"):
			cur = &strings.Builder{}
			kinds = append(kinds, strings.TrimPrefix(line, "```"))
		case cur != nil && line == "```":
			letters = append(letters, cur.String())
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\r\n")
		}
	}
	if cur != nil {
		t.Fatalf("%s: a ```letter block is not closed", path)
	}
	return letters, kinds
}

// TestDocPlayerLetters parses every sample letter of the players' guides with the letter reader
// postald uses: each must read without a problem, a ```letter block must carry a move (its own
// or an accepted variant) and a ```letter-notice block a resignation, a draw statement, a leave
// or a protest. So every sample a player copies is one postald reads as the guide says.
func TestDocPlayerLetters(t *testing.T) {
	for _, guide := range []string{"../../docs/player-ru.md", "../../docs/player-en.md"} {
		letters, kinds := guideLetters(t, guide)
		if len(letters) < 4 {
			t.Errorf("%s: %d sample letters, want at least 4", guide, len(letters))
		}
		for i, raw := range letters {
			l, err := mailparse.Parse([]byte(raw))
			if err != nil {
				t.Errorf("%s, letter %d: %v", guide, i+1, err)
				continue
			}
			for _, p := range l.Problems {
				t.Errorf("%s, letter %d: line %d %q: %s", guide, i+1, p.Line, p.Text, p.What)
			}
			if l.Game == "" {
				t.Errorf("%s, letter %d: names no game", guide, i+1)
			}
			switch kinds[i] {
			case "letter":
				if len(l.Moves) == 0 && (l.AcceptVariant == nil || len(l.AcceptVariant.Moves) == 0) {
					t.Errorf("%s, letter %d: reads no move:\n%s", guide, i+1, raw)
				}
			case "letter-notice":
				if !l.Resign && l.Draw.Kind == "" && l.Leave == nil && l.Protest == nil {
					t.Errorf("%s, letter %d: reads no resignation, draw, leave or protest:\n%s", guide, i+1, raw)
				}
			}
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
