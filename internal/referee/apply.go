package referee

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/rules"
)

// decider carries one decision in the making.
type decider struct {
	t   *Table // the tournament: its players, dates, regulation, zone
	g   Game
	reg Regulation // the table's, with its defaults
	loc *time.Location
	env Envelope
	lt  letter
	// today is the day the letter was sent: its postmark (for e-mail, the day postald received
	// it; for a card, the postmark the captain entered, 4.3.1). forwarded is the day its moves
	// go on to the partner: the day postald decided it.
	today, forwarded daysclock.Date
	side             Side // the sender's side
	b                *board
	// The words of the letters, each in its reader's language (letters.md): tx the sender's
	// (the tournament's while no sender is known), ptx his partner's, jtx the tournament's, for
	// the judge and the director.
	tx, ptx, jtx *phrases
	d            Decision

	toSender    []string // paragraphs for the acknowledgement or rejection
	toPartner   []string // paragraphs for the forwarded letter
	notices     []Outgoing
	played      int  // plies this letter put on the board
	substituted bool // a 4.2.10 unique move was played for an impossible one
	numberFixed bool // a 4.2.14 numbering error was corrected
	// accepting: the letter accepts a variant in writing (4.2.13), so none of its moves is
	// replaced by another (4.2.10) or renumbered (4.2.14): what cannot be read as written stops it.
	accepting bool
	unsure    bool // the acceptance could not be read with certainty (4.2.5): nothing of it stays
	stopping  bool // the letter is stopped already: its moves are judged only to name their faults
	// credited lists the owed plies this letter repeated (4.2.9): they are owed no more,
	// whatever the letter's verdict.
	credited []int
	// judged is the board the letter's first faulty move was judged on, shown in the stop letter.
	judged *board
	// history are the notes of the letter's entry in the game's history: what it said besides
	// its moves ("protest", "withdrawal").
	history []string
	// showBoard: the answer shows the position (a question asked for it).
	showBoard bool
	// news are paragraphs for the partner that need no letter of their own: told in the
	// forwarded move when the letter moves, else in a notice (a leave, statements.go).
	news []string
	// granted: the letter's leave notice was granted (statements.go).
	granted bool
	// also lists the clauses a stop rests on besides its violations' own (4.2.2 for abbreviated
	// notation, 4.2.5 for an illegible move, 4.2.13 for the changed move of a variant).
	also   []string
	terms  daysclock.Terms
	stamps daysclock.Dates
	// base is the state before the letter's moves; commit the state with the accepted part of
	// a variant played (4.2.8: accepted moves are made and stay). A stop falls back to one.
	base, commit snapshot
	// rec is the game's plies as moves, read when a written move must be compared with a ply
	// already played; nil until then.
	rec *record
	// last is the ply play put on the board last, with the position it was played in: what
	// followVariants compares the proposer's variants with.
	last struct {
		ply    int
		before rules.Position
		move   rules.Move
	}
}

// record is the game's plies as moves of the rules engine, with the position each was played in:
// what a written move is compared with when it names a ply already played (4.2.8, 4.2.9, 4.2.14).
// It is read from the stored plies once per decision, as far as a comparison needs.
type record struct {
	before []rules.Position // before[i]: the position ply i was played in; one more: the position after
	moves  []rules.Move     // moves[i]: ply i
	broken bool             // the next stored ply does not replay: nothing after it is known
}

// snapshot is the state a stopped letter falls back to.
type snapshot struct {
	g       Game
	b       *board
	moves   []string
	played  int
	partner []string
	sender  []string
	notes   []string
	clauses []string
	fixed   [2]bool
}

func (x *decider) snap() snapshot {
	return snapshot{g: x.g.clone(), b: x.b.clone(), moves: append([]string(nil), x.d.Moves...),
		played: x.played, partner: append([]string(nil), x.toPartner...),
		sender: append([]string(nil), x.toSender...), notes: append([]string(nil), x.d.Notes...),
		clauses: append([]string{}, x.d.Clauses...), fixed: [2]bool{x.substituted, x.numberFixed}}
}

// save marks the state a stop falls back to: the letter's moves so far are made and stay.
func (x *decider) save() { x.commit = x.snap() }

// restore falls back to the state save marked.
func (x *decider) restore() { x.back(x.commit) }

