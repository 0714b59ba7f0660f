package trust

import "testing"

func TestLoopReason(t *testing.T) {
	const own = "moves@club.example"
	player := Header{From: "ivan@club.example", FromFields: 1}
	with := func(f func(*Header)) Header {
		h := player
		f(&h)
		return h
	}
	tests := []struct {
		name   string
		h      Header
		answer bool
	}{
		{"a player's letter", player, true},
		{"Auto-Submitted: no is a person", with(func(h *Header) { h.AutoSubmitted = "no" }), true},
		{"Precedence: first-class is a person", with(func(h *Header) { h.Precedence = "first-class" }), true},
		{"a delivery report", with(func(h *Header) { h.ContentType, h.ReportType = "multipart/report", "delivery-status" }), false},
		{"an empty Return-Path", with(func(h *Header) { h.ReturnPathEmpty = true }), false},
		{"Auto-Submitted: auto-replied", with(func(h *Header) { h.AutoSubmitted = "auto-replied" }), false},
		{"Auto-Submitted: auto-generated", with(func(h *Header) { h.AutoSubmitted = "auto-generated" }), false},
		{"Precedence: bulk", with(func(h *Header) { h.Precedence = "bulk" }), false},
		{"Precedence: list", with(func(h *Header) { h.Precedence = "list" }), false},
		{"Precedence: junk", with(func(h *Header) { h.Precedence = "junk" }), false},
		{"a mailing list", with(func(h *Header) { h.ListHeaders = []string{"List-Post"} }), false},
		{"an X-Autoreply", with(func(h *Header) { h.XAutoreply = "X-Autoreply: yes" }), false},
		{"postald's own headers", with(func(h *Header) { h.Postald = []string{"X-Postald-Verdict"} }), false},
		{"postald's own address", with(func(h *Header) { h.From = own }), false},
		{"a mailer daemon", with(func(h *Header) { h.From = "mailer-daemon@mx.club.example" }), false},
		{"no From", with(func(h *Header) { h.From = "" }), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why := LoopReason(tt.h, "", own)
			if (why == "") != tt.answer {
				t.Errorf("LoopReason = %q; may answer %v, want %v", why, why == "", tt.answer)
			}
		})
	}
}
