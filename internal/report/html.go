package report

import (
	"fmt"
	"html/template"
	"strings"

	"postald/internal/phrase"
)

// HTML writes the same report as Text as one HTML page (UTF-8, no scripts, inline style),
// fit to publish or to send as the HTML part of a letter. Every value is escaped.
func HTML(in Input) (string, error) {
	v, err := build(in)
	if err != nil {
		return "", err
	}
	page := struct {
		*view
		CrossTitle  string
		CrossHeader []string
		CrossRows   [][]string
		CrossNotes  []string
		NameColumn  int
	}{
		view:        v,
		CrossTitle:  phrase.For(v.Lang).Report.Crosstable,
		CrossHeader: v.Cross.Header(v.Lang),
		CrossRows:   v.Cross.Rows(),
		CrossNotes:  v.Cross.Notes(v.Lang),
		NameColumn:  2,
	}
	var b strings.Builder
	if err := pageTemplate.Execute(&b, page); err != nil {
		return "", fmt.Errorf("report: html: %w", err)
	}
	return b.String(), nil
}

var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; }
td.n { text-align: center; }
td.x { background: #ddd; text-align: center; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{.AsOf}}</p>
{{range .Facts}}<p>{{.}}</p>
{{end}}
<h2>{{.CrossTitle}}</h2>
<table>
<tr>{{range .CrossHeader}}<th>{{.}}</th>{{end}}</tr>
{{range .CrossRows}}<tr>{{range $j, $c := .}}{{if eq $j $.NameColumn}}<td>{{$c}}</td>{{else if eq $c "X"}}<td class="x">X</td>{{else}}<td class="n">{{$c}}</td>{{end}}{{end}}</tr>
{{end}}</table>
{{range .CrossNotes}}<p>{{.}}</p>
{{end}}
{{range .Sections}}<h2>{{.Title}}</h2>
{{if .Rows}}<table>
<tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
{{else}}<p>{{.Empty}}</p>
{{end}}{{end}}</body>
</html>
`))
