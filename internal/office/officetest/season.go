// Package officetest tells a federation's season as what reaches postald, in time order, for the
// benchmarks and tests that play it through the office: the start sheets of round robins, then
// the players' move letters, the cards of the players by post that the captain enters, his
// posting of the cards waiting for them, the judge's rulings, and a tick at the start of every
// day.
//
// Every game is a random legal game of its tournament's variant (a line on which the player on
// move always has two legal moves at least, so that postald never plays a forced reply itself,
// 4.2.4), written in full notation (4.2.2), each letter repeating the partner's last move
// (4.2.9), in the tournament's language, with a greeting and a signature. Players answer one to
// three days after a move reaches them (a player by post: after the captain posted it and the
// post brought it, post_days later; his card reaches the captain post_days after its postmark).
// Some letters write an impossible move (the squares of a legal move the other way round: no
// piece stands on the first, 4.2.10) and are stopped; the player writes the move the next day.
// A game ends by resignation, by a draw offered with the last move and accepted, by the judge's
// forfeit, or by its player falling silent until time forfeits him (overstep = "forfeit",
// 4.3.1). Each event says what postald must decide of it, so that the player of the season can
// check that the season is the one told.
//
// The package knows postald only through the requests of the office and the letters of a
// mailbox; it draws its randomness from the seed alone, so that a season is the same every time.
package officetest

import (
	"container/heap"
	"fmt"
	"math/rand/v2"
	"mime"
	"net/mail"
	"postald/internal/reading"
	"strings"
	"sync"
	"time"

	"postald/internal/daysclock"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/store"
	"postald/internal/tournament"
)

// SeasonOptions size a season.
type SeasonOptions struct {
	Tournaments int    // round robins; 0: 10
	Players     int    // players of each; 0: 20
	Plies       int    // plies of a game played out before it ends; 0: 6
	Seed        uint64 // 0: 1
	RulingEvery int    // a ruling of the judge after every so many letters and cards; 0: 250
	// Start is the first tournament's start day (each later one starts two days after the one
	// before); zero: 2026-11-02.
	Start daysclock.Date
}

// Address is postald's address in every sheet of a season.
const Address = "moves@postald.test"

// The officials of every tournament.
const (
	Judge    = "judge@postald.test"
	Director = "director@postald.test"
)

// EventKind is what an Event is.
type EventKind string

// The kinds of events.
const (
	// EventTick: time passes; the office's Tick is due (reminders, oversteps, notices).
	EventTick EventKind = "tick"
	// EventLetter: a letter reaches the mailbox (Event.Letter), to be decided by Office.Letter.
	EventLetter EventKind = "letter"
	// EventRequest: the judge or the captain does something (Event.Request): a card entered, a
	// ruling.
	EventRequest EventKind = "request"
	// EventPosting: the captain posts every card waiting and records it (postald cards, then
	// postald cards -posted DAY).
	EventPosting EventKind = "posting"
)

// Event is one thing that reaches postald.
type Event struct {
	Kind EventKind
	At   time.Time
	// Letter is the letter of an EventLetter.
	Letter office.Incoming
	// Request is the command of an EventRequest: a *office.CardRequest, a *office.RuleRequest.
	Request office.Command
	// Day is the day an EventPosting records the cards posted on.
	Day daysclock.Date
	// Want is what postald must decide of a letter or a card: accepted, rejected, or notice
	// for one that ends the game without a move (a resignation, a draw accepted).
	Want referee.Verdict
	// Game is the game a letter, a card or a ruling is about (TOURNAMENT/W-B).
	Game string
}

// Season is a season being told: Sheets to register first, then the events, one at a time.
type Season struct {
	// Sheets are the start sheets (TOML), to register before the first event.
	Sheets [][]byte
	// Register is when the sheets are registered: the evening before the first start.
	Register time.Time

	opt     SeasonOptions
	rng     *rand.Rand
	tours   []*seasonTournament
	queue   actions
	queued  int // actions queued so far, for the order of equal times
	uid     uint32
	events  int
	last    daysclock.Date // the last day any game still acts on
	told    int            // letters and cards told, for the rulings among them
	ticked  daysclock.Date // the last day a tick and a posting were queued for
	lines   map[string][][]string
	counted struct{ letters, cards, rulings int }
}

