package referee_test

// TestLetterGeneratorGames plays tournaments of several games by letters: two players with a game
// of each colour (1-2 and 2-1), or three players each with two games against the other two (1-2,
// 2-3, 3-1). Each game is the letter generator's (its model, its letters, its faults); every
// letter is decided at the referee's door with all the games of the tournament, as the daemon
// decides it, and the families that only a player of several games writes are added:
//
//   - a letter about two games, each under its heading (by number: «По партии 2-1:», "Game
//     1-2:"; by partner: «Партия с Петровым:»), each section a letter of its game with its own
//     faults; each game's decision is checked against its own model, as if the section had come
//     alone (4.2.3, 4.2.9 read section by section);
//   - a leave, the player's: alone (with the year or without it, «с 17-го по 21-е января», «с
//     15.01 по 24.01», "from January 13 to January 18", "I am on leave from … to …"), inside a move
//     letter, or in a postscript; granted in every game of his in play, each partner told, the
//     model's clock of his stopped on its days in each;
//   - draws in words: an offer with a move in free words («Предлагаю закончить партию вничью»,
//     "How about a draw?"), then the partner's short yes («Согласен.», "Agreed."), a full
//     acceptance, a refusal in words with his move ("I do not accept the draw. My move: …"), an
//     acceptance under a condition with a move (asked about: nothing played), or just his move
//     (the offer lapses, 1.13.3); an acceptance with no offer standing (the move played, nothing
//     recorded); a short yes with none (no statement at all);
//   - a letter written for one game in the other game's thread (the Subject of the game before):
//     postald asks which, and charges nothing;
//   - a stopped letter whose moves play in another game of its writer's, where he is on move:
//     asked about, not stopped.
//
// The families no issue named, each modelled on what players and their mail programs do:
//   - a mobile mail program's footer below the signature («Отправлено с iPhone», "Sent from my
//     Galaxy", «Отправлено из мобильной Почты Mail.ru», "Get Outlook for Android");
//   - a postscript below the signature with a draw offer, a question or a leave ("P.S. …");
//   - the game's record written out before the new move («Запись партии: 1. c3-d4 f6-g5 …»,
//     «Партия: 1. …», "Moves so far: …"): the plies on the board read as repetitions;
//   - dates in prose («Ваше письмо от 03.12 получил 05.12.», "Today is 2026-12-05.") that are
//     neither the letter's dates nor a leave;
//   - a top-posted answer above the original under «-------- Исходное сообщение --------» or
//     "-----Original Message-----", postald's forwarded move with its moves and dates below it;
//   - good wishes and thanks around the move («Спасибо за ход!», «Удачи!», "Good luck!").
//
// The model of each game stays the generator's; the tournament's own count (whose move it is in
// which game, the standing offers, the leave taken) is the test's. A failure reproduces with
//
//	go test ./internal/referee -run TestLetterGeneratorGames -lettergen.seed=N

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/rules"
)

func TestLetterGeneratorGames(t *testing.T) {
	runSetGenerator(t, *lgLettersFlag, *lgOfficeFlag)
}

// TestLetterGeneratorGamesThroughOffice plays the tournaments of several games through the
// office (office.Simulation), the daemon's own unit of work: one letter, one archive entry, a
// decision for each of its games. A long run: -lettergen.office -lettergen.letters=N.
func TestLetterGeneratorGamesThroughOffice(t *testing.T) {
	if testing.Short() {
		t.Skip("the office's letters are drawn and archived: -short leaves them out")
	}
	runSetGenerator(t, min(*lgLettersFlag, 400), true)
}

func runSetGenerator(t *testing.T, budget int, viaOffice bool) {
	seed := *lgSeedFlag
	if seed == 0 {
		seed = time.Now().UnixNano() % 1_000_000_000
	}
	t.Logf("lettergen (several games) seed %d", seed)
	began := time.Now()
	st := &lgStats{seed: seed, kinds: map[string]int{}, failures: map[string]int{}}
	sets := 0
	for letters := 0; letters < budget; sets++ {
		set := newLGSet(t, st, seed, sets, viaOffice)
		letters += set.run(budget - letters)
		if set.sim != nil {
			set.sim.Close()
		}
	}
	t.Logf("lettergen seed %d: %d tournaments, %d letters (%d stopped, %d notices) in %v",
		seed, sets, st.letters, st.stopped, st.notices, time.Since(began).Round(time.Millisecond))
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
		t.Errorf("lettergen seed %d: %d letters failed; kinds of failure:\n%s", seed, st.failed, strings.Join(fs, "\n"))
	}
}

// lgSection is a game's letter kept as a section of a letter about several games (lgGame.collect).
type lgSection struct {
	ready bool
	s     int
	lang  lgLang
	body  string
	stops bool
	check func(d referee.Decision, offset int) bool
}

