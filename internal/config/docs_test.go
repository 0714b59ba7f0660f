package config

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestDocAdminKeys holds docs/admin.md to the configuration: every key of Config (read from its
// TOML tags, so a key added to the configuration must be documented) has a row of a table,
// "| `[store] path` | DEFAULT | ...", whose second cell shows the default of Defaults() as the
// file writes it (`"/run/postald/control.sock"`, `"1m"`, `30`); a key without a default must say
// what happens when it is left out; a key its section's layout has but Parse refuses (Refused:
// [imap] from) says "refused", and only such a key.
func TestDocAdminKeys(t *testing.T) {
	doc, err := os.ReadFile("../../docs/admin.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "| `") || len(cells) < 4 {
			continue
		}
		rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = strings.TrimSpace(cells[2])
	}
	defs := reflect.ValueOf(Defaults())
	ct := defs.Type()
	n := 0
	for i := 0; i < ct.NumField(); i++ {
		section := tomlTag(ct.Field(i))
		if section == "" {
			continue
		}
		sv := defs.Field(i)
		for j := 0; j < sv.NumField(); j++ {
			key := tomlTag(sv.Type().Field(j))
			if key == "" {
				continue
			}
			n++
			id := "[" + section + "] " + key
			def, ok := rows[id]
			if !ok {
				t.Errorf("docs/admin.md: no table row \"| `%s` | default | ...\"", id)
				continue
			}
			switch want := configValue(sv.Field(j)); {
			case Refused(id) != (def == "refused"):
				t.Errorf("docs/admin.md: `%s`: the default cell %q; the configuration refuses the key: %v", id, def, Refused(id))
			case Refused(id):
			case want == "" && def == "":
				t.Errorf("docs/admin.md: `%s`: the default cell is empty; say what leaving it out means", id)
			case want != "" && !strings.Contains(def, want):
				t.Errorf("docs/admin.md: `%s`: the default cell %q does not show the default %s", id, def, want)
			}
		}
	}
	if n < 20 {
		t.Fatalf("found only %d configuration keys by reflection", n)
	}
}

func tomlTag(f reflect.StructField) string {
	tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	if tag == "-" {
		return ""
	}
	return tag
}

// configValue writes a default as the configuration file writes it; "" for a zero value.
func configValue(v reflect.Value) string {
	if v.IsZero() {
		return ""
	}
	switch x := v.Interface().(type) {
	case Duration:
		s := x.String() // "1m0s" is written "1m", "1h0m0s" "1h"
		if strings.HasSuffix(s, "m0s") {
			s = strings.TrimSuffix(s, "0s")
		}
		if strings.HasSuffix(s, "h0m") {
			s = strings.TrimSuffix(s, "0m")
		}
		return strconv.Quote(s)
	case string:
		return strconv.Quote(x)
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	case []string:
		q := make([]string, len(x))
		for i, s := range x {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	}
	return v.String()
}