type seasonTournament struct {
	code, lang, variant string
	start               daysclock.Date
	players             []seasonPlayer
	games               []*seasonGame
}

type seasonPlayer struct {
	name, email string
	post        bool
}

type seasonGame struct {
	t            *seasonTournament
	name         string
	white, black int // indexes into t.players
	line         []string
	ply          int  // plies on the board
	over         bool // ended, or its player on move fell silent for good
	end          seasonEnd
	offered      bool // the draw offered with the last move, to be accepted
	silentAt     int  // the ply at which the player on move falls silent; -1 never
}

// seasonEnd is how a game played out ends.
type seasonEnd int

const (
	endResign seasonEnd = iota
	endDraw
	endSilent
)

// postDays is the days a card takes by post in every season sheet.
const postDays = 2

// NewSeason makes a season: its sheets, and every game's line.
func NewSeason(opt SeasonOptions) (*Season, error) {
	if opt.Tournaments == 0 {
		opt.Tournaments = 10
	}
	if opt.Players == 0 {
		opt.Players = 20
	}
	if opt.Plies == 0 {
		opt.Plies = 6
	}
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	if opt.RulingEvery == 0 {
		opt.RulingEvery = 250
	}
	if opt.Start.IsZero() {
		opt.Start = daysclock.Date{Year: 2026, Month: time.November, Day: 2}
	}
	if opt.Players < 3 || opt.Plies < 2 {
		return nil, fmt.Errorf("season: %d players and %d plies: want at least 3 and 2", opt.Players, opt.Plies)
	}
	s := &Season{opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, 0x5ea5)), lines: map[string][][]string{}}
	variants := []string{"russian", "international", "column"}
	for i := range opt.Tournaments {
		t := &seasonTournament{code: fmt.Sprintf("S-%02d", i+1), lang: []string{"ru", "en"}[i%2],
			variant: variants[i%len(variants)], start: opt.Start.AddDays(2 * i)}
		for n := range opt.Players {
			p := seasonPlayer{name: playerName(t.lang, i*opt.Players+n), email: fmt.Sprintf("t%02dp%02d@players.test", i+1, n+1)}
			// The last player of every tournament plays by post (4.1.1).
			p.post = n == opt.Players-1
			t.players = append(t.players, p)
		}
		pairs, err := tournament.Pairings(opt.Players, 1)
		if err != nil {
			return nil, err
		}
		for _, pr := range pairs {
			g := &seasonGame{t: t, name: pr.Name, white: pr.White - 1, black: pr.Black - 1, silentAt: -1}
			if g.line, err = s.line(t.variant); err != nil {
				return nil, err
			}
			// Played out to Plies or one more: either side may be on move at the end.
			g.line = g.line[:opt.Plies+s.rng.IntN(2)]
			switch x := s.rng.IntN(100); {
			case x < 45:
				g.end = endResign
			case x < 80:
				g.end = endDraw
			default:
				g.end = endSilent
			}
			if s.rng.IntN(100) < 3 {
				g.silentAt = s.rng.IntN(opt.Plies) // falls silent in the middle
			}
			t.games = append(t.games, g)
		}
		s.tours = append(s.tours, t)
		s.Sheets = append(s.Sheets, []byte(t.sheet()))
	}
	s.Register = opt.Start.AddDays(-1).Start(time.UTC).Add(20 * time.Hour)
	// White's clock runs from the start date (4.3.2): the first moves.
	for _, t := range s.tours {
		for _, g := range t.games {
			s.answer(g, t.start.AddDays(-1), false)
		}
	}
	return s, nil
}

// Letters, Cards and Rulings count what the season told so far.
func (s *Season) Letters() int { return s.counted.letters }

// Cards counts the cards told so far.
func (s *Season) Cards() int { return s.counted.cards }

// Rulings counts the rulings told so far.
func (s *Season) Rulings() int { return s.counted.rulings }

// Games is how many games the season has.
func (s *Season) Games() int { return len(s.tours) * len(s.tours[0].games) }

// Tournaments are the codes of the season's tournaments.
func (s *Season) Tournaments() []string {
	var out []string
	for _, t := range s.tours {
		out = append(out, t.code)
	}
	return out
}

// GameNames are the names of every tournament's games ("1-2"), the same in each.
func (s *Season) GameNames() []string {
	var out []string
	for _, g := range s.tours[0].games {
		out = append(out, g.name)
	}
	return out
}