// lgSet is a tournament of several games played at once by letters.
type lgSet struct {
	t     *testing.T
	st    *lgStats
	r     *rand.Rand
	index int
	table *referee.Table
	games []*lgGame
	now   time.Time
	sim   *office.Simulation
	sent  int
}

// lgSetGames are the tournaments: a pair with a game of each colour, or three players in a round
// robin, each game with its players by lgPeople index.
var lgSetGames = [][]struct {
	name string
	who  [2]int
}{
	{{"1-2", [2]int{0, 1}}, {"2-1", [2]int{1, 0}}},
	{{"1-2", [2]int{0, 1}}, {"2-3", [2]int{1, 2}}, {"3-1", [2]int{2, 0}}},
}

func newLGSet(t *testing.T, st *lgStats, seed int64, index int, viaOffice bool) *lgSet {
	r := rand.New(rand.NewPCG(uint64(seed), uint64(index)|0x5e7_0000_0000))
	variant := lgVariantIDs[r.IntN(len(lgVariantIDs))]
	start := daysclock.Date{Year: 2026, Month: time.November, Day: 1}
	end := daysclock.Date{Year: 2030, Month: time.January, Day: 1}
	layout := lgSetGames[r.IntN(len(lgSetGames))]
	players := []referee.Player{lgPeople[0], lgPeople[1]}
	if len(layout) > 2 {
		players = append(players, lgPeople[2])
	}
	// The games of a tournament wait for each other's letters: days pass in every game while
	// one is played, so that the default control would be overstepped in a game left alone
	// (the generator's games of their own count the controls).
	reg := referee.DefaultRegulation()
	reg.ControlDays = 5000
	short := r.IntN(4) == 0
	table := &referee.Table{Code: "СТ-2026/1", Variant: variant, Language: lgPick(r, []string{"ru", "en"}),
		Address: "moves@club.example", Judge: "judge@club.example", Director: "td@club.example",
		Players: players, Start: start, End: end, Zone: lgMoscow, Regulation: reg}
	set := &lgSet{t: t, st: st, r: r, index: index, table: table}
	first := start.AddDays(r.IntN(6) - 2)
	set.now = first.Start(lgMoscow).Add(time.Duration(7*60+r.IntN(15*60)) * time.Minute)
	for k, g := range layout {
		gm := &lgGame{t: t, st: st, index: index*10 + k, variant: variant, table: table, m: newLGModel(variant, start),
			who: g.who, set: set, reg: reg, short: short}
		gm.r = rand.New(rand.NewPCG(uint64(seed), uint64(index*10+k)|0x5e7_1000_0000))
		gm.rc = rand.New(rand.NewPCG(uint64(seed), uint64(index*10+k)|0x5e7_2000_0000))
		gm.maxPlies = 40 + gm.r.IntN(80)
		if short {
			gm.maxPlies = 30 + gm.r.IntN(30)
		}
		gm.g = table.NewGame(g.name)
		gm.now = set.now
		set.games = append(set.games, gm)
	}
	if viaOffice {
		sim, err := office.NewSimulation(set.sheet(), nil)
		if err != nil {
			t.Fatalf("lettergen seed %d tournament %d: the simulation: %v\n%s", st.seed, index, err, set.sheet())
		}
		set.sim = sim
	}
	return set
}

// sheet writes the tournament's start sheet: a double round robin of two, or a round robin of
// three (whose Berger tables pair 2-3, 1-2 and 3-1).
func (set *lgSet) sheet() []byte {
	t := set.table
	var b strings.Builder
	rounds := 1
	if len(t.Players) == 2 {
		rounds = 2
	}
	fmt.Fprintf(&b, "[tournament]\ncode = %q\nname = \"Lettergen\"\nvariant = %q\nstart = %s\nend = %s\nlanguage = %q\nrounds = %d\n",
		t.Code, t.Variant, t.Start, t.End, t.Language, rounds)
	fmt.Fprintf(&b, "address = %q\njudge = %q\ndirector = %q\n", t.Address, t.Judge, t.Director)
	fmt.Fprintf(&b, "\n[regulation]\nzone = \"Europe/Moscow\"\ncontrol_days = %d\n", t.Regulation.ControlDays)
	for _, p := range t.Players {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = %q\nemail = %q\n", p.Number, p.Name, p.Email)
	}
	return []byte(b.String())
}

// live returns the games still played.
func (set *lgSet) live() []*lgGame {
	var out []*lgGame
	for _, gm := range set.games {
		if !gm.m.over && len(gm.m.plies) < gm.maxPlies {
			out = append(out, gm)
		}
	}
	return out
}

