package tournament

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"postald/internal/lots"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/rules/pdn"
)

// The lots of a start sheet (seed 000, «Первый ход»: «Вопрос о том, кто из партнеров играет
// белыми, решается жеребьевкой перед началом соревнований … В турнирах цвет шашек в каждой партии
// определяется по таблице очередности игры»; seed 003, 1.6.4: the lot of White's first move, of
// a series of first moves or of a starting position). postald draws them from a committed seed
// (package lots) when it registers the tournament:
//
//   - The players' numbers, when the sheet gives none: the order of the players as the sheet
//     lists them, drawn with the label "numbers" (lots.Seed.Order); the player at place k of the
//     order gets number k+1. The numbers place the players in the Berger tables, which give every
//     game its colours.
//   - An opening for each pair of players (`[lots] openings`): one choice among the lines, drawn
//     with the label "opening A-B", A and B the pair's numbers, the lower first; the choice c
//     picks the line c+1 of the list. In a double round-robin both games of a pair play the same
//     line, each player having White once in it: the seeds ask that partners who meet twice play
//     both colours (seed 000, «Первый ход»: «В матче между двумя партнерами каждый из них играет
//     белыми и черными поочередно»), and the same line with both colours is what makes the two
//     games even.
//
// The lines are the sheet's `[[lots.line]]` tables in their order, or, for `openings =
// "first-move"`, White's legal first moves from the variant's start in the order of their
// notation as text ("a3-b4" before "c3-b4"; 1.6.4 «жеребьевка первого хода белых»). A line is a
// starting position (a FEN, White to move: seed 000, «Первый ход»: «Право начать игру …
// представляется белым»), moves from it (or from the variant's start), or both; each is played
// by the rules engine at registration and refused with its key when it does not play, or when
// the game would be over after it. The seeds and the research hold no federation's list of
// openings for postald to carry: the sheet writes the lines it draws from.

// What an opening is drawn among (`[lots] openings`).
const (
	OpeningsNone      = ""           // no opening is drawn: every game starts from the variant's start
	OpeningsFirstMove = "first-move" // White's first move, among his legal first moves (1.6.4)
	OpeningsList      = "list"       // a line of the sheet's [[lots.line]] (1.6.4: a series of first moves, a starting position)
)

// Labels of the draws (package lots).
const (
	LabelNumbers = "numbers"  // the players' numbers
	labelOpening = "opening " // followed by the pair, "3-7": the pair's opening
)

// lotsFile is the [lots] table of a start sheet.
type lotsFile struct {
	Numbers  *bool      `toml:"numbers"`
	Openings string     `toml:"openings"`
	Line     []lineFile `toml:"line"`
}

// lineFile is one [[lots.line]] table: an opening the lot may give a pair.
type lineFile struct {
	Name  string `toml:"name"`
	Moves string `toml:"moves"`
	FEN   string `toml:"fen"`
}

// Lots are what a sheet has drawn by lot and, once Draw drew them, what was drawn.
type Lots struct {
	// Numbers: the players' numbers are drawn (the sheet gives none); until Draw, each player's
	// Number is his place in the sheet's list, from 1. Order is what Draw drew: the places in the
	// sheet's list of the players who got the numbers 1, 2, … in turn.
	Numbers bool
	Order   []int
	// Openings is what each pair's opening is drawn among: OpeningsNone, OpeningsFirstMove,
	// OpeningsList; Lines are those lines, in the order the choices number them.
	Openings string
	Lines    []Line

	// Hash is the SHA-256 of the seed the lots were drawn from, which the start letters publish,
	// and Picks the index of the line drawn for each pair ("3-7"); both are set by Draw.
	Hash  lots.Hash
	Picks map[string]int
	// Seed is the seed Draw drew from, kept for the lots drawn later in play (a knockout's tied
	// pairing, knockout.go); postald publishes it only when it is revealed.
	Seed lots.Seed
}

// Line is an opening the lot may give a pair: its name, its starting position and its moves.
type Line struct {
	Name  string   // as the sheet names it; a first move is named by itself, "1. c3-d4"
	Setup string   // the starting position in postald's FEN, White to move; "" the variant's start
	Moves []string // both sides' moves from it, in full notation as rules writes them
}