func (x *decider) back(s snapshot) {
	x.g, x.b, x.d.Moves, x.played = s.g.clone(), s.b.clone(), append([]string{}, s.moves...), s.played
	x.rec, x.last.ply = nil, -1 // the plies after the snapshot are gone
	x.toPartner = append([]string(nil), s.partner...)
	x.toSender = append([]string(nil), s.sender...)
	x.d.Notes = append([]string(nil), s.notes...)
	x.d.Clauses = append([]string{}, s.clauses...)
	x.substituted, x.numberFixed = s.fixed[0], s.fixed[1]
}

// locOr returns loc, or UTC for none: every function of the referee takes a nil zone as UTC.
func locOr(loc *time.Location) *time.Location {
	if loc == nil {
		return time.UTC
	}
	return loc
}

// newDecider begins a decision about the game of seat s at the instant now.
func newDecider(s Seat, now time.Time) *decider {
	loc := s.Table.zone()
	today := daysclock.DateOf(now, loc)
	x := &decider{t: s.Table, g: s.Game.clone(), reg: s.Table.reg(), loc: loc, today: today, forwarded: today}
	x.last.ply = -1
	x.tx = textFor(s.Table.lang())
	x.ptx, x.jtx = x.tx, x.tx
	x.terms = s.Terms()
	x.d = Decision{Clauses: []string{}, Moves: []string{}}
	return x
}

// player returns side s's player.
func (x *decider) player(s Side) Player { return x.t.player(&x.g, s) }

// textOf returns the phrases of the letters to side s's player.
func (x *decider) textOf(s Side) *phrases { return x.t.textOf(&x.g, s) }

// applyLetter decides a letter against the game of seat s (see Decide).
func applyLetter(s Seat, lt letter, env Envelope) Decision {
	x := newDecider(s, env.Received)
	x.env, x.lt = env, lt
	if !env.Postmark.IsZero() && env.Postmark.Before(x.forwarded) {
		// 4.3.1: a card's moves are sent on its postmark, whatever day the captain enters it.
		x.today = env.Postmark
	}
	side, ok := x.senderOf(env)
	if !ok {
		// Only a player of the game moves in it (architecture: reliability contract).
		x.d.Verdict = Ignored
		return x.finish()
	}
	x.side = side
	x.tx, x.ptx = x.textOf(side), x.textOf(side.Other())
	b, err := gameBoard(x.t.Variant, &x.g)
	if err != nil {
		// A stored game that no longer replays is postald's own fault, never the player's:
		// nothing moves and the judge is told.
		x.d.Verdict = Notice
		x.note(x.tx.Internal)
		x.notify(ToJudge, x.jtx.SubjNotice, x.jtx.InternalJudge+"\n"+err.Error(), Notice)
		return x.finish()
	}
	x.b = b
	if x.g.Status == StatusPlaying && (x.g.Posting == side || x.g.Undelivered == side) && (len(lt.Moves) > 0 || lt.Accept != nil) {
		x.postedByReply()
	}
	x.stamps = x.dates()
	if x.g.Status != StatusFinished {
		x.leave() // the player's leave, whatever else the letter does (statements.go)
	}
	for _, m := range lt.Crossed {
		// 4.2.5: a move crossed out and another written in the letter: the correction is the
		// move, and the answer says which one was read (mailparse crossOut).
		x.note(fmt.Sprintf(x.tx.Statements.Crossed, m.Line, m.written()))
	}
	if len(lt.FilesRead) > 0 {
		// The letter's own text stated nothing of play and it was read from the files attached
		// (mailparse, attached.go), as a judge opens a letter written in a word processor: the
		// answer says so, so that the player knows which text was read.
		x.note(fmt.Sprintf(x.tx.Statements.FromFiles, x.tx.fileNames(lt.FilesRead)))
	}
	if why, ok := x.wholeDoubt(); ok && x.g.Status != StatusFinished {
		// Two readings of the letter lead to different outcomes: postald asks (statements.go).
		x.askWhole(lt.DrawWords, why)
		return x.finish()
	}
	x.credit(*x.g.owes(side)) // 4.2.9: a repetition counts in any letter
	// A protest, a question, a withdrawal: dealt with whatever else the letter does (asides.go).
	x.asides()
	if x.g.Status != StatusFinished {
		if lt.Resign && lt.ResignDoubt != "" {
			x.resignNote() // a resignation under a condition is asked about, the game goes on
		}
	}
	switch {
	case x.g.Status == StatusFinished:
		x.d.Verdict = Notice
		over := x.g.Result.String()
		if x.g.Result == ResultNone && x.g.Reason != "" {
			over = ReasonText(x.t.languageOf(x.player(x.side)), x.g.Reason) // an annulled game has no result to name
		}
		x.note(fmt.Sprintf(x.tx.GameOver, over))
		x.answer(KindNotice, Notice)
	case lt.Resign && lt.ResignDoubt == "":
		x.resign()
	case x.draw() == drawAccept:
		x.agreeDraw()
	case lt.Tablebase != nil && x.g.Status == StatusPlaying && x.claimTablebase():
		// A tablebase claim that ended the game, or that the letter alone makes (endgame.go).
	case (lt.asides() || lt.Leave != nil || lt.Resign) && !x.carries():
		x.asideOnly()
	case x.g.Status == StatusAdjudication:
		// 4.3.2: after the end date only a draw acceptance or a resignation is taken.
		x.d.Verdict = Notice
		x.d.addClause("4.3.2")
		x.note(x.tx.Frozen)
		x.answer(KindNotice, Notice)
	case side != x.g.ToMove():
		x.offTurn()
	default:
		x.onTurn()
	}
	return x.finish()
}