// onMove returns the live games in which person (an lgPeople index) is on move, and his side in each.
func (set *lgSet) onMove(person int) ([]*lgGame, []int) {
	var gs []*lgGame
	var sides []int
	for _, gm := range set.live() {
		if s := gm.m.toMove(); gm.who[s] == person {
			gs, sides = append(gs, gm), append(sides, s)
		}
	}
	return gs, sides
}

// sideIn returns person's side in gm, -1 when he does not play there.
func sideIn(gm *lgGame, person int) int {
	for s, w := range gm.who {
		if w == person {
			return s
		}
	}
	return -1
}

// run plays the tournament until its games end or reach their length, or a letter fails; it
// returns the letters sent.
func (set *lgSet) run(budget int) int {
	for set.sent < budget {
		live := set.live()
		if len(live) == 0 {
			break
		}
		r := set.r
		x := r.IntN(100)
		var ok bool
		switch {
		case x < 22:
			ok = set.sections()
		case x < 28:
			ok = set.leave()
		case x < 40:
			ok = set.draw()
		case x < 44:
			ok = set.wrongThread()
		case x < 47:
			ok = set.wrongGame()
		case x < 50:
			ok = set.reversedPair()
		default:
			ok = set.turn(lgPick(r, live))
		}
		if !ok {
			break
		}
	}
	return set.sent
}

// sync puts the game's clock at the tournament's, and back after the game's turn.
func (set *lgSet) sync(gm *lgGame) { gm.now = set.now }

func (set *lgSet) synced(gm *lgGame) {
	if gm.now.After(set.now) {
		set.now = gm.now
	}
}

// advance moves the tournament's clock on to the next letter, as the generator's games do.
func (set *lgSet) advance() {
	gm := set.games[0]
	gm.now = set.now
	gm.advance()
	gm.back = 0 // the clock of a tournament of several games never jumps back here
	set.synced(gm)
}

// turn is one of gm's own turns, the generator's: its letters decided among all the games.
func (set *lgSet) turn(gm *lgGame) bool {
	set.sync(gm)
	ok := gm.turn()
	gm.back = 0
	set.synced(gm)
	return ok
}

// ---------------------------------------------------------------------------------------------
// Sending

// raw writes person's letter as his mail program sends it: body under subject, dated now.
func (set *lgSet) raw(person int, subject, body string) (string, string) {
	set.st.letters++
	id := fmt.Sprintf("lgs-%d-%d@mail.example", set.index, set.sent)
	set.sent++
	raw := "From: " + lgPeople[person].Email + "\r\nTo: moves@club.example\r\nSubject: " + subject +
		"\r\nDate: " + set.now.Format(time.RFC1123Z) + "\r\nMessage-ID: <" + id + ">\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n") + "\r\n"
	return raw, id
}

// decide decides a letter of person, as the daemon does: through the referee's door with every
// game of the tournament, or through the office. It returns each game's decision by index of
// set.games (a game the letter is not about has none).
func (set *lgSet) decide(person int, raw, id string) (map[int]referee.Decision, bool) {
	out := map[int]referee.Decision{}
	if set.sim != nil {
		step, err := set.sim.Letter([]byte(raw))
		switch {
		case err == nil && step.Err != nil:
			err = step.Err
		case err == nil && step.Letter.Kind == "":
			err = fmt.Errorf("the office decided nothing of the letter")
		case err == nil && step.Letter.Held != "":
			err = fmt.Errorf("the office held the letter: %s", step.Letter.Held)
		}
		if err != nil {
			set.st.failed++
			set.st.failures["office refused"]++
			set.t.Errorf("lettergen seed %d tournament %d: %v\n%s", set.st.seed, set.index, err, raw)
			return nil, false
		}
		gs := append([]office.DoneGame{{Game: step.Letter.Game, Decision: step.Letter.Decision}}, step.Letter.Also...)
		for _, g := range gs {
			for k, gm := range set.games {
				if gm.g.Name == g.Game.Game {
					out[k] = g.Decision
				}
			}
		}
		return out, true
	}
	l, err := mailparse.Parse([]byte(raw))
	if err != nil {
		set.t.Errorf("lettergen seed %d tournament %d: parse: %v", set.st.seed, set.index, err)
		return nil, false
	}
	seats := make([]referee.Seat, len(set.games))
	for k, gm := range set.games {
		seats[k] = gm.seat()
	}
	env := referee.Envelope{From: lgPeople[person].Email, MessageID: id, Received: set.now}
	d, err := referee.Decide(seats, referee.Mail{Letter: l, Envelope: env}, set.now)
	if err != nil {
		set.t.Errorf("lettergen seed %d tournament %d: %v", set.st.seed, set.index, err)
		return nil, false
	}
	for _, x := range append([]referee.Decision{d}, d.Also...) {
		if x.Seat >= 0 {
			out[x.Seat] = x
		}
	}
	return out, true
}