// Text writes the line's moves numbered, as letters write them: "1. c3-d4 f6-g5 2. b2-c3".
func (l Line) Text() string {
	var b strings.Builder
	for i, m := range l.Moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i%2 == 0 {
			b.WriteString(strconv.Itoa(i/2+1) + ". ")
		}
		b.WriteString(m)
	}
	return b.String()
}

// ToMove is the side on move after the line: White after an even number of moves.
func (l Line) ToMove() referee.Side {
	if len(l.Moves)%2 == 1 {
		return referee.Black
	}
	return referee.White
}

// Position returns the position after the line in variant, with its last move (nil for none).
func (l Line) Position(variant string) (rules.Position, *rules.Move, error) {
	v, err := rules.VariantByID(variant)
	if err != nil {
		return rules.Position{}, nil, err
	}
	p := v.Start()
	if l.Setup != "" {
		if p, err = rules.ParseFEN(v, l.Setup); err != nil {
			return rules.Position{}, nil, err
		}
	}
	var last *rules.Move
	for _, text := range l.Moves {
		m, err := rules.ParseMove(&p, text)
		if err != nil {
			return rules.Position{}, nil, fmt.Errorf("%s: %w", text, err)
		}
		p = p.Play(m)
		last = &m
	}
	return p, last, nil
}

// lotNumbers reports whether the players' numbers are drawn: `[lots] numbers` when set, else
// whether the sheet gives no number at all. given counts the players with a number. A sheet
// asking for the draw and giving numbers is refused.
//
// Only an individual round robin draws its numbers: a Swiss numbers its players in the order of
// their ratings (C.04.2) and a team event by its teams' boards (1.14.2), both as the sheet gives
// them, in the sheet's order when it gives none.
func lotNumbers(ps *problems, f lotsFile, given, players int, roundRobin bool) bool {
	switch {
	case !roundRobin:
		if f.Numbers != nil && *f.Numbers {
			ps.add("lots.numbers", "true, but only a round robin draws its players' numbers: a Swiss numbers them by rating (C.04.2), a team event by its boards (1.14.2)")
		}
		return false
	case f.Numbers == nil:
		return given == 0 && players > 0
	case *f.Numbers && given > 0:
		ps.add("lots.numbers", "true, but %d of the %d players have a number: leave every number out, the lot draws them", given, players)
	}
	return *f.Numbers
}

// parseLots reads the [lots] table of a sheet of variant (the numbers are lotNumbers' to read).
//
// The openings are drawn in an individual round robin only: postald does not yet draw them for
// the games of a Swiss round or of a team's reserve, which are paired after the lot.
func parseLots(ps *problems, f lotsFile, variant string, numbers, roundRobin bool) Lots {
	l := Lots{Numbers: numbers, Openings: f.Openings}
	if !roundRobin && f.Openings != OpeningsNone {
		ps.add("lots.openings", "%q, but postald draws openings in an individual round robin only", f.Openings)
		return Lots{Numbers: numbers}
	}
	v, verr := rules.VariantByID(variant)
	switch f.Openings {
	case OpeningsNone:
		if len(f.Line) > 0 {
			ps.add("lots.line", "%d lines given, but no opening is drawn: set openings = \"list\" to draw among them", len(f.Line))
		}
		return l
	case OpeningsFirstMove:
		if len(f.Line) > 0 {
			ps.add("lots.line", "%d lines given, but openings = \"first-move\" draws among White's legal first moves: leave the lines out, or set openings = \"list\"", len(f.Line))
		}
		if verr == nil {
			l.Lines = firstMoves(v)
		}
		return l
	case OpeningsList:
		if len(f.Line) == 0 {
			ps.add("lots.line", "missing: openings = \"list\" draws among the [[lots.line]] tables, and there are none")
		}
	default:
		ps.add("lots.openings", "%q: want \"first-move\" or \"list\", or leave the key out to draw no opening", f.Openings)
		return l
	}
	names := map[string]int{}
	for i, lf := range f.Line {
		where := fmt.Sprintf("lots.line[%d]", i)
		line := Line{Name: strings.TrimSpace(lf.Name), Setup: strings.TrimSpace(lf.FEN)}
		switch j, dup := names[line.Name]; {
		case line.Name == "":
			ps.add(where+".name", "missing: the start letters name the opening drawn")
		case strings.ContainsAny(line.Name, "\r\n"):
			ps.add(where+".name", "%q: a name is one line", line.Name)
		case dup:
			ps.add(where+".name", "%q is also the name of lots.line[%d]", line.Name, j)
		default:
			names[line.Name] = i
		}
		if verr != nil {
			continue // the variant is refused already; its moves cannot be read
		}
		moves, err := ReadLine(v, line.Setup, lf.Moves)
		if err != nil {
			var le *LineError
			key := ".moves"
			if errors.As(err, &le) && le.FEN {
				key = ".fen"
			}
			ps.add(where+key, "%v", err)
			continue
		}
		line.Moves = moves
		if line.Setup != "" {
			p, _ := rules.ParseFEN(v, line.Setup) // ReadLine read it
			line.Setup = p.FEN()
		}
		l.Lines = append(l.Lines, line)
	}
	return l
}

