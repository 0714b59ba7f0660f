package referee

import (
	"slices"
	"strings"
	"time"

	"postald/internal/mailparse"
	"postald/internal/phrase"
)

// Captain is the captain of a team of a team event (seed 003, 1.14.7: «Организация, выставляющая
// команду, назначает капитана (представителя), который ведет переговоры с судьями по всем
// вопросам … Только капитан (представитель) команды может направлять протесты в судейскую
// коллегию, причем обязательно в письменном виде»): the address he writes from, his team's
// name and its players' numbers, on its boards and its reserves.
type Captain struct {
	Address string
	Team    string
	Players []int
}

// Represents reports whether addr speaks for players of the tournament beside himself: a team's
// captain (1.14.7), whose protest about a game of his team is decided at that game's seat.
func (t *Table) Represents(addr string) bool {
	for _, c := range t.Captains {
		if addr != "" && strings.EqualFold(c.Address, addr) {
			return true
		}
	}
	return false
}

// captainOf returns the team whose captain writes from addr and has a player in game g, when
// addr is not a player of g himself (his own game's protest is his, 4.1.12).
func (t *Table) captainOf(g *Game, addr string) (Captain, bool) {
	if _, ok := t.sideOf(g, addr); ok || addr == "" {
		return Captain{}, false
	}
	w, b, ok := g.Numbers()
	if !ok {
		return Captain{}, false
	}
	for _, c := range t.Captains {
		if strings.EqualFold(c.Address, addr) && (slices.Contains(c.Players, w) || slices.Contains(c.Players, b)) {
			return c, true
		}
	}
	return Captain{}, false
}

// captainsSeat returns the seat of a captain's protest: the letter carries a protest and names
// a game of the captain's team among seats (of the tournament it names, when it names one) in
// which he does not play.
func captainsSeat(seats []Seat, l *mailparse.Letter, env Envelope) (int, bool) {
	if l.Protest == nil {
		return -1, false
	}
	name := gameName(l.Game)
	if name == "" {
		return -1, false
	}
	for i := range seats {
		st := &seats[i]
		if st.Game.Name != name || (l.Tournament != "" && !strings.EqualFold(st.Game.Tournament, l.Tournament)) {
			continue
		}
		if _, ok := st.Table.captainOf(&st.Game, env.From); ok {
			return i, true
		}
	}
	return -1, false
}

// captainsProtest decides a team captain's protest about a game of his team in which he does not
// play (1.14.7): it is a notice of the game — the judge gets the protest as written, with the
// director's copy, and the captain the answer that it went (4.1.12) — and the game does not
// change: the judge rules on the protest.
func captainsProtest(st Seat, l *mailparse.Letter, env Envelope, now time.Time) Decision {
	t, g := st.Table, st.Game
	c, _ := t.captainOf(&g, env.From)
	text := l.Protest.Text
	if text == "" {
		text = l.Protest.Where.Text
	}
	tx := &phrase.For(t.lang()).Office
	clauses := []string{"1.14.7", "4.1.12"}
	subject := tx.CaptainProtestSubject(t.Code, g.Name)
	letter := func(role Role, to, body string) Outgoing {
		return Outgoing{Role: role, To: to, Language: t.lang(), Kind: KindNotice, Subject: subject, Body: body, Game: g.ID(),
			Verdict: Notice, Clauses: clauses, Time: g.Time(), InReplyTo: env.MessageID}
	}
	d := Decision{Verdict: Notice, Clauses: clauses, Moves: []string{}, Game: g, Envelope: env}
	body := tx.CaptainProtestJudge(c.Team, env.From, g.Name, text)
	if t.Judge != "" {
		d.Letters = append(d.Letters, letter(ToJudge, t.Judge, body))
	}
	if t.Director != "" && !strings.EqualFold(t.Director, t.Judge) {
		d.Letters = append(d.Letters, letter(ToDirector, t.Director, body))
	}
	d.Letters = append(d.Letters, letter(ToSender, env.From, tx.CaptainProtestSent(g.Name, t.Judge)))
	d.Next = st.Next()
	return d
}
