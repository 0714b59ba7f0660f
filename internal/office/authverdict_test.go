package office

import (
	"context"
	"testing"

	"postald/internal/config"
	"postald/internal/store"
	"postald/internal/trust"
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
	strict := config.Trust{AuthservID: "mx.club.example", Require: []string{"dkim"}, Verdict: config.VerdictServer}
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
			"pass: dkim aligned with club.example by mx.club.example (mx.club.example: dkim=pass)"},
		{"fail", strict, raw("mx.club.example; dkim=fail header.d=club.example"),
			"fail: not authenticated: dkim: fail (mx.club.example: dkim=fail)"},
		{"another server's field", strict, raw("mx.evil.example; dkim=pass header.d=club.example"),
			"fail: not authenticated: no Authentication-Results field from mx.club.example (no Authentication-Results of mx.club.example)"},
	}
	for _, tc := range tests {
		o := &Office{opt: Options{Trust: tc.trust}}
		o.trust = newGate(o.opt)
		if got := authVerdictOf(o, tc.raw); got != tc.want {
			t.Errorf("%s: %q\n want %q", tc.name, got, tc.want)
		}
	}
}

// fixedCheck is a Verifier that finds the same for every letter.
type fixedCheck struct{ results []trust.MethodResult }

func (f fixedCheck) Check(context.Context, []byte) trust.AuthResults {
	return trust.AuthResults{AuthservID: trust.OwnCheck, Results: f.results}
}

// TestAuthVerdictOwn: with postald's own check, the verdict kept says what both found, and
// which decided.
func TestAuthVerdictOwn(t *testing.T) {
	raw := []byte("Authentication-Results: mx.club.example; dkim=pass header.d=club.example\r\nFrom: Anna <anna@club.example>\r\nSubject: move\r\n\r\n1. c3-d4\r\n")
	dkimPass := trust.MethodResult{Method: "dkim", Result: "pass", Properties: []trust.Property{{Type: "header", Name: "d", Value: "club.example"}}}
	dkimFail := trust.MethodResult{Method: "dkim", Result: "fail", Reason: "body hash did not verify", Properties: []trust.Property{{Type: "header", Name: "d", Value: "club.example"}}}
	dkimNone := trust.MethodResult{Method: "dkim", Result: "none", Reason: "the letter has no DKIM signature"}
	own := config.Trust{AuthservID: "mx.club.example", Require: []string{"dkim"}}
	server := own
	server.Verdict = config.VerdictServer
	tests := []struct {
		name  string
		trust config.Trust
		found []trust.MethodResult
		want  string
	}{
		{"own pass", own, []trust.MethodResult{dkimPass},
			"pass: dkim aligned with club.example by postald's own check (postald: dkim=pass header.d=club.example; mx.club.example: dkim=pass)"},
		{"own fail: the server's pass does not count", own, []trust.MethodResult{dkimFail},
			"fail: not authenticated by postald's own check: dkim: fail (body hash did not verify) (postald: dkim=fail header.d=club.example (body hash did not verify); mx.club.example: dkim=pass)"},
		{"server, not contradicted", server, []trust.MethodResult{dkimNone},
			"pass: dkim aligned with club.example by mx.club.example, not contradicted by postald's own check (postald: dkim=none (the letter has no DKIM signature); mx.club.example: dkim=pass)"},
		{"server, contradicted", server, []trust.MethodResult{dkimFail},
			"fail: not authenticated: the receiving server passed dkim, but postald's own check finds fail (body hash did not verify) (postald: dkim=fail header.d=club.example (body hash did not verify); mx.club.example: dkim=pass)"},
	}
	for _, tc := range tests {
		o := &Office{opt: Options{Trust: tc.trust, Verifier: fixedCheck{tc.found}}}
		o.trust = newGate(o.opt)
		if got := authVerdictOf(o, raw); got != tc.want {
			t.Errorf("%s: %q\n want %q", tc.name, got, tc.want)
		}
	}
}

// authVerdictOf is the verdict the office records with raw: the trust gate's, asked as the office
// asks it of a delivery report, whose verdict is all the gate says.
func authVerdictOf(o *Office, raw []byte) string {
	v, err := o.trust.Admit(trust.Letter{Kind: trust.KindReport, Raw: raw}, &letterFacts{o: o, base: store.LetterOutcome{Raw: raw}})
	if err != nil {
		return "error: " + err.Error()
	}
	return v.Auth
}
