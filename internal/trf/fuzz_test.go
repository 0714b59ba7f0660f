package trf

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzRead: whatever the bytes, Read answers without panicking; what it reads, Write
// writes so that it reads back the same, and writing that again changes nothing.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"testdata/trf2026.trf", "testdata/trfx.trf"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(good + "\n001    2      Bravo                             2300                             0.0    2     1 b 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Read(data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is no *Error", err)
			}
			return
		}
		out := Write(file)
		back, err := Read(out)
		if err != nil {
			t.Fatalf("written file does not read: %v\n%q", err, out)
		}
		if diff := cmp.Diff(file.Lines, back.Lines); diff != "" {
			t.Fatalf("read back differs:\n%s", diff)
		}
		if again := Write(back); string(again) != string(out) {
			t.Fatalf("written twice differs:\n%q\n%q", out, again)
		}
	})
}
