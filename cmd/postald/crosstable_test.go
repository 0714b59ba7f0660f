package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const crosstableData = "../../internal/tournament/testdata/"

func runCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), &cmdEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args)
	return out.String(), errb.String(), code
}

func TestCrosstableText(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			out, errs, code := runCmd(t, "crosstable", "-lang", lang, crosstableData+"field.toml")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			want, err := os.ReadFile(crosstableData + "field." + lang + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), out); diff != "" {
				t.Errorf("text crosstable (-golden +got):\n%s", diff)
			}
		})
	}
}

// The JSON shape formats.md fixes: {"standings":[{"place","number","name","points","wins","tiebreaks"}]}.
func TestCrosstableJSON(t *testing.T) {
	out, errs, code := runCmd(t, "crosstable", "-json", crosstableData+"withdrawn.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, `{"standings":[{"place":"1","number":1,"name":"Adams","points":3,"wins":2,"tiebreaks":{"sonneborn-berger":10.5}}`) {
		t.Errorf("output does not start as formats.md shows:\n%s", out)
	}
	var got struct {
		Standings []struct {
			Place     string             `json:"place"`
			Number    int                `json:"number"`
			Name      string             `json:"name"`
			Points    float64            `json:"points"`
			Wins      int                `json:"wins"`
			Tiebreaks map[string]float64 `json:"tiebreaks"`
			Withdrawn bool               `json:"withdrawn"`
		} `json:"standings"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	// Hand-computed in internal/tournament/testdata/README.md.
	var places []string
	for _, s := range got.Standings {
		places = append(places, s.Place+" "+s.Name)
	}
	if diff := cmp.Diff([]string{"1 Adams", "2 Clark", "3 Davis", "4 Brown", "5 Evans"}, places); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
	if last := got.Standings[4]; !last.Withdrawn || last.Points != 1 || last.Tiebreaks["sonneborn-berger"] != 3 {
		t.Errorf("Evans = %+v", last)
	}
}

func TestCrosstableErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("scoring = \"3-1-0\"\n[[player]]\nnumber = 1\nname = \"A\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no file", []string{"crosstable"}, 2, "usage"},
		{"missing file", []string{"crosstable", filepath.Join(dir, "none.toml")}, 1, "no such file"},
		{"invalid file", []string{"crosstable", bad}, 1, "scoring"},
		{"bad language", []string{"crosstable", "-lang", "de", bad}, 1, "-lang"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs, code := runCmd(t, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.msg)
			}
		})
	}
}

// TestCrosstableSystems: the results files of a team round robin and of a Swiss, counted by hand
// in internal/tournament/testdata/README.md: the text of each language as the golden files hold
// it, and the JSON of the teams (places, game and match points, the coefficient of seed 000,
// 3.7.3) and of the Swiss (Buchholz with the byes and the withdrawal of 1.13.11).
func TestCrosstableSystems(t *testing.T) {
	for _, name := range []string{"teams.results", "swiss.results", "knockout.results"} {
		for _, lang := range []string{"ru", "en"} {
			out, errs, code := runCmd(t, "crosstable", "-lang", lang, crosstableData+name+".toml")
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", name, code, errs)
			}
			want, err := os.ReadFile(crosstableData + name + "." + lang + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), out); diff != "" {
				t.Errorf("%s, %s (-golden +got):\n%s", name, lang, diff)
			}
		}
	}
	out, errs, code := runCmd(t, "crosstable", "-json", crosstableData+"teams.results.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var teams struct {
		Teams []struct {
			Place       string             `json:"place"`
			Number      int                `json:"number"`
			GamePoints  float64            `json:"game_points"`
			MatchPoints float64            `json:"match_points"`
			Tiebreaks   map[string]float64 `json:"tiebreaks"`
		} `json:"teams"`
		Matches []struct {
			Home, Away int
			Score      [2]float64
		} `json:"matches"`
		Boards []struct {
			Number int     `json:"number"`
			Points float64 `json:"points"`
		} `json:"boards"`
		// 1.14.6: Волга won every match and is only second.
		Extra *struct {
			Team    int `json:"team"`
			Against int `json:"against"`
		} `json:"extra_match"`
	}
	if err := json.Unmarshal([]byte(out), &teams); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range teams.Teams {
		got = append(got, fmt.Sprintf("%s %d %v %v %v", s.Place, s.Number, s.GamePoints, s.MatchPoints, s.Tiebreaks["coefficient"]))
	}
	if diff := cmp.Diff([]string{"1 1 9 4 38.25", "2 2 8 6 41.75", "3 4 3.5 1 19.5", "4 3 3.5 1 19"}, got); diff != "" {
		t.Errorf("teams (-hand +got):\n%s", diff)
	}
	if len(teams.Matches) != 6 || teams.Matches[0].Score != [2]float64{3.5, 0.5} || len(teams.Boards) != 16 {
		t.Errorf("matches %+v, %d boards", teams.Matches, len(teams.Boards))
	}
	if teams.Extra == nil || teams.Extra.Team != 2 || teams.Extra.Against != 1 {
		t.Errorf("extra_match %+v, want Волга (2) against Нева (1) (1.14.6)", teams.Extra)
	}
	out, _, _ = runCmd(t, "crosstable", "-json", crosstableData+"swiss.results.toml")
	if strings.Contains(out, "extra_match") {
		t.Errorf("a Swiss's JSON has an extra match: %s", out)
	}
	out, errs, code = runCmd(t, "crosstable", "-json", crosstableData+"swiss.results.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(out, `{"standings":[{"place":"1","number":1,"name":"Абрамов","points":2.5,"wins":2,"tiebreaks":{"buchholz":5,"wins":2}}`) {
		t.Errorf("the Swiss's JSON:\n%s", out)
	}
	// The knockout of five of the results file's comment: 4–5 drawn twice, the lot; the final
	// 1–3 drawn and won by 3 in the extra game.
	out, errs, code = runCmd(t, "crosstable", "-json", crosstableData+"knockout.results.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var ko struct {
		Bracket []struct {
			Round   int        `json:"round"`
			A       int        `json:"higher_seed"`
			B       int        `json:"lower_seed"`
			Score   [2]float64 `json:"score"`
			Extra   [2]float64 `json:"extra_score"`
			Through int        `json:"through"`
			How     string     `json:"how"`
			Lot     string     `json:"lot"`
		} `json:"bracket"`
		Winner int `json:"winner"`
	}
	if err := json.Unmarshal([]byte(out), &ko); err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, p := range ko.Bracket {
		got = append(got, fmt.Sprintf("%d %d-%d %v %v %d %s %s", p.Round, p.A, p.B, p.Score, p.Extra, p.Through, p.How, p.Lot))
	}
	want := []string{"1 1-0 [0 0] [0 0] 1 bye ", "1 4-5 [0.5 0.5] [0.5 0.5] 4 lot knockout 1 4-5", "1 2-0 [0 0] [0 0] 2 bye ", "1 3-0 [0 0] [0 0] 3 bye ",
		"2 1-4 [1 0] [0 0] 1 won ", "2 2-3 [0 1] [0 0] 3 won ", "3 1-3 [0.5 0.5] [0 1] 3 extra "}
	if diff := cmp.Diff(want, got); diff != "" || ko.Winner != 3 {
		t.Errorf("the knockout's JSON, winner %d (-hand +got):\n%s", ko.Winner, diff)
	}
}
