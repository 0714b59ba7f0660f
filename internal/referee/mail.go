package referee

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
)

// decideMail decides a letter by e-mail (Decide): each of its statements about a game in that
// game, the player's own statements in every game of his they concern.
//
//   - A letter about several games (mailparse: sections under headings) is a letter per section:
//     each section is routed to its game by its heading (the number, or the partner's name) and
//     decided there with its own repetition, moves, dates and time. A section postald cannot
//     place is answered with the request to name its game; the others are decided all the same.
//     Two sections about one game are decided one after the other, the second on the game the
//     first left.
//   - A leave is the player's (statements.go): it is decided in one game of his in each
//     tournament it concerns — the game a section of the letter is about when it is in play,
//     else his first game in play there — and, granted, stops his clock in every other game of
//     his in play in the tournament, each partner told. A withdrawal from the tournament goes to
//     the judge once, with the first game the letter is about (or his first game in play).
//   - Nothing irreversible on a doubtful reading (doubtful): a letter whose text names two games
//     outside sections, decided for the one it names first, is asked about instead of stopped
//     with penalty days or of ending the game; a letter stopped, or playing nothing, in the game
//     it is taken for while its moves play as written in another game of the sender's, where he
//     is on move, is asked about: it may be that game's.
//
// The first decision is the one the result carries; the others are in Decision.Also, each with
// its Seat. A letter about none of the sender's games is the request to name one (Seat -1).
func decideMail(seats []Seat, l *mailparse.Letter, env Envelope, now time.Time) Decision {
	whole := fromParsed(l)
	parts := []letter{whole}
	if len(l.Parts) > 0 {
		parts = parts[:0]
		for _, p := range l.Parts {
			pt := fromParsed(p)
			pt.section = true
			parts = append(parts, pt)
		}
	}
	player := whole.Leave != nil || whole.Withdrawal != ""
	// Each part's game, as its heading, its words or its moves name it.
	type routed struct {
		lt   letter
		seat int
		ask  Decision
	}
	var rs []routed
	var fallback *Decision // the question a letter of the player's statements alone would get
	for _, pt := range parts {
		pt.Leave, pt.Withdrawal = nil, "" // the player's statements: carried below
		i, ask := route(seats, pt, env)
		if player && len(l.Parts) == 0 && !pt.aboutGame() {
			// A leave or a withdrawal alone is the player's: carried by the game the letter
			// names (or his only game), else by his first game in play; never a question.
			if i >= 0 {
				rs = append(rs, routed{lt: pt, seat: i})
			} else {
				fallback = &ask
			}
			continue
		}
		rs = append(rs, routed{lt: pt, seat: i, ask: ask})
	}
	// The player's statements ride with one game of his in play in each tournament they concern
	// (the first the letter's sections are about, else his first); a leave granted there is
	// granted in his other games in play in the tournament.
	grants := map[int]*leaveStatement{}
	if player {
		withdrawal := whole.Withdrawal
		for _, code := range playerTournaments(seats, whole, env) {
			games := gamesInPlay(seats, code, env)
			carrier, at := games[0], -1
			for k, r := range rs {
				if r.seat >= 0 && slices.Contains(games, r.seat) {
					carrier, at = r.seat, k
					break
				}
			}
			st := leaveOf(seats, carrier, games, env)
			grants[carrier] = st
			if at >= 0 {
				rs[at].lt.Leave, rs[at].lt.Withdrawal, rs[at].lt.leave = whole.Leave, withdrawal, st
				// The other sections about games of the tournament record the leave too.
				for k := range rs {
					if k != at && rs[k].seat >= 0 && slices.Contains(games, rs[k].seat) && rs[k].seat != carrier {
						echo := *st
						echo.Echo = true
						rs[k].lt.Leave, rs[k].lt.leave = whole.Leave, &echo
					}
				}
			} else {
				rs = append(rs, routed{lt: letter{Leave: whole.Leave, Withdrawal: withdrawal, Text: whole.Text, leave: st}, seat: carrier})
			}
			withdrawal = ""
		}
	}
	if len(rs) == 0 && fallback != nil {
		// No game of his in play carries them: the letter is answered as any letter about no
		// game he can name (his games are over, or he is asked which).
		rs = append(rs, routed{lt: whole, seat: -1, ask: *fallback})
	}
	current := slices.Clone(seats) // the games as the letter's decisions leave them
	var out, asks []Decision
	for _, r := range rs {
		if r.seat < 0 {
			if r.ask.Verdict == Ignored && len(rs) > 1 {
				continue
			}
			r.ask.Seat, r.ask.Envelope = -1, env
			asks = append(asks, r.ask)
			continue
		}
		i := r.seat
		wasOver := current[i].Game.Status == StatusFinished
		d := decideAt(current[i], r.lt, env, now)
		d = doubtful(current, i, r.lt, env, now, d)
		d.Seat = i
		current[i].Game = d.Game
		out = append(out, d)
		if st := grants[i]; st != nil && r.lt.leave == st && !wasOver {
			var sections []int // the games a section of the letter is about: they record it themselves
			for _, q := range rs {
				if q.seat >= 0 {
					sections = append(sections, q.seat)
				}
			}
			out = append(out, grantElsewhere(current, i, st, r.lt, env, now, sections)...)
		}
	}
	out = append(out, asks...) // a request to name a game follows the games decided
	if len(out) == 0 {
		return Decision{Seat: -1, Verdict: Ignored, Clauses: []string{}, Moves: []string{}, Envelope: env}
	}
	first := out[0]
	first.Also = out[1:]
	return first
}

