package office

import (
	"testing"

	"postald/internal/config"
)

// The verdict kept with each letter says what the trust settings made of its sender.
func TestAuthVerdict(t *testing.T) {
	raw := func(ar string) []byte {
		h := "From: Anna <anna@club.example>\r\n"
		if ar != "" {
			h = "Authentication-Results: " + ar + "\r\n" + h
		}
		return []byte(h + "Subject: move\r\n\r\n1. c3-d4\r\n")
	}
	strict := config.Trust{AuthservID: "mx.club.example", Require: []string{"dkim"}}
	tests := []struct {
		name  string
		trust config.Trust
		raw   []byte
		want  string
	}{
		{"from alone", config.Trust{}, raw(""), "none: no authentication required ([trust]); the From address alone is believed"},
		{"from alone, the server heard", config.Trust{AuthservID: "mx.club.example"}, raw("mx.club.example; dkim=none; spf=fail smtp.mailfrom=evil.example"),
			"none: no authentication required ([trust]); the From address alone is believed (mx.club.example: dkim=none spf=fail)"},
		{"pass", strict, raw("mx.club.example; dkim=pass header.d=club.example"),
			"pass: dkim aligned with club.example (mx.club.example: dkim=pass)"},
		{"fail", strict, raw("mx.club.example; dkim=fail header.d=club.example"),
			"fail: not authenticated: dkim: fail (mx.club.example: dkim=fail)"},
		{"another server's field", strict, raw("mx.evil.example; dkim=pass header.d=club.example"),
			"fail: not authenticated: no Authentication-Results field from mx.club.example (no Authentication-Results of mx.club.example)"},
	}
	for _, tc := range tests {
		o := &Office{opt: Options{Trust: tc.trust}}
		if got := o.authVerdict(tc.raw); got != tc.want {
			t.Errorf("%s: %q\n want %q", tc.name, got, tc.want)
		}
	}
}