// postedByReply starts the clock of the sender whose move waited for the captain's card or call
// when his letter with moves comes before the posting was recorded (Posted): the move reached him
// by the letter's postmark at the latest, and no earlier day is known. His time runs from that day
// (4.3.1: from the day he received the move), so that his moves are charged and counted for the
// controls like any other.
//
// So too for the sender whose move the post said did not reach him (Undelivered): his letter with
// moves shows that it did, by its postmark at the latest.
func (x *decider) postedByReply() {
	x.g.Posting, x.g.Undelivered = "", ""
	if x.today != x.g.MovedOn {
		x.g.ReceivedOn = x.today
	}
	if err := x.g.Clock(x.side).Run(x.today, x.terms); err != nil {
		panic("referee: " + err.Error()) // nobody's clock runs while a move waits for the post
	}
}

// finish fills the decision's summary fields and records it in the game's history.
func (x *decider) finish() Decision {
	sortClauses(x.d.Clauses)
	if x.b != nil {
		x.g.Position = x.b.pos.FEN()
	}
	if x.d.Verdict != Ignored && len(x.credited) > 0 {
		// 4.2.9: what the letter repeated is owed no more, whatever its verdict.
		o := x.g.owes(x.side)
		*o = slices.DeleteFunc(*o, func(j int) bool { return slices.Contains(x.credited, j) })
	}
	if x.d.Verdict != Ignored {
		e := Entry{Date: x.today, Letter: x.env.MessageID, From: x.side,
			Verdict: x.d.Verdict, Clauses: append([]string(nil), x.d.Clauses...), Note: strings.Join(x.history, ", "), Words: x.d.Words}
		for _, v := range x.d.Violations {
			e.Faults = append(e.Faults, Fault{Clause: v.Clause, Text: v.Text})
		}
		x.g.History = append(x.g.History, e)
		if id := x.env.MessageID; id != "" {
			x.g.LastLetter = id
			x.g.Thread = append(x.g.Thread, id)
			if n := len(x.g.Thread); n > threadLength {
				x.g.Thread = x.g.Thread[n-threadLength:]
			}
		}
	}
	if len(x.news) > 0 && x.d.Verdict != Ignored {
		n := len(x.notices)
		x.notifyPartner(x.ptx.SubjNotice, strings.Join(x.news, "\n"), daysclock.ClauseLeave)
		for i := n; i < len(x.notices); i++ {
			x.notices[i].NoReply = true // a partner's leave asks nothing of its reader
		}
		x.news = nil
	}
	x.d.Letters = append(x.d.Letters, x.notices...)
	x.summarize()
	return x.d
}

// summarize fills in the decision the game as it now stands: the game itself, the days used and
// the side on move while it is played.
func (x *decider) summarize() {
	x.d.Time = x.g.Time()
	x.d.ToMove = ""
	if x.g.Status == StatusPlaying {
		x.d.ToMove = x.g.ToMove()
	}
	x.d.Game = x.g
}

