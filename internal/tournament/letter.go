package tournament

import (
	"fmt"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
)

// Letter is a letter postald writes: the recipient, the subject and the plain-text body.
// Headers, threading and sending are the mail shell's business.
type Letter struct {
	Number  int // the player's number; 0 for the officials' and the captains' letters
	To      string
	Subject string
	Body    string
	// Games are the games whose start a player's letter pictures, the first of them he moves
	// first in; nil: his games of the sheet.
	Games []Game
}

// sampleMoves are the moves of the sample letter in each board's notation (variants.md):
// the partner's move received and the player's reply, for White's 2nd move or Black's 1st.
func sampleMoves(variant string, white bool) (received, own string) {
	var first, reply, second string
	switch strings.TrimSuffix(variant, "-giveaway") {
	case "international":
		first, reply, second = "32-28", "19-23", "28:19"
	case "lasca":
		first, reply, second = "c3-d4", "e5-f4", "g3:e5"
	default:
		first, reply, second = "c3-d4", "f6-g5", "g3-f4"
	}
	if white {
		return "1... " + reply, "2. " + second
	}
	return "1. " + first, "1... " + reply
}

// Subject returns the subject of a move letter for one game: the tournament code and the
// game (formats.md: "СТ-2026/1 партия 1-2").
func (s *Sheet) Subject(game string) string {
	return words(s.Language).Subject(s.Code, game)
}

// StartLetters returns the start letter of every player, in number order.
func (s *Sheet) StartLetters() []Letter {
	out := make([]Letter, 0, len(s.Players))
	for _, p := range s.Players {
		l, _ := s.StartLetter(p.Number) // every number of the sheet is known
		out = append(out, l)
	}
	return out
}

// StartLetter returns the letter a player receives at the start: the tournament, the rules
// in brief, every game of his with colour and partner, and how to write a move letter.
// It is written in the player's language (letters.md), and a code with Cyrillic letters is
// given with its Latin spelling, which postald reads as well (see the package doc); the sample
// letter of a player who does not write Russian uses the Latin spelling.
func (s *Sheet) StartLetter(number int) (Letter, error) {
	return s.startLetter(number, s.GamesOf(number), 0, daysclock.Date{})
}

// SwissStartLetters returns the start letter of every player of a Swiss, with his game of its
// first round r (or its bye), in number order.
func (s *Sheet) SwissStartLetters(r PairedRound) []Letter {
	games := s.SwissGames([]PairedRound{r})
	out := make([]Letter, 0, len(s.Players))
	for _, p := range s.Players {
		var mine []Game
		for _, g := range games {
			if g.White == p.Number || g.Black == p.Number {
				mine = append(mine, g)
			}
		}
		l, _ := s.startLetter(p.Number, mine, r.Round, r.Ends) // every number of the sheet is known
		l.Games = games                                        // round 1's: White's letter shows his game's start (the sheet holds none)
		out = append(out, l)
	}
	return out
}

// SystemName names the tournament's system with its cycles or rounds in lang: «командный
// круговой турнир в один круг», "Swiss tournament of 7 rounds".
func (s *Sheet) SystemName(lang string) string {
	sy := &words(lang).Systems
	double := s.Rounds == 2
	switch s.System {
	case TeamRoundRobin:
		if double {
			return sy.DoubleTeamRoundRobin
		}
		return sy.TeamRoundRobin
	case Scheveningen:
		if double {
			return sy.DoubleScheveningen
		}
		return sy.Scheveningen
	case Swiss:
		return sy.Swiss(s.Rounds)
	case Knockout:
		return sy.Knockout(len(s.Players))
	}
	if double {
		return sy.DoubleRoundRobin
	}
	return sy.RoundRobin
}

