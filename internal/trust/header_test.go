package trust

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadHeader(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want Header
	}{
		{"a player's letter with the receiving server's verdict on top",
			"Authentication-Results: mx.club.example;\r\n\tdkim=pass header.d=club.example\r\n" +
				"Authentication-Results: relay.example; spf=pass\r\n" +
				"From: =?koi8-r?B?6dfBzg==?= <Ivan@Club.Example>\r\n" +
				"Subject: CT-2026/1 game 3-7\r\n" +
				"Content-Type: text/plain; charset=utf-8\r\n\r\n" +
				"From: not@a.header\r\nAuto-Submitted: auto-replied\r\n",
			Header{From: "ivan@club.example", FromFields: 1, FromAddrs: 1, Fields: 5, ContentType: "text/plain", Subject: "CT-2026/1 game 3-7",
				AuthResults:   []string{"mx.club.example;\tdkim=pass header.d=club.example", "relay.example; spf=pass"},
				AuthResultsAt: []int{1, 2}}},
		{"a bounce, with LF line ends and a folded report-type",
			"Return-Path: <>\nFrom: Mail Delivery System <MAILER-DAEMON@mx.club.example>\n" +
				"Content-Type: multipart/report;\n report-type=delivery-status;\n boundary=\"b1\"\n\n--b1\n",
			Header{From: "mailer-daemon@mx.club.example", FromFields: 1, FromAddrs: 1, Fields: 3, ReturnPathEmpty: true,
				ContentType: "multipart/report", ReportType: "delivery-status"}},
		{"automatic and list fields, keywords without their parameters",
			"From: list@club.example\r\nAuto-Submitted: Auto-Generated; owner=x\r\nPrecedence: BULK\r\n" +
				"List-Id: <club.list>\r\nList-Unsubscribe: <mailto:x>\r\nX-Autoreply: yes\r\n\r\n",
			Header{From: "list@club.example", FromFields: 1, FromAddrs: 1, Fields: 6, AutoSubmitted: "auto-generated", Precedence: "bulk",
				ListHeaders: []string{"List-Id", "List-Unsubscribe"}, XAutoreply: "X-Autoreply: yes"}},
		{"postald's own headers, two From fields, a field name with a space before its colon",
			"From: ivan@club.example\r\nFrom: petr@club.example\r\nX-Postald-Game: CT/3-7\r\nx-postald-verdict : accepted\r\n\r\n",
			Header{From: "ivan@club.example", FromFields: 2, FromAddrs: 1, Fields: 4, Postald: []string{"X-Postald-Game", "x-postald-verdict"}}},
		{"an address the parser rejects, in angle brackets",
			"From: Ivan \"the, great <ivan@club.example>\r\n\r\n",
			Header{From: "ivan@club.example", FromFields: 1, FromAddrs: 1, Fields: 1}},
		{"a From without an address, a line that is no field",
			"garbage line\r\nFrom: Ivan\r\n\r\n",
			Header{FromFields: 1, Fields: 1}},
		{"no header end: the whole input is the header", "From: ivan@club.example",
			Header{From: "ivan@club.example", FromFields: 1, FromAddrs: 1, Fields: 1}},
		{"a From of two authors, the first of them a player",
			"From: Alina <alina@club.example>, bob@club.example\r\n\r\n",
			Header{From: "alina@club.example", FromFields: 1, FromAddrs: 2, Fields: 1}},
		{"a From list the parser rejects still counts its addresses, not those in quotes",
			"From: alina@club.example, \"x@y\" <bob@club.example\r\n\r\n",
			Header{FromFields: 1, FromAddrs: 2, Fields: 1}},
		{"a From above the signed one, past 2,100 filler fields: both counted",
			"From: victim@club.example\r\n" + strings.Repeat("X-Filler: x\r\n", 2100) + "From: attacker@club.example\r\n\r\n",
			Header{From: "victim@club.example", FromFields: 2, FromAddrs: 1, Fields: 2102}},
		{"a Subject and a Message-ID above the signed ones: the first read, the field named",
			"Subject: =?utf-8?B?0JDQstGC0L7QvtGC0LLQtdGCOg==?=  Re:\r\n game 1-3\r\nMessage-ID: <new@x>\r\n" +
				"From: ivan@club.example\r\nSubject: game 1-2\r\nMessage-ID: <old@x>\r\nTo: Moves <Moves@Club.Example>, b@x\r\nCc: c@x\r\n\r\n",
			Header{From: "ivan@club.example", FromFields: 1, FromAddrs: 1, Fields: 7, Subject: "Автоответ: Re: game 1-3", MessageID: "new@x",
				Recipients: []string{"moves@club.example", "b@x", "c@x"}, Twice: "Message-ID", TwiceN: 2}},
		{"Auto-Submitted: no below an automatic one does not take it back",
			"Auto-Submitted: auto-replied\r\nAuto-Submitted: no\r\nPrecedence: bulk\r\nPrecedence: first-class\r\n\r\n",
			Header{Fields: 4, AutoSubmitted: "auto-replied", Precedence: "bulk"}},
		{"a Sender other than the From",
			"Sender: Secretary <Sec@Other.Example>\r\nFrom: ivan@club.example\r\nSender: x@y\r\n\r\n",
			Header{From: "ivan@club.example", FromFields: 1, FromAddrs: 1, Sender: "sec@other.example", SenderFields: 2, Fields: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ReadHeader([]byte(tt.raw))); diff != "" {
				t.Errorf("ReadHeader (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadHeaderBounds(t *testing.T) {
	var b strings.Builder
	for range 5000 {
		b.WriteString("Authentication-Results: mx.club.example; dkim=pass\r\n")
	}
	b.WriteString("From: " + strings.Repeat("x", 1<<20) + "@club.example\r\n\r\n")
	h := ReadHeader([]byte(b.String()))
	// Every field is counted and the From after them all is read, as a DKIM verifier reads it;
	// what is kept is bounded.
	if h.Fields != 5001 || len(h.AuthResults) != maxAuthResults || h.FromFields != 1 {
		t.Errorf("ReadHeader counted %d fields, %d From fields, and kept %d Authentication-Results, want 5001, 1 and %d",
			h.Fields, h.FromFields, len(h.AuthResults), maxAuthResults)
	}
	long := ReadHeader([]byte("From: <" + strings.Repeat("x", 1<<20) + "@club.example>\r\n\r\n"))
	if long.From != "" || long.FromFields != 1 {
		t.Errorf("a From longer than a field value is kept: got %d bytes of address, %d fields", len(long.From), long.FromFields)
	}
}

func TestDomain(t *testing.T) {
	for in, want := range map[string]string{
		"ivan@Club.Example.": "club.example",
		"@club.example":      "club.example",
		"no-at-sign":         "",
		"a@b@c.example":      "c.example",
	} {
		if got := Domain(in); got != want {
			t.Errorf("Domain(%q) = %q, want %q", in, got, want)
		}
	}
}