// Next is the season's next event; false once the season is over: every game ended, and the
// days after its last letter told until time forfeited every silent player.
func (s *Season) Next() (Event, bool) {
	for s.queue.Len() > 0 {
		a := heap.Pop(&s.queue).(*action)
		if ev, ok := s.act(a); ok {
			s.events++
			return ev, true
		}
	}
	return Event{}, false
}

// action is something due at a time: a day's tick or posting, or a game's next letter.
type action struct {
	at   time.Time
	seq  int // the order actions were queued in, for equal times
	kind EventKind
	day  daysclock.Date
	g    *seasonGame
	// fault: the letter writes an impossible move (4.2.10) and is stopped.
	fault bool
	// card: the letter is a card of a player by post, its postmark postmark.
	card     bool
	postmark daysclock.Date
}

type actions []*action

func (q actions) Len() int { return len(q) }
func (q actions) Less(i, j int) bool {
	if c := q[i].at.Compare(q[j].at); c != 0 {
		return c < 0
	}
	return q[i].seq < q[j].seq
}
func (q actions) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *actions) Push(x any)   { *q = append(*q, x.(*action)) }
func (q *actions) Pop() any {
	old := *q
	a := old[len(old)-1]
	*q = old[:len(old)-1]
	return a
}

func (s *Season) push(a *action) {
	s.queued++
	a.seq = s.queued
	heap.Push(&s.queue, a)
	if a.kind != EventTick && a.kind != EventPosting {
		s.days(a.at)
	}
}

// days queues the tick (00:10) and the captain's posting (23:00) of every day up to the day of
// at, and the days after it in which a silent player's time runs out: a control's days and its
// reminders.
func (s *Season) days(at time.Time) {
	d := daysclock.DateOf(at, time.UTC).AddDays(controlDays + 2)
	if d.After(s.last) {
		s.last = d
	}
	from := s.ticked.AddDays(1)
	if s.ticked.IsZero() {
		from = s.opt.Start
	}
	for day := from; !day.After(s.last); day = day.AddDays(1) {
		midnight := day.Start(time.UTC)
		s.pushDay(&action{at: midnight.Add(10 * time.Minute), kind: EventTick, day: day})
		s.pushDay(&action{at: midnight.Add(23 * time.Hour), kind: EventPosting, day: day})
		s.ticked = day
	}
}

func (s *Season) pushDay(a *action) {
	s.queued++
	a.seq = s.queued
	heap.Push(&s.queue, a)
}

// controlDays is the control of every season sheet: 40 days per 5 moves (4.3.1), far above what
// a player answering in three days at most, with a stop's penalty days, needs.
const controlDays = 40

// answer queues the next letter of game g, whose move reached its player on move on day got
// (fault: the letter before was stopped, and this one is written the next day).
func (s *Season) answer(g *seasonGame, got daysclock.Date, fault bool) {
	if g.over {
		return
	}
	side := g.white
	if g.ply%2 == 1 {
		side = g.black
	}
	p := g.t.players[side]
	// A player by e-mail may fall silent: time forfeits him (overstep = "forfeit"). The silence
	// of a player by post is the judge's to decide (his card may be in the post): he does not
	// fall silent, and resigns where another would.
	if !p.post && (g.silentAt == g.ply || g.ply == len(g.line) && g.end == endSilent) {
		g.over = true
		return
	}
	wait := 1 + s.rng.IntN(3)
	if fault {
		wait = 1
	}
	day := got.AddDays(wait)
	if day.Before(g.t.start) {
		day = g.t.start
	}
	a := &action{kind: EventLetter, g: g, fault: !fault && !p.post && g.ply < len(g.line) && s.rng.IntN(100) < 3}
	if p.post {
		// His card reaches the captain post_days after its postmark.
		a.card, a.postmark = true, day
		day = day.AddDays(postDays)
	}
	a.at = day.Start(time.UTC).Add(6*time.Hour + time.Duration(s.rng.IntN(14*60))*time.Minute)
	s.push(a)
}

