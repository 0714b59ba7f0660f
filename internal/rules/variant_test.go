package rules

import "testing"

func TestVariants(t *testing.T) {
	want := []struct {
		id, gameType string
		squares      int
		towers       bool
		giveaway     bool
	}{
		{"russian", "25", 32, false, false},
		{"international", "20", 50, false, false},
		{"column", "42", 32, true, false},
		{"lasca", "43", 25, true, false},
		{"russian-giveaway", "44", 32, false, true},
		{"international-giveaway", "98", 50, false, true},
		{"column-giveaway", "45", 32, true, true},
		{"lasca-giveaway", "46", 25, true, true},
	}
	vs := Variants()
	if len(vs) != len(want) {
		t.Fatalf("%d variants, want %d", len(vs), len(want))
	}
	for i, w := range want {
		v := vs[i]
		if v.ID() != w.id || v.GameType() != w.gameType || v.NumSquares() != w.squares || v.Towers() != w.towers || v.Giveaway() != w.giveaway {
			t.Errorf("variant %d: %s %s %d %v %v, want %+v", i, v.ID(), v.GameType(), v.NumSquares(), v.Towers(), v.Giveaway(), w)
		}
		if byID, err := VariantByID(w.id); err != nil || byID != v {
			t.Errorf("VariantByID(%q) = %v, %v", w.id, byID, err)
		}
		if byType, err := VariantByGameType(w.gameType + ",W,8,8,A0,0"); err != nil || byType != v {
			t.Errorf("VariantByGameType(%q) = %v, %v", w.gameType, byType, err)
		}
	}
	if _, err := VariantByID("chess"); err == nil {
		t.Error("VariantByID accepted chess")
	}
}

func TestSquareNames(t *testing.T) {
	tests := []struct {
		variant, name string
		file, row     int
		own           string // the name in the variant's own notation
	}{
		{"russian", "a1", 0, 0, "a1"},
		{"russian", "h8", 7, 7, "h8"},
		{"russian", "E3", 4, 2, "e3"},
		{"russian", "е3", 4, 2, "e3"}, // Cyrillic е
		{"russian", "Е3", 4, 2, "e3"}, // Cyrillic Е
		{"russian", "а1", 0, 0, "a1"}, // Cyrillic а
		{"russian", "с3", 2, 2, "c3"}, // Cyrillic с
		{"russian", "в2", 1, 1, "b2"}, // Cyrillic в
		{"russian", "Н2", 7, 1, "h2"}, // Cyrillic Н
		{"international", "1", 1, 9, "1"},
		{"international", "5", 9, 9, "5"},
		{"international", "46", 0, 0, "46"},
		{"international", "50", 8, 0, "50"},
		{"international", "32", 3, 3, "32"},
		{"lasca", "1", 0, 0, "1"},
		{"lasca", "4", 6, 0, "4"},
		{"lasca", "5", 1, 1, "5"},
		{"lasca", "b2", 1, 1, "5"},
		{"lasca", "25", 6, 6, "25"},
		{"lasca", "G7", 6, 6, "25"},
	}
	for _, tc := range tests {
		v, _ := VariantByID(tc.variant)
		sq, err := v.ParseSquare(tc.name)
		if err != nil {
			t.Errorf("%s %q: %v", tc.variant, tc.name, err)
			continue
		}
		if f, r := v.Coords(sq); f != tc.file || r != tc.row {
			t.Errorf("%s %q: file %d row %d, want %d %d", tc.variant, tc.name, f, r, tc.file, tc.row)
		}
		if got := v.SquareName(sq); got != tc.own {
			t.Errorf("%s %q: named %q, want %q", tc.variant, tc.name, got, tc.own)
		}
	}
	for _, bad := range []struct{ variant, name string }{
		{"russian", "a2"}, {"russian", "i1"}, {"russian", "a9"}, {"russian", "a10"}, {"russian", "1"},
		{"russian", "д4"}, {"international", "a1"}, {"international", "0"}, {"international", "51"},
		{"lasca", "h8"}, {"lasca", "26"}, {"russian", ""}, {"russian", "a1x"},
	} {
		v, _ := VariantByID(bad.variant)
		if sq, err := v.ParseSquare(bad.name); err == nil {
			t.Errorf("%s %q read as %s", bad.variant, bad.name, v.SquareName(sq))
		}
	}
	// Every square's names read back.
	for _, v := range Variants() {
		for s := 0; s < v.NumSquares(); s++ {
			for _, name := range []string{v.SquareName(Square(s)), v.AlgebraicName(Square(s))} {
				if v.Base().ID() == "international" && name == v.AlgebraicName(Square(s)) { // numbers only
					continue
				}
				if got, err := v.ParseSquare(name); err != nil || got != Square(s) {
					t.Errorf("%s: %q reads as %v, %v", v.ID(), name, got, err)
				}
			}
		}
	}
}
