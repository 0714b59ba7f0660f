package referee_test

// TestLetterGenerator plays random legal games of every variant by letters, each letter an
// RFC 5322 message written the way players write (lettergen_phrases_test.go), sometimes with a
// fault the rules name, and checks every decision against a model of the game that the test
// keeps itself: the plies on the board, who is on move, what each player owes for repetition
// (4.2.9), the pending variants (4.2.7, 4.2.13), and both clocks counted from the calendar
// (4.3.1, 4.3.2, 4.2.11). The model never reads the referee's state.
//
// Some games have a player by post or by telephone (4.1.1; -lettergen.channels of them): his
// letters are cards or calls the captain enters, often days after their postmark; the moves to
// him wait for the captain's card or call out (referee.Posted), posted a few days after they
// came and, by post, received the regulation's post_days later (random in each game). The model
// counts his days from the day the move reached him to the postmark, never below zero, and his
// partner's from the day the card was entered; the three dates follow (4.3.1).
//
// A failure reproduces with
//
//	go test ./internal/referee -run TestLetterGenerator -lettergen.seed=N

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/rules"
)

var (
	lgSeedFlag    = flag.Int64("lettergen.seed", 0, "seed of TestLetterGenerator (0: from the clock)")
	lgLettersFlag = flag.Int("lettergen.letters", 5000, "letters TestLetterGenerator writes")
	lgTraceFlag   = flag.Int("lettergen.trace", -1, "log every letter and decision of this game")
	lgChanFlag    = flag.Float64("lettergen.channels", 0.3, "the share of games with a player by post or telephone")
	lgOfficeFlag  = flag.Bool("lettergen.office", false, "decide every letter through postald simulate's office (office.Simulation) instead of the referee's door")
	lgFaultsFlag  = flag.String("lettergen.faults", "all",
		"comma-separated faults to inject (all, none, or of: abbreviated, impossible, unreadable, repetition-missing, "+
			"repetition-wrong, repetition+abbrev, impossible-unique, misnumbered, invisible-character, keyboard, spaced, annotated, attached, subject-move, no-move, aside, protest-move)")
)

// lgEnabled reports whether -lettergen.faults lets the generator write fault f.
func lgEnabled(f string) bool {
	switch *lgFaultsFlag {
	case "all":
		return true
	case "none", "":
		return false
	}
	return slices.Contains(strings.Split(*lgFaultsFlag, ","), f)
}

var lgVariantIDs = []string{"russian", "international", "column", "lasca",
	"russian-giveaway", "international-giveaway", "column-giveaway", "lasca-giveaway"}

// lgPeople are the generator's players: Ivanov (1), Petrov (2), and Sidorov (3), who plays in
// the tournaments of several games (lettergen_games_test.go). A game's sides are its players
// by lgGame.who.
var lgPeople = [3]referee.Player{
	{Number: 1, Name: "Иванов Иван", Email: "ivanov@mail.example"},
	{Number: 2, Name: "Петров Пётр", Email: "petrov@mail.example"},
	{Number: 3, Name: "Сидоров Сергей", Email: "sidorov@mail.example"},
}

// lgPlayers are the players of a game of its own: Ivanov White, Petrov Black.
var lgPlayers = [2]referee.Player{lgPeople[0], lgPeople[1]}

var lgMoscow = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		panic(err)
	}
	return loc
}()

const lgPenalty = 6 // 4.2.11, the regulation's default penalty_days

func TestLetterGenerator(t *testing.T) {
	runLetterGenerator(t, *lgLettersFlag, *lgOfficeFlag)
}

// TestLetterGeneratorThroughOffice plays the generator's games through what postald simulate
// replays, the daemon's own unit of work over a store in memory (office.Simulation): the same
// model checks every decision. A long run: -lettergen.office -lettergen.letters=N.
func TestLetterGeneratorThroughOffice(t *testing.T) {
	if testing.Short() {
		t.Skip("the office's letters are drawn and archived: -short leaves them out")
	}
	runLetterGenerator(t, min(*lgLettersFlag, 600), true)
}

func runLetterGenerator(t *testing.T, budget int, viaOffice bool) {
	seed := *lgSeedFlag
	if seed == 0 {
		seed = time.Now().UnixNano() % 1_000_000_000
	}
	t.Logf("lettergen seed %d", seed)
	began := time.Now()
	st := &lgStats{seed: seed, kinds: map[string]int{}, failures: map[string]int{}}
	games := 0
	for letters := 0; letters < budget; games++ {
		gm := newLGGame(t, st, seed, games)
		if viaOffice {
			gm.simulate()
		}
		letters += gm.run(budget - letters)
		if gm.sim != nil {
			gm.sim.Close()
		}
	}
	t.Logf("lettergen seed %d: %d games (%d with a player by post or telephone), %d letters (%d stopped, %d notices) in %v",
		seed, games, st.channelGames, st.letters, st.stopped, st.notices, time.Since(began).Round(time.Millisecond))
	var kinds []string
	for k, n := range st.kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(kinds)
	t.Logf("letters by kind: %s", strings.Join(kinds, ", "))
	if len(st.failures) > 0 {
		var fs []string
		for k, n := range st.failures {
			fs = append(fs, fmt.Sprintf("%3d× %s", n, k))
		}
		slices.Sort(fs)
		t.Errorf("lettergen seed %d: %d games failed; kinds of failure:\n%s", seed, st.failed, strings.Join(fs, "\n"))
	}
}

// lgStats counts what a run did, and the failures by kind (the first of each is printed whole).
type lgStats struct {
	seed                      int64
	letters, stopped, notices int
	failed                    int
	channelGames              int
	kinds                     map[string]int
	failures                  map[string]int
}

// ---------------------------------------------------------------------------------------------
// The model

const (
	lgByLetter  = "letter"      // written by its own player
	lgByForced  = "forced"      // the partner's forced reply written by the sender (4.2.4)
	lgByPostald = "postald"     // a forced reply left out, played by postald (4.2.4)
	lgByVariant = "variant"     // a proposer's move played from his variant (4.2.13)
	lgBySubst   = "substituted" // the single legal move of an impossible move's square (4.2.10)
)

// lgVariant is a pending proposal (4.2.7): moves from ply at on, the partner's first.
type lgVariant struct {
	label    string // "A", "B" or ""
	proposer int
	at       int
	moves    []string
}

// lgModel is the game as the test sees it. Sides are 0 (White) and 1 (Black).
type lgModel struct {
	v       *rules.Variant
	start   daysclock.Date
	pos     rules.Position
	hist    []rules.Position // hist[i]: the position before ply i
	plies   []string         // canonical text (rules.FormatMove)
	by      []string
	owes    [2][]int          // plies each side must repeat (4.2.9)
	seen    [2]int            // plies on the board after the side's last accepted letter
	days    [2]int            // accrued days, penalties included
	since   [2]daysclock.Date // the day the running move began; zero when not on move
	moved   [2]int            // plies of each side on the board
	movedOn daysclock.Date    // the day the move now awaiting an answer came onto the board
	// receivedOn is the day the player on move received it (4.3.1, the second date): the day
	// postald forwarded it by e-mail, or the day the captain's card reached him (posted day +
	// post_days) or his call was made.
	receivedOn daysclock.Date
	channel    [2]referee.Channel // each side's channel ("" for e-mail)
	posting    int                // the side whose move waits for the captain's card or call; -1 none
	variants   []lgVariant
	leaves     [2][]daysclock.Leave // each side's leave granted: his clock stops on those days
	over       bool
	answered   [2]daysclock.Date // the day of each side's last answer to a letter without a move
	// offer is the side whose draw offer stands (1.13.3: until the partner's reply move), -1
	// none; result the game's result when over by the players' own statement ("" otherwise).
	offer  int
	result referee.Result

	// the letter being decided
	played  []int
	clauses map[string]bool
}

func newLGModel(variant string, start daysclock.Date) *lgModel {
	v, err := rules.VariantByID(variant)
	if err != nil {
		panic(err)
	}
	m := &lgModel{v: v, start: start, pos: v.Start(), clauses: map[string]bool{}, posting: -1, offer: -1}
	m.since[0] = start // 4.3.2: White's clock runs from the start date
	return m
}

func (m *lgModel) clone() *lgModel {
	c := *m
	c.hist = slices.Clone(m.hist)
	c.plies = slices.Clone(m.plies)
	c.by = slices.Clone(m.by)
	c.owes = [2][]int{slices.Clone(m.owes[0]), slices.Clone(m.owes[1])}
	c.variants = nil
	for _, v := range m.variants {
		v.moves = slices.Clone(v.moves)
		c.variants = append(c.variants, v)
	}
	c.played = slices.Clone(m.played)
	c.clauses = maps.Clone(m.clauses)
	c.leaves = [2][]daysclock.Leave{slices.Clone(m.leaves[0]), slices.Clone(m.leaves[1])}
	return &c
}

// begin starts a letter.
func (m *lgModel) begin() { m.played, m.clauses = nil, map[string]bool{} }

func (m *lgModel) toMove() int { return len(m.plies) % 2 }

// onMove is Decision.ToMove: the side on move while the game is played.
func (m *lgModel) onMove() referee.Side {
	switch {
	case m.over:
		return ""
	case m.toMove() == 0:
		return referee.White
	}
	return referee.Black
}

func (m *lgModel) clause(c string) { m.clauses[c] = true }
func lgNumbered(i int, text string) string {
	if i%2 == 0 {
		return strconv.Itoa(i/2+1) + ". " + text
	}
	return strconv.Itoa(i/2+1) + "... " + text
}

func (m *lgModel) legal() []string {
	ms := m.pos.LegalMoves(nil)
	out := make([]string, len(ms))
	for i, mv := range ms {
		out[i] = rules.FormatMove(&m.pos, mv)
	}
	return out
}

// play puts a legal move on the board; a move its own player wrote is owed by the partner.
func (m *lgModel) play(text, by string) {
	mv, err := rules.ParseMove(&m.pos, text)
	if err != nil {
		panic(fmt.Sprintf("lettergen: model move %q: %v", text, err))
	}
	i := len(m.plies)
	s := i % 2
	m.hist = append(m.hist, m.pos)
	m.plies = append(m.plies, rules.FormatMove(&m.pos, mv))
	m.pos = m.pos.Play(mv)
	m.by = append(m.by, by)
	m.moved[s]++
	if by == lgByLetter || by == lgBySubst {
		m.owes[1-s] = append(m.owes[1-s], i)
	}
	m.played = append(m.played, i)
	if m.pos.Outcome() != rules.Ongoing {
		m.over, m.variants = true, nil
	}
}