// firstMoves are White's legal first moves from v's start, as lines named by themselves, in the
// order of their notation as text.
func firstMoves(v *rules.Variant) []Line {
	p := v.Start()
	var texts []string
	for _, m := range p.LegalMoves(nil) {
		texts = append(texts, rules.FormatMove(&p, m))
	}
	sort.Strings(texts)
	out := make([]Line, len(texts))
	for i, t := range texts {
		out[i] = Line{Name: "1. " + t, Moves: []string{t}}
	}
	return out
}

// LineError is why a line of [[lots.line]] cannot be played; FEN says that its starting
// position is at fault, not its moves.
type LineError struct {
	FEN bool
	Err error
}

func (e *LineError) Error() string { return e.Err.Error() }
func (e *LineError) Unwrap() error { return e.Err }

// MaxLineMoves bounds the moves of a line: an opening, not a game.
const MaxLineMoves = 40

// ReadLine reads the moves of an opening line — PDN move text such as "1. c3-d4 f6-g5 2. b2-c3",
// the move numbers optional — from the starting position setup (postald's FEN, White to move;
// "" for the variant's start) and plays them with the rules. It returns them in full notation as
// rules writes them, or a *LineError saying what is wrong: a position that cannot be read or has
// Black to move, a move that cannot be read or played (naming it with its number), a result or
// a second game in the text, more than MaxLineMoves moves, no move and no position, a game over
// after the line.
func ReadLine(v *rules.Variant, setup, text string) ([]string, error) {
	fail := func(fen bool, format string, args ...any) ([]string, error) {
		return nil, &LineError{FEN: fen, Err: fmt.Errorf(format, args...)}
	}
	start := v.Start()
	if setup != "" {
		p, err := rules.ParseFEN(v, setup)
		if err != nil {
			return fail(true, "%v", err)
		}
		if p.SideToMove() != rules.White {
			// seed 000, «Первый ход»: the first move is White's.
			return fail(true, "%q has Black to move: a game starts with White's move (seed 000, «Первый ход»)", setup)
		}
		start = p
	}
	text = strings.TrimSpace(text)
	if text == "" && setup == "" {
		return fail(false, "missing: a line has moves, a starting position (fen), or both")
	}
	var moves []string
	if text != "" {
		r := pdn.NewReader(strings.NewReader(text + "\n*\n"))
		g, err := r.Next()
		if err != nil {
			return fail(false, "%q: %v", text, err)
		}
		if g.Result != "*" {
			return fail(false, "%q: a result (%s) in an opening", text, g.Result)
		}
		if more, err := r.Next(); err == nil && more != nil {
			return fail(false, "%q: the text holds more than one line", text)
		}
		if len(g.Moves) == 0 {
			return fail(false, "%q: no move", text)
		}
		if len(g.Moves) > MaxLineMoves {
			return fail(false, "%d moves: an opening has at most %d", len(g.Moves), MaxLineMoves)
		}
		if setup != "" {
			g.SetTag("FEN", setup)
		}
		rg, err := pdn.Replay(g, v)
		if err != nil {
			var re *pdn.ReplayError
			if errors.As(err, &re) && re.Ply > 0 {
				return fail(false, "move %s: %s", numberedPly(re.Ply-1, re.Text), re.Reason())
			}
			return fail(false, "%q: %v", text, err)
		}
		p := start
		for _, m := range rg.Moves {
			moves = append(moves, rules.FormatMove(&p, m))
			p = p.Play(m)
		}
	}
	end := start
	for _, text := range moves {
		m, _ := rules.ParseMove(&end, text) // FormatMove writes what ParseMove reads
		end = end.Play(m)
	}
	if end.Outcome() != rules.Ongoing {
		return fail(setup != "" && len(moves) == 0, "the game is over after it (%s)", end.Outcome())
	}
	return moves, nil
}

