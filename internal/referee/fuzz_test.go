package referee

import (
	"strings"
	"testing"
	"time"

	"postald/internal/mailparse"
)

// FuzzApply sends any letter text from either player to a game in progress: Apply never panics,
// the game it returns still replays, a stopped letter moves nothing, and only the sender's clock
// can grow.
func FuzzApply(f *testing.F) {
	f.Add("Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4", false)
	f.Add("Мой ход: 2. gh4", false)
	f.Add("Ваш ход 2. g3-h4 получил.\nМой ход: 2... g5-f4 3. e3:g5 h6:f4", true)
	f.Add("Если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-c5\nПредлагаю ничью.", false)
	f.Add("Принимаю вариант А до 3-го хода.\nМой ход: 3... f6-e5", true)
	f.Add("Сдаюсь.", true)
	f.Add("Ваш ход 2. g3-h4 получил.\nПринимаю вариант А до 3-го хода: 2... e7-f6 3. b2-c3. Вместо 3... b6-a5 играю 3... f6-e5", true)
	f.Add("Ваш ход 2. g3-h4 получил.\nВаш вариант принимаю: 2... e7-f6 3. b2-c3 b6-a5 4. c3-b4\nМой ход: 4... a7-b6", true)
	f.Add("I accept your variant up to move 3. Instead of 3... b6-a5 I play 3... g7-h6", true)
	f.Add("Когда мой контрольный срок?", true)
	f.Add("Даты: 01.11.2026 / 40.13.2026\nВремя: 999/-1", false)
	f.Add("Если повторите ходы, согласен на ничью.\nМой ход: 3... f6-e5", true)
	f.Add("Согласен.", true)
	f.Add("I do not accept the draw. My move: 3... f6-e5", true)
	f.Add("Если потеряю шашку, сдамся.", true)
	f.Add("По партии 1-2:\nМой ход: 3... f6-e5\n\nПо партии 2-1:\nМой ход: 1. c3-d4", true)
	f.Add("С 17-го по 21-е января буду в отпуске.\nМой ход: 3... f6-e5", true)
	base := after(f, "russian", append(opening[:2:2],
		testLetter{ivanov, "2026-11-06 09:00", white2 + "Вариант А: если 2... e7-f6, то 3. b2-c3 b6-a5 4. c3-b4"})...)
	at := time.Date(2026, 11, 8, 12, 0, 0, 0, moscow)
	f.Fuzz(func(t *testing.T, body string, black bool) {
		from := ivanov
		if black {
			from = petrov
		}
		raw := "From: " + from.Email + "\r\nSubject: СТ-2026/1 партия 1-2\r\nDate: " + at.Format(time.RFC1123Z) +
			"\r\nMessage-ID: <f@x>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
		l, err := mailparse.Parse([]byte(raw))
		if err != nil {
			return
		}
		d := apply(base, l, Envelope{From: from.Email, MessageID: "f@x", Received: at}, DefaultRegulation())
		if d.Seat < 0 {
			// About no game of the sender's (a game that does not exist, «По партии1»): he is
			// asked to name it, and the game is as it was.
			d.Game = base.Game
		}
		b, _ := newBoard(base.Table.Variant, "")
		if err := b.replay(d.Game.Plies); err != nil {
			t.Fatalf("the decided game does not replay: %v", err)
		}
		if fen := b.pos.FEN(); fen != d.Game.Position {
			t.Fatalf("stored position %s, replayed %s", d.Game.Position, fen)
		}
		if len(d.Game.Plies) < len(base.Plies) {
			t.Fatalf("plies went from %d to %d: nothing is undone (4.2.8)", len(base.Plies), len(d.Game.Plies))
		}
		if d.Verdict == Rejected && len(d.Moves) > 0 && !strings.Contains(strings.Join(d.Clauses, ","), "4.2.13") {
			t.Fatalf("a stopped letter put %v on the board", d.Moves)
		}
		moves := len(l.Moves) > 0 || len(l.Repeated) > 0 || l.AcceptVariant != nil
		for _, p := range l.Parts {
			moves = moves || len(p.Moves) > 0 || len(p.Repeated) > 0 || p.AcceptVariant != nil
		}
		if !moves && d.PenaltyDays > 0 {
			t.Fatalf("a letter without a move was charged %d penalty days (%v)", d.PenaltyDays, d.Violations)
		}
		// Nothing irreversible on a doubtful reading (statements.go).
		if d.Game.Status == StatusFinished && base.Status != StatusFinished {
			switch d.Game.Reason {
			case ReasonDrawAgreed:
				if l.Draw.Doubt != "" || l.Draw.Kind == mailparse.DrawAccept && base.DrawOffer == "" {
					t.Fatalf("a draw agreed on a doubtful reading %+v (offer standing %q)", l.Draw, base.DrawOffer)
				}
			case ReasonWhiteResigned, ReasonBlackResigned:
				if !l.Resign || l.ResignDoubt != "" {
					t.Fatalf("a resignation on a doubtful reading (resign %v, doubt %q)", l.Resign, l.ResignDoubt)
				}
			}
		}
		partner := White
		if !black {
			partner = Black
		}
		if was, is := base.Clock(partner).Days, d.Game.Clock(partner).Days; was != is {
			t.Fatalf("the partner's days changed from %d to %d", was, is)
		}
	})
}