// note adds a paragraph for the sender.
func (x *decider) note(s string) {
	x.toSender = append(x.toSender, s)
	x.d.Notes = append(x.d.Notes, s)
}

// tellBoth adds a paragraph for the sender and for his partner, each in his own language.
func (x *decider) tellBoth(say func(tx *phrases) string) {
	x.toPartner = append(x.toPartner, say(x.ptx))
	x.note(say(x.tx))
}

// onTurn decides a letter from the player on move. Every fault the letter holds is found
// before it is decided: the repetition (4.2.9), the acceptance of a variant (4.2.13) and the
// letter's own moves judged in the position the letter intends (4.2.2, 4.2.5, 4.2.10), so that a
// stopped letter names them all under one penalty (4.2.11: «независимо от количества нарушений
// в одном письме»).
func (x *decider) onTurn() {
	faults := x.checkRepetition()
	moves := x.ownMoves()
	if len(moves) == 0 && x.lt.Accept == nil {
		switch x.draw() {
		case drawOffer:
			x.offerDraw()
			return
		case drawClaim:
			x.claimDraw(false)
			return
		case drawDecline:
			x.declineDraw()
			return
		case drawDoubtful, drawUnoffered:
			x.d.Verdict = Notice
			x.drawNote()
			x.answer(KindNotice, Notice)
			return
		}
		// No move, no stop: 4.2.9 and 4.2.10 apply to letters that carry moves.
		x.expectMove()
		return
	}
	if len(faults) == 0 && x.draw() == drawClaim && x.claimDraw(true) {
		return
	}
	x.base = x.snap()
	x.commit = x.base // back() copies a snapshot, so the two may share it
	if x.lt.Accept != nil {
		x.accepting = true
		rest, af, sure := x.acceptWritten(moves)
		faults = append(faults, af...)
		if !sure {
			// The acceptance cannot be read with certainty: the position the letter intends is
			// unknown, so its own moves are not judged.
			x.stopAll(faults, false)
			return
		}
		moves = rest
	}
	baseFaults := len(faults) > 0 // faults that keep nothing of the letter on the board
	x.stopping = baseFaults
	faults = append(faults, x.playMoves(moves)...)
	if len(faults) > 0 {
		x.stopAll(faults, !baseFaults && !x.unsure)
		return
	}
	if x.played == 0 && x.lt.Accept != nil {
		// An acceptance that played nothing (the variant was accepted in an earlier letter and
		// the changed move is missing) is answered like a letter without a move.
		x.expectMove()
		return
	}
	x.accepted()
}

// expectMove answers a letter of the player on move that carries no move (a question, thanks,
// an out-of-office text): it is no move letter, so nothing is stopped and nothing charged; the
// player is told what postald expects, at most once a day for the game, so that an
// auto-responder answering postald's answers costs nothing and floods nobody.
func (x *decider) expectMove() {
	x.d.Verdict = Notice
	if !x.firstToday() {
		return
	}
	x.note(x.tx.NoMove)
	x.expecting()
	x.answer(KindNotice, Notice)
}

// firstToday reports whether this is the first letter without a move the sender wrote in the
// game today, and records it: such letters are answered once a day.
func (x *decider) firstToday() bool {
	today := expectSent(x.side, x.today)
	if x.g.notified(today) {
		return false
	}
	// Only the latest day is kept; a key of an older postald under the same side and kind
	// ("white/expect/…") goes with them.
	prefix := string(x.side) + "/" + string(NotifyExpect) + "/"
	x.g.Notified = slices.DeleteFunc(x.g.Notified, func(n Notification) bool {
		return n.Kind == NotifyExpect && n.Side == x.side || !n.known() && strings.HasPrefix(n.unknown, prefix)
	})
	x.g.note(today)
	return true
}

// ownMoves returns the letter's moves that are not repetitions of plies already on the board.
func (x *decider) ownMoves() []letterMove {
	var out []letterMove
	for i, m := range x.lt.Moves {
		if len(out) == 0 && x.isRepetition(m) {
			continue
		}
		out = append(out, x.lt.Moves[i])
	}
	return out
}