// act turns a due action into its event, and queues what follows from it.
func (s *Season) act(a *action) (Event, bool) {
	switch a.kind {
	case EventTick:
		return Event{Kind: EventTick, At: a.at}, true
	case EventPosting:
		return Event{Kind: EventPosting, At: a.at, Day: a.day}, true
	}
	g := a.g
	if g.over {
		return Event{}, false
	}
	// Among the letters, now and then the judge rules: a penalty, or the loss of a game.
	if s.told++; s.told%s.opt.RulingEvery == 0 {
		if ev, ok := s.ruling(a.at); ok {
			s.push(a) // this letter comes just after the ruling
			return ev, true
		}
	}
	white := g.ply%2 == 0
	from, to := g.t.players[g.white], g.t.players[g.black]
	if !white {
		from, to = to, from
	}
	var lines []string
	var prev string
	if g.ply > 0 {
		prev = numbered(g.ply-1, g.line[g.ply-1])
	}
	words := phrases[g.t.lang]
	lines = append(lines, fmt.Sprintf(words.game, g.t.code, g.name))
	if prev != "" {
		lines = append(lines, fmt.Sprintf(words.received, prev))
	}
	ev := Event{At: a.at, Want: referee.Accepted, Game: g.t.code + "/" + g.name}
	ended := false
	switch {
	case g.offered:
		// A letter that ends the game without a move is recorded as a notice.
		lines = append(lines, words.acceptDraw)
		ended, ev.Want = true, referee.Notice
	case g.ply == len(g.line):
		lines = append(lines, words.resign)
		ended, ev.Want = true, referee.Notice
	case a.fault:
		lines = append(lines, fmt.Sprintf(words.move, numbered(g.ply, swapped(g.line[g.ply]))))
		ev.Want = referee.Rejected
	default:
		lines = append(lines, fmt.Sprintf(words.move, numbered(g.ply, g.line[g.ply])))
		if g.ply == len(g.line)-1 && g.end == endDraw {
			lines = append(lines, words.offerDraw)
		}
	}
	text := fmt.Sprintf(words.greeting, to.name) + "\r\n\r\n" + strings.Join(lines, "\r\n") + "\r\n\r\n" + words.regards + "\r\n" + from.name + "\r\n"
	if a.card {
		side := "white"
		if !white {
			side = "black"
		}
		ev.Kind = EventRequest
		ev.Request = &office.CardRequest{Game: ev.Game, From: side, Postmark: a.postmark,
			Received: daysclock.DateOf(a.at, time.UTC), Text: strings.ReplaceAll(text, "\r\n", "\n")}
		s.counted.cards++
	} else {
		s.uid++
		subject := fmt.Sprintf(words.subject, g.t.code, g.name)
		raw := "From: " + (&mail.Address{Name: from.name, Address: from.email}).String() +
			"\r\nTo: " + Address + "\r\nSubject: " + mime.BEncoding.Encode("utf-8", subject) +
			"\r\nDate: " + a.at.Format(time.RFC1123Z) +
			fmt.Sprintf("\r\nMessage-ID: <season-%d@players.test>", s.uid) +
			"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + text
		ev.Kind = EventLetter
		ev.Letter = office.Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: s.uid, Raw: []byte(raw), InternalDate: a.at, Size: int64(len(raw))}
		s.counted.letters++
	}
	day := daysclock.DateOf(a.at, time.UTC)
	switch {
	case ended:
		g.over = true
	case a.fault:
		s.answer(g, day, true)
	default:
		if g.ply == len(g.line)-1 && g.end == endDraw {
			g.offered = true
		}
		g.ply++
		// The move reaches the partner today by e-mail; a player by post gets the card the
		// captain posts tonight post_days later.
		got := day
		if to.post {
			got = day.AddDays(postDays)
		}
		s.answer(g, got, false)
	}
	return ev, true
}

// ruling is a ruling of the judge on a game in play, chosen at random: mostly a penalty day
// (4.1.10), now and then the loss of the game by the player on move (4.1.7), which ends it.
func (s *Season) ruling(at time.Time) (Event, bool) {
	var inPlay []*seasonGame
	for _, t := range s.tours {
		for _, g := range t.games {
			if !g.over && g.ply > 0 && !g.offered && !t.players[g.white].post && !t.players[g.black].post {
				inPlay = append(inPlay, g)
			}
		}
	}
	if len(inPlay) == 0 {
		return Event{}, false
	}
	g := inPlay[s.rng.IntN(len(inPlay))]
	side := "white"
	if g.ply%2 == 1 {
		side = "black"
	}
	id := g.t.code + "/" + g.name
	req := office.RuleRequest{Kind: referee.RulePenalty, Game: id, Side: side, Days: 1, Clause: "4.1.10",
		Reason: "A letter to the judge left unanswered."}
	if s.counted.rulings%4 == 3 {
		req = office.RuleRequest{Kind: referee.RuleForfeit, Game: id, Side: side, Clause: "4.1.7",
			Reason: "Three reminders left unanswered."}
		g.over = true
	}
	s.counted.rulings++
	return Event{Kind: EventRequest, At: at.Add(-time.Minute), Request: &req, Game: id}, true
}

