package mailwrite

import (
	"bytes"
	"mime"
	"net/mail"
	"testing"
	"time"
)

// TestTournamentLetterHeader: a letter about a tournament, not one of its games (a start letter,
// the registration, the report), names the tournament alone in X-Postald-Tournament and carries
// no X-Postald-Game with an empty game ("ЗК-1/"); a game's letter names its game.
func TestTournamentLetterHeader(t *testing.T) {
	for _, c := range []struct{ game, field, want, absent string }{
		{"ЗК-1/", "X-Postald-Tournament", "ЗК-1", "X-Postald-Game"},
		{"СТ-2026/1/", "X-Postald-Tournament", "СТ-2026/1", "X-Postald-Game"},
		{"ЗК-1/1-2", "X-Postald-Game", "ЗК-1/1-2", "X-Postald-Tournament"},
	} {
		raw := Compose(Letter{From: mail.Address{Address: "moves@club.example"}, To: []mail.Address{{Address: "p@club.example"}},
			Subject: "s", Body: "b\n", MessageID: "1@postald", Date: time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC), Game: c.game, Verdict: "notice"})
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		got, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get(c.field))
		if err != nil || got != c.want {
			t.Errorf("game %q: %s = %q (%v), want %q", c.game, c.field, got, err, c.want)
		}
		if v := m.Header.Get(c.absent); v != "" {
			t.Errorf("game %q: %s: %q, want none", c.game, c.absent, v)
		}
	}
}
