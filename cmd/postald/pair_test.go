package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// pairTRF5 is round 2 of a five-player Swiss in TRF-2026, lines ended by CR as the format
// asks: player 5 was absent in round 1.
const pairTRF5 = "012 Club Swiss\r142 3\r152 W\r" +
	"001    1      Player 1                                                           1.0          3 w 1\r" +
	"001    2      Player 2                                                           1.0          4 b 1\r" +
	"001    3      Player 3                                                           0.0          1 b 0\r" +
	"001    4      Player 4                                                           0.0          2 w 0\r" +
	"001    5      Player 5                                                           0.0       0000 - Z\r"

// TestPairCommand: postald pair -dutch writes the FIDE-endorsed engines' output: the count
// of pairs, WHITE BLACK in board order, P 0 for the bye; to the file -p names, or to the
// standard output with -p - or without -p.
func TestPairCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "round1.trf")
	if err := os.WriteFile(in, []byte(pairTRF5), 0o600); err != nil {
		t.Fatal(err)
	}
	const want = "3\n2 1\n3 5\n4 0\n"
	out := filepath.Join(dir, "round2.txt")
	if code, stdout, stderr := runLine("pair", "-dutch", in, "-p", out); code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if got, err := os.ReadFile(out); err != nil || string(got) != want {
		t.Errorf("%s: %q, %v; want %q", out, got, err, want)
	}
	for _, args := range [][]string{{"pair", "-dutch", in, "-p", "-"}, {"pair", "-dutch", in}, {"pair", "-p", "-", in, "-dutch"}} {
		if code, stdout, stderr := runLine(args...); code != 0 || stdout != want || stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", args, code, stdout, stderr, want)
		}
	}
}

// TestPairRefuses: a file that cannot be read is refused with its line and column and
// exit status 1; a command without -dutch or without a file, with 2.
func TestPairRefuses(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.trf")
	text := strings.Replace(pairTRF5, "4 b 1", "4 x 1", 1)
	if err := os.WriteFile(bad, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runLine("pair", "-dutch", bad)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "bad.trf: line 5, column 97") || !strings.Contains(stderr, "colour") {
		t.Errorf("bad colour: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	unpaired := filepath.Join(dir, "done.trf")
	if err := os.WriteFile(unpaired, []byte(strings.Replace(pairTRF5, "142 3", "142 1", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runLine("pair", "-dutch", unpaired); code != 1 || !strings.Contains(stderr, "line 2") || !strings.Contains(stderr, "all 1 rounds are paired") {
		t.Errorf("no round left: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runLine("pair", filepath.Join(dir, "x.trf")); code != 2 || !strings.Contains(stderr, "-dutch") {
		t.Errorf("without -dutch: exit %d, stderr %q", code, stderr)
	}
	if code, _, _ := runLine("pair", "-dutch"); code != 2 {
		t.Errorf("without a file: exit %d, want 2", code)
	}
}

// TestPairCheck: -check pairs every round again and says where the file differs.
func TestPairCheck(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "round1.trf")
	if err := os.WriteFile(in, []byte(pairTRF5), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runLine("pair", "-dutch", "-check", in); code != 0 || stdout != "round 1: as paired\n" || stderr != "" {
		t.Errorf("as paired: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// Round 1 as 1–4 and 3–2: not the top half against the bottom half.
	swapped := strings.NewReplacer("          3 w 1", "          4 w 1", "          4 b 1", "          3 b 1",
		"          1 b 0", "          2 w 0", "          2 w 0", "          1 b 0").Replace(pairTRF5)
	other := filepath.Join(dir, "other.trf")
	if err := os.WriteFile(other, []byte(swapped), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runLine("pair", "-dutch", "-check", other)
	if code != 1 || stdout != "round 1: the file pairs 1-4 3-2; the Dutch system 1-3 4-2\n" || !strings.Contains(stderr, "1 of 1 round paired otherwise") {
		t.Errorf("swapped: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestPairDutchStopsOnSignal: postald pair -dutch on round 2 of a 1,000-player Swiss (a pairing
// of minutes) stops when it gets SIGTERM, and on SIGINT, writing no pairing and saying why,
// instead of running on and being killed.
func TestPairDutchStopsOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds postald")
	}
	bin := buildPostald(t)
	var b strings.Builder
	b.WriteString("012 Open\n142 9\n152 W\n")
	const n = 1000
	for i := 1; i <= n; i++ {
		// Round 1 as the rules pair it: the top half against the bottom half, the top half winning.
		opp, colour, result, points := i+n/2, "w", "1", "1.0"
		if i > n/2 {
			opp, result, points = i-n/2, "0", "0.0"
		}
		if (i > n/2) == ((i-1)%(n/2)%2 == 0) {
			colour = "b"
		}
		fmt.Fprintf(&b, "001 %4d      %-66s%4s       %4d %s %s\n", i, fmt.Sprintf("Player %d", i), points, opp, colour, result)
	}
	file := filepath.Join(t.TempDir(), "open.trf")
	if err := os.WriteFile(file, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "pair", "-dutch", file)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * time.Second) // reading the file and pairing
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 1 {
					t.Errorf("after %v: %v, want exit status 1", sig, err)
				}
			case <-time.After(2 * time.Minute):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still pairing two minutes after %v", sig)
			}
			if stdout.Len() != 0 || !strings.Contains(stderr.String(), "context canceled") {
				t.Errorf("after %v: stdout %q, stderr %q; want no pairing and the reason", sig, stdout.String(), stderr.String())
			}
		})
	}
}