// record notes in gm a letter of its side s decided as d, as the generator's send does.
func (gm *lgGame) record(s int, body string, d referee.Decision) {
	gm.letters++
	gm.history = append(gm.history, fmt.Sprintf("%s %s:\n%s", gm.now.Format("2006-01-02 15:04"), lgSide(s), body))
	gm.lastFrom[s], gm.lastAt[s] = body, gm.now
	gm.g = d.Game
	if d.Verdict != referee.Ignored {
		gm.lastSent[s] = gm.sent()
	}
}

// sendFrom sends a letter the game gm writes alone, decided among all the games: it returns gm's
// decision and the letter as sent. A leave the letter announces must stop its writer's clock in
// his other games (others); no other game may be decided.
func (set *lgSet) sendFrom(gm *lgGame, s int, lang lgLang, body string) (referee.Decision, string, bool) {
	if gm.now.After(set.now) {
		set.now = gm.now
	}
	gm.now = set.now
	person := gm.who[s]
	raw, id := set.raw(person, gm.named(lgPick(gm.r, lgBook[lang].subject)), body)
	ds, ok := set.decide(person, raw, id)
	if !ok {
		return referee.Decision{}, raw, false
	}
	k := slices.Index(set.games, gm)
	d, found := ds[k]
	if !found {
		return d, raw, set.fail(gm, "one", s, body, fmt.Sprintf("no decision about game %s", gm.g.Name))
	}
	gm.record(s, body, d)
	return d, raw, set.others(person, k, ds, body)
}

// sendOne sends a letter the game gm writes alone (lgGame.deliver) and checks its decision with
// check; a stopped letter whose moves play in another game of its writer's is asked about.
func (set *lgSet) sendOne(gm *lgGame, s int, lang lgLang, body string, stops bool, check func(referee.Decision, int) bool) bool {
	d, raw, ok := set.sendFrom(gm, s, lang, body)
	if !ok {
		return false
	}
	if stops {
		if other, ok := set.fits(gm, gm.who[s], raw); ok {
			return set.askedAbout(gm, s, body, d, "stop-asked", other)
		}
	}
	return check(d, 0)
}

// others checks the decisions of a letter about games other than game k: only a leave its writer
// announced in game k makes them (leaveIn: notices that stop his clock, each partner told).
func (set *lgSet) others(person, k int, ds map[int]referee.Decision, body string) bool {
	lv := set.games[k].granted
	set.games[k].granted = nil
	for j, d := range ds {
		if j == k {
			continue
		}
		og := set.games[j]
		if lv == nil {
			return set.fail(og, "other", sideIn(og, person), body, fmt.Sprintf("game %s decided by a letter about game %s", og.g.Name, set.games[k].g.Name))
		}
		if !set.leaveIn(og, person, *lv, body, d) {
			return false
		}
	}
	if lv != nil {
		for j, og := range set.games {
			if _, ok := ds[j]; !ok && j != k && sideIn(og, person) >= 0 && !og.m.over {
				return set.fail(og, "leave", sideIn(og, person), body, "the leave granted in game "+set.games[k].g.Name+" does not reach game "+og.g.Name)
			}
		}
	}
	return true
}

// leaveIn checks decision d of game og, one more game of person's, for his leave lv granted by a
// letter about another game: a notice, the game unchanged but for his clock's leave, his partner
// told.
func (set *lgSet) leaveIn(og *lgGame, person int, lv daysclock.Leave, body string, d referee.Decision) bool {
	s := sideIn(og, person)
	og.now = set.now
	og.g = d.Game
	og.lastSent[s] = og.sent() // the letter is his last in this game too
	og.m.leaves[s] = append(og.m.leaves[s], lv)
	want := og.wantUnchanged(daysclock.ClauseLeave)
	if !og.check("leave-elsewhere", s, body, want, nil, false, d) {
		return false
	}
	if got := d.Game.Clock(lgSideOf(s)).Leaves; !slices.ContainsFunc(got, func(l daysclock.Leave) bool { return !lv.From.Before(l.From) && !lv.To.After(l.To) }) {
		return og.fail("leave-elsewhere", []string{"leave"}, s, body, want, nil, d, fmt.Sprintf("the leave %s is not on his clock: %v", lv, got))
	}
	if _, told := lgLetterTo(d, lgRole(1-s)); !told {
		return og.fail("leave-elsewhere", []string{"letters"}, s, body, want, nil, d, "the partner is not told of the leave")
	}
	return true
}