// numberedPly writes ply i (0-based) with its move number: "2. b2-c3", "1... f6-g5".
func numberedPly(i int, text string) string {
	if i%2 == 0 {
		return strconv.Itoa(i/2+1) + ". " + text
	}
	return strconv.Itoa(i/2+1) + "... " + text
}

// NeedsLot reports whether the sheet has anything drawn by lot: the numbers or the openings.
func (s *Sheet) NeedsLot() bool {
	return s.Lots.Numbers || s.Lots.Openings != OpeningsNone || s.knockoutNeedsLot()
}

// Drawn reports whether the sheet's lots were drawn (Draw).
func (s *Sheet) Drawn() bool { return s.Lots.Hash != lots.Hash{} }

// Draw draws the sheet's lots from seed (see the package documentation of lots.go): the players'
// numbers, then each pair's opening. A sheet is drawn once, as it was parsed: the office draws
// every sheet it reads from the seed its registration stored, so that the same seed always
// gives the same tournament.
func (s *Sheet) Draw(seed lots.Seed) error {
	switch {
	case s.Drawn():
		return errors.New("the lots are drawn already")
	case !s.NeedsLot():
		return errors.New("the sheet draws nothing by lot")
	}
	if s.Lots.Numbers {
		// Until the draw a player's number is his place in the sheet's list (ParseSheet).
		listed := slices.Clone(s.Players)
		s.Lots.Order = nil
		for k, i := range seed.Order(LabelNumbers, len(listed)) {
			p := listed[i]
			p.Number = k + 1
			s.Players[k] = p
			s.Lots.Order = append(s.Lots.Order, i+1)
		}
	}
	if s.Lots.Openings != OpeningsNone && len(s.Lots.Lines) > 0 {
		s.Lots.Picks = map[string]int{}
		d := seed.Draw("")
		for _, g := range s.Games() {
			pair := pairOf(g.White, g.Black)
			if _, ok := s.Lots.Picks[pair]; !ok {
				d.Restart(labelOpening + pair)
				s.Lots.Picks[pair] = d.Choice(len(s.Lots.Lines))
			}
		}
	}
	s.Lots.Hash, s.Lots.Seed = seed.Hash(), seed
	return nil
}

// pairOf names the pair of players a and b, the lower number first: "3-7".
func pairOf(a, b int) string { return GameName(min(a, b), max(a, b)) }

// Opening returns the line drawn for game name and its place in the list (0-based); false when
// no opening was drawn for it.
func (s *Sheet) Opening(name string) (Line, int, bool) {
	w, b, err := ParseGameName(name)
	if err != nil || s.Lots.Picks == nil {
		return Line{}, 0, false
	}
	i, ok := s.Lots.Picks[pairOf(w, b)]
	if !ok || i < 0 || i >= len(s.Lots.Lines) {
		return Line{}, 0, false
	}
	return s.Lots.Lines[i], i, true
}

// openings are the openings drawn, by game name, as the referee plays them (Table.Openings).
func (s *Sheet) openings() map[string]referee.Opening {
	if s.Lots.Picks == nil {
		return nil
	}
	out := map[string]referee.Opening{}
	for _, g := range s.Games() {
		if l, _, ok := s.Opening(g.Name); ok {
			out[g.Name] = referee.Opening{Name: l.Name, Setup: l.Setup, Moves: slices.Clone(l.Moves)}
		}
	}
	return out
}

// A Drawing is one draw of a sheet's lots as a person checks it: its label, how many it was
// drawn among, and what it gave.
type Drawing struct {
	Label string // "numbers", "opening 3-7"
	Among int    // the players ordered, or the lines an opening was drawn among
	// Order (numbers): the entries (1-based: the place in the sheet's list) of the players who
	// got the numbers 1, 2, … in turn.
	Order []int
	// Line (an opening): the line drawn, 1-based in the list, and the games that play it.
	Line  int
	Games []string
}

