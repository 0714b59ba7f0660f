package referee

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/golden"
	"postald/internal/mailparse"
)

// preludes are the games the golden letters of testdata/eml are written into, named by their
// X-Test-Before header.
var preludes = map[string][]testLetter{
	"":         nil,
	"white1":   opening[:1],
	"opening":  opening,
	"proposal": {proposal},
	// two unlabelled variants for Black's first move
	"proposal2": {{ivanov, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nЕсли 1... f6-g5, то 2. g3-h4\nЕсли 1... b6-a5, то 2. b2-c3"}},
}

// TestGoldenEML decides each letter of testdata/eml (an .eml as a player's mail client sends it)
// in the game its X-Test-Before header names, in the language of X-Test-Language, and compares
// the decision and every letter postald sends with the .golden file beside it. Run with -update
// after a deliberate change and read the diff: these are what players receive.
func TestGoldenEML(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "eml", "*.eml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden letters: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			l, err := mailparse.Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			before, ok := preludes[header(raw, "X-Test-Before")]
			if !ok {
				t.Fatalf("unknown X-Test-Before %q", header(raw, "X-Test-Before"))
			}
			g := after(t, "russian", before...)
			g.Table.Language = header(raw, "X-Test-Language")
			env := Envelope{From: l.Header.From, MessageID: l.Header.MessageID, Received: l.Header.Date}
			d := apply(g, l, env, DefaultRegulation())
			view := struct {
				Verdict    Verdict     `json:"verdict"`
				Clauses    []string    `json:"clauses"`
				Moves      []string    `json:"moves"`
				Penalty    int         `json:"penalty_days"`
				Time       Time        `json:"time"`
				ToMove     Side        `json:"to_move,omitempty"`
				Board      []string    `json:"board"`
				Violations []Violation `json:"violations,omitempty"`
			}{d.Verdict, d.Clauses, d.Moves, d.PenaltyDays, d.Time, d.ToMove, d.Game.MoveList(), d.Violations}
			js, err := json.MarshalIndent(view, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Text(t, strings.TrimSuffix(path, ".eml")+".golden", string(js)+"\n"+writeLetters(d.Letters))
		})
	}
}

// header returns the value of a header field of a raw message.
func header(raw []byte, name string) string {
	head, _, _ := strings.Cut(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\n\n")
	for _, line := range strings.Split(head, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(k, name) {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
