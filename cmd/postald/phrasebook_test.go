package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEveryTextFromThePhrasebook: no text of the command line's own is written in its code: every
// string literal of cmd/postald that holds words — two English words in a row, or a Cyrillic
// letter — is a failure, so that every line a command prints for people comes from the
// phrasebook (internal/phrase, CLIText) in the command line's or the tournament's language.
// What is not for people is left alone: the log (in English, for the administrator's tools),
// a line whose format other programs read (marked "for programs" on it or the line above:
// check's and perft's lines, formats.md; the version line), and the demo, a showcase played in
// English (demo.go). The golden sessions (club_test.go) hold what is printed to the same
// languages.
func TestEveryTextFromThePhrasebook(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "demo.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		marked := map[int]bool{} // lines marked for programs, and the line after each
		for _, g := range f.Comments {
			if strings.Contains(g.Text(), "for programs") {
				line := fset.Position(g.End()).Line
				marked[line], marked[line+1] = true, true
			}
		}
		ast.Inspect(f, func(node ast.Node) bool {
			switch x := node.(type) {
			case *ast.ImportSpec, *ast.Field:
				return false // paths, struct tags
			case *ast.CallExpr:
				if sel, ok := x.Fun.(*ast.SelectorExpr); ok && logMethods[sel.Sel.Name] {
					return false // the log
				}
			case *ast.BasicLit:
				if x.Kind != token.STRING {
					return true
				}
				n++
				s, err := strconv.Unquote(x.Value)
				if err != nil {
					t.Fatalf("%s: %s: %v", fset.Position(x.Pos()), x.Value, err)
				}
				pos := fset.Position(x.Pos())
				if !marked[pos.Line] && !inVersion(f, x) && words(commandWords.ReplaceAllString(s, " ")) {
					t.Errorf("%s: %q is written in the code; take it from the phrasebook (phrase.CLIText)", pos, s)
				}
			}
			return true
		})
	}
	if n < 100 {
		t.Fatalf("read only %d string literals", n)
	}
}

// commandWords are postald's commands and the judge's, as typed: "judge list", "tournament create".
var commandWords = func() *regexp.Regexp {
	names := []string{"create", "help"}
	for _, c := range commands() {
		names = append(names, regexp.QuoteMeta(c.name))
	}
	for _, sub := range judgeCommands {
		names = append(names, regexp.QuoteMeta(sub))
	}
	return regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
}()

// inVersion reports whether lit is in writeVersion: the version line, for programs.
func inVersion(f *ast.File, lit *ast.BasicLit) bool {
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "writeVersion" && fn.Pos() <= lit.Pos() && lit.End() <= fn.End() {
			return true
		}
	}
	return false
}

// logMethods are the methods of *slog.Logger: what is logged is in English.
var logMethods = map[string]bool{"Debug": true, "Info": true, "Warn": true, "Error": true}

var (
	// typed are what a text may hold that is typed, not said: format verbs, flags, keys,
	// postald's name, file names and paths.
	typed = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]|(^|\s)-[a-z][a-z-]*|\[[a-z]+\]( [a-z_]+)?|\bpostald\b|[\w.-]*[./][\w./-]+`)
	// wordPair is two words of letters in a row; cyrillicLetter a Cyrillic letter.
	wordPair       = regexp.MustCompile(`[A-Za-z]{2,}[ ,;:'’]+[A-Za-z]{2,}`)
	cyrillicLetter = regexp.MustCompile(`\p{Cyrillic}`)
)

// words reports whether s holds words for people: two English words in a row, or Cyrillic.
func words(s string) bool {
	s = typed.ReplaceAllString(s, " ")
	return wordPair.MatchString(s) || cyrillicLetter.MatchString(s)
}

// TestWords: the test's own reading of what holds words.
func TestWords(t *testing.T) {
	for s, want := range map[string]bool{
		"usage: postald serve": true, "game %d: move %d (%s): %s\n": true, "ход белых": true,
		"%s: %v\n": false, "postald judge %s": false, "-config": false, "[smtp] from %q: %s": false,
		"2006-01-02 15:04": false, "cards.pdf": false, "white": false, "/etc/postald/postald.toml": false,
		"the reply of %s": true,
	} {
		if got := words(s); got != want {
			t.Errorf("words(%q) = %v, want %v", s, got, want)
		}
	}
}