// isRepetition reports whether m names a ply already on the board and matches it.
func (x *decider) isRepetition(m letterMove) bool {
	if m.Number <= 0 || m.Side == "" || m.Bad {
		return false
	}
	i := plyOf(m.Number, m.Side)
	return i >= 0 && i < len(x.g.Plies) && (x.sameMove(i, m.Text) || x.substitutedFor(i, m.Text))
}

// substitutedFor reports whether text is the impossible move the sender wrote for his ply i,
// which postald replaced by its piece's single legal move (4.2.10, BySubstituted): read in the
// ply's position it is impossible and its substitute is the ply. His letter sent again (no
// answer came yet, or Send pressed twice) writes it again: that is the move sent, not a change
// of it (4.2.8).
func (x *decider) substitutedFor(i int, text string) bool {
	if i < 0 || i >= len(x.g.Plies) || sideOfPly(i) != x.side || x.g.Plies[i].By != BySubstituted {
		return false
	}
	pos, m, ok := x.plyAt(i)
	if !ok {
		return false
	}
	_, err := rules.ParseMove(pos, text)
	var ne *rules.NotationError
	if !errors.As(err, &ne) {
		return false
	}
	sub, ok := substitute(ne)
	return ok && pos.SameMove(sub, m)
}

// sameMove reports whether text, read in the position before ply i, is the move played there.
// A move written exactly as the game stores it is that ply (the full notation rules prints names
// one move in its position); any other text is read in the ply's position and compared with the
// ply's move.
func (x *decider) sameMove(i int, text string) bool {
	if text == x.g.Plies[i].Text {
		return true
	}
	pos, m, ok := x.plyAt(i)
	if !ok {
		return false
	}
	got, err := rules.ParseMove(pos, text)
	return err == nil && pos.SameMove(got, m)
}

// plyAt returns ply i as a move with the position it was played in, reading the stored plies
// into x.rec as far as needed; false when a stored ply up to i does not replay.
func (x *decider) plyAt(i int) (*rules.Position, rules.Move, bool) {
	if i < 0 || i >= len(x.g.Plies) {
		return nil, rules.Move{}, false
	}
	r := x.rec
	if r == nil {
		r = &record{}
		if b, err := newBoard(x.t.Variant, x.g.Setup); err == nil {
			r.before = append(r.before, b.pos)
		} else {
			r.broken = true
		}
		x.rec = r
	}
	for len(r.moves) <= i && !r.broken {
		pos := &r.before[len(r.moves)]
		m, err := rules.ParseMove(pos, x.g.Plies[len(r.moves)].Text)
		if err != nil {
			r.broken = true
			break
		}
		r.before = append(r.before, pos.Play(m))
		r.moves = append(r.moves, m)
	}
	if i >= len(r.moves) {
		return nil, rules.Move{}, false
	}
	return &r.before[i], r.moves[i], true
}

// owes returns the plies side s must repeat in his next letter (4.2.9).
func (g *Game) owes(s Side) *[]int {
	if s == White {
		return &g.WhiteOwes
	}
	return &g.BlackOwes
}

// checkRepetition applies 4.2.9: the partner's moves the sender has not yet repeated must be
// repeated, fully, correctly and legibly. It returns every fault of the repetition and credits
// what was repeated (x.credited), whatever the letter's verdict.
func (x *decider) checkRepetition() []Violation {
	owed := *x.g.owes(x.side)
	covered := map[int]bool{} // credited in applyLetter, for every letter
	for _, j := range x.credited {
		covered[j] = true
	}
	want := x.repeatWant(owed)
	var v []Violation
	for _, m := range x.lt.Repeated {
		if m.Bad {
			v = append(v, Violation{Clause: "4.2.9", Line: m.Line, Text: m.written(), What: x.tx.IllegibleRepeat, Send: want})
			continue
		}
		if x.isRepetition(m) {
			continue
		}
		if j, ok := x.renumbered(m, owed); ok {
			// 4.2.14: the right move under a wrong number is a numbering error, not a wrong
			// repetition.
			x.numbering(m, j, x.g.Plies[j].Text)
			continue
		}
		what := x.tx.WrongRepeat
		if j, ok := x.ownPly(m); ok {
			what = fmt.Sprintf(x.tx.OwnInRepeat, numbered(j, x.g.Plies[j].Text))
		}
		v = append(v, Violation{Clause: "4.2.9", Line: m.Line, Text: m.written(), What: what, Send: want})
	}
	// Each owed ply not repeated is a fault of its own, unless a wrong or illegible repetition
	// above already stands for it.
	missing, wrong := 0, len(v)
	for _, j := range owed {
		if !covered[j] {
			missing++
		}
	}
	for _, j := range owed {
		if covered[j] {
			continue
		}
		if missing <= wrong {
			break
		}
		missing--
		v = append(v, Violation{Clause: "4.2.9", What: fmt.Sprintf(x.tx.NotRepeated, numbered(j, x.g.Plies[j].Text)), Send: want})
	}
	return v
}