// aboutGame reports whether the letter says anything about a game: moves, a repetition, a
// variant, an acceptance, a draw statement, a resignation, a protest, a question, dates or time.
func (lt *letter) aboutGame() bool {
	return lt.carries() || len(lt.Variants) > 0 || lt.Protest != "" || len(lt.Questions) > 0 ||
		len(lt.Dates) > 0 || lt.Time != nil || len(lt.ProtestUnsure) > 0
}

// playerTournaments returns the tournaments a player's own statements concern: the one the letter
// names, else every one in which the sender has a game in play, in the order of seats.
func playerTournaments(seats []Seat, whole letter, env Envelope) []string {
	var codes []string
	for i := range seats {
		g := &seats[i].Game
		if _, ok := seats[i].Table.senderOf(g, env); !ok || g.Status != StatusPlaying || slices.Contains(codes, g.Tournament) {
			continue
		}
		if whole.Tournament != "" && !strings.EqualFold(g.Tournament, whole.Tournament) {
			continue
		}
		codes = append(codes, g.Tournament)
	}
	if len(codes) == 0 && whole.Tournament != "" {
		// A code that names none of his tournaments with a game in play is no help.
		whole.Tournament = ""
		return playerTournaments(seats, whole, env)
	}
	return codes
}

// gamesInPlay returns the sender's games in play in tournament code.
func gamesInPlay(seats []Seat, code string, env Envelope) []int {
	var games []int
	for i := range seats {
		g := &seats[i].Game
		if _, ok := seats[i].Table.senderOf(g, env); ok && g.Tournament == code && g.Status == StatusPlaying {
			games = append(games, i)
		}
	}
	return games
}

// leaveOf is the player's leave statement carried by game carrier, one of his games in play in
// the tournament: the leaves he holds in any of them, and their names, the carrier's first.
func leaveOf(seats []Seat, carrier int, games []int, env Envelope) *leaveStatement {
	side, _ := seats[carrier].Table.senderOf(&seats[carrier].Game, env)
	st := &leaveStatement{}
	for _, i := range append([]int{carrier}, games...) {
		g := &seats[i].Game
		if slices.Contains(st.Games, g.Name) {
			continue
		}
		st.Games = append(st.Games, g.Name)
		s, ok := seats[i].Table.senderOf(g, env)
		if !ok {
			s = side
		}
		for _, lv := range g.Clock(s).Leaves {
			if !slices.Contains(st.Taken, lv) {
				st.Taken = append(st.Taken, lv)
			}
		}
	}
	return st
}

// grantElsewhere records a leave the letter's decision in game carrier granted in the player's
// other games in play in the tournament (st.Games): the same verdict, counted as the carrier
// counted it (judgeLeave), his clock stopped in each, each partner told.
func grantElsewhere(seats []Seat, carrier int, st *leaveStatement, lt letter, env Envelope, now time.Time, sections []int) []Decision {
	c := seats[carrier]
	if lt.Leave == nil {
		return nil
	}
	day := daysclock.DateOf(c.arrival(env.Received), c.Table.zone())
	period, v := judgeLeave(lt.Leave, day, st.Taken, c.Table.reg().LeaveDays)
	if v != leaveGranted {
		return nil
	}
	var out []Decision
	for i := range seats {
		g := &seats[i].Game
		if i == carrier || slices.Contains(sections, i) || g.Tournament != c.Game.Tournament || g.Status != StatusPlaying || !slices.Contains(st.Games, g.Name) {
			continue
		}
		if _, ok := seats[i].Table.senderOf(g, env); !ok {
			continue
		}
		e := env
		e.Received = seats[i].arrival(env.Received)
		d := leaveIn(seats[i], period, e, e.Received)
		d.Envelope = e
		if e.Received.After(d.Game.LastArrival) {
			d.Game.LastArrival = e.Received
		}
		d.close(seats[i].Table, now)
		d.Seat = i
		seats[i].Game = d.Game
		out = append(out, d)
	}
	return out
}

