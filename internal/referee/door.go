package referee

import (
	"errors"
	"fmt"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/rules"
)

// The doors of the referee. Everything postald decides comes through one of four: a letter, a
// card or a call (Decide), the passing of time (Tick), a judge's ruling (Rule) and the captain's
// posting of a card (Posted). Each takes the games at their tables and the instant of the
// decision, and returns the whole Decision: the verdict and its clauses, the game's new state,
// every reader's letter in his own language (both players', the judge's, the director's), the
// adjudication steps of 4.3.2 that the decision brings and the instant of the game's next event.
// Whoever calls a door only records what it decided and delivers the letters; nothing outside the
// referee sequences routing, submissions and moves.

// Mail is what comes to the door as a letter: the letter as read, and its envelope (the sender,
// the Message-ID, the instant postald received it, which is its postmark). For a card or a call
// the captain entered, Card says whose it is, how it came and the dates he read from it, and
// Envelope.Received is the instant he entered it.
type Mail struct {
	Letter   *mailparse.Letter
	Envelope Envelope
	Card     *Card
}

// Decide is the door of a letter, a card or a call. seats are the games the letter may be about,
// each at its tournament's table — for a letter by e-mail, the sender's games in every tournament
// he plays in, and for a team's captain the game of his team his letter names (1.14.7: his
// protest is decided as a notice of that game, captainsProtest); for a card or a call, the one
// game the captain named; now is when the decision is
// recorded. It finds the game (the letter's own words, the sender, the moves, each game under
// its own tournament's rules), decides the letter as a submission for the judge after the end
// date (4.3.2) or as the correspondence rules read it (4.1–4.3), and returns the decision:
// Decision.Seat is the game it was about, or -1 with the request to name the game (or Ignored,
// for a letter from nobody's address). The only error is a card whose dates cannot be
// (*CardFault: the captain's typing, refused whole) or a card given more than one game.
func Decide(seats []Seat, m Mail, now time.Time) (Decision, error) {
	if m.Letter == nil {
		return Decision{Seat: -1}, fmt.Errorf("referee: no letter to decide")
	}
	if m.Card != nil {
		if len(seats) != 1 {
			return Decision{Seat: -1}, fmt.Errorf("referee: a card is about the one game the captain named, not %d", len(seats))
		}
		m.Envelope.Received = seats[0].arrival(m.Envelope.Received) // never before the move it answers
		env, source, err := cardEnvelope(seats[0], *m.Card, m.Letter, m.Envelope)
		if err != nil {
			return Decision{Seat: -1, Source: source}, err
		}
		d := decideAt(seats[0], fromParsed(m.Letter), env, now)
		d.Source = source
		return d, nil
	}
	// A team's captain protests about a game of his team in which he does not play (1.14.7).
	if i, ok := captainsSeat(seats, m.Letter, m.Envelope); ok {
		d := captainsProtest(seats[i], m.Letter, m.Envelope, now)
		d.Seat = i
		return d, nil
	}
	return decideMail(seats, m.Letter, m.Envelope, now), nil
}

// arrival returns t, the instant a letter arrived as the machine's clock (or the mail server's)
// dated it, or the earliest instant it can have arrived when that clock jumped back: letters
// reach the mailbox in order, so not before the game's last letter (Game.LastArrival), and a
// reply not before the day the move it answers was forwarded (Game.MovedOn). The record then
// shows a reply after the move it answers, and the days that came back are charged to nobody
// (4.3.1 counts a player's days forward from the day he received the move). A card's postmark and
// a posting's date are the captain's reading of the card, not the clock: they stand as entered.
func (s Seat) arrival(t time.Time) time.Time {
	if t.Before(s.Game.LastArrival) {
		t = s.Game.LastArrival
	}
	if !s.Game.MovedOn.IsZero() {
		if day := s.Game.MovedOn.Start(s.Table.zone()); t.Before(day) {
			t = day
		}
	}
	return t
}

// decideAt decides a letter about the game of seat st: after the end date, anything but a draw
// acceptance or a resignation is the player's submission for the judge (4.3.2); otherwise the
// letter as the rules read it.
func decideAt(st Seat, lt letter, env Envelope, now time.Time) Decision {
	env.Received = st.arrival(env.Received)
	var d Decision
	if isSubmission(&st.Game, &lt) {
		d = submission(st, env)
	} else {
		d = applyLetter(st, lt, env)
	}
	d.Envelope = env
	if !env.Via.Captain() && env.Received.After(d.Game.LastArrival) {
		d.Game.LastArrival = env.Received // a card is entered when the captain enters it: no arrival
	}
	d.close(st.Table, now)
	return d
}

// Tick is the door of time: what the passing of time alone brings to the game of seat st by the
// instant now — an overstep that became certain while the player on move was silent (4.3.1), the
// reminders of his last day (regulation reminders), the report of a long silence to the judge
// (silence_days) and the judge's adjudication package when it is due (4.3.2: Decision.Package,
// marked sent in the game). Each is done once; a Tick with nothing due returns the game
// unchanged, no letters and no verdict.
func Tick(st Seat, now time.Time) Decision {
	d := tick(st, now)
	t := st.Table
	if p, ok := t.packageDue(&d.Game, daysclock.DateOf(now, t.zone())); ok {
		d.Game.note(adjudicationPackage)
		d.Package = &p
		if d.Verdict == "" {
			d.Verdict = Notice
		}
		d.addClause("4.3.2")
	}
	d.close(t, now)
	return d
}

