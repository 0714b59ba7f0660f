package daysclock

import "fmt"

// Fraction is the time fraction of clause 4.3.1: White's accrued days over Black's,
// penalty days included, as a letter states it ("23/31").
type Fraction struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// FractionOf returns the fraction of two clocks' accrued days (4.3.1).
func FractionOf(white, black *Clock) Fraction {
	return Fraction{White: white.Days, Black: black.Days}
}

// String formats f as a letter writes it: "23/31".
func (f Fraction) String() string { return fmt.Sprintf("%d/%d", f.White, f.Black) }

// FractionDiff is a stated fraction that differs from postald's (4.3.1): postald's stands and
// the difference is reported.
type FractionDiff struct {
	Stated   Fraction `json:"stated"`
	Computed Fraction `json:"computed"`
	Missing  bool     `json:"missing,omitempty"` // the letter stated no fraction
	Clause   string   `json:"clause"`            // "4.3.1"
}

// CompareFraction sets a letter's stated fraction (nil when it stated none) against the computed
// one. It reports false when they agree.
func CompareFraction(computed Fraction, stated *Fraction) (FractionDiff, bool) {
	if stated == nil {
		return FractionDiff{Computed: computed, Missing: true, Clause: ClauseTime}, true
	}
	if *stated == computed {
		return FractionDiff{}, false
	}
	return FractionDiff{Stated: *stated, Computed: computed, Clause: ClauseTime}, true
}
