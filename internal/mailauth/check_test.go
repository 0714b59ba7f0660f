package mailauth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"postald/internal/mailauth"
	"postald/internal/mailtest"
	"postald/internal/trust"
)

const receiver = "mx.club.example"

// letter is a letter as the receiving server delivers it: its Received field names the client
// and its HELO, the Return-Path the envelope sender.
func letter(from, mailFrom, clientIP, body string) []byte {
	return []byte("Return-Path: <" + mailFrom + ">\r\n" +
		"Received: from mail.sender.example (mail.sender.example [" + clientIP + "])\r\n\tby " + receiver + " (Postfix) with ESMTPS id 1A2B3C\r\n\tfor <moves@club.example>; Tue, 1 Dec 2026 10:00:00 +0300\r\n" +
		"From: Ivan <" + from + ">\r\nTo: moves@club.example\r\nSubject: CT-2026 game 1-2\r\nDate: Tue, 1 Dec 2026 09:59:00 +0300\r\n" +
		"Message-ID: <m1@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body)
}

// results sums up what the check found: "dkim=pass spf=fail dmarc=pass".
func results(ar trust.AuthResults) string {
	var s []string
	for _, r := range ar.Results {
		s = append(s, r.Method+"="+r.Result)
	}
	return strings.Join(s, " ")
}

func TestCheck(t *testing.T) {
	d := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, "club.example", "sel")
	key.Publish(d)
	d.TXT("club.example", "v=spf1 ip4:192.0.2.0/24 a:relay.club.example include:_spf.club.example -all")
	d.TXT("_spf.club.example", "v=spf1 ip4:198.51.100.7 ~all")
	d.A("relay.club.example", "203.0.113.5")
	d.TXT("_dmarc.club.example", "v=DMARC1; p=reject")
	d.TXT("macro.example", "v=spf1 exists:%{i}.%{l}._spf.macro.example -all")
	d.A("192.0.2.9.ivan._spf.macro.example", "127.0.0.2")
	d.TXT("loop.example", "v=spf1 include:loop.example -all")
	d.TXT("two.example", "v=spf1 -all", "v=spf1 +all")
	d.TXT("redirect.example", "v=spf1 redirect=club.example")
	d.Fail("down.example", true)
	otherKey := mailtest.NewDKIMKey(t, "other.example", "sel")
	otherKey.Publish(d)
	// Under a public suffix (spb.ru: anyone registers a name under it) a neighbour's
	// signature is another organization's; a signature of the organization's own domain
	// aligns with its subdomains (relaxed alignment, RFC 7489, 3.1).
	d.TXT("_dmarc.club.spb.ru", "v=DMARC1; p=reject")
	neighbourKey := mailtest.NewDKIMKey(t, "attacker.spb.ru", "sel")
	neighbourKey.Publish(d)
	d.TXT("_dmarc.mail.club.example", "v=DMARC1; p=reject")
	// ptr (RFC 7208, 5.5): the client's name, validated by its own address.
	d.TXT("ptr.example", "v=spf1 ptr -all")
	d.PTR("192.0.2.33", "mail.ptr.example")
	d.A("mail.ptr.example", "192.0.2.33")
	d.PTR("192.0.2.34", "mail.ptr.example") // a name whose addresses do not include the client's
	listsKey := mailtest.NewDKIMKey(t, "lists.club.example", "sel")
	listsKey.Publish(d)
	c := &mailauth.Checker{Resolver: mailauth.NewResolver(d.Addr), Receiver: receiver}
	body := "My move: 1. c3-d4\r\n"
	tests := []struct {
		name string
		raw  []byte
		want string
	}{
		{"signed, from an address SPF allows", key.Sign(t, letter("ivan@club.example", "ivan@club.example", "192.0.2.1", body)), "dkim=pass spf=pass dmarc=pass"},
		{"signed, from an address SPF forbids", key.Sign(t, letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body)), "dkim=pass spf=fail dmarc=pass"},
		{"unsigned, SPF by a host's address (a:)", letter("ivan@club.example", "ivan@club.example", "203.0.113.5", body), "dkim=none spf=pass dmarc=pass"},
		{"unsigned, SPF by include, softfail there", letter("ivan@club.example", "ivan@club.example", "198.51.100.7", body), "dkim=none spf=pass dmarc=pass"},
		{"a forgery: unsigned, from anywhere", letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body), "dkim=none spf=fail dmarc=fail"},
		{"a forged field does not count", append([]byte("Authentication-Results: "+receiver+"; dkim=pass header.d=club.example; dmarc=pass\r\n"),
			letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body)...), "dkim=none spf=fail dmarc=fail"},
		{"the body changed in transit", []byte(strings.Replace(string(key.Sign(t, letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body))), "c3-d4", "c3-b4", 1)), "dkim=fail spf=fail dmarc=fail"},
		{"a signature of another domain", otherKey.Sign(t, letter("ivan@club.example", "x@other.example", "233.252.0.1", body)), "dkim=pass spf=none dmarc=fail"},
		{"a neighbour's signature under a public suffix", neighbourKey.Sign(t, letter("ivan@club.spb.ru", "x@attacker.spb.ru", "233.252.0.1", body)), "dkim=pass spf=none dmarc=fail"},
		{"the organization's signature on a subdomain's letter", key.Sign(t, letter("ivan@mail.club.example", "ivan@mail.club.example", "233.252.0.1", body)), "dkim=pass spf=none dmarc=pass"},
		{"a sibling subdomain's signature", listsKey.Sign(t, letter("ivan@mail.club.example", "ivan@mail.club.example", "233.252.0.1", body)), "dkim=pass spf=none dmarc=pass"},
		{"SPF by ptr, the name validated", letter("ivan@ptr.example", "ivan@ptr.example", "192.0.2.33", body), "dkim=none spf=pass dmarc=none"},
		{"SPF by ptr, a name that is not the client's", letter("ivan@ptr.example", "ivan@ptr.example", "192.0.2.34", body), "dkim=none spf=fail dmarc=none"},
		{"SPF macros", letter("ivan@macro.example", "ivan@macro.example", "192.0.2.9", body), "dkim=none spf=pass dmarc=none"},
		{"SPF include loop", letter("ivan@loop.example", "ivan@loop.example", "192.0.2.9", body), "dkim=none spf=permerror dmarc=none"},
		{"two SPF records", letter("ivan@two.example", "ivan@two.example", "192.0.2.9", body), "dkim=none spf=permerror dmarc=none"},
		{"SPF redirect", letter("ivan@club.example", "ivan@redirect.example", "192.0.2.9", body), "dkim=none spf=pass dmarc=fail"},
		{"a DNS that cannot answer", letter("ivan@down.example", "ivan@down.example", "192.0.2.9", body), "dkim=none spf=temperror dmarc=none"},
		{"a signature that does not cover the Subject", key.SignFields(t, letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body), "From", "Message-ID"), "dkim=fail spf=fail dmarc=fail"},
		{"a signature that does not cover the Message-ID", key.SignFields(t, letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body), "From", "Subject"), "dkim=fail spf=fail dmarc=fail"},
		{"a Subject written above the signed one", append([]byte("Subject: CT-2026 game 1-3\r\n"), key.Sign(t, letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body))...), "dkim=fail spf=fail dmarc=fail"},
		{"a From written above the signed one", append([]byte("From: petr@club.example\r\n"), key.Sign(t, letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body))...), "dkim=fail spf=fail dmarc=fail"},
		{"over-signed: h= names the Subject twice, the letter has one", key.SignFields(t, letter("ivan@club.example", "ivan@club.example", "233.252.0.1", body), "From", "Subject", "Subject", "Message-ID"), "dkim=pass spf=fail dmarc=pass"},
		{"no Received field of the receiving server", []byte("From: ivan@club.example\r\nSubject: x\r\n\r\nMy move\r\n"), "dkim=none spf=none dmarc=fail"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ar := c.Check(context.Background(), tt.raw)
			if got := results(ar); got != tt.want {
				t.Errorf("Check: %s, want %s\n%+v", got, tt.want, ar.Results)
			}
			if ar.AuthservID != trust.OwnCheck {
				t.Errorf("authserv-id %q", ar.AuthservID)
			}
		})
	}
}

