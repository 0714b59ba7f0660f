package endgame

import (
	"testing"
	"time"

	"postald/internal/rules"
)

func TestBuildSmall(t *testing.T) {
	for _, id := range []string{"russian", "international"} {
		v, _ := rules.VariantByID(id)
		sp, err := NewSpace(v)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		tabs, err := sp.BuildInMemory(3)
		if err != nil {
			t.Fatal(err)
		}
		var w, d, l uint64
		for _, tb := range tabs {
			for i := uint64(0); i < tb.Len(); i++ {
				switch tb.Value(i).Verdict {
				case Win:
					w++
				case Draw:
					d++
				case Loss:
					l++
				}
			}
		}
		t.Logf("%s ≤3: %d tables, %d wins %d draws %d losses in %v", id, len(tabs), w, d, l, time.Since(start))
	}
}
