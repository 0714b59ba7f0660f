package tournament

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"postald/internal/golden"
	"postald/internal/langcheck"
	"postald/internal/phrase"
	"postald/internal/referee"
)

// TestFaultsWorded holds every fault of a start sheet and a results file to the Russian book:
// the English format of each call that adds one (problems.add, NewProblem, and the office's
// refusals of a stage), in this package and in the office, has its Russian words, with the
// same verbs in the same order, and what a count of 0 would mean too; a format that only
// passes another package's error on (%v) is the only one left as it is.
func TestFaultsWorded(t *testing.T) {
	ru := phrase.For("ru").Sheet
	var formats []string
	for _, dir := range []string{".", "../office"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok || len(c.Args) < 2 {
					return true
				}
				name := ""
				switch fn := c.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				case *ast.Ident:
					name = fn.Name
				}
				if name != "add" && name != "NewProblem" && name != "bad" {
					return true
				}
				if lit, ok := c.Args[1].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, _ := strconv.Unquote(lit.Value)
					formats = append(formats, v)
				}
				return true
			})
		}
	}
	if len(formats) < 50 {
		t.Fatalf("found %d formats of faults: the calls are not where the test looks", len(formats))
	}
	for _, k := range regulationCounts(referee.DefaultRegulation()) {
		formats = append(formats, k.what)
	}
	for _, f := range formats {
		if f == "%v" {
			continue
		}
		r := ru.Fault(f)
		if r == f {
			t.Errorf("no Russian words for the fault %q", f)
			continue
		}
		if got, want := verbs(r), verbs(f); got != want {
			t.Errorf("the Russian of %q has the verbs %s, want %s", f, got, want)
		}
		if bad := langcheck.Command(r, "seed", "boards", "reserves", "mixed", "after", "places", "channel", "openings", "list", "first-move", "micromatch", "knockout_extra", "lots.line", "email", "C1", "auto"); len(bad) > 0 {
			t.Errorf("the Russian of %q holds English %q: %s", f, bad, r)
		}
	}
}

// verbs lists a format's verbs in order.
func verbs(f string) string {
	var out []string
	for i := 0; i < len(f); i++ {
		if f[i] == '%' && i+1 < len(f) {
			out = append(out, f[i:i+2])
			i++
		}
	}
	return strings.Join(out, " ")
}

// TestSheetFaultsInRussian: a sheet with a fault of each kind of place (the tournament, a player
// by his number, a regulation count of 0, a team's board list) is refused with every fault
// worded in the command line's language, the keys as the sheet writes them: a golden file of
// each language, the Russian one without an English word but the keys and values typed.
func TestSheetFaultsInRussian(t *testing.T) {
	sheet := `
[tournament]
code = "КЧ-1"
name = "Командный чемпионат"
variant = "russian"
start = 2026-11-01
end = 2026-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
system = "team-round-robin"

[regulation]
penalty_days = 0
scoring = "3-1-0"

[[team]]
name = "Нева"
captain = "neva@club.example"
boards = [1, 2]

[[team]]
name = "Волга"
captain = "volga@club.example"
boards = [3, 2]

[[player]]
number = 1
name = "Иванов Иван"
email = "ivanov@mail"

[[player]]
number = 2
name = "Петров Пётр"
email = "petrov@mail.example"
channel = "pigeon"

[[player]]
number = 3
name = "Сидоров Сидор"
email = "sidorov@mail.example"
`
	_, err := ParseSheet([]byte(sheet))
	inv, ok := err.(*InvalidError)
	if !ok {
		t.Fatalf("ParseSheet: %v, want an *InvalidError", err)
	}
	for _, lang := range []string{"ru", "en"} {
		var b strings.Builder
		for _, p := range inv.In(lang).Problems {
			b.WriteString(p.String() + "\n")
		}
		got := b.String()
		golden.Text(t, filepath.Join("testdata", "faults."+lang+".txt"), got)
		if lang == "ru" {
			for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
				if bad := langcheck.Command(line, "team_1.boards", "email", "pigeon", "post", "phone", "regulation"); len(bad) > 0 {
					t.Errorf("holds English %q: %s", bad, line)
				}
			}
		}
	}
	if inv.In("en").Error() != inv.Error() {
		t.Errorf("the problems in English differ from the error:\n%s\n%s", inv.In("en").Error(), inv.Error())
	}
}
