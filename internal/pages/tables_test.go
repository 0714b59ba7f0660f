package pages

import (
	"html/template"
	"strings"
	"testing"
)

// TestTablesAsTheTemplate: the tournament's tables drawn in Go are what html/template drew of
// the same rows, byte for byte, whatever the cells hold: markup, quotes, ampersands, plus signs,
// a NUL, Cyrillic, a link with a query.
func TestTablesAsTheTemplate(t *testing.T) {
	rows := [][]string{
		{"1", "+", `Иванов "Ваня" <b>`, "X", "½", "1"},
		{"2", "2-1", "O'Neil & Co", "0", "X", "\x00"},
		{"3", "1-2", "", "", "=", "a+b"},
		{"4", "3-4", "X", "x", "", ""},
	}
	links := map[string]string{"1-2": "/t/%D0%97%D0%9A-1/1-2?ply=3&lang=en", "2-1": "/t/x/2-1?q=\"'<> é+()", "3-4": "javascript:alert(1)", "X": "HTTPS://x/"}
	cross := template.Must(template.New("c").Parse(`{{range .Rows}}<tr>{{range $j, $c := .}}{{if eq $j $.Name}}<th scope="row" class="name">{{$c}}</th>{{else if index $.Text $j}}<td>{{$c}}</td>{{else if eq $c "X"}}<td class="x">X</td>{{else}}<td class="n">{{$c}}</td>{{end}}{{end}}</tr>
{{end}}`))
	list := template.Must(template.New("l").Parse(`{{$col := .Col}}{{range .Rows}}<tr>{{range $j, $c := .}}{{if and (eq $j $col) $.Games}}{{with index $.Games $c}}<td><a href="{{.}}">{{$c}}</a></td>{{else}}<td>{{$c}}</td>{{end}}{{else}}<td>{{$c}}</td>{{end}}{{end}}</tr>
{{end}}`))
	text := map[int]bool{1: true, 3: true} // columns of words: the X of column 3 is text there
	var want strings.Builder
	if err := cross.Execute(&want, map[string]any{"Rows": rows, "Name": 2, "Text": text}); err != nil {
		t.Fatal(err)
	}
	if got := string(crossBody(rows, 2, text)); got != want.String() {
		t.Errorf("crosstable:\n%s\nwant, as the template drew it:\n%s", got, want.String())
	}
	for _, c := range []struct {
		col   int
		links map[string]string
	}{{1, links}, {1, nil}, {0, links}} {
		want.Reset()
		if err := list.Execute(&want, map[string]any{"Rows": rows, "Col": c.col, "Games": c.links}); err != nil {
			t.Fatal(err)
		}
		if got := string(listBody(rows, c.col, c.links)); got != want.String() {
			t.Errorf("list, game column %d, links %v:\n%s\nwant, as the template drew it:\n%s", c.col, c.links != nil, got, want.String())
		}
	}
}
