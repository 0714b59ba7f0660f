package mailauth

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/golden"
)

func TestReadEnvelope(t *testing.T) {
	tests := []struct {
		name, raw          string
		ip, helo, returnTo string
	}{
		{"Postfix's field under Dovecot's",
			"Return-Path: <Ivan@Club.Example>\r\nReceived: from mx.club.example ([127.0.0.1]) by vm with LMTP id x;\r\n Tue, 1 Dec 2026 10:00:00 +0000\r\n" +
				"Received: from mail.sender.example (mail.sender.example [192.0.2.1])\r\n\tby mx.club.example (Postfix) with ESMTPS id 1;\r\n\tTue, 1 Dec 2026 10:00:00 +0000\r\n" +
				"Received: from forged.example (forged.example [203.0.113.9]) by mx.club.example; Tue, 1 Dec 2026\r\nFrom: a@b\r\n\r\nbody",
			"192.0.2.1", "mail.sender.example", "ivan@club.example"},
		{"an IPv6 client and an empty Return-Path", "Return-Path: <>\r\nReceived: from [IPv6:2001:db8::1] (unknown [IPv6:2001:db8::1]) by mx.club.example; x\r\n\r\n",
			"2001:db8::1", "ipv6:2001:db8::1", ""},
		{"no field of the receiver", "Received: from a (a [192.0.2.1]) by other.example; x\r\n\r\n", "", "", ""},
		{"the receiver's field without an address", "Received: from localhost by mx.club.example; x\r\n\r\n", "", "localhost", ""},
		{"only the receiver's own delivery", "Received: from mx.club.example ([127.0.0.1]) by mx.club.example with LMTP; x\r\n\r\n", "", "", ""},
		{"a HELO that names an address is not the client's", "Received: from [198.51.100.7] (unknown [192.0.2.1]) by mx.club.example with ESMTP; x\r\n\r\n",
			"192.0.2.1", "198.51.100.7", ""},
		{"Exim's helo= holds an address literal", "Received: from [192.0.2.1] (helo=[198.51.100.7]) by mx.club.example with esmtp (Exim 4.96) id 1; x\r\n\r\n",
			"192.0.2.1", "198.51.100.7", ""},
		{"a client address in parentheses", "Received: from SRV1.mail.example (2603:10b6:5:1a8::26) by mx.club.example with Microsoft SMTP Server; x\r\n\r\n",
			"2603:10b6:5:1a8::26", "srv1.mail.example", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := readEnvelope([]byte(tt.raw), []string{"mx.club.example"})
			if (tt.ip == "" && e.ip != nil) || (tt.ip != "" && !e.ip.Equal(net.ParseIP(tt.ip))) || e.helo != tt.helo || e.returnPath != tt.returnTo {
				t.Errorf("readEnvelope: %v %q %q, want %s %q %q", e.ip, e.helo, e.returnPath, tt.ip, tt.helo, tt.returnTo)
			}
		})
	}
}

// hop is the sender's hop as TestReceivedGolden's files record it.
type hop struct {
	Client       string `json:"client"`
	HELO         string `json:"helo"`
	EnvelopeFrom string `json:"envelope_from"`
}

// TestReceivedGolden reads header sections as the receiving servers write them — Postfix,
// Exim 4.96's default received_header_text, Sendmail 8.17, with Dovecot's or Cyrus 3.6's LMTP
// delivery field on top under the same host name, a content filter's re-injection, a backup MX —
// to the sender's hop: the client SPF is checked for, its HELO name and the envelope sender
// (testdata/received/NAME.json; go test -update writes them).
func TestReceivedGolden(t *testing.T) {
	receivers := map[string][]string{
		"postfix-backup-mx": {"mx1.club.example", "mx2.club.example"},
		// Captured from Exim 4.96 delivering over LMTP into Cyrus 3.6.1 (Debian 12) under one
		// host name, the client's address 127.0.0.1 written as 192.0.2.1.
		"cyrus-lmtp-exim": {"mail.example.test"},
	}
	files, err := filepath.Glob("testdata/received/*.eml")
	if err != nil || len(files) < 10 {
		t.Fatalf("testdata/received: %d files, %v", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".eml")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r, ok := receivers[name]
			if !ok {
				r = []string{"mx.club.example", "mail.club.example"}
			}
			e := readEnvelope(raw, r)
			h := hop{HELO: e.helo, EnvelopeFrom: e.returnPath}
			if e.ip != nil {
				h.Client = e.ip.String()
			}
			golden.JSON(t, strings.TrimSuffix(f, ".eml")+".json", h)
		})
	}
}

// FuzzReadEnvelope: whatever the header, reading it ends and never panics, and an address it
// finds is one the header holds.
func FuzzReadEnvelope(f *testing.F) {
	f.Add([]byte("Return-Path: <a@b>\r\nReceived: from h (h [192.0.2.1]) by mx.club.example; d\r\n\r\n"))
	f.Add([]byte("Received: from [ by mx.club.example\r\n"))
	f.Add([]byte("Received: from h ([IPv6:::1] by mx.club.example ;\r\n"))
	f.Add([]byte("Received: from h ([192.0.2.1]:25 helo=) by mx.club.example with esmtp;\r\n"))
	f.Add([]byte("Received: from h (helo=[) by mx.club.example with lmtp\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		e := readEnvelope(raw, []string{"mx.club.example"})
		if e.ip != nil && e.ip.To16() == nil {
			t.Fatalf("an address that is none: %v", e.ip)
		}
	})
}
