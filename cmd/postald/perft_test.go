package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-variant", "russian", "-depth", "4"}, 0, "depth 1: 7\ndepth 2: 49\ndepth 3: 302\ndepth 4: 1469\n"},
		{[]string{"-variant", "lasca", "-depth", "3"}, 0, "depth 1: 6\ndepth 2: 6\ndepth 3: 18\n"},
		{[]string{"-variant", "international", "-depth", "2", "-fen", "W:W6,7,8,9,10:B41,42,43,44,45"}, 0, "depth 1: 9\ndepth 2: 81\n"},
		// a white king on a1 must take the man on c3 and may land on d4, e5, f6, g7 or h8
		{[]string{"-variant", "column-giveaway", "-depth", "1", "-fen", "W:WKa1:Bc3"}, 0, "depth 1: 5\n"},
		{[]string{"-variant", "chess", "-depth", "1"}, 1, ""},
		{[]string{"-variant", "russian", "-fen", "W:Wz9:B"}, 1, ""},
		{[]string{"-depth", "x"}, 2, ""},
		{[]string{"-variant", "russian", "extra"}, 2, ""},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			env := &cmdEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
			code := run(context.Background(), env, append([]string{"perft"}, tc.args...))
			if code != tc.code {
				t.Fatalf("exit status %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if got := stdout.String(); got != tc.want {
				t.Errorf("output %q, want %q", got, tc.want)
			}
		})
	}
}
