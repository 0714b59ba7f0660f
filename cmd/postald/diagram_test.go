package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiagramCommand runs postald diagram in-process and decodes the file it writes.
func TestDiagramCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		args  []string
		code  int
		width int // of the picture written, when code is 0
	}{
		{"start", []string{"-variant", "russian"}, 0, 400},
		{"column capture", []string{"-variant", "column", "-fen", "W:Wc3(wb),a1:Bd4(bw),f8", "-last", "c3:e5", "-width", "300"}, 0, 300},
		{"international", []string{"-variant", "international", "-fen", "W:W32,33:B18", "-last", "32-28"}, 0, 400},
		{"lasca algebraic", []string{"-variant", "lasca-giveaway", "-last", "c3-d4", "-width", "250"}, 0, 250},
		{"lasca numeric", []string{"-variant", "lasca", "-last", "9-13"}, 0, 400},
		{"illegal move", []string{"-variant", "russian", "-last", "c3-c4"}, 1, 0},
		{"bad variant", []string{"-variant", "chess"}, 1, 0},
		{"bad fen", []string{"-variant", "russian", "-fen", "W:Wz9:B"}, 1, 0},
		{"bad width", []string{"-width", "5"}, 2, 0},
		{"extra argument", []string{"extra"}, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".png")
			var stdout, stderr bytes.Buffer
			env := &cmdEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
			args := append(append([]string{"diagram"}, tc.args...), "-o", file)
			code := run(context.Background(), env, args)
			if code != tc.code {
				t.Fatalf("exit status %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if tc.code != 0 {
				if _, err := os.Stat(file); err == nil {
					t.Errorf("a failed command wrote %s", file)
				}
				return
			}
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("the file does not decode as PNG: %v", err)
			}
			if w := img.Bounds().Dx(); w != tc.width {
				t.Errorf("picture %d pixels wide, want %d", w, tc.width)
			}
		})
	}
}

func TestDiagramCommandStdout(t *testing.T) {
	var stdout, stderr bytes.Buffer
	env := &cmdEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
	if code := run(context.Background(), env, []string{"diagram", "-variant", "column", "-o", "-"}); code != 0 {
		t.Fatalf("exit status %d (stderr %q)", code, stderr.String())
	}
	if _, err := png.Decode(&stdout); err != nil {
		t.Fatalf("the standard output is not a PNG: %v", err)
	}
}

func TestDiagramCommandHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	env := &cmdEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
	if code := run(context.Background(), env, []string{"diagram", "-h"}); code != 0 {
		t.Fatalf("-h: exit status %d, want 0", code)
	}
	help := stdout.String() + stderr.String()
	for _, want := range []string{"usage: postald diagram", "example:", "postald diagram -variant column", "-last"} {
		if !strings.Contains(help, want) {
			t.Errorf("-h does not print %q:\n%s", want, help)
		}
	}
	// without -o: a usage error
	stderr.Reset()
	if code := run(context.Background(), env, []string{"diagram"}); code != 2 {
		t.Errorf("without -o: exit status %d, want 2", code)
	}
}