// credit records in x.credited the owed plies the letter repeats, by number or under a wrong
// number (4.2.14), in its repetition or among its moves.
func (x *decider) credit(owed []int) {
	covered := map[int]bool{}
	given := append([]letterMove(nil), x.lt.Repeated...)
	given = append(given, x.lt.Moves...)
	for _, m := range given {
		if m.Bad {
			continue
		}
		if i := plyOf(m.Number, m.Side); m.Number > 0 && m.Side != "" && slices.Contains(owed, i) && x.isRepetition(m) {
			covered[i] = true
			continue
		}
	}
	for _, m := range x.lt.Repeated {
		if j, ok := x.renumbered(m, owed); ok && !m.Bad {
			covered[j] = true
		}
	}
	for _, j := range owed {
		if covered[j] {
			x.credited = append(x.credited, j)
		}
	}
}

// renumbered returns the owed ply a repetition names under a wrong number (4.2.14).
func (x *decider) renumbered(m letterMove, owed []int) (int, bool) {
	if m.Bad || x.isRepetition(m) {
		return 0, false
	}
	for _, j := range owed {
		if x.sameMove(j, m.Text) {
			return j, true
		}
	}
	return 0, false
}

// ownPly returns the sender's own ply a repetition names: a player who repeats his own move.
func (x *decider) ownPly(m letterMove) (int, bool) {
	for j := len(x.g.Plies) - 1; j >= 0 && j >= len(x.g.Plies)-6; j-- {
		if sideOfPly(j) == x.side && x.sameMove(j, m.Text) {
			return j, true
		}
	}
	return 0, false
}

// repeatWant says what a correct repetition is.
func (x *decider) repeatWant(owed []int) string {
	if len(owed) == 0 {
		return x.tx.RepeatNothing
	}
	return fmt.Sprintf(x.tx.RepeatThese, x.plyList(owed))
}

// numbering records a 4.2.14 numbering error: corrected without a stop and noted to the sender.
func (x *decider) numbering(m letterMove, ply int, text string) {
	x.d.addClause("4.2.14")
	x.note(fmt.Sprintf(x.tx.Numbering, m.Line, m.written(), numbered(ply, text)))
	x.numberFixed = true
}

