package trust

import "testing"

func TestLoopOf(t *testing.T) {
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
		loop   Loop
		quote  string
	}{
		{"a player's letter", player, true, NoLoop, ""},
		{"Auto-Submitted: no is a person", with(func(h *Header) { h.AutoSubmitted = "no" }), true, NoLoop, ""},
		{"Precedence: first-class is a person", with(func(h *Header) { h.Precedence = "first-class" }), true, NoLoop, ""},
		{"a delivery report", with(func(h *Header) { h.ContentType, h.ReportType = "multipart/report", "delivery-status" }), false, LoopReport, "delivery-status"},
		{"an empty Return-Path", with(func(h *Header) { h.ReturnPathEmpty = true }), false, LoopBounce, "Return-Path: <>"},
		{"Auto-Submitted: auto-replied", with(func(h *Header) { h.AutoSubmitted = "auto-replied" }), false, LoopAutomatic, "Auto-Submitted: auto-replied"},
		{"Auto-Submitted: auto-generated", with(func(h *Header) { h.AutoSubmitted = "auto-generated" }), false, LoopAutomatic, "Auto-Submitted: auto-generated"},
		{"Precedence: bulk", with(func(h *Header) { h.Precedence = "bulk" }), false, LoopBulk, "Precedence: bulk"},
		{"Precedence: list", with(func(h *Header) { h.Precedence = "list" }), false, LoopBulk, "Precedence: list"},
		{"Precedence: junk", with(func(h *Header) { h.Precedence = "junk" }), false, LoopBulk, "Precedence: junk"},
		{"a mailing list", with(func(h *Header) { h.ListHeaders = []string{"List-Post"} }), false, LoopList, "List-Post"},
		{"an X-Autoreply", with(func(h *Header) { h.XAutoreply = "X-Autoreply: yes" }), false, LoopAutoreply, "X-Autoreply: yes"},
		{"postald's own headers", with(func(h *Header) { h.Postald = []string{"X-Postald-Verdict"} }), false, LoopOwnLetter, "X-Postald-Verdict"},
		{"postald's own address", with(func(h *Header) { h.From = own }), false, LoopOwnAddress, own},
		{"a mailer daemon", with(func(h *Header) { h.From = "mailer-daemon@mx.club.example" }), false, LoopMailerDaemon, "mailer-daemon@mx.club.example"},
		{"no From", with(func(h *Header) { h.From = "" }), false, LoopNoFrom, ""},
		{"Precedence: auto_reply", with(func(h *Header) { h.Precedence = "auto_reply" }), false, LoopBulk, "Precedence: auto_reply"},
		{"an X-Autorespond", with(func(h *Header) { h.XAutoreply = "X-Autorespond: vacation" }), false, LoopAutoreply, "X-Autorespond: vacation"},
		{"«Автоответ: …» without a field of automatic mail", with(func(h *Header) { h.Subject = "Автоответ: Re: ЗК-1 партия 1-2" }), false, LoopAutoSubject, "Subject: Автоответ: Re: ЗК-1 партия 1-2"},
		{"Outlook's Russian subject", with(func(h *Header) { h.Subject = "Автоматический ответ: ход" }), false, LoopAutoSubject, "Subject: Автоматический ответ: ход"},
		{"Outlook's English subject", with(func(h *Header) { h.Subject = "Automatic reply: game 1-2" }), false, LoopAutoSubject, "Subject: Automatic reply: game 1-2"},
		{"Out of office, in brackets", with(func(h *Header) { h.Subject = "[Out of Office] back on the 5th" }), false, LoopAutoSubject, "Subject: [Out of Office] back on the 5th"},
		{"Lotus Notes", with(func(h *Header) { h.Subject = "AUTO: Ivan is away" }), false, LoopAutoSubject, "Subject: AUTO: Ivan is away"},
		{"a word that only begins like one", with(func(h *Header) { h.Subject = "Autoreplying machines, game 1-2" }), true, NoLoop, ""},
		{"auto without its colon", with(func(h *Header) { h.Subject = "Auto race, game 1-2" }), true, NoLoop, ""},
		{"a reply to an automatic reply is a person's", with(func(h *Header) { h.Subject = "Re: Автоответ: партия 1-2" }), true, NoLoop, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, quote := LoopOf(tt.h, "", own)
			if (l == NoLoop) != tt.answer || l != tt.loop || quote != tt.quote {
				t.Errorf("LoopOf = %v %q, want %v %q (may answer: %v)", l, quote, tt.loop, tt.quote, tt.answer)
			}
			var back Loop
			if b, _ := l.MarshalText(); back.UnmarshalText(b) != nil || back != l {
				t.Errorf("%v does not read back from %q", l, b)
			}
		})
	}
}