// TestCheckExpiredSignature: a signature past its x= fails.
func TestCheckExpiredSignature(t *testing.T) {
	d := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, "club.example", "sel")
	key.Publish(d)
	raw := key.Sign(t, letter("ivan@club.example", "ivan@club.example", "192.0.2.1", "My move\r\n"))
	c := &mailauth.Checker{Resolver: mailauth.NewResolver(d.Addr), Receiver: receiver, Now: func() time.Time { return time.Now().Add(48 * time.Hour) }}
	if got := results(c.Check(context.Background(), raw)); !strings.HasPrefix(got, "dkim=fail") {
		t.Errorf("an expired signature: %s", got)
	}
}

// TestCheckBrokenSignatureSaysWhy: a signature broken in transit fails with the reason.
func TestCheckBrokenSignatureSaysWhy(t *testing.T) {
	d := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, "club.example", "sel")
	key.Publish(d)
	c := &mailauth.Checker{Resolver: mailauth.NewResolver(d.Addr), Receiver: receiver}
	raw := key.Sign(t, letter("ivan@club.example", "ivan@club.example", "192.0.2.1", "My move: 1. c3-d4\r\n"))
	raw = append(raw, "-- \r\nSent through the club's list\r\n"...)
	ar := c.Check(context.Background(), raw)
	pol := trust.Policy{AuthservID: receiver, Require: []string{"dkim"}}
	err := pol.Authenticate(trust.ReadHeader(raw), ar)
	if err == nil || !strings.Contains(err.Error(), "postald's own check") || !strings.Contains(err.Error(), "body hash") {
		t.Errorf("Authenticate: %v, want the own check's failure with the reason", err)
	}
}

// BenchmarkCheck: postald's own check of one signed letter, every DNS question answered by a
// server on 127.0.0.1 (the DKIM key, SPF with an include, DMARC).
func BenchmarkCheck(b *testing.B) {
	d := mailtest.StartDNS(b)
	key := mailtest.NewDKIMKey(b, "club.example", "sel")
	key.Publish(d)
	d.TXT("club.example", "v=spf1 include:_spf.club.example -all")
	d.TXT("_spf.club.example", "v=spf1 ip4:192.0.2.0/24 -all")
	d.TXT("_dmarc.club.example", "v=DMARC1; p=reject")
	c := &mailauth.Checker{Resolver: mailauth.NewResolver(d.Addr), Receiver: receiver}
	raw := key.Sign(b, letter("ivan@club.example", "ivan@club.example", "192.0.2.1", strings.Repeat("My move: 1. c3-d4\r\n", 50)))
	b.ReportAllocs()
	for b.Loop() {
		if got := results(c.Check(context.Background(), raw)); got != "dkim=pass spf=pass dmarc=pass" {
			b.Fatal(got)
		}
	}
}