// fail reports a failure of the tournament's own count about game gm.
func (set *lgSet) fail(gm *lgGame, kind string, s int, body, why string) bool {
	set.st.failed++
	set.st.failures["set:"+kind]++
	set.t.Errorf("lettergen seed %d tournament %d (%s), game %s, %s: %s\n--- letter:\n%s", set.st.seed, set.index,
		set.table.Variant, gm.g.Name, lgSide(max(s, 0)), why, body)
	return false
}

// askedAbout checks decision d of game gm, a letter from side s that the referee must ask about
// rather than decide (statements.go): a notice, nothing played, nothing charged, the game as the
// model has it.
func (set *lgSet) askedAbout(gm *lgGame, s int, body string, d referee.Decision, kind string, other *lgGame) bool {
	want := gm.wantUnchanged()
	gm.st.notices++
	if other != nil {
		kind += ":fits-" + other.g.Name
	}
	if !gm.check(kind, s, body, want, nil, false, d) {
		return false
	}
	if d.Words == nil && d.Game.History[len(d.Game.History)-1].Note == "" {
		return gm.fail(kind, []string{"history"}, s, body, want, nil, d, "the question is not in the game's history")
	}
	if _, ok := lgLetterTo(d, lgRole(s)); !ok {
		return gm.fail(kind, []string{"letters"}, s, body, want, nil, d, "the writer is not asked")
	}
	return true
}

// fits reports whether person's letter raw, stopped in game gm, plays in another game of his in
// which he is on move: its repetition of the partner's moves is right there and its moves legal
// there (lgFits). The letter may be that game's: the referee asks.
func (set *lgSet) fits(gm *lgGame, person int, raw string) (*lgGame, bool) {
	l, err := mailparse.Parse([]byte(raw))
	if err != nil {
		return nil, false
	}
	part := l
	for _, p := range l.Parts {
		if p.Game == gm.g.Name {
			part = p
		}
	}
	for _, og := range set.games {
		if og == gm {
			continue
		}
		if s := sideIn(og, person); s >= 0 && lgFits(og.m, s, part) {
			return og, true
		}
	}
	return nil, false
}

// lgFits is the test's own reading of whether a letter plays in game m for side s: s is on move,
// every move the letter numbers as a ply on the board is that ply, every move side s owes is
// repeated (4.2.9), and the letter's moves after those on the board are legal in turn, a
// partner's move among them only where it is forced (4.2.4).
func lgFits(m *lgModel, s int, l *mailparse.Letter) bool {
	if m.over || m.toMove() != s || m.posting >= 0 || l.AcceptVariant != nil {
		return false
	}
	ply := func(mv mailparse.Move) int {
		if mv.Number <= 0 {
			return -1
		}
		i := 2 * (mv.Number - 1)
		if mv.Black {
			i++
		}
		return i
	}
	same := func(i int, text string) bool {
		if i < 0 || i >= len(m.plies) {
			return false
		}
		pos := m.hist[i]
		mv, err := rules.ParseMove(&pos, text)
		return err == nil && rules.FormatMove(&pos, mv) == m.plies[i]
	}
	covered := map[int]bool{}
	for _, mv := range l.Repeated {
		if mv.Abbreviated || mv.Unreadable || !same(ply(mv), mv.Notation) {
			return false
		}
		covered[ply(mv)] = true
	}
	var own []mailparse.Move
	for _, mv := range l.Moves {
		if len(own) == 0 && same(ply(mv), mv.Notation) {
			covered[ply(mv)] = true
			continue
		}
		own = append(own, mv)
	}
	for _, j := range m.owes[s] {
		if !covered[j] {
			return false
		}
	}
	if len(own) == 0 {
		return false
	}
	pos := m.pos
	n := len(m.plies)
	for _, mv := range own {
		if mv.Abbreviated || mv.Unreadable || mv.Number > 0 && ply(mv) != n {
			return false
		}
		if n%2 != s && len(pos.LegalMoves(nil)) != 1 {
			return false
		}
		x, err := rules.ParseMove(&pos, mv.Notation)
		if err != nil {
			return false
		}
		pos = pos.Play(x)
		n++
		if pos.Outcome() != rules.Ongoing {
			break
		}
	}
	return true
}

// ---------------------------------------------------------------------------------------------
// A letter about several games

// lgHeadings name a section's game: %s its number; lgPartnerHeadings its partner, %s his name in
// the instrumental case.
var (
	lgHeadings = [2][]string{
		lgRU: {"По партии %s:", "Партия %s:", "Партия %s", "В партии %s:", "Партия %s."},
		lgEN: {"Game %s:", "In game %s:", "Game %s", "For game %s:"},
	}
	lgPartnerHeadings = [2][]string{
		lgRU: {"Партия с %s:", "По партии с %s:", "В партии с %s:"},
		lgEN: {"Game with %s:", "Game against %s:"},
	}
	// lgInstrumental is each player's surname as «партия с …» declines it, and as English writes it.
	lgInstrumental = [2][3]string{
		lgRU: {"Ивановым", "Петровым", "Сидоровым"},
		lgEN: {"Иванов", "Петров", "Сидоров"},
	}
)

