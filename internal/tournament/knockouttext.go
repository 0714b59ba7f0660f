package tournament

import (
	"strconv"
	"strings"

	"postald/internal/phrase"
)

// The knockout's bracket as a table and its letters (knockout.go).

// Grid returns the bracket as one table in lang: a row per pairing, round by round — the
// round, the pairing's place, its two players (the higher seed first), the score (the extra
// games' after a comma), its games with their results, who went through and how ("tie: lot
// …"). Pairings whose players are not known yet are left out.
func (b *Bracket) Grid(s *Sheet, lang string) Grid {
	sy := &words(lang).Systems
	g := Grid{Title: sy.Bracket, NameColumn: 2, Left: []int{0, 3, 5, 6, 7}}
	g.Header = []string{sy.Round, sy.Pairing, sy.HigherSeed, sy.LowerSeed, sy.Score, sy.Games, sy.Through, sy.How}
	who := func(n int) string {
		if p, ok := s.Player(n); ok {
			return strconv.Itoa(n) + " " + p.Name
		}
		return ""
	}
	rounds := len(b.Rounds)
	for _, row := range b.Rounds {
		for _, p := range row {
			if p.A == 0 && p.B == 0 && !p.Decided() {
				continue
			}
			score := ""
			if p.Opened {
				score = p.Scores()
			}
			var games []string
			for _, gm := range p.Games {
				games = append(games, gm.Name+" "+b.results[gm.Key()].String())
			}
			how := ""
			if p.Opened || p.Decided() {
				how = sy.KnockoutHow(p.How, p.Lot)
			}
			g.Rows = append(g.Rows, []string{sy.KnockoutRound(p.Round, rounds), strconv.Itoa(p.Slot), who(p.A), who(p.B),
				score, strings.Join(games, ", "), who(p.Winner), how})
		}
	}
	for _, c := range b.Changed {
		pair := func(p [2]int) string { return strconv.Itoa(p[0]) + " – " + strconv.Itoa(p[1]) }
		now := ""
		if c.Known {
			now = pair(c.Now)
		}
		g.Notes = append(g.Notes, sy.KnockoutChanged(c.Round, c.Slot, pair(c.Opened), now))
	}
	return g
}

// knockoutStart is what the start letter of player number says of the knockout.
func (s *Sheet) knockoutStart(number int) phrase.KnockoutStart {
	c := s.Competition
	k := phrase.KnockoutStart{Rounds: KnockoutRounds(len(s.Players)), Micromatch: c.Micromatch, Extra: c.KnockoutExtra, Tie: c.KnockoutTie}
	k.Bye = len(s.GamesOf(number)) == 0
	return k
}

// KnockoutLetters returns the letters of a pairing (or of its extra games) just opened: one to
// each of its two players, with his games of it.
func (s *Sheet) KnockoutLetters(o KnockoutOpened, score string) []Letter {
	games := s.knockoutGames(o.Round, o.A, o.B, o.Extra)
	rounds := KnockoutRounds(len(s.Players))
	var out []Letter
	for _, n := range []int{o.A, o.B} {
		p, ok := s.Player(n)
		if !ok {
			continue
		}
		lang := s.LanguageOf(n)
		h := words(lang)
		code := s.Code
		if HasCyrillic(code) && lang != Russian {
			code = Latin(code)
		}
		k := phrase.KnockoutLetter{Player: p.Name, Code: s.Code, Name: s.Name, Round: o.Round, Rounds: rounds,
			Extra: o.Extra, Score: score, Address: s.Address}
		for _, g := range games {
			white, partner := g.White == n, g.Black
			if !white {
				partner = g.White
			}
			q, _ := s.Player(partner)
			k.Games = append(k.Games, phrase.StartGame{Name: g.Name, White: white, Partner: q.Number, PartnerName: q.Name,
				PartnerEmail: q.Email, PartnerChannel: q.Channel.String()})
		}
		if len(games) > 0 {
			k.SampleSubject = h.Subject(code, games[0].Name)
		}
		out = append(out, Letter{Number: n, To: p.Email, Subject: h.Systems.RoundSubject(s.Code, o.Round), Body: h.Systems.KnockoutBody(k)})
	}
	return out
}

// KnockoutWonLetters returns the letters of the knockout's end: to every player, each in his
// language, and (Number 0) the text for the judge and the director in the tournament's.
func (s *Sheet) KnockoutWonLetters(b *Bracket) []Letter {
	winner := ""
	if p, ok := s.Player(b.Winner); ok {
		winner = strconv.Itoa(p.Number) + " " + p.Name
	}
	body := func(lang, reader string) string {
		h := words(lang)
		return h.Systems.KnockoutWonBody(phrase.KnockoutWon{Player: reader, Code: s.Code, Name: s.Name, Winner: winner,
			Bracket: b.Grid(s, lang).Text()})
	}
	var out []Letter
	for _, p := range s.Players {
		lang := s.LanguageOf(p.Number)
		out = append(out, Letter{Number: p.Number, To: p.Email, Subject: words(lang).Systems.KnockoutWonSubject(s.Code), Body: body(lang, p.Name)})
	}
	out = append(out, Letter{Subject: words(s.Language).Systems.KnockoutWonSubject(s.Code), Body: body(s.Language, "")})
	return out
}

// Score writes a pairing's score of its micromatch as a letter gives it: "1–1".
func (p Pairing) Score() string { return FormatPoints(p.Main[0]) + "–" + FormatPoints(p.Main[1]) }

// Scores is the micromatch's score and, when its extra games were opened, theirs: "½–½, 1–0".
func (p Pairing) Scores() string {
	if p.ExtraOpened {
		return p.Score() + ", " + FormatPoints(p.Extra[0]) + "–" + FormatPoints(p.Extra[1])
	}
	return p.Score()
}

// KnockoutTieLetters returns the letters to both players of pairing p, still tied after its
// games and decided by the lot or the higher seed (1.11), each in his language: how it was
// decided, who goes through; nothing for a pairing decided otherwise. revealed says that the
// tournament ends with it, its seed revealed in the same step.
func (s *Sheet) KnockoutTieLetters(b *Bracket, p Pairing, revealed bool) []Letter {
	if p.How != HowLot && p.How != HowHigherSeed || p.Winner == 0 {
		return nil
	}
	score, extra := p.Score(), ""
	if p.ExtraOpened {
		extra = FormatPoints(p.Extra[0]) + "–" + FormatPoints(p.Extra[1])
	}
	through := ""
	if w, ok := s.Player(p.Winner); ok {
		through = strconv.Itoa(w.Number) + ". " + w.Name
	}
	var out []Letter
	for _, n := range []int{p.A, p.B} {
		pl, ok := s.Player(n)
		if !ok {
			continue
		}
		lang := s.LanguageOf(n)
		sy := &words(lang).Systems
		out = append(out, Letter{Number: n, To: pl.Email, Subject: sy.TieSubject(s.Code), Body: sy.TieBody(phrase.KnockoutTie{
			Player: pl.Name, Code: s.Code, Name: s.Name, Round: p.Round, Rounds: len(b.Rounds), Score: score, Lot: p.Lot,
			Extra: extra, Through: through, Mine: n == p.Winner, Revealed: revealed})})
	}
	return out
}
