package office

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// systemWords are the names of the core by which code would decide for a competition system or
// a team itself: each system's identity and the steps the door of the system answers for.
var systemWords = []string{
	"Swiss", "Knockout", "RoundRobin", "TeamRoundRobin", "Scheveningen", "Teams", "TeamsOfCaptain", "TeamOf",
	"PairSwiss", "SwissGames", "SwissStartLetters", "RoundLetters", "RoundFinished", "ComputeSwiss", "SwissResults",
	"Bracket", "KnockoutGames", "KnockoutLetters", "KnockoutWonLetters", "KnockoutWithdrawal", "KnockoutPlanned",
	"PlanReserve", "ReserveLetters", "MatchIn", "MatchOf", "Matches", "MatchLetters", "TeamResults", "ComputeTeams",
	"WithdrawIn", "Withdraw", "Qualified",
}

// shellDirs are the office, its read side and the shell, which load, record and enqueue only.
var shellDirs = []string{".", "../reading", "../daemon", "../web", "../store", "../../cmd/postald"}

// TestShape: the office and the shell name no competition system or team outside the core's
// door (tournament.Course): no system, no system's step of package tournament, no field System
// or Teams of a start sheet. And the rulings log has no JSON outside the store: nothing there
// encodes or decodes a ruling or its entry.
func TestShape(t *testing.T) {
	for _, dir := range shellDirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, file, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					name := n.Sel.Name
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "tournament" && slices.Contains(systemWords, name) {
						t.Errorf("%s: tournament.%s: the office and the shell leave the competition system to its course", fset.Position(n.Pos()), name)
					}
					recv := string(src[fset.Position(n.X.Pos()).Offset:fset.Position(n.X.End()).Offset])
					if (name == "System" || name == "Teams") && recv != "tournament" && !strings.HasPrefix(recv, "tx.") {
						// (tx is a command's words, the phrasebook's: "a few names in a command's words")
						t.Errorf("%s: %s.%s: the office and the shell leave the competition system to its course", fset.Position(n.Pos()), recv, name)
					}
				case *ast.CallExpr:
					sel, ok := n.Fun.(*ast.SelectorExpr)
					if !ok || filepath.Base(dir) == "store" {
						return true
					}
					if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "json" {
						return true
					}
					for _, a := range n.Args {
						if text := string(src[fset.Position(a.Pos()).Offset:fset.Position(a.End()).Offset]); strings.Contains(text, "Ruling") ||
							strings.Contains(text, "Entry") || strings.Contains(text, "Details") {
							t.Errorf("%s: json.%s(%s): the rulings log is encoded and decoded by the store alone", fset.Position(n.Pos()), sel.Sel.Name, text)
						}
					}
				}
				return true
			})
		}
	}
}
