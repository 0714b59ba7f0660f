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

const scenarioDir = "../../internal/referee/testdata/scenarios"

// TestScenarios replays every scenario's letters and compares the output with expected.jsonl,
// which was worked out by hand from the rules (each scenario's README says how).
func TestScenarios(t *testing.T) {
	dirs, err := os.ReadDir(scenarioDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		n++
		t.Run(d.Name(), func(t *testing.T) {
			dir := filepath.Join(scenarioDir, d.Name())
			sheetData, err := os.ReadFile(filepath.Join(dir, "sheet.toml"))
			if err != nil {
				t.Fatal(err)
			}
			mbox, err := os.ReadFile(filepath.Join(dir, "letters.mbox"))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := simulate(context.Background(), sheetData, mbox, &out, false); err != nil {
				t.Fatal(err)
			}
			// expected.jsonl was worked out by hand: after -update, check every changed line
			// against the scenario's README.
			golden.Text(t, filepath.Join(dir, "expected.jsonl"), out.String())
		})
	}
	if n == 0 {
		t.Fatal("no scenarios found")
	}
}

func TestSimulateCommand(t *testing.T) {
	dir := filepath.Join(scenarioDir, "forced-and-stop")
	var stdout, stderr bytes.Buffer
	env := &cmdEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
	if code := run(context.Background(), env, []string{"simulate", "-sheet", filepath.Join(dir, "sheet.toml"), filepath.Join(dir, "letters.mbox")}); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, stderr.String())
	}
	want, _ := os.ReadFile(filepath.Join(dir, "expected.jsonl"))
	if stdout.String() != string(want) {
		t.Errorf("postald simulate printed\n%s\nwant\n%s", stdout.String(), want)
	}
	stdout.Reset()
	if code := run(context.Background(), env, []string{"simulate", filepath.Join(dir, "letters.mbox")}); code != 2 {
		t.Errorf("without -sheet: exit %d, want 2", code)
	}
	if code := run(context.Background(), env, []string{"simulate", "-sheet", filepath.Join(dir, "missing.toml"), "x.mbox"}); code != 1 {
		t.Errorf("missing sheet: exit %d, want 1", code)
	}
}