// pendingFor returns the partner's variant that waits for side s's move now, if any.
func (m *lgModel) pendingFor(s int) (lgVariant, bool) {
	for _, v := range m.variants {
		if v.proposer != s && v.at == len(m.plies) && len(v.moves) > 0 {
			return v, true
		}
	}
	return lgVariant{}, false
}

// follow applies the proposer's variants to the ply just played by his partner (4.2.13): the
// one that foresaw it has its proposer's next move played; the others are gone.
func (m *lgModel) follow(proposer int) bool {
	p := len(m.plies) - 1
	if p < 0 || p%2 == proposer {
		return false
	}
	var kept []lgVariant
	next := ""
	for _, v := range m.variants {
		if v.proposer != proposer {
			kept = append(kept, v)
			continue
		}
		if v.at != p || v.moves[0] != m.plies[p] {
			continue
		}
		v.moves, v.at = v.moves[1:], v.at+1
		if len(v.moves) == 0 || next != "" {
			continue
		}
		next = v.moves[0]
		v.moves, v.at = v.moves[1:], v.at+1
		if len(v.moves) > 0 {
			kept = append(kept, v)
		}
	}
	m.variants = kept
	if next == "" || m.over {
		return false
	}
	m.clause("4.2.13")
	m.play(next, lgByVariant)
	return true
}

// settle plays the partner's single legal replies the letter left out (4.2.4).
func (m *lgModel) settle(s int) {
	for !m.over && m.toMove() != s {
		legal := m.legal()
		if len(legal) != 1 {
			return
		}
		m.clause("4.2.4")
		m.play(legal[0], lgByPostald)
		m.follow(s)
	}
}

// commit finishes an accepted letter of side s sent on today (its postmark) and forwarded on
// forwarded: the repetition is done, the proposals stored, forced replies played, the days
// charged (4.3.1, 4.3.2) and the clock of the player now on move started: on the day it was
// forwarded to a player by e-mail; for a player by post or telephone, when the captain posts it
// (post).
func (m *lgModel) commit(s int, today, forwarded daysclock.Date, props []lgVariant, movedBefore int) {
	if m.offer == 1-s {
		m.offer = -1 // 1.13.3: a reply move declines the partner's offer
	}
	m.owes[s] = nil
	m.variants = slices.DeleteFunc(m.variants, func(v lgVariant) bool { return v.proposer == s })
	if !m.over {
		m.variants = append(m.variants, props...)
	}
	m.settle(s)
	own := 0
	for _, i := range m.played {
		if i%2 == s && (m.by[i] == lgByLetter || m.by[i] == lgBySubst) {
			own++
		}
	}
	if own > 0 && !m.since[s].IsZero() {
		if movedBefore == 0 && !today.After(m.start) {
			m.clause("4.3.2") // the first move on the start date or earlier costs nothing
		}
		m.days[s] += lgChargeable(m.since[s], today, m.leaves[s])
		m.since[s] = daysclock.Date{}
	}
	if !m.over {
		t := m.toMove()
		m.movedOn = today
		m.receivedOn, m.posting = forwarded, -1
		if m.channel[t].Captain() {
			m.receivedOn, m.posting = daysclock.Date{}, t
		} else {
			m.run(t, forwarded)
		}
	}
	m.seen[s] = len(m.plies)
}

// run starts side t's clock on the day he received his move (4.3.1), not before his start (4.3.2).
func (m *lgModel) run(t int, from daysclock.Date) {
	if m.moved[t] == 0 {
		from = daysclock.Later(from, m.start) // 4.3.2
	}
	m.since[t] = from
}

// post records the captain's card or call out to side t on the day on: by post it reaches him
// postDays later (4.3.1: his first date is the day posted, his second the day received).
func (m *lgModel) post(t int, on daysclock.Date, postDays int) {
	received := on
	if m.channel[t] == referee.ChannelPost {
		received = on.AddDays(postDays)
	}
	m.movedOn, m.receivedOn, m.posting = on, received, -1
	m.run(t, received)
}

// lgChargeable counts the days from one date to a later one that are charged: the calendar
// days after from up to to, but those of a leave (the clock stops on them, leave_days).
func lgChargeable(from, to daysclock.Date, leaves []daysclock.Leave) int {
	n := lgCalendarDays(from, to)
	for d := from.AddDays(1); !d.After(to); d = d.AddDays(1) {
		for _, l := range leaves {
			if !d.Before(l.From) && !d.After(l.To) {
				n--
				break
			}
		}
	}
	return n
}

// lgCalendarDays counts the calendar days from one date to a later one as a wall calendar
// does, without daysclock: noon to noon in UTC, so that no clock change moves a day (4.3.1: 0
// when both fall on the same day; none when the clock starts later, 4.3.2).
func lgCalendarDays(from, to daysclock.Date) int {
	a := time.Date(from.Year, from.Month, from.Day, 12, 0, 0, 0, time.UTC)
	b := time.Date(to.Year, to.Month, to.Day, 12, 0, 0, 0, time.UTC)
	return max(int(b.Sub(a).Hours()/24+0.5), 0)
}

// numberedPlayed returns the plies the letter put on the board, as Decision.Moves writes them.
func (m *lgModel) numberedPlayed() []string {
	out := []string{}
	for _, i := range m.played {
		out = append(out, lgNumbered(i, m.plies[i]))
	}
	return out
}

func (m *lgModel) clauseList() []string {
	out := slices.Collect(maps.Keys(m.clauses))
	slices.SortFunc(out, lgCompareClauses)
	return out
}

func lgCompareClauses(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		if errx != nil || erry != nil {
			if c := strings.Compare(as[i], bs[i]); c != 0 {
				return c
			}
		} else if x != y {
			return x - y
		}
	}
	return len(as) - len(bs)
}

// ---------------------------------------------------------------------------------------------
// Faults

type lgFault string

const (
	lgNoFault    lgFault = ""
	lgAbbrev     lgFault = "abbreviated"         // stop: 4.2.2, 4.2.10
	lgImpossible lgFault = "impossible"          // stop: 4.2.10, the piece has several moves
	lgUnreadable lgFault = "unreadable"          // stop: 4.2.5, 4.2.10
	lgRepMissing lgFault = "repetition-missing"  // stop: 4.2.9
	lgRepWrong   lgFault = "repetition-wrong"    // stop: 4.2.9
	lgDouble     lgFault = "repetition+abbrev"   // stop: 4.2.9 and 4.2.2, 4.2.10, one penalty
	lgSubst      lgFault = "impossible-unique"   // corrected: 4.2.10
	lgNumber     lgFault = "misnumbered"         // corrected: 4.2.14
	lgInvisible  lgFault = "invisible-character" // no fault at all
)

func (f lgFault) stops() bool {
	switch f {
	case lgAbbrev, lgImpossible, lgUnreadable, lgRepMissing, lgRepWrong, lgDouble:
		return true
	}
	return false
}

func (f lgFault) repetition() bool { return f == lgRepMissing || f == lgRepWrong || f == lgDouble }

// moveFault reports whether the first own move is written wrongly, and its clauses.
func (f lgFault) moveClauses() []string {
	switch f {
	case lgAbbrev, lgDouble:
		return []string{"4.2.2", "4.2.10"}
	case lgImpossible:
		return []string{"4.2.10"}
	case lgUnreadable:
		return []string{"4.2.5", "4.2.10"}
	}
	return nil
}

// wrongSquare returns a move from square from, written with the separator of a real move of
// that piece, to a square it cannot reach, such that the engine refuses it with pieceMoves legal
// moves of that piece (1: 4.2.10 substitutes; 2 or more: the letter is stopped).
func lgWrongMove(r *rand.Rand, pos *rules.Position, from rules.Square, capture bool, pieceMoves int) (string, bool) {
	v := pos.Variant()
	sep := "-"
	if capture {
		sep = ":"
	}
	for range 20 {
		to := rules.Square(r.IntN(v.NumSquares()))
		if to == from {
			continue
		}
		text := v.SquareName(from) + sep + v.SquareName(to)
		_, err := rules.ParseMove(pos, text)
		ne, ok := err.(*rules.NotationError)
		if !ok || ne.Kind != rules.ErrNoSuchMove && ne.Kind != rules.ErrCaptureRequired {
			continue
		}
		if len(ne.PieceMoves) == pieceMoves || pieceMoves > 1 && len(ne.PieceMoves) > 1 {
			return text, true
		}
	}
	return "", false
}

// lgPieces groups the legal moves of pos by their from-square.
func lgPieces(pos *rules.Position) map[rules.Square][]rules.Move {
	out := map[rules.Square][]rules.Move{}
	for _, mv := range pos.LegalMoves(nil) {
		out[mv.From()] = append(out[mv.From()], mv)
	}
	return out
}

// lgSortedSquares returns the keys of a piece map in order, so that a seed replays.
func lgSortedSquares(ps map[rules.Square][]rules.Move) []rules.Square {
	return slices.Sorted(maps.Keys(ps))
}

// faultText writes the first own move wrongly for fault f in pos, where mv is the move the
// player meant. It reports false when the position offers no such fault.
func lgFaultText(r *rand.Rand, f lgFault, pos *rules.Position, mv string) (string, bool) {
	v := pos.Variant()
	switch f {
	case lgAbbrev, lgDouble:
		if v.ID() == "international" || v.ID() == "international-giveaway" {
			return "", false // numeric notation has no file letters to abbreviate with
		}
		m, err := rules.ParseMove(pos, mv)
		if err != nil {
			return "", false
		}
		text := v.AlgebraicName(m.From())[:1] + v.AlgebraicName(m.To())
		if _, err := rules.ParseMove(pos, text); !lgIsKind(err, rules.ErrAbbreviated) {
			return "", false
		}
		return text, true
	case lgUnreadable:
		m, err := rules.ParseMove(pos, mv)
		if err != nil {
			return "", false
		}
		text := v.SquareName(m.From()) + v.SquareName(m.To())
		if v.Numeric() {
			text = v.SquareName(m.From()) + ";" + v.SquareName(m.To())
		}
		if _, err := rules.ParseMove(pos, text); !lgIsKind(err, rules.ErrSyntax) {
			return "", false
		}
		return text, true
	case lgImpossible:
		ps := lgPieces(pos)
		sqs := lgSortedSquares(ps)
		r.Shuffle(len(sqs), func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] })
		for _, sq := range sqs {
			if len(ps[sq]) < 2 {
				continue
			}
			if text, ok := lgWrongMove(r, pos, sq, ps[sq][0].IsCapture(), 2); ok {
				return text, true
			}
		}
	}
	return "", false
}

func lgIsKind(err error, k rules.ErrorKind) bool {
	ne, ok := err.(*rules.NotationError)
	return ok && ne.Kind == k
}

// ---------------------------------------------------------------------------------------------
// A letter's plan: what the player means to write, played on a copy of the model.

