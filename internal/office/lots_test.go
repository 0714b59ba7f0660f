package office

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"postald/internal/diagram"
	"postald/internal/lots"
	"postald/internal/mailwrite"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/rules/pdn"
	"postald/internal/store"
	"postald/internal/tournament"
)

// lotsSheet is a Russian-draughts tournament of three players whose numbers postald draws, each
// pair drawing one of three openings: three moves (Black on move after them), one move (Black on
// move), a starting position of its own (White on move).
const lotsSheet = `[tournament]
code = "ЖР-2"
name = "Турнир с жеребьёвкой"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"

[lots]
openings = "list"

[[lots.line]]
name = "Дебют 1"
moves = "1. c3-d4 f6-g5 2. b2-c3"

[[lots.line]]
name = "Дебют 2"
moves = "1. c3-d4"

[[lots.line]]
name = "Позиция 1"
fen = "W:Wc1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8"

[[player]]
name = "Алексеев Антон"
email = "alekseev@mail.example"
[[player]]
name = "Борисов Борис"
email = "borisov@mail.example"
[[player]]
name = "Васильев Василий"
email = "vasiliev@mail.example"
`

// lotsSeedByte makes the seed of the test: 32 bytes of 0x2f. It is chosen so that the three
// pairs draw the three lines, one each (the test checks it), and so that every kind of opening is
// played.
const lotsSeedByte = 0x2f

func lotsSeed() []byte { return bytes.Repeat([]byte{lotsSeedByte}, 32) }

// lotsLetter is a player's letter about game of tournament ЖР-2, sent at day of the tournament
// (from its start) at noon, Moscow time.
func lotsLetter(n int, from, game string, day int, text string) []byte {
	at := time.Date(2026, 11, 2, 12, 0, 0, 0, time.FixedZone("MSK", 3*3600)).AddDate(0, 0, day)
	return []byte(fmt.Sprintf("From: %s\r\nTo: moves@club.example\r\nSubject: ЖР-2 партия %s\r\nDate: %s\r\nMessage-ID: <lots-%d@mail.example>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\nТурнир ЖР-2, партия %s.\r\n%s\r\n", from, game, at.Format(time.RFC1123Z), n, game, text))
}