// playMoves plays the sender's own moves (and the partner's forced replies he wrote). It returns
// the fault that keeps the rest of the letter from being judged: a move that cannot be played,
// or a change of a move already sent (4.2.8); nil when every move was played.
func (x *decider) playMoves(moves []letterMove) []Violation {
	for k, m := range moves {
		p := len(x.g.Plies)
		if ended, _ := x.b.outcome(); ended {
			x.note(fmt.Sprintf(x.tx.ExtraIgnored, m.written()))
			break
		}
		// The move as written, read once in the position it is judged in.
		var (
			read    bool
			written rules.Move
			wrong   *fault
		)
		parse := func() (rules.Move, *fault) {
			if !read {
				written, wrong = x.b.parse(m.Text)
				read = true
			}
			return written, wrong
		}
		if i := plyOf(m.Number, m.Side); m.Number > 0 && m.Side != "" && i < p {
			if !m.Bad && (x.sameMove(i, m.Text) || x.substitutedFor(i, m.Text)) {
				continue // a repetition of a ply already on the board (an accepted variant move)
			}
			if sideOfPly(i) == x.side && !m.Bad {
				if _, f := parse(); f != nil {
					// 4.2.8: a sent move cannot be changed.
					return []Violation{{Clause: "4.2.8", Line: m.Line, Text: m.written(),
						What: fmt.Sprintf(x.tx.ChangesSent, numbered(i, x.g.Plies[i].Text)), Send: x.tx.SendNext}}
				}
			}
			if sideOfPly(i) != x.side && k == 0 {
				if _, f := parse(); f != nil {
					// 4.2.9: a partner's move written wrongly before the sender's own moves is a
					// wrong repetition, not a move of the sender's.
					return []Violation{{Clause: "4.2.9", Line: m.Line, Text: m.written(), What: x.tx.WrongRepeat,
						Send: x.repeatWant(*x.g.owes(x.side))}}
				}
			}
		}
		if sideOfPly(p) != x.side {
			// 4.2.4: the partner's forced reply may (must) be written by the sender.
			legal := x.b.legal()
			if len(legal) != 1 {
				var rest []string
				for _, r := range moves[k:] {
					rest = append(rest, r.written())
				}
				x.note(fmt.Sprintf(x.tx.NotForced, m.written(), strings.Join(rest, " ")))
				break
			}
			forced := legal[0]
			if got, f := parse(); f != nil || !x.b.pos.SameMove(got, forced) {
				x.note(fmt.Sprintf(x.tx.ForcedFixed, m.written(), numbered(p, x.b.format(forced))))
			}
			x.d.addClause("4.2.4")
			x.play(forced, ByForced)
			continue
		}
		misnumbered := m.Number > 0 && m.Side != "" && plyOf(m.Number, m.Side) != p
		if misnumbered && x.accepting {
			// A letter that accepts a variant is never renumbered (4.2.13, 4.2.14): which ply a
			// move is meant for decides what was accepted.
			x.judged, x.unsure = x.b.clone(), true
			return []Violation{x.unsureAccept(fmt.Sprintf(x.tx.AcceptNumber, m.written(), moveNumber(p)), m.Line, m.written())}
		}
		mv, f := parse()
		by := ByLetter
		if f != nil && m.Bad && f.Kind != faultAbbreviated {
			f = &fault{Kind: faultUnreadable, Options: f.Options}
		}
		if f != nil {
			if f.Unique == nil || x.accepting || x.stopping {
				// 4.2.10: several or no moves from the square, no piece, abbreviated (4.2.2) or
				// ambiguous: the sender must replace the move. The changed move of an accepted
				// variant is corrected the same way, with the penalty (4.2.13). A letter stopped
				// for another fault names a move with a single legal replacement too: it is
				// impossible all the same, and the resent letter should carry the right move.
				switch f.Kind {
				case faultAbbreviated:
					x.also = append(x.also, "4.2.2")
				case faultUnreadable:
					x.also = append(x.also, "4.2.5") // moves must be written legibly
				}
				x.judged = x.b.clone()
				return []Violation{x.moveViolation(x.judged, m, f)}
			}
			// 4.2.10: the piece on the stated square has exactly one legal move: it is played.
			mv, by = *f.Unique, BySubstituted
		}
		text := x.b.format(mv)
		if by == BySubstituted {
			x.d.addClause("4.2.10")
			x.substituted = true
			x.tellBoth(func(tx *phrases) string { return fmt.Sprintf(tx.Substituted, m.Line, m.written(), numbered(p, text)) })
		}
		if misnumbered {
			x.numbering(m, p, text) // 4.2.14
		}
		x.playAs(mv, text, by)
		if x.followVariants(x.side.Other()) {
			x.save() // the accepted part of a variant is made and stays (4.2.8)
		}
	}
	return nil
}

// moveViolation words a 4.2.10 fault of a move judged on board b.
func (x *decider) moveViolation(b *board, m letterMove, f *fault) Violation {
	what := x.tx.why(f)
	send := x.tx.SendMove
	if f.Unique != nil {
		what = fmt.Sprintf(x.tx.FaultUnique, b.format(*f.Unique))
	}
	if len(f.Options) > 0 {
		send = fmt.Sprintf(x.tx.SendOneOf, strings.Join(f.Options, ", "))
	}
	return Violation{Clause: "4.2.10", Line: m.Line, Text: m.written(), What: what, Send: send}
}

// play puts a legal move of the position on the board.
func (x *decider) play(m rules.Move, by By) { x.playAs(m, x.b.format(m), by) }

