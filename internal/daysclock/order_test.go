package daysclock

import "testing"

// TestWrittenOrder: the order of the dates a card states, and of a posting, as daysclock checks
// them.
func TestWrittenOrder(t *testing.T) {
	d := func(s string) Date { return day(t, s) }
	for _, c := range []struct {
		written []string
		arrived string
		want    Order
	}{
		{[]string{"2026-11-07", "2026-11-09", "2026-11-12"}, "2026-11-14", ""},
		{[]string{"2026-11-07", "2026-11-07", "2026-11-07"}, "2026-11-07", ""},
		{[]string{"2026-11-07", "2026-11-06", "2026-11-12"}, "2026-11-14", ReceiptBeforeSending},
		{[]string{"2026-11-07", "2026-11-09", "2026-11-08"}, "2026-11-14", ReplyBeforeReceipt},
		{[]string{"2026-11-07", "2026-11-09", "2026-11-15"}, "2026-11-14", SentAfterArrival},
		{[]string{"2026-11-15"}, "2026-11-14", SentAfterArrival},
		{[]string{"2026-11-12"}, "2026-11-14", ""},
		{[]string{"2026-11-07", "2026-11-09"}, "2026-11-14", ""}, // two dates: which they are cannot be told
		{nil, "2026-11-14", ""},
	} {
		var written []Date
		for _, s := range c.written {
			written = append(written, d(s))
		}
		m := WrittenOrder(written, d(c.arrived))
		if got := Order(""); m != nil {
			got = m.Order
			if got != c.want {
				t.Errorf("WrittenOrder(%v, %s) = %s, want %q", c.written, c.arrived, got, c.want)
			}
		} else if c.want != "" {
			t.Errorf("WrittenOrder(%v, %s) = nil, want %s", c.written, c.arrived, c.want)
		}
	}
	if m := PostingOrder(d("2026-11-07"), d("2026-11-06"), d("2026-11-07")); m != nil {
		t.Errorf("a posting in order: %v", m)
	}
}
