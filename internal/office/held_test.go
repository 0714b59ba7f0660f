package office

import (
	"log/slog"
	"mime"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailwrite"
	"postald/internal/store"
)

// TestHeldReasonInTheJudgesLanguage: the judge of a Russian tournament reads why a letter was
// held in Russian — in the notice about it, in the daily digest, and the player in his note —
// while the store and the log keep the English reason.
func TestHeldReasonInTheJudgesLanguage(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	from := mail.Address{Name: "B-001 secretary", Address: "moves@" + trustDomain}
	sheet := strings.Replace(benchSheet(1, "p"), `language = "en"`, `language = "ru"`, 1)
	sh, err := CreateTournament(db, from, []byte(sheet), now)
	if err != nil {
		t.Fatal(err)
	}
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits,
		Trust:  config.Trust{AuthservID: "mx." + trustDomain, Require: []string{"dkim"}, Verdict: config.VerdictServer},
		Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }})
	player := sh.Players[0].Email
	letter := func(uid uint32, sender, auth string) {
		t.Helper()
		raw := []byte("Authentication-Results: mx." + trustDomain + "; " + auth + "\r\nFrom: " + sender +
			"\r\nTo: " + from.Address + "\r\nSubject: B-001\r\nMessage-ID: <held-" + string(rune('a'+uid)) + "@x>\r\n\r\nМой ход: 1. c3-d4\r\n")
		if err := o.Letter(Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: uid, Raw: raw, InternalDate: now, Size: int64(len(raw))}); err != nil {
			t.Fatal(err)
		}
	}
	letter(1, player, "dkim=fail header.d="+trustDomain)
	letter(2, "stranger@elsewhere.example", "dkim=pass header.d=elsewhere.example")

	const (
		ruForged   = "подлинность не подтверждена: проверка dkim дала fail"
		ruStranger = "письмо не от участника турнира: stranger@elsewhere.example"
		enForged   = "not authenticated: dkim: fail"
		enStranger = "not from a registered player: stranger@elsewhere.example"
	)
	letters := outbox(t, db, now.Add(time.Hour))
	var judge, note string
	for _, l := range letters {
		switch l.to {
		case sh.Judge:
			judge = l.body
		case player:
			note = l.body
		}
	}
	if !strings.Contains(judge, "Причина: "+ruForged) || strings.Contains(judge, enForged) {
		t.Errorf("the judge's notice does not give the reason in Russian:\n%s", judge)
	}
	if !strings.Contains(note, "("+ruForged+")") || strings.Contains(note, enForged) {
		t.Errorf("the player's note does not give the authentication's verdict in Russian:\n%s", note)
	}
	err = db.View(func(tx *store.Tx) error {
		q, err := tx.QuarantinedInbound()
		if len(q) != 2 || q[0].Reason != enForged || q[1].Reason != enStranger {
			t.Errorf("the store keeps %+v, want the English reasons %q and %q", q, enForged, enStranger)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	later := now.Add(25 * time.Hour)
	if err := db.Update(func(tx *store.Tx) error { return o.heldDigest(tx, later) }); err != nil {
		t.Fatal(err)
	}
	var digest string
	for _, l := range outbox(t, db, later.Add(time.Hour))[len(letters):] {
		if l.to == sh.Judge {
			digest = l.body
		}
	}
	for _, want := range []string{"причина: " + ruForged, "причина: " + ruStranger} {
		if !strings.Contains(digest, want) {
			t.Errorf("the digest lacks %q:\n%s", want, digest)
		}
	}
	if strings.Contains(digest, enForged) || strings.Contains(digest, enStranger) {
		t.Errorf("the Russian digest gives an English reason:\n%s", digest)
	}
}

type sent struct{ to, subject, body string }

// outbox is every letter in the outbox due by at, decoded.
func outbox(t *testing.T, db *store.DB, at time.Time) []sent {
	t.Helper()
	var out []sent
	err := db.View(func(tx *store.Tx) error {
		due, err := tx.Due(at, 0)
		for _, it := range due {
			w, err := mailwrite.Read(it.Raw)
			if err != nil {
				return err
			}
			subject, _ := new(mime.WordDecoder).DecodeHeader(w.Header.Get("Subject"))
			out = append(out, sent{to: strings.Join(it.To, ","), subject: subject, body: w.Text})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