// sections sends a letter about two games of one player, each under its heading, each section
// the letter the game would have had alone, and checks each game's decision against its model.
func (set *lgSet) sections() bool {
	r := set.r
	person := r.IntN(len(set.table.Players))
	gs, sides := set.onMove(person)
	if len(gs) < 2 {
		return set.turn(lgPick(r, set.live()))
	}
	set.advance()
	k := r.IntN(len(gs))
	order := []int{k, (k + 1) % len(gs)}
	lang := lgLang(r.IntN(2))
	b := &lgBook[lang]
	var secs []*lgSection
	for _, i := range order {
		gm, s := gs[i], sides[i]
		gm.now = set.now
		gm.collect = &lgSection{lang: lang}
		if !set.sectionLetter(gm, s) {
			gm.collect = nil
			return false
		}
		secs = append(secs, gm.collect)
		gm.collect = nil
	}
	// The letter: a greeting, each section under its heading, a signature.
	var lines []string
	if r.IntN(2) == 0 {
		addressee := gs[order[0]].who[1-sides[order[0]]]
		lines = append(lines, lgPick(r, b.greeting[addressee]), "")
	}
	offsets := make([]int, len(secs))
	byPartner := gs[order[0]].who[1-sides[order[0]]] != gs[order[1]].who[1-sides[order[1]]] && r.IntN(3) == 0
	for n, c := range secs {
		gm := gs[order[n]]
		head := fmt.Sprintf(lgPick(r, lgHeadings[lang]), gm.g.Name)
		if byPartner {
			head = fmt.Sprintf(lgPick(r, lgPartnerHeadings[lang]), lgInstrumental[lang][gm.who[1-c.s]])
		}
		body := strings.Split(c.body, "\n")
		if r.IntN(4) == 0 && !strings.HasSuffix(head, ":") {
			// The heading on the first line of the section: «Партия 1-2 Ваш ход … получил.»
			offsets[n] = len(lines)
			lines = append(lines, head+" "+body[0])
			lines = append(lines, body[1:]...)
		} else {
			lines = append(lines, head)
			offsets[n] = len(lines)
			lines = append(lines, body...)
		}
		lines = append(lines, "")
	}
	lines = append(lines, lgPick(r, b.signature[person]))
	body := strings.Join(lines, "\n")
	subject := lgPick(r, []string{"СТ-2026/1", "СТ-2026/1 партии " + gs[order[0]].g.Name + ", " + gs[order[1]].g.Name,
		gs[order[0]].named(lgPick(r, b.subject))})
	raw, id := set.raw(person, subject, body)
	ds, ok := set.decide(person, raw, id)
	if !ok {
		return false
	}
	kind := "sections"
	if byPartner {
		kind += ":by-partner"
	}
	set.st.kinds[kind]++
	for n, c := range secs {
		gm := gs[order[n]]
		k := slices.Index(set.games, gm)
		d, found := ds[k]
		if !found {
			return set.fail(gm, kind, c.s, body, "the section about game "+gm.g.Name+" is decided in no game")
		}
		gm.record(c.s, body, d)
		if c.stops {
			if other, ok := set.fits(gm, person, raw); ok {
				if !set.askedAbout(gm, c.s, body, d, "section-asked", other) {
					return false
				}
				continue
			}
		}
		if !c.check(d, offsets[n]) {
			return false
		}
	}
	if len(ds) != len(secs) {
		return set.fail(gs[order[0]], kind, sides[order[0]], body, fmt.Sprintf("%d games decided by a letter about %d", len(ds), len(secs)))
	}
	return true
}

// sectionLetter writes gm's letter of side s as a section (gm.collect): a move letter, sometimes
// with a fault the rules name (a stop, a substitution, a numbering error, an invisible character).
func (set *lgSet) sectionLetter(gm *lgGame, s int) bool {
	fault := lgNoFault
	switch x := gm.r.IntN(100); {
	case x < 5:
		fault = lgImpossible
	case x < 9:
		fault = lgRepMissing
	case x < 12:
		fault = lgRepWrong
	case x < 15:
		fault = lgAbbrev
	case x < 19:
		fault = lgSubst
	case x < 21:
		fault = lgNumber
	case x < 26:
		fault = lgInvisible
	}
	if fault.stops() {
		sent, ok := gm.stopped(s, fault)
		if !ok {
			return false
		}
		if sent {
			return true
		}
		fault = lgNoFault
	}
	return gm.moveLetter(s, fault, false) && gm.collect.ready
}