// line is a random legal line of the variant's, s.opt.Plies+1 long, on which the side on move has
// two legal moves at least after every ply (no forced reply, 4.2.4). Lines are drawn from a few
// per variant, so that games share openings as they do.
func (s *Season) line(variant string) ([]string, error) {
	if ls := s.lines[variant]; len(ls) >= 24 {
		return ls[s.rng.IntN(len(ls))], nil
	}
	v, err := rules.VariantByID(variant)
	if err != nil {
		return nil, err
	}
	n := s.opt.Plies + 1
	for range 50 {
		var line []string
		budget := 100000
		var dfs func(p rules.Position) bool
		dfs = func(p rules.Position) bool {
			if len(line) == n {
				return true
			}
			if budget--; budget < 0 {
				return false
			}
			moves := p.LegalMoves(nil)
			s.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			for _, m := range moves {
				q := p.Play(m)
				if len(q.LegalMoves(nil)) < 2 {
					continue
				}
				line = append(line, rules.FormatMove(&p, m))
				if dfs(q) {
					return true
				}
				line = line[:len(line)-1]
			}
			return false
		}
		if dfs(v.Start()) {
			s.lines[variant] = append(s.lines[variant], line)
			return line, nil
		}
	}
	return nil, fmt.Errorf("season: no line of %d plies of %s", n, variant)
}

// swapped writes a move's squares the other way round: its first square is where the piece
// lands, empty before the move, so no piece stands there (4.2.10).
func swapped(move string) string {
	sq := strings.FieldsFunc(move, func(r rune) bool { return r == '-' || r == ':' || r == 'x' })
	return sq[len(sq)-1] + "-" + sq[0]
}

// numbered writes ply k (0-based) with its move number, as players do: "12. g3:e5",
// "12... f6:d4".
func numbered(k int, text string) string {
	if k%2 == 0 {
		return fmt.Sprintf("%d. %s", k/2+1, text)
	}
	return fmt.Sprintf("%d... %s", k/2+1, text)
}

// seasonWords are a letter's sentences in one language.
type seasonWords struct {
	subject, greeting, game, received, move, resign, offerDraw, acceptDraw, regards string
}

var phrases = map[string]seasonWords{
	"ru": {subject: "%s, партия %s", greeting: "Здравствуйте, %s!", game: "Турнир %s, партия %s.",
		received: "Получил ваш ход %s.", move: "Мой ход: %s", resign: "Сдаюсь. Спасибо за партию.",
		offerDraw: "Предлагаю ничью.", acceptDraw: "Согласен на ничью.", regards: "С уважением,"},
	"en": {subject: "%s game %s", greeting: "Dear %s,", game: "Tournament %s, game %s.",
		received: "Received your %s.", move: "My move: %s", resign: "I resign. Thank you for the game.",
		offerDraw: "I offer a draw.", acceptDraw: "I accept the draw.", regards: "Regards,"},
}

var (
	surnamesRU = []string{"Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов", "Попов", "Волков", "Соколов", "Лебедев", "Козлов",
		"Новиков", "Морозов", "Павлов", "Семёнов", "Голубев", "Виноградов", "Богданов", "Воробьёв", "Фёдоров", "Михайлов"}
	namesRU    = []string{"Пётр", "Иван", "Сергей", "Олег", "Анна", "Мария", "Николай", "Алексей", "Елена", "Виктор"}
	surnamesEN = []string{"Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright",
		"Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke"}
	namesEN = []string{"John", "Mary", "Peter", "Anne", "George", "Helen", "David", "Susan", "Robert", "Margaret"}
)