type lgPlan struct {
	before   *lgModel     // the model as the letter finds it
	atFirst  *lgModel     // just before the first own move (after an accepted part of a variant)
	after    *lgModel     // after the letter, if it is accepted
	first    int          // ply of the first own move
	own      []int        // plies written as the letter's moves, in order
	explicit map[int]bool // proposer's variant moves written out among them
	acc      *lgAccept
	props    []lgVariant
	tags     []string
}

// lgAccept is a variant of the partner accepted in writing (4.2.13).
type lgAccept struct {
	label    string
	only     bool  // the only variant pending
	index    int   // its place among the variants pending, in the order they were proposed
	labelled bool  // some variant pending has a label
	part     []int // the plies of the accepted part
	until    int   // the number of the first changed move; 0: the whole variant
	declined int   // the ply index of the declined variant move (until > 0)
	declText string
}

func (p *lgPlan) tag(t string) { p.tags = append(p.tags, t) }

// plan makes side s's next letter. force, when set, is the first own move (a 4.2.10 fault
// needs a piece with a single move).
func (gm *lgGame) plan(s int, force string) *lgPlan {
	r := gm.r
	c := gm.m.clone()
	c.begin()
	p := &lgPlan{before: gm.m, explicit: map[int]bool{}}
	if v, ok := c.pendingFor(s); ok && force == "" && r.IntN(100) < 40 {
		if acc, c2 := gm.acceptInWriting(c, s, v); acc != nil {
			p.acc, c = acc, c2
			if acc.until > 0 {
				p.tag("accept-part")
			} else {
				p.tag("accept-whole")
			}
		}
	}
	movedBefore := gm.m.moved[s]
	for count := 0; ; count++ {
		var mv string
		legal := c.legal()
		switch {
		case count == 0 && force != "":
			mv = force
		case count == 0 && p.acc != nil && p.acc.until > 0:
			var others []string
			for _, x := range legal {
				if x != p.acc.declText {
					others = append(others, x)
				}
			}
			mv = lgPick(r, others)
		default:
			if v, ok := c.pendingFor(s); ok && r.IntN(100) < 60 {
				mv = v.moves[0]
			} else {
				mv = lgPick(r, legal)
			}
		}
		if count == 0 {
			p.atFirst, p.first = c.clone(), len(c.plies)
		}
		c.play(mv, lgByLetter)
		p.own = append(p.own, len(c.plies)-1)
		if c.over {
			break
		}
		if c.follow(1 - s) {
			p.tag("into-variant")
			if c.over || count >= 3 || p.acc != nil || r.IntN(2) == 0 {
				break
			}
			if r.IntN(2) == 0 {
				i := len(c.plies) - 1
				p.explicit[i] = true
				p.own = append(p.own, i)
			}
			continue
		}
		if count >= 3 || p.acc != nil {
			break
		}
		if pl := c.legal(); len(pl) == 1 {
			if r.IntN(2) == 0 {
				p.tag("forced-left")
				break
			}
			p.tag("forced-written")
			c.clause("4.2.4")
			c.play(pl[0], lgByForced)
			p.own = append(p.own, len(c.plies)-1)
			if c.over {
				break
			}
			continue
		}
		break
	}
	if !c.over && c.toMove() != s && r.IntN(100) < 35 {
		p.props = gm.propose(c, s)
		if len(p.props) > 0 {
			p.tag(fmt.Sprintf("propose-%d", len(p.props)))
		}
	}
	p.after = c
	c.commit(s, gm.sent(), gm.today(), p.props, movedBefore)
	return p
}

// acceptInWriting plays the accepted part of v on a copy of c: all of it, or up to a changed
// move of side s. It returns nil when the variant cannot be accepted so.
func (gm *lgGame) acceptInWriting(c *lgModel, s int, v lgVariant) (*lgAccept, *lgModel) {
	r := gm.r
	c = c.clone()
	n := len(v.moves)
	k := n
	if n >= 4 && r.IntN(3) > 0 {
		k = 2 * (1 + r.IntN(n/2-1))
	}
	only, index, labelled := 0, 0, false
	for _, w := range c.variants {
		if w.proposer != s && w.at == len(c.plies) {
			if slices.Equal(w.moves, v.moves) && w.label == v.label {
				index = only
			}
			only++
			labelled = labelled || w.label != ""
		}
	}
	acc := &lgAccept{label: v.label, only: only == 1, index: index, labelled: labelled}
	for j := 0; j < k; j += 2 {
		c.play(v.moves[j], lgByLetter)
		acc.part = append(acc.part, len(c.plies)-1)
		if c.over || !c.follow(1-s) {
			return nil, nil
		}
		acc.part = append(acc.part, len(c.plies)-1)
		if c.over {
			return nil, nil
		}
	}
	if k < n {
		acc.declined, acc.declText = len(c.plies), v.moves[k]
		acc.until = len(c.plies)/2 + 1
		// The changed move must be another move than the declined one: two capture routes
		// written alike are one move in notation, so count what is written differently.
		if !slices.ContainsFunc(c.legal(), func(m string) bool { return m != acc.declText }) {
			return nil, nil
		}
	}
	return acc, c
}

// propose makes one or two variants for the partner's reply now (4.2.7), each with distinct
// first moves and ending with a move of the proposer.
func (gm *lgGame) propose(c *lgModel, s int) []lgVariant {
	r := gm.r
	legal := c.legal()
	if len(legal) < 2 {
		return nil
	}
	r.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
	n := 1
	if len(legal) >= 3 && r.IntN(3) == 0 {
		n = 2
	}
	var out []lgVariant
	for i := range n {
		b := c.clone()
		var moves []string
		reply := legal[i]
		for len(moves) < 4 {
			b.play(reply, lgByLetter)
			if b.over {
				break
			}
			answer := lgPick(r, b.legal())
			b.play(answer, lgByLetter)
			moves = append(moves, b.plies[len(b.plies)-2], b.plies[len(b.plies)-1])
			if b.over || r.IntN(100) < 60 {
				break
			}
			reply = lgPick(r, b.legal())
		}
		if len(moves) == 0 {
			continue
		}
		out = append(out, lgVariant{proposer: s, at: len(c.plies), moves: moves})
	}
	// Labelled: two variants mostly (and two unlabelled, named by their order, now and then),
	// one variant half the time.
	if len(out) == 2 && r.IntN(5) > 0 || len(out) == 1 && r.IntN(2) == 0 {
		for i := range out {
			out[i].label = string(rune('A' + i))
		}
	}
	return out
}

// ---------------------------------------------------------------------------------------------
// Writing the letter

// lgWrite is how one letter is written from a plan.
type lgWrite struct {
	lang      lgLang
	firstText string // the first own move as written ("" canonical)
	shift     int    // a numbering error of the first own move (4.2.14)
	noRepeat  bool
	wrongRep  map[int]string // ply → the wrong text of its repetition
	extended  bool           // repeat everything since the last letter, not only what is owed
	dates     []daysclock.Date
	time      *referee.Time
	invisible string // "move", "date" or "time"
	char      string
	keyboard  bool      // the first own move typed on a Russian layout: look-alikes, typographic dashes
	spaced    bool      // the first own move's separators typed with spaces around them, or doubled
	marks     [2]string // the marks put on the last move repeated and on the first own move ("?!", "!")
	ownOnly   bool      // write the first own move only (a stopped letter)
	protest   string    // a protest paragraph above the moves (4.1.12)
	quoted    bool      // the letter answers below the partner's quoted letter: lines are not checked
	noProps   bool

	// where things landed (1-based lines)
	repLine, ownLine int
}

// lgWriter writes numbered moves in every style letters.md lists.
type lgWriter struct{ r *rand.Rand }

func (w lgWriter) num(i int, text string, shift int) string {
	n := i/2 + 1 + shift
	if i%2 == 0 {
		return fmt.Sprintf(lgPick(w.r, []string{"%d. %s", "%d. %s", "%d.%s"}), n, text)
	}
	return fmt.Sprintf(lgPick(w.r, []string{"%d... %s", "%d…%s", "%d… %s", "%d...%s", "%d. ... %s"}), n, text)
}

// list writes plies; a Black move right after White's may go without its number.
func (w lgWriter) list(idx []int, text func(int) string) string { return w.listFirst(idx, text, "") }

// listFirst is list with the first move written as first says, when it is not empty.
func (w lgWriter) listFirst(idx []int, text func(int) string, first string) string {
	var parts []string
	for k, i := range idx {
		switch {
		case k == 0 && first != "":
			parts = append(parts, first)
		case i%2 == 1 && k > 0 && idx[k-1] == i-1 && w.r.IntN(2) == 0:
			parts = append(parts, text(i))
		default:
			parts = append(parts, w.num(i, text(i), 0))
		}
	}
	return strings.Join(parts, " ")
}

func (w lgWriter) date(ds []daysclock.Date, b *lgPhrases, inv string) string {
	f := lgPick(w.r, lgDateFormats)
	var xs []string
	for _, d := range ds {
		xs = append(xs, f.write(d, b))
	}
	if inv != "" {
		k := w.r.IntN(len(xs))
		xs[k] = lgInsertInvisible(w.r, xs[k], inv)
	}
	if len(xs) == 1 {
		return fmt.Sprintf(lgPick(w.r, b.date1), xs[0])
	}
	for {
		tpl := lgPick(w.r, b.dates)
		if f.slash && strings.Contains(tpl, " / ") {
			continue
		}
		return fmt.Sprintf(tpl, xs[0], xs[1], xs[2])
	}
}