// doubtful returns decision d of the letter lt about the game of seats[i], or, when the letter's
// reading is doubtful and d cannot be undone, the question to its writer instead (statements.go):
//   - the letter's text names two games outside sections (lt.GamesNamed), and d stops it with
//     penalty days or ends the game;
//   - d stops it (a wrong repetition, 4.2.9; an impossible move, 4.2.10; a change of a move
//     sent, 4.2.8), or plays none of its moves (not his move; moves already on the board), while
//     its moves play in another game of his in which he is on move: the letter may be that
//     game's (a reply in the other game's thread).
func doubtful(seats []Seat, i int, lt letter, env Envelope, now time.Time, d Decision) Decision {
	st := seats[i]
	if lt.GamesNamed && irreversible(&st.Game, d) {
		words := quote{}
		for _, p := range lt.Problems {
			if p.What == mailparse.WhatGamesNamed && words.Line == 0 {
				words = quote{Line: p.Line, Text: lineOf(lt.Text, p.Line, p.Text)}
			}
		}
		tx := st.Table.textOf(&st.Game, sideOr(st, env))
		return askedAt(st, lt, env, now, words, tx.Statements.WhyGames)
	}
	side, ok := st.Table.senderOf(&st.Game, env)
	if !ok || st.Game.Status != StatusPlaying || len(lt.Moves) == 0 {
		return d
	}
	stopped := d.Verdict == Rejected
	unplayed := d.Verdict == Notice && len(d.Moves) == 0 && d.Game.Status == StatusPlaying // not his move, or no move of his here
	// played here only with a number or a square put right (4.2.14, 4.2.10): «20... 4-7» where
	// he is White on move 25, «h4:f6» where only h4-g5 is his, may be another game's move.
	corrected := d.Verdict == Corrected
	if !stopped && !unplayed && !corrected {
		return d
	}
	for j := range seats {
		o := seats[j]
		if j == i || o.Game.Status != StatusPlaying {
			continue
		}
		s, ok := o.Table.senderOf(&o.Game, env)
		if !ok || o.Game.ToMove() != s || o.Game.Posting == s {
			continue
		}
		e := env
		e.Received = o.arrival(env.Received)
		// Only a letter that plays there as written (no number or square put right, 4.2.14,
		// 4.2.10) speaks for that game.
		if dj := applyLetter(o, lt, e); dj.Verdict == Accepted {
			m := lt.Moves[0]
			if len(lt.Repeated) > 0 {
				m = lt.Repeated[0]
			}
			words := quote{Line: m.Line, Text: lineOf(lt.Text, m.Line, m.written())}
			name := o.Game.Name
			if o.Game.Tournament != st.Game.Tournament {
				name = o.Game.Tournament + " " + name
			}
			tx := st.Table.textOf(&st.Game, side)
			return askedAt(st, lt, env, now, words, fmt.Sprintf(tx.Statements.WhyOtherGame, name))
		}
	}
	return d
}

// askedAt is the question to the writer of lt about the game of st (asked), recorded as decideAt
// records a decision: at the letter's arrival, with the game's next event.
func askedAt(st Seat, lt letter, env Envelope, now time.Time, words quote, why string) Decision {
	env.Received = st.arrival(env.Received)
	d := asked(st, lt, env, words, why)
	d.Envelope = env
	if env.Received.After(d.Game.LastArrival) {
		d.Game.LastArrival = env.Received
	}
	d.close(st.Table, now)
	return d
}

// lineOf returns line n of a letter's text, trimmed: what the writer wrote there; or, when the
// text does not hold it, what there is of it (or).
func lineOf(text string, n int, or string) string {
	lines := strings.Split(text, "\n")
	if n < 1 || n > len(lines) || strings.TrimSpace(lines[n-1]) == "" {
		return or
	}
	return strings.TrimSpace(lines[n-1])
}

// sideOr returns the side of the sender of env in the game of st, White when he plays none.
func sideOr(st Seat, env Envelope) Side {
	if s, ok := st.Table.senderOf(&st.Game, env); ok {
		return s
	}
	return White
}
