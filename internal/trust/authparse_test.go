package trust

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseAuthError: every form AuthError.Error writes is read back as the same error, so that
// the verdicts the archive keeps in English are worded again in the judge's language; another
// text is not read.
func TestParseAuthError(t *testing.T) {
	for _, a := range []*AuthError{
		{Fault: AuthNoField, Server: "mx.club.example"},
		{Fault: AuthUnreadable, Server: "mx.club.example", Detail: "no resinfo after ;"},
		{Fault: AuthNoResult, Method: "dkim"},
		{Fault: AuthNotPassed, Method: "spf", Result: "softfail"},
		{Fault: AuthMisaligned, Method: "dkim", Domain: "other.example", From: "club.example"},
		{Fault: AuthContradicted, Method: "dkim", Result: "fail", Detail: "body hash did not verify", Own: true, Server: OwnCheck},
		{Fault: AuthContradicted, Method: "dkim", Result: "fail", Own: true, Server: OwnCheck},
		{Fault: AuthNoResult, Method: "dmarc", Own: true, Server: OwnCheck, Detail: "postald's own check is not set up"},
		{Fault: AuthNotPassed, Method: "dkim", Result: "fail", Own: true, Server: OwnCheck, Detail: "signature (expired)"},
		{Fault: AuthMisaligned, Method: "dmarc", Domain: "a \"b\"", From: "club.example", Own: true, Server: OwnCheck},
	} {
		got, ok := ParseAuthError(a.Error())
		if !ok {
			t.Errorf("ParseAuthError(%q) read nothing", a.Error())
			continue
		}
		if diff := cmp.Diff(a, got); diff != "" {
			t.Errorf("ParseAuthError(%q) (-want +got):\n%s", a.Error(), diff)
		}
	}
	for _, s := range []string{"", "not authenticated", "dkim: no result", "not authenticated: dkim: no result; more"} {
		if a, ok := ParseAuthError(s); ok {
			t.Errorf("ParseAuthError(%q) = %+v, want nothing", s, a)
		}
	}
}
