package trust

import (
	"strings"
	"testing"
	"time"
)

// typicalLetter is a player's move letter as a receiving server stores it: a dozen header
// fields with the server's verdict on top, a short text.
var typicalLetter = []byte("Return-Path: <ivan@club.example>\r\n" +
	"Authentication-Results: mx.club.example;\r\n\tdkim=pass header.d=club.example header.s=mail header.b=Ab3dEf12;\r\n" +
	"\tspf=pass smtp.mailfrom=ivan@club.example;\r\n\tdmarc=pass header.from=club.example\r\n" +
	"Received: from mail.club.example (mail.club.example [192.0.2.1])\r\n\tby mx.club.example with ESMTPS id 4Xy; Mon, 16 Nov 2026 10:03:00 +0300\r\n" +
	"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=club.example; s=mail;\r\n\th=from:to:subject:date:message-id; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;\r\n\tb=" + strings.Repeat("A", 344) + "\r\n" +
	"From: =?utf-8?B?0JjQstCw0L0g0KHQuNC00L7RgNC+0LI=?= <ivan@club.example>\r\n" +
	"To: moves@club.example\r\nSubject: =?utf-8?Q?=D0=A1=D0=A2-2026/1_=D0=BF=D0=B0=D1=80=D1=82=D0=B8=D1=8F_3-7?=\r\n" +
	"Date: Mon, 16 Nov 2026 10:02:55 +0300\r\nMessage-ID: <20261116100255.1@club.example>\r\n" +
	"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" +
	"Здравствуйте, Пётр Иванович!\r\n\r\nТурнир СТ-2026/1, партия 3-7.\r\nВаш ход 11... h6:f4 получил.\r\n" +
	"Мой ход: 12. g3:e5\r\nЕсли 12... f6:d4, то 13. c3:e5 d6:f4 14. e3:g5\r\n" +
	"Даты: 14.11.2026 / 16.11.2026 / 18.11.2026\r\nВремя: 23/31\r\n\r\nС уважением, Иван Сидоров\r\n")

// BenchmarkPrecheck runs every pre-check the daemon makes on a typical letter, in its order.
func BenchmarkPrecheck(b *testing.B) {
	pol := Policy{AuthservID: "mx.club.example", Require: []string{"dkim", "spf", "dmarc"}}
	lim := Limits{MaxBytes: 10 << 20, MaxParts: 100, MaxLineBytes: 64 << 10}
	rl := NewLimiter(30, time.Hour, 10000)
	t0 := time.Date(2026, 11, 16, 7, 3, 0, 0, time.UTC)
	b.SetBytes(int64(len(typicalLetter)))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		h := ReadHeader(typicalLetter)
		if l, _ := LoopOf(h, "moves@club.example"); l != NoLoop {
			b.Fatal("a player's letter taken for automatic mail")
		}
		if err := pol.Check(h.AuthResults, h.From); err != nil {
			b.Fatal(err)
		}
		// A new instant each time, an hour apart: the limiter never refuses.
		if !rl.Allow(h.From, t0.Add(time.Duration(i)*time.Hour)) {
			b.Fatal("refused")
		}
		if e := lim.Check(typicalLetter, 0); e != nil {
			b.Fatal(e)
		}
	}
}

func BenchmarkReadHeader(b *testing.B) {
	b.SetBytes(int64(len(typicalLetter)))
	b.ReportAllocs()
	for b.Loop() {
		ReadHeader(typicalLetter)
	}
}

func BenchmarkPolicyCheck(b *testing.B) {
	h := ReadHeader(typicalLetter)
	pol := Policy{AuthservID: "mx.club.example", Require: []string{"dkim", "spf", "dmarc"}}
	b.ReportAllocs()
	for b.Loop() {
		if err := pol.Check(h.AuthResults, h.From); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLimitsCheck(b *testing.B) {
	lim := Limits{MaxBytes: 10 << 20, MaxParts: 100, MaxLineBytes: 64 << 10}
	b.SetBytes(int64(len(typicalLetter)))
	b.ReportAllocs()
	for b.Loop() {
		if e := lim.Check(typicalLetter, 0); e != nil {
			b.Fatal(e)
		}
	}
}

// BenchmarkLimitsCheckBomb: a letter of 5,000 MIME parts is refused after the 101st.
func BenchmarkLimitsCheckBomb(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Content-Type: multipart/mixed; boundary=p\r\n\r\n")
	for range 5000 {
		sb.WriteString("--p\r\nContent-Type: text/plain\r\n\r\nx\r\n")
	}
	bomb := []byte(sb.String())
	lim := Limits{MaxBytes: 10 << 20, MaxParts: 100, MaxLineBytes: 64 << 10}
	b.SetBytes(int64(len(bomb)))
	b.ReportAllocs()
	for b.Loop() {
		if e := lim.Check(bomb, 0); e == nil {
			b.Fatal("bomb passed")
		}
	}
}

// BenchmarkLimiterFlood: a new sender each time, the limiter full.
func BenchmarkLimiterFlood(b *testing.B) {
	rl := NewLimiter(30, time.Hour, 10000)
	t0 := time.Date(2026, 11, 16, 7, 3, 0, 0, time.UTC)
	keys := make([]string, 20000)
	for i := range keys {
		keys[i] = strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "@" + string(rune('a'+i/26%26)) + string(rune('a'+i/676%26)) + ".example"
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		rl.Allow(keys[i%len(keys)], t0)
	}
}