// lgKeyboard writes a move as a player on a Russian keyboard layout or a word processor types
// it: a Cyrillic look-alike for some of the Latin letters a, c, e of its squares (the keys are
// the same), a typographic dash for its hyphen (en, em, minus) and for a capture the Cyrillic
// "х", a Latin "x" or "×" (mailparse reads them all as the move).
func lgKeyboard(r *rand.Rand, move string) string {
	var b strings.Builder
	for _, c := range move {
		switch {
		case (c == 'a' || c == 'c' || c == 'e') && r.IntN(2) == 0:
			b.WriteRune(map[rune]rune{'a': 'а', 'c': 'с', 'e': 'е'}[c])
		case c == '-':
			b.WriteString(lgPick(r, []string{"\u2013", "\u2014", "\u2212"}))
		case c == ':' && r.IntN(2) == 0:
			b.WriteString(lgPick(r, []string{"х", "x", "×"}))
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// lgSpaced writes the separators of a move in letters and digits (c3-d4, g3:e5:c7) as people
// type them: with spaces around ("c3 - d4", "g3 : e5"), on one side ("c3 -d4"), as a word
// processor turns " - " into " – ", or doubled ("c3--d4"). mailparse reads each as the move.
func lgSpaced(r *rand.Rand, move string) string {
	if !strings.ContainsAny(move, "abcdefghij") {
		return move // numbered squares are joined as written only
	}
	var b strings.Builder
	for _, c := range move {
		switch c {
		case '-':
			b.WriteString(lgPick(r, []string{" - ", " – ", " -", "- ", "--", " -- ", "\u00a0–\u00a0"}))
		case ':':
			b.WriteString(lgPick(r, []string{" : ", " :", ": "}))
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// lgMarks are the marks players put on a move as books of games do: a good move, a mistake, a
// dubious or an interesting one, glued to the move or in brackets. mailparse reads the moves
// they mark as written: a "?" on a move asks nothing.
var lgMarks = []string{"!", "?", "!!", "??", "!?", "?!", " (?)", " (!?)", "(?!)", " ?!"}

// lgInsertInvisible puts an invisible character into text: a no-break space for a space, the
// others between two characters, an embedding around the whole.
func lgInsertInvisible(r *rand.Rand, text, char string) string {
	switch char {
	case "\u00a0":
		if i := strings.Index(text, " "); i >= 0 {
			return text[:i] + char + text[i+1:]
		}
		return char + text
	case "\u202b":
		return "\u202b" + text + "\u202c"
	}
	runes := []rune(text)
	k := 1 + r.IntN(max(len(runes)-1, 1))
	return string(runes[:k]) + char + string(runes[k:])
}

// lgCorrections are the ways a player corrects his own move in the letter itself (4.2.5: the
// move crossed out and another written): %[1]s the move first written, %[2]s the correction,
// both numbered. The first of each language goes on a line above the signature, the others in
// a postscript.
var lgCorrections = [2][]string{
	lgRU: {"Вместо %[1]s играю %[2]s.", "P.S. Извините, ошибся: вместо %[1]s мой ход %[2]s.", "P.S. Исправляю: мой ход %[2]s",
		"P.S. Опечатка, правильно: %[2]s"},
	lgEN: {"Instead of %[1]s I play %[2]s.", "P.S. Sorry, I meant %[2]s.", "P.S. Correction: instead of %[1]s my move is %[2]s.",
		"P.S. Typo: it should read %[2]s."},
}

// correction makes the letter of plan p a family of its own: the player first writes another
// legal move in place of his first one and corrects it in the letter itself (4.2.5); the
// decision must be the corrected move's, as if he had written it alone. It returns the kind.
func (gm *lgGame) correction(p *lgPlan, w *lgWrite, kind string) string {
	r := gm.r
	real := p.after.plies[p.first]
	var others []string
	for _, m := range p.atFirst.legal() {
		if m != real {
			others = append(others, m)
		}
	}
	if len(others) == 0 {
		return kind
	}
	wr := lgWriter{r}
	decoy := lgPick(r, others)
	w.firstText = decoy
	k := r.IntN(len(lgCorrections[w.lang]))
	line := fmt.Sprintf(lgCorrections[w.lang][k], wr.num(p.first, decoy, 0), wr.num(p.first, real, 0))
	if k == 0 {
		gm.extra = append(gm.extra, line)
	} else {
		// right below the signature: above a footer or the original a mail program quotes
		gm.tail = append([]string{"", line}, gm.tail...)
	}
	return kind + "+correction"
}

// body writes side s's letter from plan p as w says; it records where the moves landed.
func (gm *lgGame) body(s int, p *lgPlan, w *lgWrite) string {
	r := gm.r
	wr := lgWriter{r}
	b := &lgBook[w.lang]
	var lines []string
	// add appends text (one line or several) and returns the number of its last line.
	add := func(l string) int { lines = append(lines, strings.Split(l, "\n")...); return len(lines) }
	section := gm.collect != nil // a section of a letter about several games: its moves alone
	if !section && gm.lastFrom[1-s] != "" && r.IntN(100) < 8 {
		// A bottom-posted answer under the partner's letter, quoted: only the new text counts.
		w.quoted = true
		add(fmt.Sprintf(lgPick(r, b.quote), gm.player(1-s).Name, gm.lastAt[1-s].Format("02.01.2006 15:04")))
		for _, l := range strings.Split(gm.lastFrom[1-s], "\n") {
			add("> " + l)
		}
		add("")
	}
	if r.IntN(3) > 0 && !section {
		add(lgPick(r, b.greeting[gm.who[1-s]]))
		if r.IntN(2) == 0 {
			add("")
		}
	}
	if w.protest != "" && !section {
		add(w.protest)
		add("")
	}
	if r.IntN(2) == 0 && !section {
		add(gm.named(lgPick(r, b.tournament)))
	}
	for _, l := range gm.lead {
		add(l)
	}
	gm.lead = nil
	// 4.2.9: the partner's moves not yet repeated.
	before := p.before
	rep := slices.Clone(before.owes[s])
	if w.extended && len(w.wrongRep) == 0 {
		rep = nil
		for i := before.seen[s]; i < len(before.plies); i++ {
			rep = append(rep, i)
		}
	}
	if len(rep) > 0 && !w.noRepeat {
		text := func(i int) string {
			if t, ok := w.wrongRep[i]; ok {
				return t
			}
			return before.plies[i]
		}
		list := wr.list(rep, text)
		if w.marks[0] != "" {
			list += w.marks[0]
		}
		w.repLine = add(fmt.Sprintf(lgPick(r, b.repeat), list))
	}
	after := p.after
	firstText := func(i int) string {
		t := after.plies[i]
		if i == p.first && w.firstText != "" {
			t = w.firstText
		}
		return t
	}
	firstWritten := func() string {
		t := firstText(p.first)
		if w.invisible == "move" {
			t = lgInsertInvisible(r, t, w.char)
		}
		if w.keyboard {
			t = lgKeyboard(r, t)
		}
		if w.spaced {
			t = lgSpaced(r, t)
		}
		t = wr.num(p.first, t, w.shift)
		if w.invisible == "move" && w.char == "\u00a0" {
			t = strings.Replace(t, "\u00a0", "", 1)
			t = strings.Replace(t, " ", "\u00a0", 1)
		}
		return t + w.marks[1]
	}
	ownList := func() string {
		idx := p.own
		if w.ownOnly {
			idx = idx[:1]
		}
		return wr.listFirst(idx, func(i int) string { return after.plies[i] }, firstWritten())
	}
	ownPrefix := lgPick(r, b.own)
	if a := p.acc; a != nil {
		word := lgLabelWord(r, b, w.lang, a)
		part := wr.list(a.part, func(i int) string { return after.plies[i] })
		switch {
		case a.until == 0 && r.IntN(2) == 0:
			rs := []rune(word)
			add(fmt.Sprintf(lgPick(r, b.acceptAll), word, strings.ToUpper(string(rs[:1]))+string(rs[1:])))
			w.ownLine = add(ownPrefix + ownList())
		case a.until == 0:
			add(fmt.Sprintf(lgPick(r, b.acceptList), word, part))
			w.ownLine = add(ownPrefix + ownList())
		case r.IntN(3) == 0:
			add(fmt.Sprintf(lgPick(r, b.acceptToNo), word, a.until))
			w.ownLine = add(lgPick(r, b.own[:len(b.own)-1]) + ownList())
		default:
			// the accepted part up to move N (or "in part", the declined move telling where),
			// then the declined move and the one played instead, on the same line or the next
			head := fmt.Sprintf(lgPick(r, b.acceptTo), word, a.until, part)
			if len(a.part) > 0 && r.IntN(3) == 0 {
				head = fmt.Sprintf(lgPick(r, b.acceptPart), word, part)
			}
			declined := wr.num(a.declined, a.declText, 0)
			if r.IntN(2) == 0 {
				add(head + ".")
				w.ownLine = add(fmt.Sprintf(lgPick(r, b.instead), declined, ownList()))
			} else {
				w.ownLine = add(head + fmt.Sprintf(lgPick(r, b.insteadOn), declined, ownList()))
			}
		}
	} else {
		w.ownLine = add(ownPrefix + ownList())
	}
	if !w.noProps {
		for _, v := range p.props {
			idx := make([]int, len(v.moves))
			for k := range idx {
				idx[k] = v.at + k
			}
			text := func(i int) string { return v.moves[i-v.at] }
			reply := wr.num(v.at, v.moves[0], 0)
			answer := wr.list(idx[1:], text)
			if v.label != "" {
				add(fmt.Sprintf(lgPick(r, b.labelled), lgLabelAs(w.lang, v.label), reply, answer))
			} else {
				add(fmt.Sprintf(lgPick(r, b.ifThen), reply, answer))
			}
		}
	}
	if len(w.dates) > 0 {
		inv := ""
		if w.invisible == "date" {
			inv = w.char
		}
		add(wr.date(w.dates, b, inv))
	}
	if w.time != nil {
		t := fmt.Sprintf(lgPick(r, b.time), w.time.White, w.time.Black)
		if w.invisible == "time" {
			i := strings.LastIndex(t, "/")
			t = t[:i] + w.char + t[i:]
		}
		add(t)
	}
	for _, l := range gm.extra {
		add(l)
	}
	gm.extra = nil
	if section {
		return strings.Join(lines, "\n")
	}
	add("")
	add(lgPick(r, b.signature[gm.who[s]]))
	for _, l := range gm.tail {
		add(l)
	}
	gm.tail = nil
	return strings.Join(lines, "\n")
}

// ---------------------------------------------------------------------------------------------
// A game

type lgGame struct {
	t        *testing.T
	st       *lgStats
	r        *rand.Rand
	index    int
	variant  string
	reg      referee.Regulation
	short    bool // the default regulation: the game ends before anyone nears a control
	maxPlies int
	g        referee.Game
	table    *referee.Table // the tournament, its regulation reg
	m        *lgModel
	lastSent [2]daysclock.Date // the day of each side's last letter decided (its postmark)
	// sim, when set, decides every letter as postald simulate does: the office over a store in
	// memory (lettergen_office_test.go).
	sim      *office.Simulation
	now      time.Time
	letters  int
	history  []string     // the letters of the game, for a failure report
	lastFrom [2]string    // each side's last letter, to be quoted
	lastAt   [2]time.Time // and when it came
	// rc draws everything about channels, so that a game by e-mail draws from r as it always
	// has; postmark is the postmark of the letter being written (zero by e-mail), lastMark each
	// side's last postmark.
	rc       *rand.Rand
	postmark daysclock.Date
	lastMark [2]daysclock.Date
	unposted bool // the letter being written comes before the posting of its move was recorded
	// back is how far the machine's clock (and the mail server's) jumped back before the letter
	// being written: it arrives dated gm.now-back, and must be decided as at gm.now, the instant
	// of the game's last decision (the referee's door: time never runs backward).
	back time.Duration
	// mayAttach: the letter being sent is a move letter that may go as a file attached
	// (lettergen_attached_test.go); unread: it goes as a file postald does not read. shift is
	// how many lines the letter's own text puts above the file's, in the text read.
	mayAttach, unread bool
	shift             int
	// subjectMove is a move the letter being sent writes in its Subject alone ("" none).
	subjectMove string
	// lastEmail: the game's last event was a letter by e-mail (not a card, a call or a posting),
	// whose arrival the next letter by e-mail cannot precede.
	lastEmail bool
	// who are the game's players by side, as indexes of lgPeople: {0, 1} in a game of its own.
	who [2]int
	// set, when not nil, is the tournament of several games the game is one of
	// (lettergen_games_test.go): its letters are decided at the door with every game of the
	// sender's, and a letter may speak of several games. collect, when not nil, gathers the
	// game's next letter as a section of such a letter instead of sending it.
	set     *lgSet
	collect *lgSection
	// extra are lines the next move letter writes below its moves (a draw statement, a leave,
	// a postscript: lettergen_games_test.go), and tail the lines below its signature.
	extra, tail []string
	// lead are lines the next move letter writes above its moves (lettergen_words_test.go).
	lead []string
	// granted is the leave the letter being sent announces (lettergen_games_test.go): granted in
	// the writer's other games of the tournament too.
	granted *daysclock.Leave
	// onMove, when set, adjusts the kind and the expectation of the move letter being written
	// (a statement in its extra lines); afterMove checks what else its decision must hold.
	onMove    func(kind *string, after *lgModel, want *lgExpect)
	afterMove func(kind string, s int, body string, want lgExpect, d referee.Decision) bool
}

// player returns side s's player.
func (gm *lgGame) player(s int) referee.Player { return lgPeople[gm.who[s]] }

// named writes text about the game: its name for "1-2", the game of its own's.
func (gm *lgGame) named(text string) string {
	if gm.g.Name == "1-2" || gm.g.Name == "" {
		return text
	}
	return strings.ReplaceAll(text, "1-2", gm.g.Name)
}

// deliver sends side s's letter body in lang and runs check on the decision, which says
// whether it was right; with collect set it keeps the letter as a section instead, to be sent
// with the other games' sections (lettergen_games_test.go). stops: the letter holds a fault the
// referee stops it for, so that in a tournament of several games it may be taken for another
// game's letter and asked about.
func (gm *lgGame) deliver(s int, lang lgLang, body string, stops bool, check func(d referee.Decision, offset int) bool) bool {
	if c := gm.collect; c != nil {
		c.s, c.lang, c.body, c.check, c.stops, c.ready = s, lang, body, check, stops, true
		return true
	}
	if gm.set != nil {
		return gm.set.sendOne(gm, s, lang, body, stops, check)
	}
	gm.mayAttach = true
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	return check(d, gm.shift)
}

func newLGGame(t *testing.T, st *lgStats, seed int64, index int) *lgGame {
	r := rand.New(rand.NewPCG(uint64(seed), uint64(index)))
	variant := lgVariantIDs[index%len(lgVariantIDs)]
	start := daysclock.Date{Year: 2026, Month: time.November, Day: 1}
	end := daysclock.Date{Year: 2030, Month: time.January, Day: 1}
	lang := lgPick(r, []string{"ru", "en"})
	table := &referee.Table{Code: "СТ-2026/1", Variant: variant, Language: lang, Address: "moves@club.example",
		Judge: "judge@club.example", Director: "td@club.example", Players: []referee.Player{lgPlayers[0], lgPlayers[1]}, Start: start, End: end, Zone: lgMoscow}
	gm := &lgGame{t: t, st: st, r: r, index: index, variant: variant, table: table, m: newLGModel(variant, start), who: [2]int{0, 1}}
	gm.rc = rand.New(rand.NewPCG(uint64(seed), uint64(index)^0x5eed_c4a7_0000_0000))
	gm.reg = referee.DefaultRegulation()
	if r.IntN(4) == 0 {
		gm.short, gm.maxPlies = true, 30+r.IntN(30)
	} else {
		gm.reg.ControlDays = 5000
		gm.maxPlies = 40 + r.IntN(120)
	}
	if gm.rc.Float64() < *lgChanFlag {
		// One player or both by post or telephone; a player by post or telephone has an
		// e-mail address or none.
		rc := gm.rc
		chans := []referee.Channel{referee.ChannelPost, referee.ChannelPhone, ""}
		for {
			gm.m.channel = [2]referee.Channel{lgPick(rc, chans), lgPick(rc, chans)}
			if gm.m.channel[0].Captain() || gm.m.channel[1].Captain() {
				break
			}
		}
		for s := range table.Players {
			p := &table.Players[s]
			p.Channel = gm.m.channel[s]
			if p.Channel.Captain() && rc.IntN(2) == 0 {
				p.Email = ""
			}
		}
		gm.reg.PostDays = rc.IntN(6)
		gm.st.channelGames++
	}
	table.Regulation = gm.reg
	gm.g = table.NewGame("1-2")
	// White's first letter: up to two days before the start date, or up to three after.
	first := start.AddDays(r.IntN(6) - 2)
	gm.now = first.Start(lgMoscow).Add(time.Duration(7*60+r.IntN(15*60)) * time.Minute)
	return gm
}

func (gm *lgGame) today() daysclock.Date { return daysclock.DateOf(gm.now, lgMoscow) }

// seat is the game at its table.
func (gm *lgGame) seat() referee.Seat { return referee.Seat{Table: gm.table, Game: gm.g} }

// sent is the day the letter being written was sent (4.3.1): its postmark, by e-mail the day
// postald receives it.
func (gm *lgGame) sent() daysclock.Date {
	if !gm.postmark.IsZero() {
		return gm.postmark
	}
	return gm.today()
}

// stamp draws the postmark of side s's next letter: by e-mail none; a card or a call is entered
// on the day it is received (today) or up to four days after its postmark, which is not before
// the day his move was posted to him, nor before his last postmark.
func (gm *lgGame) stamp(s int) {
	gm.postmark = daysclock.Date{}
	if !gm.m.channel[s].Captain() {
		return
	}
	today := gm.today()
	low := today.AddDays(-4)
	if len(gm.m.plies) > 0 && gm.m.toMove() == s {
		low = daysclock.Later(low, gm.m.movedOn)
	}
	low = daysclock.Later(low, gm.lastMark[s])
	pm := today
	if n := today.Sub(low); n > 0 && gm.rc.IntN(2) == 0 {
		pm = today.AddDays(-gm.rc.IntN(n + 1))
	}
	gm.postmark, gm.lastMark[s] = pm, pm
}

// post has the captain post the move waiting for side t (referee.Posted) on a day from the one
// it came to three days later, and checks the decision against the model.
func (gm *lgGame) post() bool {
	m := gm.m
	t := m.posting
	if t < 0 || m.over {
		return true
	}
	if gm.rc.IntN(10) == 0 {
		// The captain does not record the posting: the player's reply shows it (replyBeforePosting).
		gm.st.kinds["posting-not-recorded"]++
		return true
	}
	on := gm.today().AddDays(gm.rc.IntN(3))
	var d referee.Decision
	if gm.sim != nil {
		var err error
		if d, err = gm.simulatedPosting(t, on); err != nil {
			gm.st.failed++
			gm.st.failures["posting refused"]++
			gm.t.Errorf("lettergen seed %d game %d (%s): the posting to %s on %s: %v", gm.st.seed, gm.index, gm.variant, lgSide(t), on, err)
			return false
		}
	} else {
		d = referee.Posted(gm.seat(), lgSideOf(t), on, on.Start(lgMoscow).Add(8*time.Hour))
	}
	gm.g = d.Game
	gm.lastEmail = false
	m.post(t, on, gm.reg.PostDays)
	if at := on.Start(lgMoscow).Add(8 * time.Hour); gm.now.Before(at) {
		gm.now = at
	}
	gm.history = append(gm.history, fmt.Sprintf("%s posted to %s (%s, post_days %d)", on, lgSide(t), m.channel[t], gm.reg.PostDays))
	want := lgExpect{Verdict: referee.Notice, Clauses: []string{"4.3.1"}, Plies: slices.Clone(m.plies), Moves: []string{},
		Time: referee.Time{White: m.days[0], Black: m.days[1]}, ToMove: m.onMove()}
	want.clocks(m)
	if gm.index == *lgTraceFlag {
		gm.t.Logf("game %d: posted to %s on %s => %s %v since %v/%v", gm.index, lgSide(t), on, d.Verdict, d.Clauses,
			d.Game.WhiteClock.Since, d.Game.BlackClock.Since)
	}
	return gm.check("posted:"+string(m.channel[t]), t, fmt.Sprintf("(posted on %s)", on), want, nil, false, d)
}

// replyBeforePosting: a letter with moves from side s whose move waits for the captain's card or
// call, the posting not recorded, shows that the move reached him by its postmark at the latest:
// his clock runs from it (4.3.1), his second date is that day.
func (gm *lgGame) replyBeforePosting(s int) {
	m := gm.m
	if m.posting != s || m.over {
		return
	}
	gm.unposted = true
	m.receivedOn, m.posting = gm.sent(), -1
	m.run(s, gm.sent())
}

func lgSideOf(s int) referee.Side {
	if s == 0 {
		return referee.White
	}
	return referee.Black
}

// advance moves the clock of the post on to the next letter: 0–4 calendar days later, at a
// random hour, often just before or just after midnight.
func (gm *lgGame) advance() {
	r := gm.r
	if gm.lastEmail && r.IntN(50) == 0 {
		// The clock jumps back before this letter, by a minute to three days: the letter arrives
		// dated before the game's last letter, and is decided as arriving with it, at gm.now.
		gm.back = time.Duration(1+r.IntN(3*24*60)) * time.Minute
		return
	}
	d := r.IntN(5)
	if d == 0 {
		y, mo, dd := gm.now.Date()
		end := time.Date(y, mo, dd, 23, 59, 0, 0, lgMoscow)
		if left := end.Sub(gm.now); left >= 2*time.Minute {
			if r.IntN(3) == 0 && gm.now.Before(time.Date(y, mo, dd, 23, 50, 0, 0, lgMoscow)) {
				gm.now = time.Date(y, mo, dd, 23, 50, 0, 0, lgMoscow)
			} else {
				gm.now = gm.now.Add(time.Duration(1+r.Int64N(int64(left/time.Minute))) * time.Minute)
			}
			return
		}
		d = 1
	}
	day := gm.today().AddDays(d).Start(lgMoscow)
	switch r.IntN(6) {
	case 0:
		gm.now = day.Add(23*time.Hour + 50*time.Minute)
	case 1:
		gm.now = day.Add(10 * time.Minute)
	default:
		gm.now = day.Add(time.Duration(7*60+r.IntN(16*60)) * time.Minute)
	}
}

// sameDay moves the clock a little later on the same day, when there is room.
func (gm *lgGame) sameDay() {
	y, mo, dd := gm.now.Date()
	if end := time.Date(y, mo, dd, 23, 58, 0, 0, lgMoscow); gm.now.Before(end) {
		gm.now = gm.now.Add(min(end.Sub(gm.now), time.Minute*time.Duration(1+gm.r.IntN(30))))
	}
}

// run plays the game until it ends, reaches its length, or a letter fails; it returns the
// letters sent.
func (gm *lgGame) run(budget int) int {
	for !gm.m.over && gm.letters < budget && len(gm.m.plies) < gm.maxPlies {
		if gm.short && max(gm.m.days[0], gm.m.days[1]) >= 26 {
			break // the default control (50 days for 10 moves) is never in reach
		}
		if !gm.turn() {
			break
		}
	}
	return gm.letters
}

// turn sends the letters of the player on move until his move is on the board. It reports
// false when a decision was wrong (the game stops there).
func (gm *lgGame) turn() bool {
	r := gm.r
	s := gm.m.toMove()
	first := len(gm.m.plies) == 0 && gm.letters == 0
	if !first {
		gm.advance()
	}
	if r.IntN(100) < 6 && lgEnabled("aside") {
		// A question, a protest, a withdrawal, a leave (lettergen_asides_test.go).
		if !gm.aside(s) {
			return false
		}
		gm.advance()
	}
	if r.IntN(100) < 3 && gm.collect == nil && gm.set == nil {
		// The side that moved sends his letter again: no answer came, or Send was pressed twice.
		if sent, ok := gm.sentAgain(s); !ok {
			return false
		} else if sent {
			gm.advance()
		}
	}
	if r.IntN(100) < 4 && lgEnabled("no-move") {
		if !gm.noMove(s) {
			return false
		}
		if r.IntN(3) == 0 {
			gm.sameDay()
			if !gm.noMove(s) {
				return false
			}
		}
		gm.advance()
	}
	fault := lgNoFault
	switch x := r.IntN(100); {
	case x < 4:
		fault = lgAbbrev
	case x < 8:
		fault = lgImpossible
	case x < 10:
		fault = lgUnreadable
	case x < 14:
		fault = lgRepMissing
	case x < 17:
		fault = lgRepWrong
	case x < 19:
		fault = lgDouble
	case x < 23:
		fault = lgSubst
	case x < 25:
		fault = lgNumber
	case x < 30:
		fault = lgInvisible
	}
	if fault != lgNoFault && !lgEnabled(string(fault)) {
		fault = lgNoFault
	}
	if fault.stops() {
		sent, ok := gm.stopped(s, fault)
		if !ok {
			return false
		}
		if sent {
			gm.advance()
			fault = lgNoFault
			return gm.moveLetter(s, fault, true)
		}
		fault = lgNoFault
	}
	return gm.moveLetter(s, fault, false)
}

// sentAgain: side 1-s, who moved last, sends his last letter again word for word under a new
// Message-ID — no answer had come yet, or he pressed Send twice — while his partner s is on
// move. Its moves are on the board already: decided as a notice, the game unchanged, nothing
// charged, nothing forwarded to the partner. sent is false when his last letter is not a plain
// move letter whose last move is the last on the board (then nothing is sent).
func (gm *lgGame) sentAgain(s int) (sent, ok bool) {
	p, m := 1-s, gm.m
	body := gm.lastFrom[p]
	n := len(m.plies)
	if body == "" || m.over || n == 0 || m.by[n-1] != lgByLetter || m.channel[p].Captain() || m.channel[s].Captain() ||
		m.posting >= 0 || gm.lastAt[p].IsZero() {
		return false, true
	}
	l, err := mailparse.Parse([]byte("Subject: x\r\n\r\n" + body))
	if err != nil || len(l.Moves) == 0 || l.Draw.Kind != "" || l.Resign || l.Protest != nil || l.Leave != nil ||
		len(l.Questions) > 0 || l.Withdrawal != nil || l.AcceptVariant != nil || len(l.Parts) > 0 || len(l.Crossed) > 0 {
		return false, true
	}
	// Every move of the letter as it stands on the board, or as the impossible move postald
	// replaced by its single legal move (4.2.10: the same letter, not a change of its move); a
	// move renumbered (4.2.14) would be a letter trying to change its moves (4.2.8). Its last
	// move is the board's last.
	for k, mv := range l.Moves {
		i := 2 * (mv.Number - 1)
		if mv.Black {
			i++
		}
		if mv.Number <= 0 || i < 0 || i >= n || k == len(l.Moves)-1 && i != n-1 || mv.Abbreviated || mv.Unreadable {
			return false, true
		}
		pos := m.hist[i]
		x, err := rules.ParseMove(&pos, mv.Notation)
		if err == nil && rules.FormatMove(&pos, x) == m.plies[i] {
			continue
		}
		var ne *rules.NotationError
		if m.by[i] != lgByLetter || !errors.As(err, &ne) || len(ne.PieceMoves) != 1 || rules.FormatMove(&pos, ne.PieceMoves[0]) != m.plies[i] {
			return false, true
		}
		gm.st.kinds["sent-again:substituted"]++
	}
	lang := lgRU
	if lgReadsEnglish(body) {
		lang = lgEN
	}
	d, ok := gm.send(p, lang, body)
	if !ok {
		return true, false
	}
	gm.st.notices++
	kind := "sent-again"
	gm.st.kinds[kind]++
	want := gm.wantUnchanged()
	if !gm.check(kind, p, body, want, nil, false, d) {
		return true, false
	}
	if _, told := lgLetterTo(d, lgRole(s)); told {
		return true, gm.fail(kind, []string{"letters"}, p, body, want, nil, d, "the partner got the moves again")
	}
	return true, true
}

// lgReadsEnglish reports a letter the generator wrote in English.
func lgReadsEnglish(body string) bool {
	for _, r := range body {
		if r >= 'А' && r <= 'я' {
			return false
		}
	}
	return true
}

// noMove sends a letter without a move (4.2.9 and 4.2.10 do not apply): a notice, nothing
// charged, at most one answer a day.
func (gm *lgGame) noMove(s int) bool {
	r := gm.r
	lang := lgLang(r.IntN(2))
	b := &lgBook[lang]
	var lines []string
	if r.IntN(2) == 0 {
		lines = append(lines, lgPick(r, b.greeting[gm.who[1-s]]), "")
	}
	lines = append(lines, lgPick(r, b.noMove), "", lgPick(r, b.signature[gm.who[s]]))
	body := strings.Join(lines, "\n")
	gm.stamp(s)
	// Or his move letter in a file postald does not read, or his move in the Subject alone, as a
	// phone user writes it: a letter without a move all the same, whose answer says where the
	// move belongs.
	switch email := !gm.m.channel[s].Captain(); {
	case email && r.IntN(4) == 0 && lgEnabled("attached"):
		gm.unread = true
	case email && r.IntN(4) == 0 && lgEnabled("subject-move"):
		if legal := gm.m.pos.LegalMoves(nil); len(legal) > 0 && !gm.m.over {
			gm.subjectMove = rules.FormatMove(&gm.m.pos, lgPick(r, legal))
		}
	}
	return gm.noticeOnce(s, lang, body, "no-move") // lettergen_words_test.go
}

// dates returns the three dates of side s's letter as postald stamps them (4.3.1), or the
// sending date alone for White's first move. A card postmarked before the day its writer was
// counted to receive his move shows the postmark as the day received: he had it by then.
func (gm *lgGame) dates() []daysclock.Date {
	if len(gm.m.plies) == 0 {
		return []daysclock.Date{gm.sent()}
	}
	received := gm.m.receivedOn
	if sent := gm.sent(); sent.Before(received) {
		received = sent
	}
	return []daysclock.Date{gm.m.movedOn, received, gm.sent()}
}

// stopped sends side s's letter with a fault that stops it (4.2.9, 4.2.10, 4.2.11). It reports
// whether it was sent (the position may offer no such fault) and whether the decision was right.
func (gm *lgGame) stopped(s int, fault lgFault) (sent, ok bool) {
	r := gm.r
	m := gm.m
	if fault.repetition() && len(m.owes[s]) == 0 {
		return false, true
	}
	gm.stamp(s)
	saved := m.clone()
	gm.replyBeforePosting(s)
	unsent := func() (bool, bool) {
		gm.m, gm.unposted = saved, false // the letter is not written: nothing of it happened
		return false, true
	}
	p := gm.plan(s, "")
	w := &lgWrite{lang: lgLang(r.IntN(2)), ownOnly: true, noProps: r.IntN(2) == 0}
	if gm.collect != nil {
		w.lang = gm.collect.lang // one letter, one language
	}
	var viol []lgViolation
	wrongAt := -1 // the owed ply a wrong repetition writes wrong
	switch fault {
	case lgRepMissing:
		w.noRepeat = true
	case lgRepWrong:
		j := lgPick(r, m.owes[s])
		wrongAt = j
		wrong, found := gm.wrongRepetition(j)
		if !found {
			return unsent()
		}
		w.wrongRep = map[int]string{j: wrong}
	}
	if fc := fault.moveClauses(); fc != nil {
		text, found := lgFaultText(r, fault, &p.atFirst.pos, p.after.plies[p.first])
		if !found {
			return unsent()
		}
		w.firstText = text
		if fault == lgDouble {
			w.noRepeat = true
		}
	}
	if r.IntN(2) == 0 {
		w.dates = gm.dates()
	}
	body := gm.body(s, p, w)
	// Expected: nothing played but an accepted part of a variant accepted in writing; the
	// penalty once; the repetition credited when it was right (4.2.9: "in any letter").
	base := p.atFirst.clone()
	if fault.repetition() {
		base = m.clone()
	}
	if fault == lgRepWrong {
		// The owed moves it repeats right are credited (4.2.9: the repetition «в любом
		// письме»): only the one written wrong is still owed.
		base.owes[s] = []int{wrongAt}
	}
	base.days[s] += lgPenalty
	if !fault.repetition() {
		base.owes[s] = nil
	}
	for _, c := range fault.moveClauses() {
		base.clause(c)
	}
	if fault.repetition() {
		base.clause("4.2.9")
		line := w.repLine
		if fault != lgRepWrong {
			line = 0
		}
		var owed []string
		for _, j := range m.owes[s] {
			owed = append(owed, lgNumbered(j, m.plies[j]))
		}
		if fault == lgRepWrong {
			owed = nil
		}
		viol = append(viol, lgViolation{clause: "4.2.9", line: line, moves: owed})
	}
	if fault.moveClauses() != nil {
		viol = append(viol, lgViolation{clause: "4.2.10", line: w.ownLine})
	}
	if w.quoted {
		for i := range viol {
			viol[i].line = 0
		}
	}
	base.clause("4.2.11")
	want := lgExpect{Verdict: referee.Rejected, Clauses: base.clauseList(), Plies: slices.Clone(base.plies),
		Moves: base.numberedPlayed(), Penalty: lgPenalty, Time: referee.Time{White: base.days[0], Black: base.days[1]},
		ToMove: base.onMove()}
	want.clocks(base)
	kind := "stop:" + string(fault)
	if p.acc != nil {
		kind += "+" + p.tags[0]
	}
	ok = gm.deliver(s, w.lang, body, true, func(d referee.Decision, offset int) bool {
		gm.st.stopped++
		if offset != 0 {
			for i := range viol {
				if viol[i].line != 0 {
					viol[i].line += offset
				}
			}
		}
		if !gm.check(kind, s, body, want, viol, true, d) {
			return false
		}
		base.begin()
		gm.m = base
		return true
	})
	return true, ok
}

// wrongRepetition returns a text for the repetition of ply j that is none of the owed moves.
func (gm *lgGame) wrongRepetition(j int) (string, bool) {
	m := gm.m
	pos := m.hist[j]
	cands := []string{}
	for _, mv := range pos.LegalMoves(nil) {
		if t := rules.FormatMove(&pos, mv); t != m.plies[j] {
			cands = append(cands, t)
		}
	}
	if mv, err := rules.ParseMove(&pos, m.plies[j]); err == nil {
		if t, ok := lgWrongMove(gm.r, &pos, mv.From(), mv.IsCapture(), 1); ok {
			cands = append(cands, t)
		}
	}
	gm.r.Shuffle(len(cands), func(a, b int) { cands[a], cands[b] = cands[b], cands[a] })
next:
	for _, c := range cands {
		for _, k := range m.owes[gm.m.toMove()] {
			p := m.hist[k]
			if mv, err := rules.ParseMove(&p, c); err == nil && rules.FormatMove(&p, mv) == m.plies[k] {
				continue next
			}
		}
		return c, true
	}
	return "", false
}

// moveLetter sends side s's letter that the referee must accept (or correct). resend: the
// letter replaces one that was stopped.
func (gm *lgGame) moveLetter(s int, fault lgFault, resend bool) bool {
	gm.stamp(s)
	gm.replyBeforePosting(s)
	r := gm.r
	m := gm.m
	force, subst := "", ""
	if fault == lgSubst {
		ps := lgPieces(&m.pos)
		sqs := lgSortedSquares(ps)
		r.Shuffle(len(sqs), func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] })
		for _, sq := range sqs {
			if len(ps[sq]) != 1 {
				continue
			}
			if text, ok := lgWrongMove(r, &m.pos, sq, ps[sq][0].IsCapture(), 1); ok {
				force, subst = rules.FormatMove(&m.pos, ps[sq][0]), text
				break
			}
		}
		if force == "" {
			fault = lgNoFault
		}
	}
	p := gm.plan(s, force)
	w := &lgWrite{lang: lgLang(r.IntN(2)), extended: r.IntN(100) < 30}
	if gm.collect != nil {
		w.lang = gm.collect.lang // one letter, one language
	}
	kind := "move"
	switch fault {
	case lgSubst:
		w.firstText = subst
		p.after.clause("4.2.10")
		kind = "corrected:" + string(fault)
	case lgNumber:
		if len(p.own) == 1 && len(p.props) == 0 && p.acc == nil {
			w.shift = 1
			p.after.clause("4.2.14")
			kind = "corrected:" + string(fault)
		}
	case lgInvisible:
		w.invisible = lgPick(r, []string{"move", "move", "date", "time"})
		w.char = lgPick(r, lgInvisibles)
		kind = fmt.Sprintf("invisible:%U:%s", []rune(w.char)[0], w.invisible)
	case lgNoFault:
		if r.IntN(20) == 0 && lgEnabled("keyboard") {
			w.keyboard = true
			p.tag("keyboard")
		}
		if r.IntN(20) == 0 && lgEnabled("spaced") {
			w.spaced = true
			p.tag("spaced")
		}
		// Marks on the partner's move repeated and on his own, as books of games put them
		// («Ваш ход 11... h6:f4?! получил»): the moves as written, nothing asked.
		if r.IntN(15) == 0 && lgEnabled("annotated") && p.acc == nil {
			w.marks = [2]string{lgPick(r, lgMarks), lgPick(r, lgMarks)}
			if r.IntN(3) == 0 {
				w.marks[r.IntN(2)] = ""
			}
			p.tag("annotated")
		}
	}
	// The dates and the time stated: right, wrong (4.3.1: reported, not believed) or left out.
	stamps := gm.dates()
	switch x := r.IntN(100); {
	case x < 55 || w.invisible == "date":
		w.dates = stamps
	case x < 70:
		w.dates = slices.Clone(stamps)
		k := r.IntN(len(w.dates))
		w.dates[k] = w.dates[k].AddDays(lgPick(r, []int{-2, -1, 1, 2}))
		p.after.clause("4.3.1")
		p.tag("dates-wrong")
	}
	now := referee.Time{White: p.after.days[0], Black: p.after.days[1]}
	switch x := r.IntN(100); {
	case x < 55 || w.invisible == "time":
		w.time = &now
	case x < 70:
		wrong := now
		if r.IntN(2) == 0 {
			wrong.White++
		} else {
			wrong.Black++
		}
		w.time = &wrong
		p.after.clause("4.3.1")
		p.tag("time-wrong")
	}
	if resend {
		kind = "resend"
		if len(m.owes[s]) == 0 && m.seen[s] < len(m.plies) && !w.extended {
			kind = "resend-without-credited-repetition"
		}
	}
	if kind == "move" && len(p.tags) > 0 {
		for _, t := range p.tags {
			if strings.HasPrefix(t, "accept") {
				kind = t
			}
		}
	}
	if fault == lgNoFault && r.IntN(100) < 4 && lgEnabled("protest-move") && gm.collect == nil {
		// A protest above the move letter (4.1.12): recorded and sent to the judge, and the
		// letter's moves decided as in any letter; the moves it quotes are not played.
		w.protest = fmt.Sprintf(lgPick(r, lgProtests[w.lang]), gm.quotable())
		p.after.clause("4.1.12")
		p.tag("protest")
	}
	gm.dress(s, w.lang, fault)
	if fault == lgNoFault && p.acc == nil && w.shift == 0 && gm.collect == nil && r.IntN(100) < 4 && lgEnabled("correction") {
		kind = gm.correction(p, w, kind)
	}
	body := gm.body(s, p, w)
	verdict := referee.Accepted
	if fault == lgSubst || w.shift != 0 {
		verdict = referee.Corrected
	}
	a := p.after
	want := lgExpect{Verdict: verdict, Clauses: a.clauseList(), Plies: slices.Clone(a.plies), Moves: a.numberedPlayed(),
		Time: referee.Time{White: a.days[0], Black: a.days[1]}, ToMove: a.onMove()}
	want.clocks(a)
	if gm.onMove != nil {
		gm.onMove(&kind, a, &want) // a statement the letter adds below its moves (lettergen_games_test.go)
	}
	return gm.deliver(s, w.lang, body, false, func(d referee.Decision, _ int) bool {
		for _, t := range p.tags {
			gm.st.kinds["+"+t]++
		}
		if !gm.check(kind, s, body, want, nil, false, d) {
			return false
		}
		if w.protest != "" {
			if j, ok := lgLetterTo(d, referee.ToJudge); !ok || !strings.Contains(j.Body, strings.Split(w.protest, "\n")[0]) {
				return gm.fail(kind, []string{"judge"}, s, body, want, nil, d, "the protest above the move does not reach the judge as written")
			}
		}
		if gm.afterMove != nil && !gm.afterMove(kind, s, body, want, d) {
			return false
		}
		a.begin()
		gm.m = a
		return gm.post()
	})
}

// send parses the letter as the daemon does and has the referee decide it.
func (gm *lgGame) send(s int, lang lgLang, body string) (referee.Decision, bool) {
	if gm.set != nil {
		d, _, ok := gm.set.sendFrom(gm, s, lang, body)
		return d, ok
	}
	from := gm.player(s).Email
	env := referee.Envelope{}
	if ch := gm.m.channel[s]; ch.Captain() {
		from = "captain@club.example"
		env = referee.Envelope{Via: ch, Side: lgSideOf(s), Postmark: gm.postmark}
		gm.st.kinds["via:"+string(ch)]++
		if gm.postmark.Before(gm.today()) {
			gm.st.kinds["+entered-after-postmark"]++
		}
		if m := gm.m; m.toMove() == s && !m.since[s].IsZero() && gm.postmark.Before(m.since[s]) {
			gm.st.kinds["+postmark-before-receipt"]++
		}
		if gm.unposted {
			gm.st.kinds["+reply-before-posting"]++
		}
	}
	gm.unposted = false
	id := fmt.Sprintf("lg-%d-%d@mail.example", gm.index, gm.letters)
	if env.Via.Captain() {
		gm.back = 0 // the captain enters a card when he enters it: the office's clock, never back
	}
	arrived := gm.now.Add(-gm.back) // as the machine's clock dates it
	if gm.back > 0 {
		gm.st.kinds["+clock-back"]++
		gm.back = 0
	}
	gm.lastEmail = !env.Via.Captain()
	subject := gm.named(lgPick(gm.r, lgBook[lang].subject))
	subjectMove := gm.subjectMove
	if subjectMove != "" {
		subject = strings.TrimPrefix(subject, "Re: ") + lgPick(gm.r, []string{": мой ход ", " ход ", ", my move "}) + subjectMove
		gm.st.kinds["+subject-move"]++
	}
	gm.subjectMove = ""
	head := "From: " + from + "\r\nTo: moves@club.example\r\nSubject: " + subject +
		"\r\nDate: " + arrived.Format(time.RFC1123Z) + "\r\nMessage-ID: <" + id + ">\r\n"
	raw := head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n") + "\r\n"
	// A letter written in a word processor goes as a file attached, below a line that says so
	// (lettergen_attached_test.go): read as if written in the text, or, a file postald does not
	// read, a letter without a move.
	attach, file := "", ""
	switch {
	case gm.unread:
		attach = "pdf"
	case gm.mayAttach && !env.Via.Captain() && gm.r.IntN(25) == 0 && lgEnabled("attached"):
		attach = lgPick(gm.r, lgReadKinds)
	}
	gm.mayAttach, gm.unread, gm.shift = false, false, 0
	plain := raw
	if attach != "" {
		var part string
		part, file = lgAttached(gm.r, lang, lgPick(gm.r, lgAttachLines[lang]), body, attach)
		raw = head + part
		gm.st.kinds["+attached:"+attach]++
	}
	gm.letters++
	gm.st.letters++
	via := ""
	if env.Via != "" {
		via = fmt.Sprintf(" by %s, postmark %s", env.Via, env.Postmark)
	}
	gm.history = append(gm.history, fmt.Sprintf("%s %s%s:\n%s", gm.now.Format("2006-01-02 15:04"), lgSide(s), via, body))
	gm.lastFrom[s], gm.lastAt[s] = body, gm.now
	l, err := mailparse.Parse([]byte(raw))
	if err != nil {
		gm.st.failed++
		gm.st.failures["parse error"]++
		gm.t.Errorf("lettergen seed %d game %d (%s) letter %d: mailparse.Parse: %v\n%s",
			gm.st.seed, gm.index, gm.variant, gm.letters, err, body)
		return referee.Decision{}, false
	}
	if attach != "" && attach != "pdf" {
		// The places the answers name are in the text read: the letter's own lines, a blank
		// line, then the file's.
		alone, err := mailparse.Parse([]byte(plain))
		if err != nil {
			gm.t.Fatal(err)
		}
		gm.shift = strings.Count(l.Text, "\n") - strings.Count(alone.Text, "\n")
	}
	env.From, env.MessageID, env.Received = from, id, arrived
	mail := referee.Mail{Letter: l, Envelope: env}
	if env.Via.Captain() {
		// The captain enters the card: its envelope is the door's to make (4.3.1).
		mail.Envelope = referee.Envelope{From: gm.player(s).Email, MessageID: id, Received: arrived}
		mail.Card = &referee.Card{Side: env.Side, Via: env.Via, Postmark: env.Postmark}
	}
	var d referee.Decision
	if gm.sim != nil {
		d, err = gm.simulated(s, raw, env)
	} else {
		d, err = referee.Decide([]referee.Seat{gm.seat()}, mail, arrived)
	}
	if err != nil {
		gm.st.failed++
		gm.st.failures["card refused"]++
		gm.t.Errorf("lettergen seed %d game %d (%s) letter %d: %v\n%s", gm.st.seed, gm.index, gm.variant, gm.letters, err, body)
		return referee.Decision{}, false
	}
	gm.g = d.Game
	if d.Verdict != referee.Ignored {
		gm.lastSent[s] = gm.sent()
	}
	// A move in the Subject alone is named in the answer to the letter without a move.
	if subjectMove != "" && len(d.Letters) > 0 && !slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, subjectMove) }) {
		gm.st.failed++
		gm.st.failures["subject move not named"]++
		gm.t.Errorf("lettergen seed %d game %d (%s) letter %d: the answer does not name the move %q of the Subject: notes %q\n%s",
			gm.st.seed, gm.index, gm.variant, gm.letters, subjectMove, d.Notes, body)
	}
	// The answer names the file: the one read as the letter, or the one postald does not read
	// in a letter it answers as having no move.
	if file != "" && (attach != "pdf" && d.Verdict != referee.Ignored || attach == "pdf" && len(d.Letters) > 0) &&
		!slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, file) }) {
		gm.st.failed++
		gm.st.failures["attached file not named"]++
		gm.t.Errorf("lettergen seed %d game %d (%s) letter %d: the answer does not name the file %q attached (%s): notes %q\n%s",
			gm.st.seed, gm.index, gm.variant, gm.letters, file, attach, d.Notes, body)
	}
	if gm.index == *lgTraceFlag {
		gm.t.Logf("game %d letter %d, %s, %s:\n%s\n=> %s %v moves %v penalty %d time %v owes %v/%v violations %v notes %q",
			gm.index, gm.letters, lgSide(s), gm.now.Format("2006-01-02 15:04"), body, d.Verdict, d.Clauses, d.Moves,
			d.PenaltyDays, d.Time, d.Game.WhiteOwes, d.Game.BlackOwes, d.Violations, d.Notes)
	}
	return d, true
}

