package office

import (
	"testing"

	"postald/internal/phrase"
	"postald/internal/trust"
)

// TestCounts: the office's letters put numbers with the right form of their words (the
// phrasebook's own tests hold every text of it to its language).
func TestCounts(t *testing.T) {
	ru, en := &phrase.For("ru").Office, &phrase.For("en").Office
	for _, c := range []struct{ got, want string }{
		{ru.Trust.Letters(1), "1 письма"},
		{ru.Trust.Letters(30), "30 писем"},
		{en.Trust.Letters(1), "1 letter"},
		{ru.Digest.Bytes(2), "2 байта"},
		{en.Digest.Bytes(1), "1 byte"},
		{en.Digest.Letters(1), "1 letter"},
		{en.Digest.Intro(1), "Since the last digest postald has held 1 letter. None of them was applied to a game."},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestLimitInTheSendersLanguage: the note to a player whose letter is over a limit names the
// limit in his tournament's language, with the right forms of the words.
func TestLimitInTheSendersLanguage(t *testing.T) {
	tests := []struct {
		lang string
		e    trust.Excess
		want string
	}{
		{"ru", trust.Excess{What: "size", Got: 3000002, Max: 2000000}, "письмо в 3000002 байта больше допустимых 2000000 байт"},
		{"ru", trust.Excess{What: "parts", Got: 60, Max: 21}, "в письме больше 21 части (вложений и частей текста)"},
		{"ru", trust.Excess{What: "line", Got: 1001, Max: 998}, "строка в 1001 байт длиннее допустимых 998 байт"},
		{"ru", trust.Excess{What: "partial", Got: 1024, Max: 5000}, "удалось получить только 1024 байта из 5000 байт"},
		{"en", trust.Excess{What: "size", Got: 3000002, Max: 2000000}, "letter of 3000002 bytes is over the limit of 2000000"},
		{"en", trust.Excess{What: "partial", Got: 1024, Max: 5000}, "only 1024 of the letter's 5000 bytes could be fetched"},
	}
	for _, tc := range tests {
		e := tc.e
		if got := trustText(tc.lang).over(&e); got != tc.want {
			t.Errorf("%s %s: %q, want %q", tc.lang, e.What, got, tc.want)
		}
		if tc.lang == "en" && e.Error() != tc.want {
			t.Errorf("the English note and the stored reason differ: %q, %q", tc.want, e.Error())
		}
	}
}

// TestHeldInEveryLanguage: why a letter is held is said in the reader's language from the typed
// hold, every kind of it; the English words are those the store and the log have always kept.
func TestHeldInEveryLanguage(t *testing.T) {
	tests := []struct {
		h      trust.Hold
		en, ru string
	}{
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopReport, Quote: "delivery-status"},
			"delivery or read report (delivery-status)", "отчёт о доставке или прочтении (delivery-status)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopBounce, Quote: "Return-Path: <>"},
			"bounce or auto-reply (Return-Path: <>)", "возврат письма или автоответ (Return-Path: <>)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopAutomatic, Quote: "Auto-Submitted: auto-replied"},
			"automatic letter (Auto-Submitted: auto-replied)", "автоматическое письмо (Auto-Submitted: auto-replied)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopBulk, Quote: "Precedence: bulk"},
			"bulk or list mail (Precedence: bulk)", "массовая рассылка (Precedence: bulk)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopList, Quote: "List-Id"},
			"mailing-list mail (List-Id)", "письмо из списка рассылки (List-Id)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopAutoreply, Quote: "X-Autoreply: yes"},
			"auto-reply (X-Autoreply: yes)", "автоответ (X-Autoreply: yes)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopOwnLetter, Quote: "X-Postald-Verdict"},
			"postald's own letter came back (X-Postald-Verdict)", "вернулось письмо самого postald (X-Postald-Verdict)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopOwnAddress, Quote: "moves@club.example"},
			"letter from postald's own address (moves@club.example)", "письмо с адреса самого postald (moves@club.example)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopMailerDaemon, Quote: "mailer-daemon@mx.example"},
			"letter from a mailer daemon (mailer-daemon@mx.example)", "письмо почтового сервера (mailer-daemon@mx.example)"},
		{trust.Hold{Kind: trust.HoldLoop, Loop: trust.LoopNoFrom}, "no readable From address", "адрес отправителя не читается"},
		{trust.Hold{Kind: trust.HoldFromFields, N: 2}, "2 From fields", "отправитель указан в заголовке несколько раз (2)"},
		{trust.Hold{Kind: trust.HoldNoPolicy},
			"not authenticated: [trust] sets neither require nor from_only = true; see docs/trust.md",
			"подлинность отправителей не проверяется: в разделе [trust] не задано ни require, ни from_only = true; см. docs/trust.md"},
		{trust.Authentication(&trust.AuthError{Fault: trust.AuthNoField, Server: "mx.club.example"}),
			"not authenticated: no Authentication-Results field from mx.club.example",
			"подлинность не подтверждена: нет поля Authentication-Results сервера mx.club.example"},
		{trust.Authentication(&trust.AuthError{Fault: trust.AuthUnreadable, Server: "mx.club.example", Detail: "no result"}),
			"not authenticated: the field of mx.club.example cannot be read: no result",
			"подлинность не подтверждена: поле сервера mx.club.example не читается: no result"},
		{trust.Authentication(&trust.AuthError{Fault: trust.AuthNotPassed, Method: "dkim", Result: "fail"}),
			"not authenticated: dkim: fail", "подлинность не подтверждена: проверка dkim дала fail"},
		{trust.Authentication(&trust.AuthError{Fault: trust.AuthNoResult, Method: "spf"}),
			"not authenticated: spf: no result", "подлинность не подтверждена: проверки spf нет"},
		{trust.Authentication(&trust.AuthError{Fault: trust.AuthMisaligned, Method: "dkim", Domain: "evil.example", From: "club.example"}),
			`not authenticated: dkim: pass for "evil.example", not for club.example`,
			"подлинность не подтверждена: проверка dkim пройдена для «evil.example», а не для club.example"},
		{trust.Hold{Kind: trust.HoldRate, N: 21, From: "ivan@club.example"},
			"more than 21 letters from ivan@club.example within an hour", "больше 21 письма с адреса ivan@club.example за час"},
		{trust.Hold{Kind: trust.HoldLimit, Excess: &trust.Excess{What: "parts", Got: 30, Max: 25}},
			"letter of more than 25 MIME parts", "в письме больше 25 частей (вложений и частей текста)"},
		{trust.Hold{Kind: trust.HoldUnreadable, Fault: "read message header: EOF"},
			"unreadable: read message header: EOF", "письмо не читается: read message header: EOF"},
		{trust.Hold{Kind: trust.HoldFromTwoWays, From: "a@x.example", Other: "b@y.example"},
			`From read two ways: "a@x.example" and "b@y.example"`, "отправитель читается двояко: «a@x.example» и «b@y.example»"},
		{trust.Hold{Kind: trust.HoldNotOwn, Game: "1-2"},
			"names game 1-2, which is not the sender's own", "названа партия 1-2, в которой отправитель не играет"},
		{trust.Hold{Kind: trust.HoldStranger, From: "x@y.example"},
			"not from a registered player: x@y.example", "письмо не от участника турнира: x@y.example"},
		{trust.Hold{Kind: trust.HoldNoGame, From: "x@y.example"},
			"not a player of any game in progress: x@y.example", "у отправителя нет партий в игре: x@y.example"},
		{trust.Hold{Kind: trust.HoldFailed, N: 4}, "processing failed 4 times", "письмо не удалось обработать 4 раза"},
		{trust.Hold{Kind: trust.HoldFailed, N: 5}, "processing failed 5 times", "письмо не удалось обработать 5 раз"},
		{trust.Hold{Kind: trust.HoldInternal, Fault: "boom"}, "internal error: boom", "внутренняя ошибка postald: boom"},
	}
	for _, tc := range tests {
		if got := englishHeld(tc.h); got != tc.en {
			t.Errorf("%+v in English: %q, want %q", tc.h, got, tc.en)
		}
		if got := held("ru", tc.h); got != tc.ru {
			t.Errorf("%+v in Russian: %q, want %q", tc.h, got, tc.ru)
		}
		// What the store keeps reads back as the same hold.
		back, ok := decodeHold(encodeHold(tc.h))
		if !ok || englishHeld(back) != tc.en {
			t.Errorf("%+v stored and read back: %+v (%v)", tc.h, back, ok)
		}
		if tc.h.Auth != nil && tc.h.Auth.Error() != tc.en {
			t.Errorf("the authentication's error %q and the stored reason %q differ", tc.h.Auth.Error(), tc.en)
		}
	}
	if _, ok := decodeHold(nil); ok {
		t.Error("a letter held without a typed hold (an older store) reads as one")
	}
}
