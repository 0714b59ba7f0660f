package bounce

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzRead: whatever a letter holds, reading it as a report ends, does not panic, and what it
// returns is consistent: a report always has a format and a list of recipients, each with an
// action Read knows or none, and its words are valid UTF-8 wherever the letter was. The corpus
// in testdata/fuzz/FuzzRead is the golden reports cut and changed; the reports themselves are
// added as seeds.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/reports/*.eml")
	for _, file := range files {
		if raw, err := os.ReadFile(file); err == nil {
			f.Add(raw)
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, ok := Read(raw)
		if !ok {
			if r != nil {
				t.Fatal("not a report, yet a report returned")
			}
			return
		}
		if r.Format == "" || r.Recipients == nil {
			t.Fatalf("report without format or recipients: %+v", r)
		}
		if len(r.Recipients) > maxRecipients {
			t.Fatalf("%d recipients kept", len(r.Recipients))
		}
		for _, rc := range r.Recipients {
			switch rc.Action {
			case "", Failed, Delayed, Delivered, Relayed, Expanded:
			default:
				t.Fatalf("action %q", rc.Action)
			}
			if utf8.ValidString(string(raw)) && !utf8.ValidString(rc.Words()) {
				t.Fatalf("words %q not UTF-8 from a UTF-8 letter", rc.Words())
			}
		}
		_ = r.MessageIDs()
	})
}