func lgSide(s int) string {
	if s == 0 {
		return "White"
	}
	return "Black"
}

// ---------------------------------------------------------------------------------------------
// The checker

// lgExpect is what a decision must say, from the model.
type lgExpect struct {
	Verdict referee.Verdict
	Clauses []string
	Plies   []string
	Moves   []string
	Penalty int
	Time    referee.Time
	ToMove  referee.Side
	// Since is the day each clock runs from (zero when not running), Posting the side whose
	// move waits for the captain's card or call.
	Since   [2]daysclock.Date
	Posting referee.Side
	// Offer is the side whose draw offer stands (1.13.3), "" none.
	Offer referee.Side
}

// clocks sets the clocks and the posting the model expects.
func (e *lgExpect) clocks(m *lgModel) {
	e.Since = m.since
	if m.over {
		e.Since = [2]daysclock.Date{}
	}
	if m.posting >= 0 && !m.over {
		e.Posting = lgSideOf(m.posting)
	}
	e.Offer = ""
	if m.offer >= 0 && !m.over {
		e.Offer = lgSideOf(m.offer)
	}
}

// lgViolation is a fault a stopped letter must list: its clause and line (0: any). A
// repetition fault may be listed as one violation or as one for each move concerned (moves);
// then every one of those moves must be named.
type lgViolation struct {
	clause string
	line   int
	moves  []string
}

