package trust

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseAuthResults(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want AuthResults
	}{
		{"RFC 8601 B.2: nothing done", "example.org 1; none",
			AuthResults{AuthservID: "example.org"}},
		{"RFC 8601 B.3: SPF", "example.com; spf=pass smtp.mailfrom=example.net",
			AuthResults{AuthservID: "example.com", Results: []MethodResult{
				{Method: "spf", Result: "pass", Properties: []Property{{"smtp", "mailfrom", "example.net"}}}}}},
		{"RFC 8601 B.4: SMTP AUTH and SPF with a comment",
			"example.com;\r\n\t auth=pass (cram-md5) smtp.auth=sender@example.net;\r\n\t spf=pass smtp.mailfrom=example.net",
			AuthResults{AuthservID: "example.com", Results: []MethodResult{
				{Method: "auth", Result: "pass", Properties: []Property{{"smtp", "auth", "sender@example.net"}}},
				{Method: "spf", Result: "pass", Properties: []Property{{"smtp", "mailfrom", "example.net"}}}}}},
		{"RFC 8601 B.5: two methods, a reason-free comment",
			"example.com; sender-id=fail header.from=example.com; dkim=pass (good signature) header.d=example.com",
			AuthResults{AuthservID: "example.com", Results: []MethodResult{
				{Method: "sender-id", Result: "fail", Properties: []Property{{"header", "from", "example.com"}}},
				{Method: "dkim", Result: "pass", Properties: []Property{{"header", "d", "example.com"}}}}}},
		{"keywords fold to lower case, values keep theirs, quotes and nested comments go",
			`MX.Club.Example (the (inner) comment); DKIM=Pass reason="good \"sig\"" Header.I="@Club.Example" header.b=Ab3/dE+f`,
			AuthResults{AuthservID: "MX.Club.Example", Results: []MethodResult{
				{Method: "dkim", Result: "pass", Reason: `good "sig"`, Properties: []Property{
					{"header", "i", "@Club.Example"}, {"header", "b", "Ab3/dE+f"}}}}}},
		{"a method version and white space around '=' and '.'",
			"mx.club.example; dkim/1 = pass header . d = club.example;",
			AuthResults{AuthservID: "mx.club.example", Results: []MethodResult{
				{Method: "dkim", Result: "pass", Properties: []Property{{"header", "d", "club.example"}}}}}},
		{"a quoted authserv-id", `"mx.club.example"; spf=softfail`,
			AuthResults{AuthservID: "mx.club.example", Results: []MethodResult{{Method: "spf", Result: "softfail"}}}},
		{"no result at all", "mx.club.example",
			AuthResults{AuthservID: "mx.club.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseAuthResults(tt.in)
			if err != nil {
				t.Fatalf("ParseAuthResults(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseAuthResults(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestParseAuthResultsErrors(t *testing.T) {
	for _, in := range []string{
		"",
		"   (only a comment)",
		"; dkim=pass",
		"mx.club.example dkim=pass",
		"mx.club.example; dkim",
		"mx.club.example; dkim=",
		"mx.club.example; =pass",
		"mx.club.example; dkim=pass header=club.example",
		"mx.club.example; dkim=pass header.=club.example",
		"mx.club.example; dkim=pass header.d club.example",
		"mx.club.example; dkim/=pass",
	} {
		t.Run(in, func(t *testing.T) {
			if ar, err := ParseAuthResults(in); err == nil {
				t.Errorf("ParseAuthResults(%q) = %+v, want an error", in, ar)
			}
		})
	}
}

func TestPolicyCheck(t *testing.T) {
	const from = "ivan@club.example"
	dkim := Policy{AuthservID: "mx.club.example", Require: []string{"dkim"}}
	tests := []struct {
		name   string
		policy Policy
		fields []string
		from   string
		method string // the method the error names; "-" for no error
		reason string // a piece of the error's reason
	}{
		{"aligned DKIM pass", dkim,
			[]string{"mx.club.example; dkim=pass header.d=club.example"}, from, "-", ""},
		{"the server's name is compared without case", dkim,
			[]string{"MX.CLUB.EXAMPLE; dkim=pass header.d=CLUB.example."}, from, "-", ""},
		{"from_only: no field needed", Policy{FromOnly: true}, nil, from, "-", ""},
		{"two fields of the server, one per verifier (OpenDKIM, OpenDMARC)", Policy{AuthservID: "mx.club.example", Require: []string{"dkim", "dmarc"}},
			[]string{"mx.club.example; dmarc=pass header.from=club.example", "mx.club.example; dkim=pass header.d=club.example"}, from, "-", ""},
		{"a forged pass below the server's fields does not count for a method the server reported", Policy{AuthservID: "mx.club.example", Require: []string{"dkim", "dmarc"}},
			[]string{"mx.club.example; dmarc=fail header.from=club.example", "mx.club.example; dkim=none",
				"mx.club.example; dkim=pass header.d=club.example; dmarc=pass"}, from, "dkim", "none"},
		{"DKIM fail", dkim,
			[]string{"mx.club.example; dkim=fail header.d=club.example"}, from, "dkim", "fail"},
		{"a forged pass below the server's own field does not count", dkim,
			[]string{"mx.club.example; dkim=none", "mx.club.example; dkim=pass header.d=club.example"}, from, "dkim", "none"},
		{"another server's pass does not count", dkim,
			[]string{"relay.other.example; dkim=pass header.d=club.example"}, from, "", "no Authentication-Results field from mx.club.example"},
		{"another server's field above the trusted one is skipped", dkim,
			[]string{"relay.other.example; dkim=fail", "mx.club.example; dkim=pass header.d=club.example"}, from, "-", ""},
		{"another server's unreadable field is skipped", dkim,
			[]string{"relay.other.example dkim", "mx.club.example; dkim=pass header.d=club.example"}, from, "-", ""},
		{"the trusted server's field unreadable", dkim,
			[]string{"mx.club.example; dkim=pass header=club.example"}, from, "", "cannot be read"},
		{"a pass signed by another domain", dkim,
			[]string{"mx.club.example; dkim=pass header.d=evil.example"}, from, "dkim", `pass for "evil.example"`},
		{"a parent domain signs for a subdomain", dkim,
			[]string{"mx.club.example; dkim=pass header.d=club.example"}, "ivan@mail.club.example", "-", ""},
		{"a subdomain does not sign for its parent", dkim,
			[]string{"mx.club.example; dkim=pass header.d=mail.club.example"}, from, "dkim", "not for club.example"},
		{"a one-label domain never aligns", dkim,
			[]string{"mx.club.example; dkim=pass header.d=example"}, from, "dkim", "pass for"},
		{"a look-alike domain is not a parent", dkim,
			[]string{"mx.club.example; dkim=pass header.d=b.example"}, "ivan@club.example", "dkim", "pass for"},
		{"header.i when header.d is absent", dkim,
			[]string{"mx.club.example; dkim=pass header.i=@club.example"}, from, "-", ""},
		{"one aligned signature among several", dkim,
			[]string{"mx.club.example; dkim=pass header.d=mailer.example; dkim=pass header.d=club.example"}, from, "-", ""},
		{"SPF aligned", Policy{AuthservID: "mx.club.example", Require: []string{"spf"}},
			[]string{"mx.club.example; spf=pass smtp.mailfrom=ivan@club.example"}, from, "-", ""},
		{"SPF pass of another envelope sender", Policy{AuthservID: "mx.club.example", Require: []string{"spf"}},
			[]string{"mx.club.example; spf=pass smtp.mailfrom=bounce@evil.example"}, from, "spf", "evil.example"},
		{"SPF pass without smtp.mailfrom", Policy{AuthservID: "mx.club.example", Require: []string{"spf"}},
			[]string{"mx.club.example; spf=pass smtp.helo=club.example"}, from, "spf", `pass for ""`},
		{"SPF softfail", Policy{AuthservID: "mx.club.example", Require: []string{"spf"}},
			[]string{"mx.club.example; spf=softfail smtp.mailfrom=club.example"}, from, "spf", "softfail"},
		{"DMARC pass for the From domain", Policy{AuthservID: "mx.club.example", Require: []string{"dmarc"}},
			[]string{"mx.club.example; dmarc=pass header.from=club.example"}, from, "-", ""},
		{"DMARC pass without header.from", Policy{AuthservID: "mx.club.example", Require: []string{"dmarc"}},
			[]string{"mx.club.example; dmarc=pass"}, from, "-", ""},
		{"DMARC pass for another From", Policy{AuthservID: "mx.club.example", Require: []string{"dmarc"}},
			[]string{"mx.club.example; dmarc=pass header.from=mail.club.example"}, from, "dmarc", "mail.club.example"},
		{"every required method must pass", Policy{AuthservID: "mx.club.example", Require: []string{"dkim", "dmarc"}},
			[]string{"mx.club.example; dkim=pass header.d=club.example; spf=pass smtp.mailfrom=club.example"}, from, "dmarc", "no result"},
		{"no result for the method", dkim,
			[]string{"mx.club.example; none"}, from, "dkim", "no result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.policy.Check(tt.fields, tt.from)
			if tt.method == "-" {
				if err != nil {
					t.Fatalf("Check = %v, want nil", err)
				}
				return
			}
			var ae *AuthError
			if !errors.As(err, &ae) {
				t.Fatalf("Check = %v, want an *AuthError", err)
			}
			if ae.Method != tt.method || !strings.Contains(ae.Error(), tt.reason) {
				t.Errorf("Check = %q (method %q), want method %q and a reason with %q", err, ae.Method, tt.method, tt.reason)
			}
		})
	}
	t.Run("nothing required and not from_only: nobody is believed", func(t *testing.T) {
		for _, p := range []Policy{{}, {AuthservID: "mx.club.example"}, {Require: []string{"dkim"}}} {
			if err := p.Check([]string{"mx.club.example; dkim=pass header.d=club.example"}, from); !errors.Is(err, ErrNoPolicy) {
				t.Errorf("%+v: Check = %v, want ErrNoPolicy", p, err)
			}
		}
	})
	t.Run("no From address", func(t *testing.T) {
		if err := dkim.Check([]string{"mx.club.example; dkim=pass header.d=club.example"}, ""); !errors.Is(err, ErrNoFrom) {
			t.Errorf("Check with no From = %v, want ErrNoFrom", err)
		}
	})
}

// TestCheckHeaderAdjacent: fields of the trusted server count together only when they stand
// next to each other at the top; one further down (below a Received field the server wrote, say)
// was in the letter before the server saw it.
func TestCheckHeaderAdjacent(t *testing.T) {
	p := Policy{AuthservID: "mx.club.example", Require: []string{"dkim", "spf"}}
	raw := func(between string) []byte {
		return []byte("Received: by imap.club.example with LMTP\r\n" +
			"Authentication-Results: mx.club.example; dkim=pass header.d=club.example\r\n" + between +
			"Authentication-Results: mx.club.example; spf=pass smtp.mailfrom=ivan@club.example\r\n" +
			"From: ivan@club.example\r\n\r\nbody\r\n")
	}
	if err := p.CheckHeader(ReadHeader(raw(""))); err != nil {
		t.Errorf("adjacent fields of the server: %v, want both methods to pass", err)
	}
	err := p.CheckHeader(ReadHeader(raw("Received: from x by mx.club.example\r\n")))
	var ae *AuthError
	if !errors.As(err, &ae) || ae.Method != "spf" || ae.Fault != AuthNoResult {
		t.Errorf("a field of the server below its Received: %v, want spf: no result", err)
	}
}

func TestStamped(t *testing.T) {
	p := Policy{AuthservID: "mx.club.example", Require: []string{"dkim"}}
	for _, tt := range []struct {
		fields []string
		want   bool
	}{
		{nil, false},
		{[]string{"relay.example; spf=pass"}, false},
		{[]string{"relay.example; spf=pass", "MX.club.example; dkim=none"}, true},
		{[]string{"mx.club.example; dkim=pass header=broken"}, true},
	} {
		if got := p.Stamped(tt.fields); got != tt.want {
			t.Errorf("Stamped(%q) = %v, want %v", tt.fields, got, tt.want)
		}
	}
	if (Policy{}).Stamped([]string{"; dkim=none"}) {
		t.Error("a policy without authserv_id found a field of its own")
	}
}