// draft writes side s's move letter for game meant in lang as a section of a letter (its body in
// c), without sending it: saved is the game's model before it, which the caller puts back unless
// the letter is applied.
func (set *lgSet) draft(meant *lgGame, s int, lang lgLang) (c *lgSection, saved *lgModel, ok bool) {
	meant.now = set.now
	saved = meant.m.clone()
	meant.collect = &lgSection{lang: lang}
	if !meant.moveLetter(s, lgNoFault, false) || !meant.collect.ready {
		meant.collect = nil
		return nil, nil, false
	}
	c = meant.collect
	meant.collect = nil
	return c, saved, true
}

// wrongThread: a player on move in two games writes his letter for one of them as a reply in the
// other's thread: the Subject names the other game, the letter no game. Where its moves do not
// play in the game named but play in the one meant, postald asks which, and charges nothing.
func (set *lgSet) wrongThread() bool {
	r := set.r
	person := r.IntN(len(set.table.Players))
	gs, sides := set.onMove(person)
	if len(gs) < 2 {
		return set.turn(lgPick(r, set.live()))
	}
	set.advance()
	k := r.IntN(len(gs))
	meant, named := gs[k], gs[(k+1)%len(gs)]
	s := sides[k]
	lang := lgLang(r.IntN(2))
	c, saved, ok := set.draft(meant, s, lang)
	if !ok {
		return false
	}
	b := &lgBook[lang]
	body := lgPick(r, b.greeting[meant.who[1-s]]) + "\n\n" + c.body + "\n\n" + lgPick(r, b.signature[person])
	l, err := mailparse.Parse([]byte("Subject: x\r\n\r\n" + body))
	if err != nil || lgFits(named.m, sideIn(named, person), l) || !lgFits(meant.m, s, l) {
		// Written for one game, it plays in the other as well (or the test's reading cannot
		// tell): nothing to ask about. The letter is not sent; the game is as it was.
		meant.m = saved
		set.st.kinds["wrong-thread:not-sent"]++
		return set.turn(lgPick(r, set.live()))
	}
	raw, id := set.raw(person, named.named(lgPick(r, b.subject)), body)
	ds, ok := set.decide(person, raw, id)
	if !ok {
		return false
	}
	meant.m = saved // the letter is not applied: the game meant is as it was
	d, found := ds[slices.Index(set.games, named)]
	if !found || len(ds) != 1 {
		return set.fail(named, "wrong-thread", sideIn(named, person), body, fmt.Sprintf("decided in %d games, not in the game named alone", len(ds)))
	}
	named.now = set.now
	named.record(sideIn(named, person), body, d)
	return set.askedAbout(named, sideIn(named, person), body, d, "wrong-thread", meant)
}

// wrongGame: a player on move writes his move letter under the name of a game of two others — a
// slip of the pair's numbers, in the Subject or as the letter's heading. No game may change and
// nothing be charged: through the office the trust gate holds the letter (only a player moves,
// and only in his own games) and tells its writer that the game is not his; through the
// referee's door alone any decision is a notice that changes nothing. The game he meant goes on
// as if the letter had not been written: its clock runs.
func (set *lgSet) wrongGame() bool {
	r := set.r
	person := r.IntN(len(set.table.Players))
	gs, sides := set.onMove(person)
	var foreign *lgGame
	for _, og := range set.games {
		if sideIn(og, person) < 0 {
			foreign = og
		}
	}
	if len(gs) == 0 || foreign == nil {
		return set.turn(lgPick(r, set.live()))
	}
	set.advance()
	k := r.IntN(len(gs))
	meant, s := gs[k], sides[k]
	lang := lgLang(r.IntN(2))
	c, saved, ok := set.draft(meant, s, lang)
	if !ok {
		return false
	}
	meant.m = saved // the letter is not applied: the game meant is as it was
	b := &lgBook[lang]
	body := c.body
	subject := foreign.named(lgPick(r, b.subject))
	kind := "wrong-game:subject"
	if r.IntN(2) == 0 {
		// The heading names the other game, the Subject only the tournament.
		body = fmt.Sprintf(lgPick(r, lgHeadings[lang]), foreign.g.Name) + "\n" + body
		subject, kind = "СТ-2026/1", "wrong-game:heading"
	}
	body = lgPick(r, b.greeting[meant.who[1-s]]) + "\n\n" + body + "\n\n" + lgPick(r, b.signature[person])
	raw, id := set.raw(person, subject, body)
	set.st.kinds[kind]++
	if set.sim != nil {
		step, err := set.sim.Letter([]byte(raw))
		if err == nil {
			err = step.Err
		}
		if err != nil {
			set.st.failed++
			set.st.failures["office refused"]++
			set.t.Errorf("lettergen seed %d tournament %d: %v\n%s", set.st.seed, set.index, err, raw)
			return false
		}
		want := set.table.Code + "/" + foreign.g.Name
		if !strings.Contains(step.Letter.Held, want) || !strings.Contains(step.Letter.Held, "not the sender's own") {
			return set.fail(meant, kind, s, body, fmt.Sprintf("held %q, verdict %q: want held as about game %s, not his", step.Letter.Held, step.Letter.Verdict, want))
		}
		for _, it := range step.Letter.Outbox {
			if !slices.Contains(it.To, lgPeople[person].Email) && !slices.Contains(it.To, set.table.Judge) {
				return set.fail(meant, kind, s, body, fmt.Sprintf("a letter about the held letter to %q, neither its writer nor the judge", it.To))
			}
		}
		return true
	}
	ds, ok := set.decide(person, raw, id)
	if !ok {
		return false
	}
	for j, d := range ds {
		og := set.games[j]
		os := sideIn(og, person)
		if os < 0 {
			os = og.m.toMove() // a game not his, decided all the same: as its side on move
		}
		og.now = set.now
		og.record(os, body, d)
		if !og.check(kind, os, body, og.wantUnchanged(), nil, false, d) {
			return false
		}
	}
	return true
}

