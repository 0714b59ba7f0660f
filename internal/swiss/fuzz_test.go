package swiss

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"postald/internal/trf"
)

// FuzzPairTRF: whatever TRF an arbiter hands postald, reading and pairing it answers
// without panicking, and a pairing it gives keeps the absolute criteria.
func FuzzPairTRF(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.trf")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			return
		}
		file, err := trf.Read(data)
		if err != nil {
			return
		}
		tr, err := FromTRF(file)
		if err != nil {
			var e *trf.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v names no line", err)
			}
			return
		}
		if len(tr.Players) > 40 {
			return
		}
		p, err := Pair(tr)
		if err != nil {
			if !errors.Is(err, ErrNoPairing) {
				t.Fatalf("pairing fails with %v", err)
			}
			return
		}
		if err := checkAbsolute(tr, p); err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		if _, err := Check(file); err != nil {
			t.Fatalf("check: %v", err)
		}
	})
}
