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
	header := []string{"Место", "№", "Участник", "1", "Тур 2", "3", "Очки", `"SB" <b>`}
	rows := [][]string{
		{"1", "+", `Иванов "Ваня" <b>`, "X", "½", "1", "1½", "2"},
		{"2", "2-1", "O'Neil & Co", "0", "X", "\x00", "0", ""},
		{"3", "1-2", "", "", "=", "a+b", "", "1"},
		{"4", "3-4", "X", "x", "", "", "", "", "extra"},
	}
	links := map[string]string{"1-2": "/t/%D0%97%D0%9A-1/1-2?ply=3&lang=en", "2-1": "/t/x/2-1?q=\"'<> é+()", "3-4": "javascript:alert(1)", "X": "HTTPS://x/"}
	funcs := template.FuncMap{"isnum": isNumber, "cell": cell}
	label := `{{$h := cell $.Header $j}}{{if and (gt $j $.Name) (lt $j $.Points) (isnum $h)}}{{index $.Header 1}} {{end}}{{$h}}`
	cross := template.Must(template.New("c").Funcs(funcs).Parse(`{{range .Rows}}<tr>{{range $j, $c := .}}{{if eq $j $.Name}}<th scope="row" class="name">{{$c}}</th>{{else if eq $c "X"}}<td class="x">X</td>{{else if index $.Text $j}}<td data-label="` + label + `">{{$c}}</td>{{else}}<td class="n {{if eq $j 0}}place{{else if lt $j $.Name}}num{{else if lt $j $.Points}}opp{{else if eq $j $.Points}}pts{{else}}tb{{end}}" data-label="` + label + `">{{$c}}</td>{{end}}{{end}}</tr>
{{end}}`))
	grid := template.Must(template.New("r").Funcs(funcs).Parse(`{{range .Rows}}<tr>{{range $j, $c := .}}{{if eq $j $.Name}}<th scope="row" class="name">{{$c}}</th>{{else if index $.Text $j}}<td data-label="{{cell $.Header $j}}">{{$c}}</td>{{else}}<td class="n" data-label="{{cell $.Header $j}}">{{$c}}</td>{{end}}{{end}}</tr>
{{end}}`))
	list := template.Must(template.New("l").Funcs(funcs).Parse(`{{$col := .Col}}{{range .Rows}}<tr>{{range $j, $c := .}}{{$h := cell $.Header $j}}{{if and (eq $j $col) $.Games}}{{with index $.Games $c}}<td data-label="{{$h}}"><a href="{{.}}">{{$c}}</a></td>{{else}}<td data-label="{{$h}}">{{$c}}</td>{{end}}{{else}}<td data-label="{{$h}}">{{$c}}</td>{{end}}{{end}}</tr>
{{end}}`))
	text := map[int]bool{1: true, 7: true} // columns of words
	var want strings.Builder
	if err := cross.Execute(&want, map[string]any{"Header": header, "Rows": rows, "Name": 2, "Points": 6, "Text": text}); err != nil {
		t.Fatal(err)
	}
	if got := string(crossBody(header, rows, 2, 6, text)); got != want.String() {
		t.Errorf("crosstable:\n%s\nwant, as the template drew it:\n%s", got, want.String())
	}
	want.Reset()
	if err := grid.Execute(&want, map[string]any{"Header": header, "Rows": rows, "Name": 2, "Text": text}); err != nil {
		t.Fatal(err)
	}
	if got := string(rowsBody(header, rows, 2, text)); got != want.String() {
		t.Errorf("a table of rows:\n%s\nwant, as the template drew it:\n%s", got, want.String())
	}
	for _, c := range []struct {
		col   int
		links map[string]string
	}{{1, links}, {1, nil}, {0, links}} {
		want.Reset()
		if err := list.Execute(&want, map[string]any{"Header": header, "Rows": rows, "Col": c.col, "Games": c.links}); err != nil {
			t.Fatal(err)
		}
		if got := string(listBody(header, rows, c.col, c.links)); got != want.String() {
			t.Errorf("list, game column %d, links %v:\n%s\nwant, as the template drew it:\n%s", c.col, c.links != nil, got, want.String())
		}
	}
}