// lotsPending returns the letters waiting in the outbox of db, read back as their readers read them,
// with their addressees.
func lotsPending(t *testing.T, db *store.DB) (letters []mailwrite.Written, to [][]string) {
	t.Helper()
	if err := db.View(func(tx *store.Tx) error {
		items, err := tx.Due(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 100000)
		for _, it := range items {
			w, err := mailwrite.Read(it.Raw)
			if err != nil {
				return err
			}
			letters, to = append(letters, w), append(to, it.To)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return letters, to
}

// TestLotsPlayedThroughTheOffice plays a tournament whose numbers and openings are drawn, by
// letters through office.Simulation (what postald simulate runs): the games are named by the
// drawn numbers and begin with the drawn openings, the drawn moves cost nobody days and the
// controls count each player's own moves, the PDN carries the openings, the start letters carry
// the hash, lots verify checks every draw while the seed stays secret, and the seed is revealed
// to everyone in the transaction that finishes the last game; then anyone recomputes the draws
// from the revealed seed, and a changed seed is refused.
func TestLotsPlayedThroughTheOffice(t *testing.T) {
	sim, err := NewSimulation([]byte(lotsSheet), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	sim.DrawWith(bytes.NewReader(lotsSeed()))
	seed, _ := lots.NewSeed(bytes.NewReader(lotsSeed()))

	// The first letter registers the tournament; it comes from player "Алексеев", whatever his
	// number: a letter without a move is answered, nothing more.
	if _, err := sim.Letter(lotsLetter(1, "alekseev@mail.example", "1-2", 0, "Здравствуйте!")); err != nil {
		t.Fatal(err)
	}
	sh := sim.Sheet()
	if !sh.Drawn() || sh.Lots.Hash != seed.Hash() {
		t.Fatalf("the sheet as registered is not drawn with the seed: %v", sh.Lots.Hash)
	}
	// The numbers are the seed's order of the sheet's list.
	listed := []string{"Алексеев Антон", "Борисов Борис", "Васильев Василий"}
	for k, i := range seed.Order("numbers", 3) {
		if got := sh.Players[k]; got.Number != k+1 || got.Name != listed[i] {
			t.Errorf("number %d: %s, want %s (listed %d)", k+1, got.Name, listed[i], i+1)
		}
	}
	lineOf := map[string]tournament.Line{}
	seenLine := map[string]bool{}
	for _, g := range sh.Games() {
		line, _, ok := sh.Opening(g.Name)
		if !ok {
			t.Fatalf("game %s: no opening drawn", g.Name)
		}
		lineOf[g.Name], seenLine[line.Name] = line, true
	}
	if len(seenLine) != 3 {
		t.Fatalf("the seed gives the three pairs %d lines, not one each: choose another lotsSeedByte", len(seenLine))
	}
	gameOf := map[string]string{} // by line name
	for name, l := range lineOf {
		gameOf[l.Name] = name
	}

	// Every game begins as drawn: the drawn moves on the board (ByLot), the starting position of
	// its own, the player on move after them on move from the start date, both clocks at 0 days.
	for name, line := range lineOf {
		st, err := sim.Game(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := sh.CheckGame(&st.Game); err != nil {
			t.Error(err)
		}
		if st.ToMove() != line.ToMove() || !st.Clock(st.ToMove()).Running() || st.Clock(st.ToMove().Other()).Running() {
			t.Errorf("game %s (%s): %s on move, clocks white %+v black %+v", name, line.Name, st.ToMove(), st.WhiteClock, st.BlackClock)
		}
		if st.Clock(st.ToMove()).Since != sh.Start {
			t.Errorf("game %s: the clock on move runs from %s, want the start %s", name, st.Clock(st.ToMove()).Since, sh.Start)
		}
		if st.WhiteClock.Days != 0 || st.BlackClock.Days != 0 || st.WhiteClock.Moves != 0 || st.BlackClock.Moves != 0 {
			t.Errorf("game %s: the drawn moves cost days or counted: %+v %+v", name, st.WhiteClock, st.BlackClock)
		}
	}

	// Game of «Дебют 1» (1. c3-d4 f6-g5 2. b2-c3): Black answers three days after the start,
	// White the day after. Black's days are those of his first move, counted from the start; no
	// day for the drawn moves. White's next control is move 12 (10 of his own after his two
	// drawn ones), Black's move 11.
	g1 := gameOf["Дебют 1"]
	w1, b1, _ := tournament.ParseGameName(g1)
	white, _ := sh.Player(w1)
	black, _ := sh.Player(b1)
	step, err := sim.Letter(lotsLetter(2, black.Email, g1, 3, "Мой ход: 2... g5-h4"))
	if err != nil {
		t.Fatal(err)
	}
	if d := step.Letter.Decision; d.Verdict != referee.Accepted || !slices.Equal(d.Moves, []string{"2... g5-h4"}) {
		t.Fatalf("Black's first letter after the drawn moves: %s %v %v", d.Verdict, d.Moves, d.Clauses)
	}
	step, err = sim.Letter(lotsLetter(3, white.Email, g1, 4, "Ваш ход 2... g5-h4 получил.\r\nМой ход: 3. a3-b4"))
	if err != nil {
		t.Fatal(err)
	}
	if d := step.Letter.Decision; d.Verdict != referee.Accepted {
		t.Fatalf("White's reply: %s %v", d.Verdict, d.Clauses)
	}
	st, err := sim.Game(g1)
	if err != nil {
		t.Fatal(err)
	}
	terms := st.Table.Terms()
	if got := (referee.Time{White: 1, Black: 3}); st.Time() != got {
		t.Errorf("game %s: time %+v, want White 1 (one day for his reply) and Black 3 (the start to his first move)", g1, st.Time())
	}
	if n := st.WhiteClock.Next(terms).Move; n != 12 {
		t.Errorf("White's next control: move %d, want 12", n)
	}
	if n := st.BlackClock.Next(terms).Move; n != 11 {
		t.Errorf("Black's next control: move %d, want 11", n)
	}
	// The acknowledgement to White names that control by the game's move number.
	if !lotsLettersSay(step.Letter.Outbox, white.Email, "до 12-го хода", "ход 12") {
		t.Errorf("the acknowledgement to White does not name his control at move 12:\n%s", lotsLettersTo(step.Letter.Outbox, white.Email))
	}

	// The PDN: the opening's name, the drawn moves marked, and the game replays.
	pdnOf := func(name string) string {
		st, err := sim.Game(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := reading.GamePDN(sh, st)
		if err != nil {
			t.Fatal(err)
		}
		games, err := pdn.ReadAll(bytes.NewReader(b))
		if err != nil || len(games) != 1 {
			t.Fatalf("game %s: its PDN reads as %d games: %v", name, len(games), err)
		}
		if _, err := pdn.Replay(games[0], nil); err != nil {
			t.Errorf("game %s: its PDN does not replay: %v\n%s", name, err, b)
		}
		return string(b)
	}
	p1 := pdnOf(g1)
	for _, want := range []string{`[Opening "Дебют 1"]`, "1. c3-d4 {по жребию} f6-g5 {по жребию} 2. b2-c3 {по жребию} g5-h4 3. a3-b4"} {
		if !strings.Contains(p1, want) {
			t.Errorf("the PDN of game %s lacks %q:\n%s", g1, want, p1)
		}
	}
	gp := gameOf["Позиция 1"]
	pp := pdnOf(gp)
	if !strings.Contains(pp, `[FEN "`+lineOf[gp].Setup+`"]`) || !strings.Contains(pp, `[Opening "Позиция 1"]`) {
		t.Errorf("the PDN of game %s lacks its starting position or its opening:\n%s", gp, pp)
	}

	// The game from its own starting position: White moves first, from that position, his days
	// counted from the start (4.3.2): four days on day 4.
	wp, _, _ := tournament.ParseGameName(gp)
	wpp, _ := sh.Player(wp)
	step, err = sim.Letter(lotsLetter(4, wpp.Email, gp, 4, "Мой ход: 1. c3-d4"))
	if err != nil {
		t.Fatal(err)
	}
	if d := step.Letter.Decision; d.Verdict != referee.Accepted || d.Time != (referee.Time{White: 4}) || !slices.Equal(d.Moves, []string{"1. c3-d4"}) {
		t.Errorf("White's first move from the drawn position on day 4: %s %v, time %+v", d.Verdict, d.Moves, d.Time)
	}

	// The start letters published the hash; lots verify checks the draws and the games, and shows
	// no seed before it is revealed.
	letters, _ := lotsPending(t, sim.Store())
	starts := 0
	for _, l := range letters {
		if strings.Contains(l.Subject, "зарегистрирован") {
			if !strings.Contains(l.Text, seed.Hash().String()) || !strings.Contains(l.Text, "дебют «Дебют 1»") {
				t.Errorf("the officials' letter lacks the hash or the openings:\n%s", l.Text)
			}
		}
		if strings.Contains(l.Subject, "старт") || strings.Contains(l.Subject, "начало") {
			starts++
			if !strings.Contains(l.Text, seed.Hash().String()) {
				t.Errorf("a start letter without the hash: %s", l.Subject)
			}
		}
	}
	rep, err := sim.office.Run(LotsRequest{Tournament: "ЖР-2"})
	if err != nil {
		t.Fatalf("lots verify: %v", err)
	}
	v := lotsReplyOf(t, rep)
	if !v.Verified || v.Seed != "" || v.Hash != seed.Hash().String() || v.Games != 3 || len(v.Numbers) != 3 || len(v.Openings) != 3 || len(v.Lines) != 3 {
		t.Errorf("lots verify before the end: %+v", v)
	}
	if _, err := sim.office.Run(LotsRequest{Tournament: "ЖР-2", Hash: strings.Repeat("0", 64)}); !errors.Is(err, ErrLotMismatch) {
		t.Errorf("lots verify against another published hash: %v, want ErrLotMismatch", err)
	}

	// Every game ends: a resignation in each. The last one reveals the seed.
	n := 10
	for _, name := range []string{g1, gp, gameOf["Дебют 2"]} {
		w, _, _ := tournament.ParseGameName(name)
		p, _ := sh.Player(w)
		n++
		step, err := sim.Letter(lotsLetter(n, p.Email, name, 5, "Сдаюсь."))
		if err != nil {
			t.Fatal(err)
		}
		if d := step.Letter.Decision; d.Game.Status != referee.StatusFinished {
			t.Fatalf("game %s after the resignation: %s %s", name, d.Game.Status, d.Verdict)
		}
		raw, err := lotsRecord(sim.Store(), "ЖР-2")
		if err != nil {
			t.Fatal(err)
		}
		if revealed := !raw.Lot.Revealed.IsZero(); revealed != (name == gameOf["Дебют 2"]) {
			t.Fatalf("after game %s finished the seed is revealed: %v", name, revealed)
		}
	}
	letters, to := lotsPending(t, sim.Store())
	var revealedTo []string
	var body string
	for i, l := range letters {
		if strings.Contains(l.Subject, "ключ жеребьёвки раскрыт") {
			revealedTo = append(revealedTo, to[i]...)
			body = l.Text
		}
	}
	slices.Sort(revealedTo)
	if want := []string{"alekseev@mail.example", "borisov@mail.example", "judge@club.example", "td@club.example", "vasiliev@mail.example"}; !slices.Equal(revealedTo, want) {
		t.Errorf("the seed revealed to %q, want %q", revealedTo, want)
	}
	if !strings.Contains(body, seed.String()) || !strings.Contains(body, seed.Hash().String()) {
		t.Errorf("the revealing letter lacks the seed or the hash:\n%s", body)
	}

	// lots verify now shows the seed; anyone with the sheet recomputes the same draws from it.
	rep, err = sim.office.Run(LotsRequest{Tournament: "ЖР-2", Hash: seed.Hash().String()})
	if err != nil {
		t.Fatalf("lots verify after the end: %v", err)
	}
	if lotsReplyOf(t, rep).Seed != seed.String() || !lotsReplyOf(t, rep).Finished || lotsReplyOf(t, rep).Revealed.IsZero() {
		t.Errorf("lots verify after the end: %+v", lotsReplyOf(t, rep))
	}
	open, err := VerifySheet([]byte(lotsSheet), seed.String(), seed.Hash().String())
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(open.Numbers, open.Openings, open.Lines) != fmt.Sprint(lotsReplyOf(t, rep).Numbers, lotsReplyOf(t, rep).Openings, lotsReplyOf(t, rep).Lines) {
		t.Errorf("the sheet and the store draw differently:\n%+v\n%+v", open, lotsReplyOf(t, rep))
	}
	// A changed seed is refused: its SHA-256 is not the hash published.
	changed := seed
	changed[0] ^= 0x80
	if _, err := VerifySheet([]byte(lotsSheet), changed.String(), seed.Hash().String()); !errors.Is(err, lots.ErrMismatch) {
		t.Errorf("a changed seed: %v, want lots.ErrMismatch", err)
	}
	// A seed changed in the store is found: it does not match the hash kept.
	if err := sim.Store().Update(func(tx *store.Tx) error {
		raw, err := tx.Tournament("ЖР-2")
		if err != nil {
			return err
		}
		lot := *raw.Lot
		lot.Seed = changed.String()
		raw.Lot = &lot
		return tx.PutTournament("ЖР-2", raw)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := sim.office.Run(LotsRequest{Tournament: "ЖР-2"}); !errors.Is(err, ErrLotMismatch) {
		t.Errorf("lots verify of a store whose seed was changed: %v, want ErrLotMismatch", err)
	}
	if starts < 3 {
		t.Errorf("%d start letters", starts)
	}
}

// TestLotsStartPicture: the start letter of a player shows the position he is on move in first,
// after the drawn moves of his first game in which he is on move after them, with the last drawn
// move marked; a player on move in none of his games gets no picture.
func TestLotsStartPicture(t *testing.T) {
	sim, err := NewSimulation([]byte(lotsSheet), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	sim.DrawWith(bytes.NewReader(lotsSeed()))
	if _, err := sim.Letter(lotsLetter(1, "alekseev@mail.example", "1-2", 0, "Здравствуйте!")); err != nil {
		t.Fatal(err)
	}
	sh := sim.Sheet()
	letters, to := lotsPending(t, sim.Store())
	checked, pictured := 0, 0
	for i, l := range letters {
		if !strings.Contains(l.Subject, "начало турнира") {
			continue
		}
		p, ok := sh.PlayerByEmail(to[i][0])
		if !ok {
			t.Fatalf("a start letter to %v", to[i])
		}
		var want []byte
		for _, g := range sh.GamesOf(p.Number) {
			line, _, _ := sh.Opening(g.Name)
			if (line.ToMove() == referee.White) != (g.White == p.Number) {
				continue
			}
			pos, last, err := line.Position(sh.Variant)
			if err != nil {
				t.Fatal(err)
			}
			if want, err = diagram.PNG(pos, diagram.Options{Last: last}); err != nil {
				t.Fatal(err)
			}
			break
		}
		if !bytes.Equal(l.Picture, want) {
			t.Errorf("the start letter to %s: a picture of %d bytes, want the position after his first drawn opening (%d bytes)", p.Name, len(l.Picture), len(want))
		}
		checked++
		if want != nil {
			pictured++
		}
	}
	if checked != 3 || pictured < 2 {
		t.Errorf("%d start letters checked, %d with a picture; want 3, and at least 2 pictures", checked, pictured)
	}
}

// lotsRecord reads the stored sheet of tournament code.
func lotsRecord(db *store.DB, code string) (raw store.Sheet, err error) {
	err = db.View(func(tx *store.Tx) error {
		raw, err = tx.Tournament(code)
		return err
	})
	return raw, err
}

// lotsLettersSay reports whether a letter of out to address says any of the texts.
func lotsLettersSay(out []store.OutboxItem, address string, texts ...string) bool {
	body := lotsLettersTo(out, address)
	for _, s := range texts {
		if strings.Contains(body, s) {
			return true
		}
	}
	return false
}

// lotsLettersTo is the text of the letters of out to address.
func lotsLettersTo(out []store.OutboxItem, address string) string {
	var b strings.Builder
	for _, it := range out {
		if slices.Contains(it.To, address) {
			if w, err := mailwrite.Read(it.Raw); err == nil {
				b.WriteString(w.Subject + "\n" + w.Text + "\n")
			}
		}
	}
	return b.String()
}

// TestLotsRevealedByTheJudge: the judge reveals the seed before the end, with his reason, which
// the letter to everyone gives; a second reveal is refused, and one without a reason.
func TestLotsRevealedByTheJudge(t *testing.T) {
	sim, err := NewSimulation([]byte(lotsSheet), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	sim.DrawWith(bytes.NewReader(lotsSeed()))
	if _, err := sim.Letter(lotsLetter(1, "alekseev@mail.example", "1-2", 0, "Здравствуйте!")); err != nil {
		t.Fatal(err)
	}
	if _, err := sim.office.Run(LotsRequest{Tournament: "ЖР-2", Reveal: true}); !errors.Is(err, ErrBadRequest) {
		t.Errorf("a reveal without a reason: %v", err)
	}
	rep, err := sim.office.Run(LotsRequest{Tournament: "ЖР-2", Reveal: true, Reason: "протест о жеребьёвке партии 1-2"})
	if err != nil {
		t.Fatal(err)
	}
	if lotsReplyOf(t, rep).Seed == "" || lotsReplyOf(t, rep).Finished || lotsReplyOf(t, rep).Reason != "протест о жеребьёвке партии 1-2" {
		t.Errorf("revealed: %+v", lotsReplyOf(t, rep))
	}
	letters, to := lotsPending(t, sim.Store())
	told := 0
	for i, l := range letters {
		if strings.Contains(l.Subject, "ключ жеребьёвки раскрыт") {
			told += len(to[i])
			if !strings.Contains(l.Text, "Судья раскрывает ключ (протест о жеребьёвке партии 1-2)") || !strings.Contains(l.Text, lotsReplyOf(t, rep).Seed) {
				t.Errorf("the judge's revealing letter:\n%s", l.Text)
			}
		}
	}
	if told != 5 {
		t.Errorf("the seed told to %d addresses, want the three players, the judge and the director", told)
	}
	if _, err := sim.office.Run(LotsRequest{Tournament: "ЖР-2", Reveal: true, Reason: "ещё раз"}); err == nil || !strings.Contains(err.Error(), "revealed on") {
		t.Errorf("a second reveal: %v", err)
	}
}

// TestLotsSheetWithoutSeed: a stored sheet that draws by lot but has no seed kept with it (a store
// edited by hand) is refused when read, never drawn from something else.
func TestLotsSheetWithoutSeed(t *testing.T) {
	_, err := reading.SheetOf(store.Sheet{Format: "toml", Data: []byte(lotsSheet)})
	if err == nil || !strings.Contains(err.Error(), "no seed") {
		t.Errorf("a sheet drawing by lot without its seed: %v", err)
	}
	plain := strings.Replace(lotsSheet, "[lots]\nopenings = \"list\"\n", "", 1)
	plain = plain[:strings.Index(plain, "[[lots.line]]")] + plain[strings.Index(plain, "[[player]]"):]
	plain = strings.Replace(plain, "[[player]]\nname", "[[player]]\nnumber = 1\nname", 1)
	plain = strings.Replace(plain, "[[player]]\nname = \"Борисов", "[[player]]\nnumber = 2\nname = \"Борисов", 1)
	plain = strings.Replace(plain, "[[player]]\nname = \"Васильев", "[[player]]\nnumber = 3\nname = \"Васильев", 1)
	if _, err := reading.SheetOf(store.Sheet{Format: "toml", Data: []byte(plain), Lot: &store.Lot{Seed: strings.Repeat("1", 64)}}); err == nil {
		t.Error("a seed with a sheet that draws nothing was taken")
	}
	if sh, err := reading.SheetOf(store.Sheet{Format: "toml", Data: []byte(plain)}); err != nil || sh.Drawn() {
		t.Errorf("a sheet without lots: %v", err)
	}
}

// TestLotsWithdrawalOfUnbegunGame: a game in which only the drawn moves are on the board was not
// begun: the player who withdraws loses it by forfeit, a minus, as a game without a move (1.10.3,
// 1.12.2).
func TestLotsWithdrawalOfUnbegunGame(t *testing.T) {
	g := referee.Game{Name: "1-2", Plies: []referee.Ply{{Text: "c3-d4", By: referee.ByLot}},
		Status: referee.StatusFinished, Result: referee.ResultBlack, Reason: referee.ReasonForfeit}
	if got := tournament.TableResult(&g); got != tournament.BlackByForfeit {
		t.Errorf("a forfeit with only the drawn move: %v, want -/+", got)
	}
	if tournament.PlayOf(&g).Played() {
		t.Error("a game with only the drawn move counts as played")
	}
	g.Plies = append(g.Plies, referee.Ply{Text: "f6-g5", By: referee.ByLetter})
	if got := tournament.TableResult(&g); got == tournament.BlackByForfeit {
		t.Error("a game begun by letters counts as a forfeit without play")
	}
}

// lotsReplyOf is the reply of a lots command.
func lotsReplyOf(t *testing.T, rep Reply) *LotsReply {
	t.Helper()
	v, ok, err := As[*LotsReply](rep)
	if err != nil || !ok {
		t.Fatalf("the reply of lots: %v (%v)", err, ok)
	}
	return v
}