// playAs puts a legal move of the position on the board that the game stores as text already
// (a variant's move): the ply keeps that text.
func (x *decider) playAs(m rules.Move, text string, by By) {
	i := len(x.g.Plies)
	x.last.ply, x.last.before, x.last.move = i, x.b.pos, m
	x.b.playMove(m)
	x.g.Plies = append(x.g.Plies, Ply{Text: text, Date: x.today, Letter: x.env.MessageID, By: by, Via: x.env.Via})
	x.d.Moves = append(x.d.Moves, numbered(i, text))
	x.played++
	if ended, winner := x.b.outcome(); ended {
		x.endByRules(winner)
	}
}

// stopAll stops a letter with every fault found in it. keep leaves the accepted part of a
// variant on the board (4.2.8, 4.2.13: only the changed move is corrected); otherwise nothing
// of the letter is played. The penalty of 4.2.11 is charged once when a fault is one of 4.2.9
// or 4.2.10 (4.2.11 names only those: a change of a sent move, 4.2.8, or an acceptance postald
// cannot read, 4.2.5, costs no penalty days).
func (x *decider) stopAll(v []Violation, keep bool) {
	if keep {
		x.restore()
	} else {
		x.back(x.base)
	}
	x.d.addClause(x.also...)
	penalty := false
	for _, vi := range v {
		if vi.Clause == "4.2.9" || vi.Clause == "4.2.10" {
			penalty = true
		}
	}
	if x.played > 0 {
		// The accepted part stays made (4.2.8); a resent letter may state the acceptance again.
		x.g.Accepted = &AcceptedPart{Label: x.lt.Accept.labelOr(), Proposer: x.side.Other(), Cut: len(x.g.Plies)}
		x.keepAccepted()
	}
	if !penalty {
		x.reject(v)
		return
	}
	x.stop(v)
}

// keepAccepted books the accepted part a stopped letter leaves on the board: the moves count
// for both players' controls (4.3.1; they cost no days of their own: the sender's thinking days
// run on to his valid letter), and the proposer must repeat the sender's moves of it (4.2.9).
func (x *decider) keepAccepted() {
	s := x.side
	own, partner := 0, 0
	for i := len(x.g.Plies) - x.played; i < len(x.g.Plies); i++ {
		if sideOfPly(i) != s {
			partner++
			continue
		}
		own++
		if x.g.Plies[i].By == ByLetter {
			o := x.g.owes(s.Other())
			*o = append(*o, i)
		}
	}
	x.g.Clock(s).CountMoves(own, x.today, x.terms)
	x.g.Clock(s.Other()).CountMoves(partner, x.today, x.terms)
	x.overstepped(s, x.g.Clock(s).Overstep)
	x.overstepped(s.Other(), x.g.Clock(s.Other()).Overstep)
}

// stop rejects the letter under 4.2.9/4.2.10 with the penalty of 4.2.11.
func (x *decider) stop(v []Violation) {
	// 4.2.11: 6 penalty days (regulation penalty_days), once per stopped letter whatever the
	// number of errors, charged at once in postald's answer. The thinking days keep running
	// from the day the move was received (4.2.10: "начисляются дни, затраченные как на
	// обдумывание так и на исправление").
	ch := x.g.Clock(x.side).Penalize(x.reg.PenaltyDays, x.today, x.terms)
	x.d.PenaltyDays = ch.Days
	for _, vi := range v {
		x.d.addClause(vi.Clause)
	}
	x.d.addClause("4.2.11")
	x.reject(v)
	x.overstepped(x.side, ch.Overstep)
}

// reject answers a stopped letter: nothing is forwarded; the sender is told what is wrong, where,
// under which clause, the consequence and what to send.
func (x *decider) reject(v []Violation) {
	x.d.Verdict = Rejected
	x.d.Violations = v
	for _, vi := range v {
		x.d.addClause(vi.Clause)
	}
	x.answer(KindRejection, Rejected)
	if x.played > 0 {
		// The accepted part of a variant stays played (4.2.8, 4.2.13): the partner is told.
		x.notifyPartner(x.ptx.SubjNotice,
			fmt.Sprintf(x.ptx.VariantAcceptedStop, strings.Join(x.d.Moves, " ")), "4.2.13")
	}
}