// lgCheckViolations says what is wrong with the violations of a stopped letter, "" if nothing:
// every fault listed (4.2.11: every fault in one stop), with its clause and line, and nothing else.
func lgCheckViolations(want []lgViolation, got []referee.Violation) string {
	var msgs []string
	used := make([]bool, len(got))
	for _, w := range want {
		var idx []int
		for k, g := range got {
			if g.Clause == w.clause && (w.line == 0 || g.Line == w.line) && !used[k] {
				idx = append(idx, k)
			}
		}
		switch {
		case len(idx) == 0:
			msgs = append(msgs, fmt.Sprintf("no %s violation on line %d", w.clause, w.line))
			continue
		case len(idx) == 1:
			used[idx[0]] = true
			continue
		}
		for _, k := range idx {
			used[k] = true
		}
		for _, mv := range w.moves {
			named := false
			for _, k := range idx {
				named = named || strings.Contains(got[k].What, mv) || strings.Contains(got[k].Text, mv)
			}
			if !named {
				msgs = append(msgs, fmt.Sprintf("%s listed move by move, but %s is not among them", w.clause, mv))
			}
		}
	}
	for k, g := range got {
		if !used[k] {
			msgs = append(msgs, fmt.Sprintf("unexpected violation %s", g.Error()))
		}
	}
	if len(msgs) == 0 {
		return ""
	}
	return fmt.Sprintf("violations wanted %v: %s", want, strings.Join(msgs, "; "))
}

