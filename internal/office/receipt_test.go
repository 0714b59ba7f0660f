package office

import (
	"testing"
	"time"

	"postald/internal/store"
)

// tournament's zone.
func TestReceiptLine(t *testing.T) {
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	var h store.Digest
	for i := range h {
		h[i] = byte(i)
	}
	rc := store.Receipt{Chain: "СТ-2026/1/3-7", Seq: 12, Move: 6, Hash: h}
	received := time.Date(2026, 11, 16, 7, 3, 0, 0, time.UTC)
	const hash = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	tests := []struct{ lang, want string }{
		{"en", "Body.\n\nReceipt: СТ-2026/1/3-7 #12, move 6, sha256:" + hash +
			"\n(received 2026-11-16 10:03 +0300; keep it: it proves what postald received and when)\n"},
		{"ru", "Body.\n\nКвитанция: СТ-2026/1/3-7 #12, ход 6, sha256:" + hash +
			"\n(получено 16.11.2026 10:03 +0300; сохраните её: она доказывает, что и когда получил postald)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			got := withReceipt("Body.\n\n", trustText(tt.lang).receiptLine(rc, received, moscow))
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
