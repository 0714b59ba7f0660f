package office

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"path/filepath"
	"postald/internal/reading"
	"regexp"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/langcheck"
	"postald/internal/phrase"
	"postald/internal/store"
	"postald/internal/tournament"
)

// langSheet is a start sheet of two players: White writes the tournament's language, Black
// his own (letters.md: the per-player language).
func langSheet(code, lang, white, black, blackLang string) string {
	return fmt.Sprintf(`
[tournament]
code = %q
name = "Lang"
variant = "russian"
start = 2026-11-01
end = 2027-10-31
language = %q
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"

[regulation]
zone = "Europe/Moscow"

[[player]]
number = 1
name = %q
email = "white@club.example"

[[player]]
number = 2
name = %q
email = "black@club.example"
language = %q
`, code, lang, white, black, blackLang)
}

// mailed is a letter of the outbox as its reader sees it.
type mailed struct {
	to, subject, body, game, verdict string
}

// mailedSince returns the letters of the outbox after the first skip, the text part decoded,
// whether the letter is a single text or has parts.
func mailedSince(t *testing.T, db *store.DB, skip int) []mailed {
	t.Helper()
	var out []mailed
	err := db.View(func(tx *store.Tx) error {
		due, err := tx.Due(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 0)
		if err != nil {
			return err
		}
		for _, it := range due[min(skip, len(due)):] {
			m, err := mail.ReadMessage(strings.NewReader(string(it.Raw)))
			if err != nil {
				return err
			}
			body, err := plainText(m.Header.Get("Content-Type"), m.Header.Get("Content-Transfer-Encoding"), m.Body)
			if err != nil {
				return err
			}
			dec := new(mime.WordDecoder)
			subject, _ := dec.DecodeHeader(m.Header.Get("Subject"))
			game, _ := dec.DecodeHeader(m.Header.Get("X-Postald-Game"))
			out = append(out, mailed{to: strings.Join(it.To, ","), subject: subject, body: body,
				game: game, verdict: m.Header.Get("X-Postald-Verdict")})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// plainText is the first text/plain part of a body of type ct.
func plainText(ct, cte string, r io.Reader) (string, error) {
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(r, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				return "", fmt.Errorf("no text part: %w", err)
			}
			s, err := plainText(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p)
			if err == nil && s != "" {
				return s, nil
			}
		}
	}
	if mt != "text/plain" {
		return "", nil
	}
	if strings.EqualFold(cte, "quoted-printable") {
		// multipart.Part decodes quoted-printable itself; a top-level body is decoded here.
		if _, ok := r.(*multipart.Part); !ok {
			r = quotedprintable.NewReader(r)
		}
	}
	b, err := io.ReadAll(r)
	return strings.ReplaceAll(string(b), "\r\n", "\n"), err
}

// boardLine is a line of the text diagram (referee's board.go): its ranks, files and FEN are the
// same in every language.
var boardLine = regexp.MustCompile(`^\s*(\d+\s+[.bwBWбБчЧ\- ]+|[a-j]( [a-j])+|FEN .*)$`)

// ownText is what postald wrote of a letter: a forwarded letter without the sender's text above
// postald's stamp, and without the receipt and the diagram, whose forms are the same in every
// language.
func ownText(l mailed, lang string) string {
	s := l.subject + "\n" + l.body
	if i := strings.Index(l.body, phrase.For(lang).Referee.Stamp); i >= 0 {
		s = l.subject + "\n" + l.body[i:]
	}
	// The diagram's legend names its marks (w, W, b, B), which are the same in every language.
	rt := &phrase.For(lang).Referee
	m := []rune(rt.Marks)
	legend := fmt.Sprintf(rt.Legend, string(m[0]), string(m[1]), string(m[2]), string(m[3]), ".")
	var keep []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "Квитанция: ") && !strings.HasPrefix(line, "Receipt: ") && !boardLine.MatchString(line) && line != legend {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// checkLanguage fails when a letter holds a word of the other language: Latin words in Russian
// (langcheck), Cyrillic in English; the sheet's own values (names, code, zone) are allowed, and
// quoted, the words of others the letter quotes as they are (the judge's reason).
func checkLanguage(t *testing.T, l mailed, lang string, sh *tournament.Sheet, quoted ...string) {
	t.Helper()
	text := ownText(l, lang)
	for _, q := range quoted {
		text = strings.ReplaceAll(text, q, "")
	}
	switch lang {
	case "ru":
		extra := []string{tournament.Latin(sh.Code), sh.Name, sh.Code, "Europe/Moscow"}
		for _, p := range sh.Players {
			extra = append(extra, strings.Fields(p.Name)...)
		}
		if bad := langcheck.Latin(text, extra...); len(bad) > 0 {
			t.Errorf("the Russian letter to %s holds English %q:\n%s", l.to, bad, text)
		}
	case "en":
		for _, p := range sh.Players {
			text = strings.ReplaceAll(text, p.Name, "")
		}
		text = strings.ReplaceAll(strings.ReplaceAll(text, sh.Code, ""), sh.Name, "")
		if tournament.HasCyrillic(text) {
			t.Errorf("the English letter to %s holds Cyrillic:\n%s", l.to, text)
		}
	}
}

// playerOffice is an office on a new store, its clock at *now.
func playerOffice(t *testing.T, now *time.Time) (*store.DB, *Office, mail.Address) {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	from := mail.Address{Name: "postald", Address: "moves@club.example"}
	limits := config.Defaults().Limits
	o := New(Options{Store: db, From: from, Limits: limits, Trust: config.Trust{FromOnly: true},
		Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return *now }})
	return db, o, from
}

// send hands the office a letter from sender.
func send(t *testing.T, o *Office, uid uint32, now time.Time, sender, subject, body string) {
	t.Helper()
	raw := fmt.Sprintf("From: %s\r\nTo: moves@club.example\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <lang-%d@club.example>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s",
		sender, mime.QEncoding.Encode("utf-8", subject), now.Format(time.RFC1123Z), uid, strings.ReplaceAll(body, "\n", "\r\n"))
	m := Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: uid, Raw: []byte(raw), InternalDate: now, Size: int64(len(raw))}
	if err := o.Letter(m); err != nil {
		t.Fatal(err)
	}
}

// letterTo returns the one letter to addr among ls.
func letterTo(t *testing.T, ls []mailed, addr string) mailed {
	t.Helper()
	var found []mailed
	for _, l := range ls {
		if l.to == addr {
			found = append(found, l)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d letters to %s, want 1: %+v", len(found), addr, ls)
	}
	return found[0]
}

// TestPlayersOwnLanguage: in a Russian tournament a player whose language is English gets every
// letter in English — his start letter, the rejection of his letter with a fault, the
// acknowledgement and the forwarded moves of his partner — while his Russian partner gets his
// own in Russian; a Latin spelling of the Cyrillic code (ZK-1) routes the letter to its
// tournament, also with a second tournament of the same players; and the reverse, a Russian
// player in an English tournament, end to end.
func TestPlayersOwnLanguage(t *testing.T) {
	t.Run("english player in a Russian tournament", func(t *testing.T) {
		now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
		db, o, from := playerOffice(t, &now)
		sh, err := CreateTournament(db, from, []byte(langSheet("ЗК-1", "ru", "Иванов Иван", "Smith John", "en")), now)
		if err != nil {
			t.Fatal(err)
		}
		start := mailedSince(t, db, 0)
		checkStart(t, sh, start)
		// A second tournament of the same two players, with a game 1-2 too: only the code the
		// letter names, in its Latin spelling, tells the two apart.
		sh2, err := CreateTournament(db, from, []byte(langSheet("ЗК-2", "ru", "Иванов Иван", "Smith John", "en")), now)
		if err != nil {
			t.Fatal(err)
		}
		seen := len(mailedSince(t, db, 0))

		// A code spelt like a registered one is refused.
		if _, err := CreateTournament(db, from, []byte(langSheet("zk-1", "en", "A B", "C D", "en")), now); !errors.Is(err, ErrRegistered) {
			t.Errorf("a tournament zk-1 beside ЗК-1: %v, want ErrRegistered", err)
		}

		// White (Russian) moves; Black (English) gets the move forwarded in English.
		send(t, o, 1, now, "white@club.example", "ЗК-1 партия 1-2",
			"Здравствуйте!\nТурнир ЗК-1, партия 1-2.\nМой ход: 1. c3-d4\nДаты: 01.11.2026 / 01.11.2026 / 03.11.2026\nВремя: 2/0\nС уважением, Иван")
		got := mailedSince(t, db, seen)
		seen += len(got)
		ack, fwd := letterTo(t, got, "white@club.example"), letterTo(t, got, "black@club.example")
		if ack.game != "ЗК-1/1-2" || !strings.Contains(ack.body, "Ваше письмо от 03.11.2026 принято.") {
			t.Errorf("the acknowledgement to White (%s):\n%s", ack.game, ack.body)
		}
		if !strings.Contains(fwd.body, "Здравствуйте!") || !strings.Contains(fwd.body, "Moves: 1. c3-d4") ||
			!strings.Contains(fwd.subject, "game 1-2 move 1") {
			t.Errorf("the forwarded move to Black: %s\n%s", fwd.subject, fwd.body)
		}
		checkLanguage(t, ack, "ru", sh)
		checkLanguage(t, fwd, "en", sh)

		// Black writes English, naming the game by the Latin spelling of the code, with a move
		// no piece can make: his English rejection; nothing goes to White.
		now = now.Add(24 * time.Hour)
		send(t, o, 2, now, "black@club.example", "ZK-1 game 1-2",
			"Dear Ivan,\nTournament ZK-1, game 1-2.\nReceived your 1. c3-d4.\nMy move: 1... e5-f4\nRegards, John")
		got = mailedSince(t, db, seen)
		seen += len(got)
		rej := letterTo(t, got, "black@club.example")
		if rej.game != "ЗК-1/1-2" || rej.verdict != "rejected" || !strings.Contains(rej.body, "Your letter of 2026-11-04 is stopped") {
			t.Errorf("the rejection to Black (%s, %s):\n%s", rej.game, rej.verdict, rej.body)
		}
		for _, l := range got {
			if l.to == "white@club.example" {
				t.Errorf("White was sent a letter about a stopped letter:\n%s", l.body)
			}
		}
		checkLanguage(t, rej, "en", sh)

		// His corrected letter: the acknowledgement in English, the move forwarded to White in
		// Russian.
		send(t, o, 3, now, "black@club.example", "Re: ZK-1 game 1-2",
			"Tournament ZK-1, game 1-2.\nReceived your 1. c3-d4.\nMy move: 1... f6-g5\nRegards, John")
		got = mailedSince(t, db, seen)
		seen += len(got)
		ack, fwd = letterTo(t, got, "black@club.example"), letterTo(t, got, "white@club.example")
		if ack.game != "ЗК-1/1-2" || !strings.Contains(ack.body, "Your letter of 2026-11-04 is accepted.") {
			t.Errorf("the acknowledgement to Black (%s):\n%s", ack.game, ack.body)
		}
		if !strings.Contains(fwd.body, "Ходы: 1... f6-g5") || !strings.Contains(fwd.body, "04.11.2026") ||
			!strings.Contains(fwd.subject, "партия 1-2 ход 1") {
			t.Errorf("the forwarded move to White: %s\n%s", fwd.subject, fwd.body)
		}
		checkLanguage(t, ack, "en", sh)
		checkLanguage(t, fwd, "ru", sh)

		const reason = "опоздание с ответом"
		// The judge types the Latin spelling too; his ruling reaches each player in his own
		// language, and the judge in the tournament's.
		if rep, err := o.Run(reading.ShowRequest{Game: "zk-1/1-2"}); err != nil || replyOf[*reading.GameView](t, rep) == nil {
			t.Fatalf("judge show zk-1/1-2: %v", err)
		}
		if _, err := o.Run(RuleRequest{Kind: "penalty", Game: "ZK-1/1-2", Side: "black", Days: 1,
			Clause: "4.2.6", Reason: reason}); err != nil {
			t.Fatalf("judge penalty ZK-1/1-2: %v", err)
		}
		got = mailedSince(t, db, seen)
		seen += len(got)
		checkLanguage(t, letterTo(t, got, "white@club.example"), "ru", sh)
		checkLanguage(t, letterTo(t, got, "black@club.example"), "en", sh, reason)
		checkLanguage(t, letterTo(t, got, "judge@club.example"), "ru", sh)
		if !strings.Contains(letterTo(t, got, "black@club.example").subject, "judge's ruling") {
			t.Errorf("the ruling to Black: %+v", letterTo(t, got, "black@club.example"))
		}

		// Tournament ЗК-2 was not touched.
		err = db.View(func(tx *store.Tx) error {
			g, err := LoadGame(tx, store.GameID{Tournament: sh2.Code, Game: "1-2"})
			if err == nil && len(g.Plies) != 0 {
				t.Errorf("game ЗК-2/1-2 has plies %v", g.Plies)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}

		// Game ЗК-2/1-2 reaches the position of ЗК-1/1-2, by letters naming it; then a letter
		// whose subject is only the Latin spelling "ZK-1", which both games would accept, goes to
		// ЗК-1.
		send(t, o, 4, now, "white@club.example", "ЗК-2 партия 1-2", "Мой ход: 1. c3-d4")
		send(t, o, 5, now, "black@club.example", "ZK-2 game 1-2", "Received your 1. c3-d4.\nMy move: 1... f6-g5\nRegards, John")
		seen = len(mailedSince(t, db, 0))
		send(t, o, 6, now, "white@club.example", "ZK-1", "Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4")
		got = mailedSince(t, db, seen)
		var games []string
		for _, l := range got {
			games = append(games, l.to+" "+l.game+" "+l.verdict)
		}
		if want := "white@club.example ЗК-1/1-2 accepted,black@club.example ЗК-1/1-2 accepted"; strings.Join(games, ",") != want &&
			strings.Join(games, ",") != "black@club.example ЗК-1/1-2 accepted,white@club.example ЗК-1/1-2 accepted" {
			t.Errorf("the letters about White's letter headed ZK-1: %q, want the acknowledgement and the forwarded move of ЗК-1/1-2", games)
		}
	})

	t.Run("russian player in an English tournament", func(t *testing.T) {
		now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
		db, o, from := playerOffice(t, &now)
		sh, err := CreateTournament(db, from, []byte(langSheet("OPEN-7", "en", "Smith John", "Иванов Иван", "ru")), now)
		if err != nil {
			t.Fatal(err)
		}
		start := mailedSince(t, db, 0)
		checkStart(t, sh, start)
		seen := len(start)

		// White (English) moves; Black (Russian) gets it forwarded in Russian.
		send(t, o, 1, now, "white@club.example", "OPEN-7 game 1-2", "Tournament OPEN-7, game 1-2.\nMy move: 1. c3-d4\nRegards, John")
		got := mailedSince(t, db, seen)
		seen += len(got)
		ack, fwd := letterTo(t, got, "white@club.example"), letterTo(t, got, "black@club.example")
		checkLanguage(t, ack, "en", sh)
		checkLanguage(t, fwd, "ru", sh)
		if !strings.Contains(fwd.body, "Ходы: 1. c3-d4") || !strings.Contains(fwd.body, "03.11.2026") {
			t.Errorf("the forwarded move to Black:\n%s", fwd.body)
		}

		// Black writes Russian with a fault: a Russian rejection.
		now = now.Add(24 * time.Hour)
		send(t, o, 2, now, "black@club.example", "OPEN-7 партия 1-2",
			"Турнир OPEN-7, партия 1-2.\nВаш ход 1. c3-d4 получил.\nМой ход: 1... e5-f4\nС уважением, Иван")
		got = mailedSince(t, db, seen)
		seen += len(got)
		rej := letterTo(t, got, "black@club.example")
		if rej.verdict != "rejected" || !strings.Contains(rej.body, "Ваше письмо от 04.11.2026 остановлено") {
			t.Errorf("the rejection to Black (%s):\n%s", rej.verdict, rej.body)
		}
		checkLanguage(t, rej, "ru", sh)

		// His corrected letter: a Russian acknowledgement, the move forwarded in English.
		send(t, o, 3, now, "black@club.example", "Re: OPEN-7 game 1-2",
			"Турнир OPEN-7, партия 1-2.\nВаш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nС уважением, Иван")
		got = mailedSince(t, db, seen)
		ack, fwd = letterTo(t, got, "black@club.example"), letterTo(t, got, "white@club.example")
		checkLanguage(t, ack, "ru", sh)
		checkLanguage(t, fwd, "en", sh)
		if !strings.Contains(ack.body, "Ваше письмо от 04.11.2026 принято.") || !strings.Contains(fwd.body, "Moves: 1... f6-g5") {
			t.Errorf("the acknowledgement to Black:\n%s\nthe forwarded move to White:\n%s", ack.body, fwd.body)
		}
	})
}

// checkStart: each player's start letter is in his own language; the letters to the judge and
// the director in the tournament's.
func checkStart(t *testing.T, sh *tournament.Sheet, letters []mailed) {
	t.Helper()
	for _, p := range sh.Players {
		l := letterTo(t, letters, p.Email)
		lang := sh.LanguageOf(p.Number)
		checkLanguage(t, l, lang, sh)
		if tournament.HasCyrillic(sh.Code) {
			if want := tournament.Latin(sh.Code); !strings.Contains(l.body, want) {
				t.Errorf("the start letter to %s does not give the Latin spelling %s:\n%s", p.Email, want, l.body)
			}
		}
	}
	checkLanguage(t, letterTo(t, letters, sh.Judge), sh.Language, sh)
	checkLanguage(t, letterTo(t, letters, sh.Director), sh.Language, sh)
}

// TestHeldNoteInTheSendersLanguage: the note about a held letter goes to its sender in his own
// language, the judge's notice in the tournament's.
func TestHeldNoteInTheSendersLanguage(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	from := mail.Address{Name: "B-001 secretary", Address: "moves@" + trustDomain}
	sheet := strings.Replace(benchSheet(1, "p"), `language = "en"`, `language = "ru"`, 1)
	sheet = strings.Replace(sheet, `email = "p02@postald.test"`, `email = "p02@postald.test"`+"\nlanguage = \"en\"", 1)
	sh, err := CreateTournament(db, from, []byte(sheet), now)
	if err != nil {
		t.Fatal(err)
	}
	seen := len(mailedSince(t, db, 0))
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits,
		Trust:  config.Trust{AuthservID: "mx." + trustDomain, Require: []string{"dkim"}, Verdict: config.VerdictServer},
		Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }})
	player := sh.Players[1].Email
	raw := []byte("Authentication-Results: mx." + trustDomain + "; dkim=fail header.d=" + trustDomain + "\r\nFrom: " + player +
		"\r\nTo: " + from.Address + "\r\nSubject: B-001\r\nMessage-ID: <held-en@x>\r\n\r\nMy move: 1. c3-d4\r\n")
	if err := o.Letter(Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: 1, Raw: raw, InternalDate: now, Size: int64(len(raw))}); err != nil {
		t.Fatal(err)
	}
	got := mailedSince(t, db, seen)
	note, judge := letterTo(t, got, player), letterTo(t, got, sh.Judge)
	if !strings.Contains(note.body, "not authenticated: dkim: fail") || !strings.Contains(note.body, "2026-11-02 13:00 +0300") {
		t.Errorf("the note to the English player:\n%s", note.body)
	}
	checkLanguage(t, note, "en", sh)
	if !strings.Contains(judge.body, "подлинность не подтверждена") || !strings.Contains(judge.body, "02.11.2026 13:00 +0300") {
		t.Errorf("the judge's notice:\n%s", judge.body)
	}
	checkLanguage(t, judge, "ru", sh, "dkim дала fail") // the verdict as the server wrote it
}

// TestCodeCopiedByLooks: a player who copies the code «СТ-1» with Latin letters that look like
// its Cyrillic ones ("CT-1") writes to its tournament: his letter is decided in game СТ-1/1-2.
func TestCodeCopiedByLooks(t *testing.T) {
	now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	if _, err := CreateTournament(db, from, []byte(langSheet("СТ-1", "ru", "Иванов Иван", "Петров Пётр", "ru")), now); err != nil {
		t.Fatal(err)
	}
	if _, err := CreateTournament(db, from, []byte(langSheet("СТ-2", "ru", "Иванов Иван", "Петров Пётр", "ru")), now); err != nil {
		t.Fatal(err)
	}
	seen := len(mailedSince(t, db, 0))
	send(t, o, 1, now, "white@club.example", "CT-1 game 1-2", "Tournament CT-1, game 1-2.\nMy move: 1. c3-d4")
	ack := letterTo(t, mailedSince(t, db, seen), "white@club.example")
	if ack.game != "СТ-1/1-2" || ack.verdict != "accepted" {
		t.Errorf("a letter to CT-1: game %q, verdict %q:\n%s", ack.game, ack.verdict, ack.body)
	}
}