func lgGot(d referee.Decision) lgExpect {
	got := lgExpect{Verdict: d.Verdict, Clauses: append([]string{}, d.Clauses...), Plies: []string{},
		Moves: append([]string{}, d.Moves...), Penalty: d.PenaltyDays, Time: d.Time, ToMove: d.ToMove,
		Since: [2]daysclock.Date{d.Game.WhiteClock.Since, d.Game.BlackClock.Since}, Posting: d.Game.Posting,
		Offer: d.Game.DrawOffer}
	for _, p := range d.Game.Plies {
		got.Plies = append(got.Plies, p.Text)
	}
	return got
}

// check compares a decision with the model's expectation; on a difference it reports the
// letter and stops the game.
func (gm *lgGame) check(kind string, s int, body string, want lgExpect, viol []lgViolation, injected bool, d referee.Decision) bool {
	got := lgGot(d)
	var fields []string
	if got.Verdict != want.Verdict {
		fields = append(fields, "verdict")
	}
	if !slices.Equal(got.Clauses, want.Clauses) {
		fields = append(fields, "clauses")
	}
	if !slices.Equal(got.Plies, want.Plies) {
		fields = append(fields, "plies")
	}
	if !slices.Equal(got.Moves, want.Moves) {
		fields = append(fields, "moves")
	}
	if got.Penalty != want.Penalty {
		fields = append(fields, "penalty")
	}
	if got.Time != want.Time {
		fields = append(fields, "time")
	}
	if got.ToMove != want.ToMove {
		fields = append(fields, "to-move")
	}
	if got.Since != want.Since {
		fields = append(fields, "since")
	}
	if got.Posting != want.Posting {
		fields = append(fields, "posting")
	}
	if got.Offer != want.Offer {
		fields = append(fields, "draw-offer")
	}
	gm.st.kinds[kind]++
	var extra []string
	if d.PenaltyDays > 0 && !injected {
		extra = append(extra, "INVARIANT: a letter without an injected fault was penalised")
	}
	if viol != nil {
		if msg := lgCheckViolations(viol, d.Violations); msg != "" {
			fields = append(fields, "violations")
			extra = append(extra, msg)
		}
	}
	if len(fields) == 0 && len(extra) == 0 {
		return true
	}
	return gm.fail(kind, fields, s, body, want, viol, d, extra...)
}