// playerName is the name of the season's player i in a tournament of language lang.
func playerName(lang string, i int) string {
	if lang == "ru" {
		return surnamesRU[i%len(surnamesRU)] + " " + namesRU[(i/len(surnamesRU))%len(namesRU)]
	}
	return namesEN[(i/len(surnamesEN))%len(namesEN)] + " " + surnamesEN[i%len(surnamesEN)]
}

// sheet is the tournament's start sheet.
func (t *seasonTournament) sheet() string {
	var b strings.Builder
	zone := map[string]string{"ru": "Europe/Moscow", "en": "Europe/London"}[t.lang]
	fmt.Fprintf(&b, "[tournament]\ncode = %q\nname = \"Season %s\"\nvariant = %q\nstart = %s\nend = %s\nlanguage = %q\n"+
		"address = %q\njudge = %q\ndirector = %q\nrounds = 1\npostal_address = \"Club captain, 1 Main Street, Town\"\n\n"+
		"[regulation]\nzone = %q\ncontrol_moves = 5\ncontrol_days = %d\nreminders = [7, 1]\nsilence_days = 10\n"+
		"overstep = \"forfeit\"\npost_days = %d\n",
		t.code, t.code, t.variant, t.start, t.start.AddDays(365), t.lang, Address, Judge, Director, zone, controlDays, postDays)
	for i, p := range t.players {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = %q\n", i+1, p.name)
		if p.post {
			fmt.Fprintf(&b, "channel = \"post\"\npostal_address = \"%d Station Road, Town\"\n", i+1)
		} else {
			fmt.Fprintf(&b, "email = %q\n", p.email)
		}
	}
	return b.String()
}

// Clock is the season's time, which the office reads (office.Options.Now) and the player of the
// season sets before each event. Safe for concurrent use: the pages read it too.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set sets the clock.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// Postald is what a season is played on: an office, directly or through the daemon's owner
// goroutine.
type Postald interface {
	Letter(m office.Incoming) error
	Run(c office.Command) (office.Reply, error)
	Tick() error
}

// Play does event ev on p, whose store is db, at the clock's time ev.At, and checks that postald
// decided it as the season told it (Event.Want).
func Play(ev Event, p Postald, db *store.DB, clock *Clock) error {
	clock.Set(ev.At)
	switch ev.Kind {
	case EventTick:
		return p.Tick()
	case EventLetter:
		if err := p.Letter(ev.Letter); err != nil {
			return fmt.Errorf("letter %d (%s): %w", ev.Letter.UID, ev.Game, err)
		}
		return db.View(func(tx *store.Tx) error {
			in, err := tx.Inbound(office.RefOf(ev.Letter))
			if err != nil {
				return err
			}
			if in.State != store.InboundDone || in.Verdict != string(ev.Want) {
				return fmt.Errorf("letter %d (%s): %s %s (%s), want %s:\n%s", ev.Letter.UID, ev.Game, in.State, in.Verdict, in.Reason, ev.Want, ev.Letter.Raw)
			}
			return nil
		})
	case EventRequest:
		rep, err := p.Run(ev.Request)
		if err != nil {
			return fmt.Errorf("%s: %w", ev.Game, err)
		}
		card, ok := ev.Request.(*office.CardRequest)
		if !ok {
			return nil
		}
		c, ok, err := office.As[*office.CardEntered](rep)
		if err != nil || !ok || !c.Entered || c.Verdict != string(ev.Want) {
			return fmt.Errorf("card (%s): %+v (%v), want %s entered:\n%s", ev.Game, c, err, ev.Want, card.Text)
		}
		return nil
	case EventPosting:
		rep, err := p.Run(&reading.CardsRequest{})
		if err != nil {
			return fmt.Errorf("cards: %w", err)
		}
		cards, _, err := office.As[*reading.CardsReply](rep)
		if err != nil {
			return fmt.Errorf("cards: %w", err)
		}
		if cards == nil || len(cards.Cards) == 0 {
			return nil
		}
		if len(cards.Unreadable) > 0 {
			return fmt.Errorf("cards: %d cannot be read: %v", len(cards.Unreadable), cards.Unreadable)
		}
		var seqs []uint64
		for _, c := range cards.Cards {
			seqs = append(seqs, c.Seq)
		}
		_, err = p.Run(&office.PostRequest{Seqs: seqs, On: ev.Day})
		return err
	}
	return fmt.Errorf("event of kind %q", ev.Kind)
}