// close completes a decision recorded at now: the players are asked for their adjudication
// submissions the first time the game is found waiting for adjudication (4.3.2), and the
// instant of the game's next event is set.
func (d *Decision) close(t *Table, now time.Time) {
	t.askAdjudication(d, now)
	d.Next = Seat{Table: t, Game: d.Game}.Next()
}

// Open is the door of a new game: game name of the tournament registered at now, before its first
// move. White is on move; his clock runs from the start date, or, when the tournament is
// registered after it, from PlayFrom (4.3.2). The decision carries the game and its next event.
//
// A game with an opening drawn by lot (Table.Openings, seed 003, 1.6.4) begins from its starting
// position with its moves on the board (ByLot, dated the day play starts): the player to move
// after them is on move, his clock running from the start, and the drawn moves cost nobody days
// and count for nobody's controls (daysclock.Clock.Given). An opening that does not play is an
// error: the start sheet's check should have refused it.
func Open(t *Table, name string, now time.Time) (Decision, error) {
	return OpenFor(t, name, now, 0)
}

// OpenFor is Open for a game played for days days from the day its play starts (a Swiss round
// by a date the regulation sets: round_days): the game's own end date (Game.Ends) is that many
// days after, when it comes before the tournament's end. 0 days: the tournament's end alone.
func OpenFor(t *Table, name string, now time.Time, days int) (Decision, error) {
	g := t.NewGame(name)
	start := t.Start
	late := PlayFrom(t, now)
	if !late.IsZero() {
		start = late
	}
	g.Ends = RoundEnds(t, now, days)
	if !late.IsZero() {
		g.WhiteClock.Start, g.BlackClock.Start = late, late
		g.WhiteClock.Stop()
		// Run fails only on a zero date or a running clock; neither can happen here.
		_ = g.WhiteClock.Run(late, t.termsOf(&g))
	}
	clauses := []string{}
	if o, ok := t.Openings[name]; ok {
		if err := playOpening(t, &g, o, start); err != nil {
			return Decision{}, fmt.Errorf("game %s: the opening drawn, %q: %w", name, o.Name, err)
		}
		clauses = append(clauses, ClauseLot)
	}
	d := Decision{Clauses: clauses, Moves: []string{}, Game: g, Time: g.Time(), ToMove: g.ToMove()}
	d.close(t, now)
	return d, nil
}

// RoundEnds is the end date of a game opened at now to be played for days days from the day
// its play starts (OpenFor): zero for no days, or when the tournament's own end comes first.
func RoundEnds(t *Table, now time.Time, days int) daysclock.Date {
	start := t.Start
	if late := PlayFrom(t, now); !late.IsZero() {
		start = late
	}
	if days <= 0 || start.IsZero() {
		return daysclock.Date{}
	}
	if ends := start.AddDays(days); t.End.IsZero() || ends.Before(t.End) {
		return ends
	}
	return daysclock.Date{}
}

// ClauseLot is the clause of the lots drawn before play: White's first move, a series of first
// moves or a starting position (seed 003, 1.6.4).
const ClauseLot = "1.6.4"

// playOpening puts the opening o on the board of the new game g, whose play starts on start:
// its starting position, its moves (ByLot), and the clock of the player on move after them.
func playOpening(t *Table, g *Game, o Opening, start daysclock.Date) error {
	b, err := newBoard(t.Variant, o.Setup)
	if err != nil {
		return err
	}
	if b.pos.SideToMove() != rules.White {
		// seed 000, «Первый ход»: «Право начать игру … представляется белым».
		return fmt.Errorf("the starting position %s has Black to move: the first move is White's", o.Setup)
	}
	g.Setup, g.Opening = o.Setup, o.Name
	for i, text := range o.Moves {
		m, err := rules.ParseMove(&b.pos, text)
		if err != nil {
			return fmt.Errorf("move %s: %w", numbered(i, text), err)
		}
		g.Plies = append(g.Plies, Ply{Text: b.format(m), Date: start, By: ByLot})
		g.Clock(sideOfPly(i)).Given++
		b.playMove(m)
	}
	if over, _ := b.outcome(); over {
		return errors.New("the game is over after it")
	}
	g.Position = b.pos.FEN()
	if g.ToMove() == Black && !start.IsZero() {
		g.WhiteClock.Stop()
		// Run fails only on a zero date or a running clock; neither can happen here.
		_ = g.BlackClock.Run(start, t.termsOf(g))
	}
	return nil
}

// PlayFrom returns the day play starts for the players of a tournament registered at now, when
// that is after its start date: the players receive the start sheet by postald's letters that
// day, and play starts on the day after (4.3.2: «если участник получил стартовый протокол после
// даты старта, то он начинает игру со дня, следующего за днём получения»). Zero when the
// tournament is registered in time and play starts on the start date.
func PlayFrom(t *Table, now time.Time) daysclock.Date {
	terms := daysclock.Terms{Start: t.Start, End: t.End}
	if late := terms.PlayerStart(daysclock.DateOf(now, t.zone())); late != t.Start {
		return late
	}
	return daysclock.Date{}
}

// Next returns the instant of the game's next event as it stands — what Decision.Next of the
// decision that left it so says: a reminder, the overstep of a silent player, the silence
// report, the adjudication package (4.3.2); zero for none. For a game put in the store as it
// is, as a test or an import does.
func (s Seat) Next() time.Time {
	var next time.Time
	if at, ok := s.Table.nextTick(&s.Game); ok {
		next = at
	}
	if due, ok := s.Table.adjudicationDue(&s.Game); ok {
		if at := due.Start(s.Table.zone()); next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return next
}