func (gm *lgGame) fail(kind string, fields []string, s int, body string, want lgExpect, viol []lgViolation, d referee.Decision, extra ...string) bool {
	sig := kind + " → " + strings.Join(fields, ",")
	gm.st.failed++
	gm.st.failures[sig]++
	head := fmt.Sprintf("lettergen seed %d: game %d (%s, %s), letter %d from %s received %s: %s",
		gm.st.seed, gm.index, gm.variant, gm.regName(), gm.letters, lgSide(s), gm.now.Format("2006-01-02 15:04 MST"), sig)
	if gm.st.failures[sig] > 1 {
		gm.t.Errorf("%s (as above)", head)
		return false
	}
	var moves []string
	for i, p := range gm.m.plies {
		moves = append(moves, lgNumbered(i, p))
	}
	var vs []string
	for _, v := range d.Violations {
		vs = append(vs, v.Error())
	}
	gm.t.Errorf("%s\n--- letter:\n%s\n--- game before it: %s\n--- model: owes white %v black %v, days %v, since %v, movedOn %s, variants %+v\n"+
		"--- decision (-want +got):\n%s--- violations: %s\n--- notes: %q\n%s",
		head, body, strings.Join(moves, " "), gm.m.owes[0], gm.m.owes[1], gm.m.days, gm.m.since, gm.m.movedOn, gm.m.variants,
		cmp.Diff(want, lgGot(d)), strings.Join(vs, "; "), d.Notes, strings.Join(extra, "\n"))
	return false
}

func (gm *lgGame) regName() string {
	name := "control_days 5000"
	if gm.short {
		name = "default regulation"
	}
	if c := gm.m.channel; c[0].Captain() || c[1].Captain() {
		name += fmt.Sprintf("; White by %s, Black by %s, post_days %d", c[0], c[1], gm.reg.PostDays)
	}
	return name
}
