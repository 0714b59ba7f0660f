package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runParseCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &cmdEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	code = run(context.Background(), env, append([]string{"parse"}, args...))
	return code, out.String(), errb.String()
}

func TestParseCommand(t *testing.T) {
	letter := "From: Ivan <ivanov@mail.example>\nSubject: СТ-2026/1 партия 3-7\n\n" +
		"Ваш ход 11... h6:f4 получил.\nМой ход: 12. g3:e5\nДаты: 14.11.2026 / 16.11.2026 / 18.11.2026\nВремя: 23/31\n"
	file := filepath.Join(t.TempDir(), "letter.eml")
	if err := os.WriteFile(file, []byte(letter), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		moves []string // expected "moves" when code is 0
	}{
		{"file", "", []string{file}, 0, []string{"12. g3:e5"}},
		{"standard input", letter, []string{"-"}, 0, []string{"12. g3:e5"}},
		{"unreadable", "this is no message\n", []string{"-"}, 1, nil},
		{"empty", "", []string{"-"}, 1, nil},
		{"missing file", "", []string{filepath.Join(t.TempDir(), "none.eml")}, 1, nil},
		{"no argument", "", nil, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runParseCmd(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, stderr)
			}
			if code != 0 {
				if stdout != "" {
					t.Errorf("printed %q on failure", stdout)
				}
				return
			}
			var v struct {
				Tournament string   `json:"tournament"`
				Game       string   `json:"game"`
				Repeated   []string `json:"repeated"`
				Moves      []string `json:"moves"`
				Dates      []string `json:"dates"`
				Time       struct{ White, Black int }
			}
			if err := json.Unmarshal([]byte(stdout), &v); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, stdout)
			}
			if v.Tournament != "СТ-2026/1" || v.Game != "3-7" || strings.Join(v.Moves, ",") != strings.Join(tt.moves, ",") ||
				strings.Join(v.Repeated, ",") != "11... h6:f4" || len(v.Dates) != 3 || v.Time.White != 23 || v.Time.Black != 31 {
				t.Errorf("got %+v", v)
			}
			// Field order is the letter format's.
			order := []string{`"tournament"`, `"game"`, `"repeated"`, `"moves"`, `"variants"`, `"resign"`, `"dates"`, `"time"`, `"problems"`}
			last := -1
			for _, k := range order {
				i := strings.Index(stdout, k)
				if i < last {
					t.Errorf("%s out of order in\n%s", k, stdout)
				}
				last = i
			}
		})
	}
}
