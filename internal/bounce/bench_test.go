package bounce

import (
	"os"
	"testing"
)

// BenchmarkRead reads Postfix's bounce of a refused mailbox, the report postald receives most
// (its success notices are of the same shape), and Gmail's, which returns the whole letter.
func BenchmarkRead(b *testing.B) {
	for _, name := range []string{"postfix-failed", "gmail-failed", "qmail-failed"} {
		raw, err := os.ReadFile("testdata/reports/" + name + ".eml")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, ok := Read(raw); !ok {
					b.Fatal("not read")
				}
			}
		})
	}
}
