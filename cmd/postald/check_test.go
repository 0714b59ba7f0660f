package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/golden"
)

// pdnTestdata holds the PDN files the check tests read.
const pdnTestdata = "../../internal/rules/pdn/testdata"

func runCheckCommand(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cmdEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}
	code = run(context.Background(), env, append([]string{"check"}, args...))
	return code, out.String(), errOut.String()
}

// TestCheckGolden checks the report on a file of deliberately bad games: an
// illegal move, an ambiguous capture, a garbled move, a move of the wrong
// side and an unknown GameType, among good games.
func TestCheckGolden(t *testing.T) {
	code, got, stderr := runCheckCommand(t, filepath.Join(pdnTestdata, "check", "bad.pdn"))
	if code != 1 {
		t.Errorf("exit status %d, want 1 (stderr %q)", code, stderr)
	}
	golden.Text(t, filepath.Join(pdnTestdata, "check", "bad.golden"), got)
}

func TestCheckExitStatus(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pdn")
	if err := os.WriteFile(good, []byte("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		code       int
		stdout     string
		stderrPart string
	}{
		{"every game replays", []string{good}, 0, "checked 1 game: 0 bad\n", ""},
		{"seed column game in its own notation", []string{"-variant", "column", filepath.Join(pdnTestdata, "column-ivanov-petrov.pdn")}, 0, "checked 1 game: 0 bad\n", ""},
		{"a bad game", []string{filepath.Join(pdnTestdata, "check", "bad.pdn")}, 1, "", ""},
		{"variant overrides GameType", []string{"-variant", "russian", good}, 1,
			"game 1: move 1 (32-28): illegal move: no such move: the piece on g1 cannot move to h2\nchecked 1 game: 1 bad\n", ""},
		{"missing file", []string{filepath.Join(dir, "none.pdn")}, 2, "", "no such file"},
		{"a directory cannot be read", []string{dir}, 2, "", "read PDN"},
		{"no file named", nil, 2, "", "usage: postald check"},
		{"unknown variant", []string{"-variant", "chess", good}, 2, "", `unknown variant "chess"`},
		{"bad flag", []string{"-depth", "3", good}, 2, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCheckCommand(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d (stdout %q, stderr %q)", code, tt.code, stdout, stderr)
			}
			if tt.stdout != "" && stdout != tt.stdout {
				t.Errorf("stdout %q, want %q", stdout, tt.stdout)
			}
			if !strings.Contains(stderr, tt.stderrPart) {
				t.Errorf("stderr %q does not contain %q", stderr, tt.stderrPart)
			}
		})
	}
}

// TestCheckSeedLasca replays the seed's Lasca game (Johnson-Davies –
// Matthews, Cambridge 1976) as the seed prints it. It replays for 22 moves
// and stops at White's 23rd, "23. e3-d4": no white piece is on e3 then.
// White's tower left e3 with 17. e3:a7, and the black piece that came there
// with 17... g5:e3 left with 19... e3-d2. White's pieces are on g1, c5 (the
// tower topped by the king), e5 and g7; the king tower's c5-d4 is what fits
// the rest of the record, and with it the game replays to the end (see
// internal/rules/pdn).
func TestCheckSeedLasca(t *testing.T) {
	code, stdout, _ := runCheckCommand(t, filepath.Join(pdnTestdata, "lasca-johnson-davies-matthews.pdn"))
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	want := "game 1: move 45 (e3-d4): illegal move: no piece on the square: no piece on e3\nchecked 1 game: 1 bad\n"
	if stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
}