// reversedPair: a player on move writes his move letter naming his game by its pair in the
// other order («партия 1-3» for game 3-1), in the Subject or as the letter's heading. Where no
// game has that name, the pair is his game and the letter plays there as written, it is decided
// as his letter to that game; any other letter is asked about, and nothing is played or
// charged.
func (set *lgSet) reversedPair() bool {
	r := set.r
	person := r.IntN(len(set.table.Players))
	gs, sides := set.onMove(person)
	if len(gs) == 0 {
		return set.turn(lgPick(r, set.live()))
	}
	k := r.IntN(len(gs))
	meant, s := gs[k], sides[k]
	w, b, _ := strings.Cut(meant.g.Name, "-")
	rev := b + "-" + w
	for _, og := range set.games {
		if og.g.Name == rev {
			return set.turn(lgPick(r, set.live())) // a double round robin: that name is a game
		}
	}
	set.advance()
	lang := lgLang(r.IntN(2))
	meant.now = set.now
	saved := meant.m.clone()
	meant.collect = &lgSection{lang: lang}
	// Now and then with a fault that stops the letter where its game is named right: named by
	// the reversed pair it is asked about instead, and no penalty falls (4.2.10).
	fault := lgNoFault
	if r.IntN(4) == 0 {
		fault = lgPick(r, []lgFault{lgImpossible, lgRepMissing, lgRepWrong})
	}
	written := false
	if fault.stops() {
		sent, ok := meant.stopped(s, fault)
		if !ok {
			meant.collect = nil
			return false
		}
		written = sent
	}
	if !written && (!meant.moveLetter(s, lgNoFault, false) || !meant.collect.ready) {
		meant.collect = nil
		return false
	}
	c := meant.collect
	meant.collect = nil
	book := &lgBook[lang]
	body, subject, kind := c.body, strings.ReplaceAll(lgPick(r, book.subject), "1-2", rev), "reversed:subject"
	if r.IntN(2) == 0 {
		body = fmt.Sprintf(lgPick(r, lgHeadings[lang]), rev) + "\n" + body
		subject, kind = "СТ-2026/1", "reversed:heading"
	}
	offset := 0
	if kind == "reversed:heading" {
		offset = 1
	}
	l, err := mailparse.Parse([]byte("Subject: x\r\n\r\n" + body))
	fits := err == nil && lgFits(saved, s, l)
	raw, id := set.raw(person, subject, body)
	ds, ok := set.decide(person, raw, id)
	if !ok {
		return false
	}
	meant.now = set.now
	if len(ds) == 0 {
		// Not played as written there: he is asked which game he means; no game is decided,
		// nothing played or charged.
		meant.m = saved
		set.st.kinds[kind+":asked"]++
		if fits && fault == lgNoFault {
			set.st.kinds[kind+":asked-though-it-fits"]++
		}
		return true
	}
	d, found := ds[slices.Index(set.games, meant)]
	if !found || len(ds) != 1 {
		return set.fail(meant, kind, s, body, fmt.Sprintf("decided in %d games, not in the game meant alone", len(ds)))
	}
	meant.record(s, body, d)
	if d.Verdict != referee.Accepted {
		return set.fail(meant, kind, s, body, fmt.Sprintf("read as game %s though not played there as written: %s %v", meant.g.Name, d.Verdict, d.Clauses))
	}
	set.st.kinds[kind]++
	return c.check(d, offset)
}
