package pdn

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// corpusDir is the shared game corpus as CI lays it out: ../shared seen from
// the repository root.
const corpusDir = "../../../../shared/corpus"

// badGame is a game of the corpus that does not replay, worked out by hand.
type badGame struct {
	Game int
	Ply  int
	Text string
	Kind ProblemKind
}

// corpusExpect gives, for every corpus file, its number of games and the
// games that do not replay. Each bad game was examined by hand:
//
//   - abatsiev 36: the moves of the game were never recorded; the file
//     writes "1. - - 2. - - …" for all 25 moves.
//   - BrunoVsScan31 11 (Crevat–Machtelinck): from move 32 the record is
//     scrambled: "32. 43-38 17-11 33. 32x43 49x38 …"; after 31…12x21 the
//     square 17 is empty and 17-11 would be a black man moving backwards.
//   - PROF2 11 (Sijbrands–Goeljaew): "16. 30-39" is the compulsory capture
//     30x39 written with a dash.
//   - PROF2 14 (Roozenburg–Springer): "21. 38x33" is the quiet move 38-33
//     written with an x.
//   - schildpad 3 and 7: engine games writing captures by from and to only
//     where two routes take different pieces: 36x16 is 36x18x7x16 (taking
//     27, 12, 11) or 36x13x2x16 (taking 27, 8, 11); 4x24 is 4x22x33x24
//     (18, 28, 29) or 4x31x42x24 (18, 37, 29). PDN requires the route then.
//   - Cat.C1 46: not a game: a stray "36x27 1-0" after the last problem, with
//     no tags and no position.
//
// None of them is an engine error.
var corpusExpect = map[string]struct {
	games int
	bad   []badGame
}{
	"international-giveaway/py-draughts_lidraughts-antidraughts.pdn":                   {25, nil},
	"russian/py-draughts_lidraughts-russian.pdn":                                       {9, nil},
	"russian/wiegerw-pdn_abatsiev.pdn":                                                 {56, []badGame{{36, 1, "-", ProblemUnreadable}}},
	"russian/wiegerw-pdn_ussr1947.pdn":                                                 {153, nil},
	"international/games/brunogui_1er_Open_International_Allinges_2007.pdn":            {45, nil},
	"international/games/brunogui_29eme_Open_dAvignon_2014.pdn":                        {97, nil},
	"international/games/brunogui_2eme_Open_national_du_Leman.pdn":                     {147, nil},
	"international/games/brunogui_48th_Polish_Team_Championship.pdn":                   {82, nil}, // 81 with tags and one headed [Empty]
	"international/games/brunogui_4th_African_BLITZ_Championship_OUAGA_ZIIRI_2024.pdn": {48, nil},
	"international/games/brunogui_Brigitte.pdn":                                        {1, nil},
	"international/games/brunogui_BrunoOuverture.pdn":                                  {1, nil},
	"international/games/brunogui_BrunoVsScan31.pdn":                                   {11, []badGame{{11, 64, "17-11", ProblemIllegal}}},
	"international/games/brunogui_Championnat_de_France_2021.pdn":                      {58, nil},
	"international/games/brunogui_ChapionnatSurinam2025.pdn":                           {98, nil},
	"international/games/brunogui_Match_Samb-Buggy2.pdn":                               {6, nil},
	"international/games/brunogui_Mini.pdn":                                            {6, nil},
	"international/games/brunogui_Moby_vs_Programs.pdn":                                {9, nil},
	"international/games/brunogui_Montpellier_Open_Serie_A.pdn":                        {56, nil},
	"international/games/brunogui_Montpellier_Open_Serie_B.pdn":                        {49, nil},
	"international/games/brunogui_Partie_avec_FEN1.pdn":                                {4, nil},
	"international/games/brunogui_Sijbrands_vs_Andreiko.pdn":                           {20, nil},
	"international/games/brunogui_TOURNOI_DES_CHAMPION_REGIONAUX.pdn":                  {12, nil},
	"international/games/brunogui_Van_der_Wal_vs_Wiersma.pdn":                          {20, nil},
	"international/games/brunogui_World_Title_Match_Women_2024.pdn":                    {2, nil},
	"international/games/brunogui_test.pdn":                                            {2, nil},
	"international/games/py-draughts_lidraughts-standard.pdn":                          {13, nil},
	"international/games/wiegerw-pdn_090417ronde12.pdn":                                {7, nil},
	"international/games/wiegerw-pdn_40Camp.DamaInternazionaleAssoluto.pdn":            {45, nil},
	"international/games/wiegerw-pdn_DUTCH96H.pdn":                                     {13, nil},
	"international/games/wiegerw-pdn_PROF2.pdn": {16, []badGame{
		{11, 31, "30-39", ProblemIllegal},
		{14, 41, "38x33", ProblemIllegal},
	}},
	"international/games/wiegerw-pdn_candidate95.pdn":      {8, nil},
	"international/games/wiegerw-pdn_delfts.pdn":           {2, nil},
	"international/games/wiegerw-pdn_kurnik.pdn":           {4, nil},
	"international/games/wiegerw-pdn_nk2003-amsterdam.pdn": {33, nil}, // the last has tags only
	"international/games/wiegerw-pdn_nk_ronde_01.pdn":      {7, nil},
	"international/games/wiegerw-pdn_nk_ronde_02.pdn":      {7, nil},
	"international/games/wiegerw-pdn_rk_ronde_12.pdn":      {7, nil},
	"international/games/wiegerw-pdn_schildpad.pdn": {34, []badGame{
		{3, 69, "36x16", ProblemAmbiguous},
		{7, 111, "4x24", ProblemAmbiguous},
	}},
	"international/games/wiegerw-pdn_windragon.pdn":   {1, nil},
	"international/games/wiegerw-pdn_wk2003.pdn":      {23, nil},
	"international/positions/wiegerw-pdn_Cat.A1.pdn":  {35, nil},
	"international/positions/wiegerw-pdn_Cat.B1.pdn":  {37, nil},
	"international/positions/wiegerw-pdn_Cat.C1.pdn":  {46, []badGame{{46, 1, "36x27", ProblemIllegal}}},
	"international/positions/wiegerw-pdn_Cat.D1.pdn":  {19, nil},
	"international/positions/wiegerw-pdn_PWCP_2.pdn":  {51, nil},
	"international/positions/wiegerw-pdn_PWCP_2a.pdn": {59, nil},
}

