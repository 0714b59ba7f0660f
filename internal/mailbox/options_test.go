package mailbox

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestBackoff(t *testing.T) {
	b := backoff{min: time.Second, max: 5 * time.Second}
	var got []time.Duration
	for range 5 {
		got = append(got, b.delay())
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("delays (-want +got):\n%s", diff)
	}
	b.reset()
	if d := b.delay(); d != time.Second {
		t.Errorf("after reset: %v, want 1s", d)
	}
}

func TestCheckTLS(t *testing.T) {
	for _, tc := range []struct {
		mode TLSMode
		addr string
		ok   bool
	}{
		{TLSImplicit, "mail.club.example:993", true},
		{TLSStartTLS, "mail.club.example:143", true},
		{TLSNone, "127.0.0.1:143", true},
		{TLSNone, "127.8.9.10:143", true},
		{TLSNone, "[::1]:143", true},
		{TLSNone, "LocalHost:143", true},
		{TLSNone, "mail.club.example:143", false},
		{TLSNone, "10.0.0.1:143", false},
		{TLSNone, "[::ffff:10.0.0.1]:143", false},
		{"STARTTLS", "mail.club.example:143", false}, // the configuration's values are lower case
		{TLSImplicit, "mail.club.example", false},
	} {
		if err := checkTLS(tc.mode, tc.addr); (err == nil) != tc.ok {
			t.Errorf("checkTLS(%q, %q) = %v, want ok %v", tc.mode, tc.addr, err, tc.ok)
		}
	}
}
