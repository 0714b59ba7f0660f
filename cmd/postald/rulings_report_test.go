package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"postald/internal/golden"
)

// A ruling seen from every side: what the judge command says, the letter the players, the judge
// and the director get, what judge show lists, and what the director's report makes of it (the
// crosstable, the violations, the rulings, the finished games). Each case is a golden file of
// testdata/rulings. The rig: 1-4 has two moves (Anna 1. c3-d4, Gleb 1... f6-g5).
func TestRulingsSeenEverywhere(t *testing.T) {
	type letter struct {
		user, game, text string
	}
	tests := []struct {
		name    string
		letters []letter   // sent before the rulings
		judge   [][]string // the judge's commands, in turn
	}{
		// The judge charges Black 2 days under 4.2.11: the report names Black (Gleb), 2 days.
		{name: "penalty-4.2.11", judge: [][]string{
			{"penalty", "1-4", "black", "2", "-clause", "4.2.11", "-reason", "stopped letter of 4 November not charged"},
		}},
		// A penalty under another clause is a penalty too: listed with its clause and days.
		{name: "penalty-4.1.9", judge: [][]string{
			{"penalty", "1-4", "white", "3", "-clause", "4.1.9", "-reason", "comments on the game"},
		}},
		// 1-4 is annulled; Gleb (4) then leaves with 2-4 and 4-3 begun: two of three played
		// (1.10.4: unfinished games count, the annulled one does not), so 1.10.3: his results
		// stand, his unplayed games are lost, and the annulled game scores nothing for Anna.
		{name: "annulled-then-withdrawn-half",
			letters: []letter{{"boris", "2-4", "My move: 1. c3-d4\n"}, {"gleb", "4-3", "My move: 1. c3-d4\n"}},
			judge: [][]string{
				{"annul", "1-4", "-clause", "4.1.7", "-reason", "played by a substitute"},
				{"withdraw", "-reason", "illness", "4"},
			}},
		// Gleb played 1-4 (two moves); 2-4 was annulled without a move; 4-3 has none: one of
		// three played, fewer than half: 1.10.2, struck out, in the command and in the report.
		{name: "withdrawn-one-of-three",
			judge: [][]string{
				{"annul", "2-4", "-clause", "4.1.7", "-reason", "wrong pairing"},
				{"withdraw", "-reason", "illness", "4"},
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rulingRig(t)
			ctx := context.Background()
			for i, l := range tc.letters {
				if _, err := r.send(ctx, l.user, "RUL-1 game "+l.game, l.text, 30+i); err != nil {
					t.Fatal(err)
				}
			}
			r.delivered(t, "anna", "boris", "vera", "gleb", "judge", "director")
			var b strings.Builder
			for _, args := range tc.judge {
				out, code := r.judge(t, args...)
				b.WriteString("$ postald judge " + strings.Join(args, " ") + "\n" + out)
				if code != 0 {
					t.Fatalf("judge %v: exit %d\n%s", args, code, out)
				}
				// Every ruling letter states its clause and its reason (4.1.10); Gleb's copy
				// stands for all of them.
				var text strings.Builder
				if _, err := r.readers["gleb"].printNew(&text); err != nil {
					t.Fatal(err)
				}
				b.WriteString("── letters to gleb ──\n" + text.String())
				r.delivered(t, "anna", "boris", "vera", "judge", "director")
			}
			show, code := r.judge(t, "show", "1-4")
			if code != 0 {
				t.Fatalf("judge show: %s", show)
			}
			b.WriteString("$ postald judge show 1-4 (rulings)\n" + block(show, "rulings:"))
			js, code := r.judge(t, "show", "-json", "1-4")
			var v struct {
				Rulings []map[string]any `json:"rulings"`
			}
			if code != 0 || json.Unmarshal([]byte(js), &v) != nil {
				t.Fatalf("judge show -json: %s", js)
			}
			for _, ru := range v.Rulings {
				delete(ru, "time")
				line, _ := json.Marshal(ru)
				b.WriteString("  " + string(line) + "\n")
			}
			rep, code := reportOf(t, r)
			if code != 0 {
				t.Fatalf("report: %s", rep)
			}
			for _, title := range []string{"Crosstable", "Violations and penalties", "Rulings of the judge", "Finished games"} {
				b.WriteString("\n── report: " + title + " ──\n" + reportSection(rep, title))
			}
			rulingsGolden(t, tc.name+".golden", b.String())
		})
	}
}

// reportOf prints the director's report as the control socket does.
func reportOf(t *testing.T, r *localRig) (string, int) {
	t.Helper()
	out, code, err := runArgs(throughDaemon(r.d), "report")
	if err != nil {
		t.Fatal(err)
	}
	return out, code
}

// block returns the lines of s from the line start up to the next empty line.
func block(s, start string) string {
	i := strings.Index(s, "\n"+start+"\n")
	if i < 0 {
		return "(no " + start + ")\n"
	}
	s = s[i+1:]
	if j := strings.Index(s, "\n\n"); j >= 0 {
		s = s[:j+1]
	}
	return s
}

// reportSection returns the body of a section of the text report: after its underlined title,
// up to the next section.
func reportSection(rep, title string) string {
	head := "\n" + title + "\n" + strings.Repeat("=", len([]rune(title))) + "\n"
	i := strings.Index(rep, head)
	if i < 0 {
		return "(no section)\n"
	}
	s := rep[i+len(head):]
	if j := strings.Index(s, "\n\n"); j >= 0 {
		s = s[:j+1]
	}
	return s
}

func rulingsGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Text(t, "testdata/rulings/"+name, got)
}