// corpusFiles returns the corpus files relative to corpusDir, skipping the
// test when the corpus is absent.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("game corpus not found at %s (../shared/corpus from the repository root): %v", corpusDir, err)
	}
	var files []string
	err := filepath.WalkDir(corpusDir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && filepath.Ext(path) == ".pdn" {
			rel, err := filepath.Rel(corpusDir, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// TestCorpus replays every game of the corpus and compares the games and
// the bad games of each file with what was worked out by hand.
func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	seen := map[string]bool{}
	total, totalBad := 0, 0
	for _, name := range files {
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			want, ok := corpusExpect[name]
			if !ok {
				t.Fatalf("no expectation for %s: work its games out and add it", name)
			}
			games := readFile(t, filepath.Join(corpusDir, name))
			if len(games) != want.games {
				t.Errorf("%d games, want %d", len(games), want.games)
			}
			var bad []badGame
			for i, g := range games {
				_, err := Replay(g, nil)
				if err == nil {
					continue
				}
				var re *ReplayError
				if !errors.As(err, &re) {
					t.Fatalf("game %d: error %v is not a *ReplayError", i+1, err)
				}
				bad = append(bad, badGame{Game: i + 1, Ply: re.Ply, Text: re.Text, Kind: re.Kind})
				t.Logf("game %d: %v", i+1, err)
			}
			if diff := cmp.Diff(want.bad, bad); diff != "" {
				t.Errorf("bad games differ (-want +got):\n%s", diff)
			}
			total += len(games)
			totalBad += len(bad)
		})
	}
	for name := range corpusExpect {
		if !seen[name] {
			t.Errorf("corpus file %s is missing", name)
		}
	}
	t.Logf("%d files, %d games, %d bad", len(files), total, totalBad)
}

func readFile(t testing.TB, path string) []*Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := ReadAll(f)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return games
}

// BenchmarkReplayCorpus reads and replays the biggest file of the corpus and
// reports games replayed per second.
func BenchmarkReplayCorpus(b *testing.B) {
	files := corpusFiles(b)
	biggest, size := "", int64(-1)
	for _, name := range files {
		st, err := os.Stat(filepath.Join(corpusDir, name))
		if err != nil {
			b.Fatal(err)
		}
		if st.Size() > size {
			biggest, size = name, st.Size()
		}
	}
	data, err := os.ReadFile(filepath.Join(corpusDir, biggest))
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%s: %d bytes", biggest, len(data))
	b.SetBytes(int64(len(data)))
	games := 0
	for b.Loop() {
		gs, err := ReadAll(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range gs {
			if _, err := Replay(g, nil); err != nil {
				b.Fatal(fmt.Errorf("game does not replay: %w", err))
			}
		}
		games += len(gs)
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}
