package office

import (
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// TestReportSendRolledBack: when the report of one tournament cannot be drawn up, none is mailed
// (one transaction), and the reply says none was queued.
func TestReportSendRolledBack(t *testing.T) {
	now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	if _, err := CreateTournament(db, from, []byte(langSheet("А-1", "ru", "Иванов Иван", "Петров Пётр", "ru")), now); err != nil {
		t.Fatal(err)
	}
	// A sheet whose zone this machine does not know: its report cannot count the days, and it
	// comes after А-1's, which would have been queued first.
	broken := strings.Replace(langSheet("Я-9", "ru", "Иванов Иван", "Петров Пётр", "ru"), `zone = "Europe/Moscow"`, `zone = "Nowhere/Atlantis"`, 1)
	if err := db.Update(func(tx *store.Tx) error {
		return tx.PutTournament("Я-9", store.Sheet{Format: "toml", Data: []byte(broken), Created: now})
	}); err != nil {
		t.Fatal(err)
	}
	before := len(mailedSince(t, db, 0))
	rep, err := o.Run(ReportRequest{Send: true})
	if err == nil || !strings.Contains(err.Error(), "Nowhere/Atlantis") {
		t.Fatalf("a report in an unknown zone: %v", err)
	}
	if len(replyOf[*ReportReply](t, rep).Reports) != 1 || replyOf[*ReportReply](t, rep).Reports[0].Code != "А-1" {
		t.Fatalf("reports in the reply: %+v, want А-1's, drawn up before the failure", replyOf[*ReportReply](t, rep).Reports)
	}
	for _, r := range replyOf[*ReportReply](t, rep).Reports {
		if r.Queued {
			t.Errorf("the reply says the report of %s was queued, though nothing was", r.Code)
		}
	}
	if after := len(mailedSince(t, db, 0)); after != before {
		t.Errorf("%d letters queued by a failed report", after-before)
	}
}

// TestReportSubjectDate: the mailed report names its day as the tournament's letters write
// dates, in the tournament's zone: at 22:30 UTC on 18 November it is already the 19th in Moscow.
func TestReportSubjectDate(t *testing.T) {
	now := time.Date(2026, 11, 18, 22, 30, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	for _, lang := range []string{"ru", "en"} {
		code := "Р-" + lang
		if _, err := CreateTournament(db, from, []byte(langSheet(code, lang, "Иванов Иван", "Петров Пётр", lang)), now); err != nil {
			t.Fatal(err)
		}
		seen := len(mailedSince(t, db, 0))
		if _, err := o.Run(ReportRequest{Tournament: code, Send: true}); err != nil {
			t.Fatal(err)
		}
		l := letterTo(t, mailedSince(t, db, seen), "td@club.example")
		want := map[string]string{"ru": code + ": отчёт директору 19.11.2026", "en": code + ": director's report 2026-11-19"}[lang]
		if l.subject != want {
			t.Errorf("%s report subject %q, want %q", lang, l.subject, want)
		}
	}
}

// TestReportWordsAndDirectorCopy: a Russian tournament whose White writes English. The director's
// copy of a ruling is in the tournament's language, not White's; the report's rulings table
// names every kind of ruling in its language (a leave as «отпуск»), and its violations name what
// a letter postald stopped was stopped for.
func TestReportWordsAndDirectorCopy(t *testing.T) {
	now := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	sheet := strings.Replace(langSheet("Р-1", "ru", "Smith John", "Петров Пётр", "ru"),
		`email = "white@club.example"`, `email = "white@club.example"`+"\nlanguage = \"en\"", 1)
	if _, err := CreateTournament(db, from, []byte(sheet), now); err != nil {
		t.Fatal(err)
	}
	send(t, o, 1, now, "white@club.example", "Р-1 game 1-2", "My move: 1. c3-d4")
	now = now.Add(24 * time.Hour)
	send(t, o, 2, now, "black@club.example", "Р-1 партия 1-2", "Ваш ход 1. c3-d4 получил.\nМой ход: 1... e5-f4")
	now = now.Add(24 * time.Hour)
	seen := len(mailedSince(t, db, 0))
	leave := daysclock.Leave{From: daysclock.Date{Year: 2026, Month: 11, Day: 10}, To: daysclock.Date{Year: 2026, Month: 11, Day: 12}}
	if _, err := o.Run(RuleRequest{Kind: referee.RuleLeave, Game: "Р-1/1-2", Side: "white", Leave: leave,
		Clause: "leave_days", Reason: "семейные обстоятельства"}); err != nil {
		t.Fatal(err)
	}
	ruled := mailedSince(t, db, seen)
	if l := letterTo(t, ruled, "white@club.example"); !strings.Contains(l.body, "Judge's ruling") {
		t.Errorf("the ruling to White is not in English:\n%s", l.body)
	}
	sh, err := tournament.ParseSheet([]byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	// The clause is the judge's own words (here the regulation's key), quoted as written.
	checkLanguage(t, letterTo(t, ruled, "td@club.example"), "ru", sh, "семейные обстоятельства", "leave_days")
	checkLanguage(t, letterTo(t, ruled, "judge@club.example"), "ru", sh, "семейные обстоятельства", "leave_days")
	rep, err := o.Run(ReportRequest{Tournament: "Р-1"})
	if err != nil {
		t.Fatal(err)
	}
	text := replyOf[*ReportReply](t, rep).Reports[0].Text
	for _, want := range []string{"отпуск", "невыполнимый ход e5-f4"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, " leave ") || strings.Contains(text, "leave_days ") && !strings.Contains(text, "отпуск") {
		t.Errorf("the report names a ruling in English:\n%s", text)
	}
}
