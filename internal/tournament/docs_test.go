package tournament

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"postald/internal/referee"
)

// TestDocDirectorKeys holds docs/director.md to the start sheet: every key of sheetFile (read
// from its TOML tags, so a key added to the sheet must be documented) has a row of a table,
// "| `[tournament] code` | DEFAULT | ...", whose second cell shows the key's default as a sheet
// writes it (`"ru"`, `1`, `[7, 1]`); a key without a default (required, or defaulting to
// something that is no constant) must say so in that cell.
func TestDocDirectorKeys(t *testing.T) {
	doc, err := os.ReadFile("../../docs/director.md")
	if err != nil {
		t.Fatal(err)
	}
	// The defaults of [tournament]: the values ParseSheet gives the keys this sheet leaves out.
	const minimal = `[tournament]
code = "T-1"
name = "T"
variant = "russian"
start = 2026-11-01
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
[[player]]
number = 1
name = "A"
email = "a@mail.example"
[[player]]
number = 2
name = "B"
email = "b@mail.example"
`
	s, err := ParseSheet([]byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	sheet := reflect.ValueOf(*s)
	file := reflect.TypeOf(sheetFile{})
	var keys []docKey
	tt, _ := file.FieldByName("Tournament")
	for _, f := range fields(tt.Type) {
		k := docKey{section: "[tournament]", key: f.tag}
		if !strings.Contains(minimal, "\n"+f.tag+" = ") {
			k.def = sheet.FieldByName(f.name).Interface()
		}
		keys = append(keys, k)
	}
	reg := reflect.ValueOf(regulationFile{referee.DefaultRegulation(), DefaultCompetition()})
	rt, _ := file.FieldByName("Regulation")
	for _, f := range fields(rt.Type) {
		keys = append(keys, docKey{section: "[regulation]", key: f.tag, def: reg.FieldByName(f.name).Interface()})
	}
	pt, _ := file.FieldByName("Player")
	for _, f := range fields(pt.Type.Elem()) {
		keys = append(keys, docKey{section: "[[player]]", key: f.tag})
	}
	tmt, _ := file.FieldByName("Team")
	for _, f := range fields(tmt.Type.Elem()) {
		keys = append(keys, docKey{section: "[[team]]", key: f.tag})
	}
	checkDocKeys(t, "docs/director.md", string(doc), keys)
}

type docKey struct {
	section, key string
	def          any // nil or a zero value: no constant default
}

type field struct{ name, tag string }

// fields lists the TOML keys of a struct type.
func fields(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			out = append(out, fields(f.Type)...) // its keys are the table's own
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if tag == "" || tag == "-" {
			continue
		}
		out = append(out, field{f.Name, tag})
	}
	return out
}

// tomlValue writes v as a TOML value, or "" for a zero value.
func tomlValue(v any) string {
	if v == nil || reflect.ValueOf(v).IsZero() {
		return ""
	}
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case int:
		return strconv.Itoa(v)
	case bool:
		return strconv.FormatBool(v)
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice {
		parts := make([]string, rv.Len())
		for i := range parts {
			parts[i] = tomlValue(rv.Index(i).Interface())
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

func checkDocKeys(t *testing.T, name, doc string, keys []docKey) {
	t.Helper()
	rows := map[string][]string{}
	for _, line := range strings.Split(doc, "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "| `") || len(cells) < 4 {
			continue
		}
		rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = cells[1:]
	}
	for _, k := range keys {
		id := k.section + " " + k.key
		cells, ok := rows[id]
		if !ok {
			t.Errorf("%s: no table row \"| `%s` | default | ...\"", name, id)
			continue
		}
		def := strings.TrimSpace(cells[1])
		switch want := tomlValue(k.def); {
		case want == "" && def == "":
			t.Errorf("%s: `%s`: the default cell is empty; say \"required\" or what it defaults to", name, id)
		case want != "" && !strings.Contains(def, want):
			t.Errorf("%s: `%s`: the default cell %q does not show the default %s", name, id, def, want)
		}
	}
}

// TestDocDirectorSheets parses every example start sheet of docs/director.md (a ```toml block
// that opens with [tournament]): each must be a valid sheet, a later stage's once its players
// are written in (here stand-ins, as postald simulate has them).
func TestDocDirectorSheets(t *testing.T) {
	doc, err := os.ReadFile("../../docs/director.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, block := range strings.Split(string(doc), "```toml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if !strings.HasPrefix(block, "[tournament]") {
			continue
		}
		n++
		data, _, err := StandIns([]byte(block))
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseSheet(data)
		if err != nil {
			t.Errorf("docs/director.md, example sheet %d: %v", n, err)
		}
	}
	if n < 2 {
		t.Errorf("docs/director.md: %d example sheets, want a Russian and an English one", n)
	}
}

// resultsSection returns the section of docs/director.md on the results file.
func resultsSection(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile("../../docs/director.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(doc), "\n## The results file of `postald crosstable`\n")
	if !ok {
		t.Fatal("docs/director.md: no section \"## The results file of `postald crosstable`\"")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	return sec
}

// TestDocResultsFile holds the section of docs/director.md on the results file to the reader:
// every key ReadStandings reads (tableFile's TOML tags, its tables' included) has a row of the
// section's table with its default and its clause, no row names a key the reader does not read,
// and every example file of the section (a ```toml block) is read without a mistake.
func TestDocResultsFile(t *testing.T) {
	sec := resultsSection(t)
	file := reflect.TypeOf(tableFile{})
	want := map[string]bool{}
	for i := 0; i < file.NumField(); i++ {
		f := file.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if tag == "" || tag == "-" {
			continue
		}
		if f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct {
			for _, sub := range fields(f.Type.Elem()) {
				want["[["+tag+"]] "+sub.tag] = true
			}
			continue
		}
		want[tag] = true
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(sec, "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "| `") || len(cells) < 6 {
			continue
		}
		rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = cells[1:]
	}
	for key := range want {
		cells, ok := rows[key]
		switch {
		case !ok:
			t.Errorf("docs/director.md, the results file: no row \"| `%s` | default | meaning | clause |\"", key)
		case strings.TrimSpace(cells[1]) == "":
			t.Errorf("docs/director.md, the results file: `%s` has no default", key)
		case strings.TrimSpace(cells[3]) == "":
			t.Errorf("docs/director.md, the results file: `%s` names no clause", key)
		}
	}
	for key := range rows {
		if !want[key] {
			t.Errorf("docs/director.md, the results file: a row for `%s`, which the reader does not read", key)
		}
	}
	n := 0
	for _, block := range strings.Split(sec, "```toml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		n++
		if _, err := ReadStandings([]byte(block)); err != nil {
			t.Errorf("docs/director.md, the results file's example %d: %v", n, err)
		}
	}
	if n == 0 {
		t.Error("docs/director.md, the results file: no example file")
	}
}