// startLetter is the start letter of player number with his games (those of round round of a
// Swiss, 0 for another system).
func (s *Sheet) startLetter(number int, games []Game, round int, roundEnds daysclock.Date) (Letter, error) {
	p, ok := s.Player(number)
	if !ok {
		return Letter{}, fmt.Errorf("start letter: no player number %d", number)
	}
	r := s.Regulation
	lang := s.LanguageOf(number)
	h := words(lang)
	// The sample letter is for the player's first game: a reply to his partner's move. A player
	// without a game yet (a reserve, a Swiss's or a knockout's bye) gets a sample that names no
	// game, as White's reply.
	first := Game{White: number, Black: number%len(s.Players) + 1}
	if len(games) > 0 {
		first = games[0]
	} else {
		first.Name = h.NoGame // no game that looks real: his comes in a later letter
	}
	received, own := sampleMoves(s.Variant, first.White == number)
	start := s.Start
	if !s.PlayFrom.IsZero() {
		start = s.PlayFrom // a late registration: the sample's dates are the player's (4.3.2)
	}
	d1, d2, d3, fraction := start.AddDays(2), start.AddDays(4), start.AddDays(5), "1/2"
	if first.Black == number {
		d1, d2, d3, fraction = start, start.AddDays(1), start.AddDays(2), "0/1"
	}
	if line, _, ok := s.Opening(first.Name); ok {
		// The sample continues the game's drawn opening (lots.go).
		side := referee.White
		if first.Black == number {
			side = referee.Black
		}
		if r, o, ok := sampleAfter(s.Variant, line, side); ok {
			received, own = r, o
			// Whoever is on move after the drawn moves moves first, at the start: his sample is
			// his second letter, the partner's first.
			if line.ToMove() == side {
				d1, d2, d3, fraction = start.AddDays(2), start.AddDays(4), start.AddDays(5), map[referee.Side]string{referee.White: "1/2", referee.Black: "2/1"}[side]
			} else {
				d1, d2, d3, fraction = start, start.AddDays(1), start.AddDays(2), map[referee.Side]string{referee.White: "1/0", referee.Black: "0/1"}[side]
			}
		}
	}
	latin, sample := "", s.Code
	if HasCyrillic(s.Code) {
		latin = Latin(s.Code)
		if lang != Russian {
			sample = latin
		}
	}
	st := phrase.Start{
		Player: p.Name, Number: p.Number, Code: s.Code, Latin: latin, Name: s.Name, Variant: VariantName(s.Variant, lang),
		Rounds: s.Rounds, Players: len(s.Players),
		Start: s.Start, End: s.End, PlayFrom: s.PlayFrom, Zone: r.Zone,
		// A player without e-mail receives this letter by the captain's post or call: his White
		// clock starts the day after it is counted received when the captain records it posted
		// (referee.StartPosted, 4.3.2), a day not known yet.
		ByLetter:    p.Channel.Captain() && p.Email == "",
		ControlDays: r.ControlDays, ControlMoves: r.ControlMoves, PenaltyDays: r.PenaltyDays,
		LeaveDays: r.LeaveDays, ProtestDays: r.ProtestDays,
		Overstep: r.Overstep, Reminders: r.Reminders, SilenceDays: r.SilenceDays, AdjudicationDays: r.AdjudicationDays,
		Judge: s.Judge, Address: s.Address,
		SampleSubject: h.Subject(sample, first.Name), SampleGame: first.Name, SampleCode: sample,
		Received: received, Own: own, SampleOnly: len(games) == 0,
		SampleDates: [3]daysclock.Date{d1, d2, d3}, SampleTime: fraction,
		Channel: p.Channel.String(), PostalAddress: p.PostalAddress, CaptainAddress: s.PostalAddress,
		Phone: p.Phone, CaptainPhone: s.Phone, PostDays: r.PostDays,
		Lot: s.StartLot(),
	}
	if s.System != RoundRobin {
		st.System = s.SystemName(lang)
	}
	st.Round, st.RoundEnds = round, roundEnds
	if s.System == Knockout {
		st.Knockout = s.knockoutStart(number)
	}
	mine, board, inTeam := s.TeamOf(number)
	matches := s.Matches()
	if inTeam && board == 0 && len(games) > 0 && games[0].Match > 0 && games[0].Match <= len(matches) {
		// A reserve entered: his board is the one of the games he took over (1.14.2).
		board = games[0].Opposite
		if matches[games[0].Match-1].Home == mine.Number {
			board = games[0].Board
		}
	}
	if inTeam {
		st.Team, st.Captain, st.Teams, st.Board = mine.Name, mine.Captain, len(s.Teams), board
	}
	for _, g := range games {
		white, partner := true, g.Black
		if g.Black == number {
			white, partner = false, g.White
		}
		q, _ := s.Player(partner)
		sg := phrase.StartGame{Name: g.Name, White: white, Partner: q.Number, PartnerName: q.Name,
			PartnerEmail: q.Email, PartnerChannel: q.Channel.String()}
		s.startOpening(&sg)
		if t, _, ok := s.TeamOf(partner); ok && inTeam && g.Match > 0 && g.Match <= len(matches) {
			// The boards of the game's match: the home team's player's and the away team's.
			sg.PartnerTeam, sg.Board, sg.PartnerBoard = t.Name, g.Opposite, g.Board
			if matches[g.Match-1].Home == mine.Number {
				sg.Board, sg.PartnerBoard = g.Board, g.Opposite
			}
		}
		st.Games = append(st.Games, sg)
	}
	return Letter{Number: p.Number, To: p.Email, Subject: h.StartSubject(s.Code, s.Name), Body: h.StartBody(st)}, nil
}

// VariantName words a rules variant for people in lang: «русские шашки», "Russian draughts";
// a variant it does not know as its id.
func VariantName(variant, lang string) string {
	if n, ok := words(lang).Variants.Of(variant); ok {
		return n
	}
	return variant
}