// Drawings lists the sheet's draws once Draw drew them: the numbers first, then each pair's
// opening in the order of the pairs' first games.
func (s *Sheet) Drawings() []Drawing {
	if !s.Drawn() {
		return nil
	}
	var out []Drawing
	if s.Lots.Numbers {
		out = append(out, Drawing{Label: LabelNumbers, Among: len(s.Players), Order: slices.Clone(s.Lots.Order)})
	}
	at := map[string]int{}
	for _, g := range s.Games() {
		_, i, ok := s.Opening(g.Name)
		if !ok {
			continue
		}
		pair := pairOf(g.White, g.Black)
		if k, seen := at[pair]; seen {
			out[k].Games = append(out[k].Games, g.Name)
			continue
		}
		at[pair] = len(out)
		out = append(out, Drawing{Label: labelOpening + pair, Among: len(s.Lots.Lines), Line: i + 1, Games: []string{g.Name}})
	}
	return out
}

// CheckGame reports whether game g began as the lots of the sheet drew it: from the starting
// position drawn, with the moves drawn as its first plies (and no other ply by lot), under the
// opening's name; a game without a drawn opening begins from the variant's start with no ply by
// lot. The error says what differs.
func (s *Sheet) CheckGame(g *referee.Game) error {
	line, _, ok := s.Opening(g.Name)
	if !ok {
		if g.Setup != "" || g.Drawn() > 0 || g.Opening != "" {
			return fmt.Errorf("game %s: no opening was drawn for it, but it begins with %q (%d moves by lot)", g.Name, g.Opening, g.Drawn())
		}
		return nil
	}
	var played []string
	for _, p := range g.Plies[:g.Drawn()] {
		played = append(played, p.Text)
	}
	switch {
	case g.Setup != line.Setup:
		return fmt.Errorf("game %s: it begins from %q, the lot drew %q", g.Name, orStart(g.Setup), orStart(line.Setup))
	case !slices.Equal(played, line.Moves):
		return fmt.Errorf("game %s: it begins with %q, the lot drew %q", g.Name, Line{Moves: played}.Text(), line.Text())
	case g.Opening != line.Name:
		return fmt.Errorf("game %s: its opening is named %q, the lot drew %q", g.Name, g.Opening, line.Name)
	}
	return nil
}

// orStart writes a starting position, "the variant's start" for none.
func orStart(fen string) string {
	if fen == "" {
		return "the variant's start"
	}
	return fen
}

// StartLot is what the start letters say of the lots; zero when nothing was drawn.
func (s *Sheet) StartLot() phrase.StartLot {
	if !s.Drawn() {
		return phrase.StartLot{}
	}
	return phrase.StartLot{Hash: s.Lots.Hash.String(), Numbers: s.Lots.Numbers, Openings: s.Lots.Openings, Lines: len(s.Lots.Lines),
		Ties: s.knockoutNeedsLot()}
}

// startOpening adds to a game of the start letter the opening drawn for it.
func (s *Sheet) startOpening(g *phrase.StartGame) {
	line, _, ok := s.Opening(g.Name)
	if !ok {
		return
	}
	g.Opening, g.Setup = line.Name, line.Setup != ""
	if moves := line.Text(); moves != line.Name {
		g.OpeningMoves = moves
	}
	g.OnMove = (line.ToMove() == referee.White) == g.White
}

// sampleAfter is the sample letter of a start letter for a game that begins with line, for the
// player of side: the partner's move he received and his reply, numbered. The moves are the
// first legal ones the rules engine lists (a sample shows the form, not advice). When side is
// on move after the line, the sample is his second letter (his first move, the partner's reply,
// his next). False when the position has no such moves.
func sampleAfter(variant string, line Line, side referee.Side) (received, own string, ok bool) {
	p, _, err := line.Position(variant)
	if err != nil {
		return "", "", false
	}
	ply := len(line.Moves)
	play := func() (string, bool) {
		legal := p.LegalMoves(nil)
		if len(legal) == 0 {
			return "", false
		}
		text := numberedPly(ply, rules.FormatMove(&p, legal[0]))
		p = p.Play(legal[0])
		ply++
		return text, true
	}
	if line.ToMove() == side {
		if _, ok := play(); !ok {
			return "", "", false
		}
	}
	if received, ok = play(); !ok {
		return "", "", false
	}
	if own, ok = play(); !ok {
		return "", "", false
	}
	return received, own, true
}
