package mailauth

import (
	"net"
	"testing"
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := readEnvelope([]byte(tt.raw), "mx.club.example")
			if (tt.ip == "" && e.ip != nil) || (tt.ip != "" && !e.ip.Equal(net.ParseIP(tt.ip))) || e.helo != tt.helo || e.returnPath != tt.returnTo {
				t.Errorf("readEnvelope: %v %q %q, want %s %q %q", e.ip, e.helo, e.returnPath, tt.ip, tt.helo, tt.returnTo)
			}
		})
	}
}

// FuzzReadEnvelope: whatever the header, reading it ends and never panics, and an address it
// finds is one the header holds.
func FuzzReadEnvelope(f *testing.F) {
	f.Add([]byte("Return-Path: <a@b>\r\nReceived: from h (h [192.0.2.1]) by mx.club.example; d\r\n\r\n"))
	f.Add([]byte("Received: from [ by mx.club.example\r\n"))
	f.Add([]byte("Received: from h ([IPv6:::1] by mx.club.example ;\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		e := readEnvelope(raw, "mx.club.example")
		if e.ip != nil && e.ip.To16() == nil {
			t.Fatalf("an address that is none: %v", e.ip)
		}
	})
}
