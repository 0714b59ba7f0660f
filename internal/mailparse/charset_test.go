package mailparse

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// TestCharsets writes one letter in every Cyrillic code page a player's client may use,
// declared rightly, wrongly or not at all, and reads it back.
func TestCharsets(t *testing.T) {
	const body = "Турнир СТ-2026/1, партия 3-7.\nВаш ход 11... h6:f4 получил.\nМой ход: 12. g3:e5\nС уважением, Пётр\n"
	tests := []struct {
		name     string
		enc      encoding.Encoding
		declared string
		problem  string // the problem reported, "" for none
	}{
		{"koi8-r", charmap.KOI8R, "koi8-r", ""},
		{"windows-1251", charmap.Windows1251, "windows-1251", ""},
		{"cp1251 alias", charmap.Windows1251, "cp1251", ""},
		{"iso-8859-5", charmap.ISO8859_5, "iso-8859-5", ""},
		{"ibm866", charmap.CodePage866, "ibm866", ""},
		{"mac cyrillic", charmap.MacintoshCyrillic, "x-mac-cyrillic", ""},
		{"windows-1251 declared koi8-r", charmap.Windows1251, "koi8-r", WhatBadText},
		{"koi8-r declared windows-1251", charmap.KOI8R, "windows-1251", WhatBadText},
		{"windows-1251 undeclared", charmap.Windows1251, "", WhatBadText},
		{"koi8-r declared utf-8", charmap.KOI8R, "utf-8", WhatBadText},
		{"windows-1251 unknown name", charmap.Windows1251, "x-no-such-charset", WhatCharset},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := tt.enc.NewEncoder().String(body)
			if err != nil {
				t.Fatal(err)
			}
			ct := "text/plain"
			if tt.declared != "" {
				ct += "; charset=" + tt.declared
			}
			l, err := Parse([]byte("From: a@mail.example\nContent-Type: " + ct + "\nContent-Transfer-Encoding: 8bit\n\n" + raw))
			if err != nil {
				t.Fatal(err)
			}
			if l.Text != body[:len(body)-1] {
				t.Errorf("text %q", l.Text)
			}
			if l.Tournament != "СТ-2026/1" || len(l.Moves) != 1 || l.Moves[0].String() != "12. g3:e5" {
				t.Errorf("tournament %q, moves %v", l.Tournament, moveStrings(l.Moves))
			}
			var got string
			for _, p := range l.Problems {
				got = p.What
			}
			if got != tt.problem {
				t.Errorf("problems %+v, want %q", l.Problems, tt.problem)
			}
		})
	}
}
