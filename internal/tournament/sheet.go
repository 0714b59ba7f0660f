package tournament

import (
	"fmt"
	"net/mail"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"postald/internal/daysclock"
	"postald/internal/pdf"
	"postald/internal/phrase"
	"postald/internal/postal"
	"postald/internal/referee"
)

// Sheet is a tournament's start sheet: who plays, what, from when to when and under which
// regulation. ParseSheet reads one from TOML and checks it; a Sheet it returns is valid.
type Sheet struct {
	Code     string // шифр турнира, an opaque string: "СТ-2026/1"
	Name     string
	Variant  string // an id of variants.md: "russian", "column", ...
	Start    daysclock.Date
	End      daysclock.Date
	Language string // "ru" or "en": the language of the letters to the judge and the director, and every player's by default
	Address  string // postald's own address; players write their moves here
	Judge    string
	Director string
	Rounds   int // 1 = single round-robin, 2 = double
	// PostalAddress is the captain's address, where the players by post send their cards (the
	// lines of its address block); Phone the captain's number, which the players by telephone
	// call. Each is required when a player plays that way.
	PostalAddress []string
	Phone         string

	// Regulation is the [regulation] table with every unset key given its default.
	Regulation referee.Regulation

	// Players are in number order: Players[i].Number == i+1.
	Players []Player

	// Lots are what the sheet draws by lot, and once drawn what was drawn (lots.go).
	Lots Lots
	// System is the competition system (seed 003, 1.2); RoundRobin by default. Teams are the
	// [[team]] tables of a team event, in the sheet's order (Team.Number); Competition the
	// [regulation] keys of the competition (micromatches, team points), defaults filled in.
	System      System
	Teams       []Team
	Competition Competition
	// Stage is the stage of a mixed competition the tournament is ([stage]: the stage before,
	// the places that go on); zero for a tournament of its own (stage.go).
	Stage Stage

	// PlayFrom is the day play starts for the players when the tournament is registered after
	// its start date (4.3.2: the day after the start letter is received); zero when it is
	// registered in time and play starts on Start. It is not a key of the sheet: the office
	// sets it when it registers the tournament, and the start letter names it.
	PlayFrom daysclock.Date
}

// Player is one participant of a tournament.
type Player struct {
	Number int // personal number from the draw, 1..N
	Name   string
	Email  string
	// Language is the language of every letter to him (letters.md): the sheet's per-player
	// `language`, else the tournament's.
	Language string
	// Channel is how he plays (4.1.1): by e-mail (the default), by post, by telephone.
	// PostalAddress is where his cards go (channel post), one line per line of the address
	// block; Phone is the number the captain calls (channel phone). A player by post or
	// telephone may still have an e-mail address, which gets a copy of every letter to him.
	Channel       referee.Channel
	PostalAddress []string
	Phone         string
	// Email2 is his second e-mail address (email2): where a letter to him goes at once when his
	// own address returns it (docs/director.md). A player by e-mail may also give his postal
	// address, where such a letter goes by post when he has no second address.
	Email2 string
	// Rating is his individual rating (Elo), for the tie-break of the opponents' ratings (seed
	// 003, 1.13.3); 0 for none.
	Rating int
}

// Languages of the letters postald writes.
const (
	Russian = "ru"
	English = "en"
)

// languages returns the languages postald writes letters in (the phrasebook's), sorted.
func languages() []string {
	l := phrase.Languages()
	sort.Strings(l)
	return l
}

// isLanguage reports whether lang is a language of the phrasebook.
func isLanguage(lang string) bool {
	for _, l := range phrase.Languages() {
		if l == lang {
			return true
		}
	}
	return false
}

// variants lists the game ids postald referees (variants.md, clause 4.1.4).
var variants = []string{
	"russian", "international", "column", "lasca",
	"russian-giveaway", "international-giveaway", "column-giveaway", "lasca-giveaway",
}

// IsVariant reports whether id names a variant postald referees (variants.md).
func IsVariant(id string) bool {
	for _, v := range variants {
		if v == id {
			return true
		}
	}
	return false
}

// Problem is one thing wrong in a start sheet or a results file: where it is and what, in
// English; In words it in another language.
type Problem struct {
	Where string // "tournament.end", "player 3 (number 7).email", "regulation.scoring"
	What  string
	// format and args are What's English format and its values, which the phrasebook's
	// Sheet.Problems words in another language ("" for a Problem made otherwise).
	format string
	args   []any
}

// NewProblem is the problem at where that format says with args, in English.
func NewProblem(where, format string, args ...any) Problem {
	return Problem{Where: where, What: fmt.Sprintf(format, args...), format: format, args: args}
}

func (p Problem) String() string { return p.Where + ": " + p.What }

// In returns the problem worded in lang (the phrasebook's Sheet): the key as it stands in the
// file, the words around it and what is wrong in lang; as it is in a language that has no
// words for it.
func (p Problem) In(lang string) Problem {
	t := &phrase.For(lang).Sheet
	out := p
	if t.Where != nil {
		out.Where = t.Where(p.Where)
	}
	if p.format == "" || t.Fault == nil {
		return out
	}
	args := make([]any, len(p.args))
	for i, a := range p.args {
		switch a := a.(type) {
		case said:
			args[i] = t.Fault(string(a))
		case fileKey:
			args[i] = t.Where(string(a))
		default:
			args[i] = a
		}
	}
	out.What = fmt.Sprintf(t.Fault(p.format), args...)
	return out
}

// said is a value of a problem's format that is English words (what a count of 0 would mean):
// Problem.In words it as it words the format.
type said string

// fileKey is a value of a problem's format that is a place in the file ("team 2"): Problem.In
// words it as it words Where.
type fileKey string

// InvalidError lists every problem found in a start sheet or a results file,
// so that a director can correct them all at once.
type InvalidError struct {
	Problems []Problem
}

func (e *InvalidError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// problems collects Problems while a file is checked.
type problems []Problem

func (ps *problems) add(where, format string, args ...any) {
	*ps = append(*ps, NewProblem(where, format, args...))
}

// In returns the error with every problem worded in lang (Problem.In), for the command line
// of that language.
func (e *InvalidError) In(lang string) *InvalidError {
	out := &InvalidError{Problems: make([]Problem, len(e.Problems))}
	for i, p := range e.Problems {
		out.Problems[i] = p.In(lang)
	}
	return out
}

func (ps problems) err() error {
	if len(ps) == 0 {
		return nil
	}
	return &InvalidError{Problems: ps}
}

// sheetFile is the TOML layout of a start sheet (formats.md).
type sheetFile struct {
	Tournament struct {
		Code          string `toml:"code"`
		Name          string `toml:"name"`
		Variant       string `toml:"variant"`
		Start         any    `toml:"start"`
		End           any    `toml:"end"`
		Language      string `toml:"language"`
		Address       string `toml:"address"`
		Judge         string `toml:"judge"`
		Director      string `toml:"director"`
		Rounds        int    `toml:"rounds"`
		PostalAddress string `toml:"postal_address"`
		Phone         string `toml:"phone"`
		System        string `toml:"system"`
	} `toml:"tournament"`
	Regulation regulationFile `toml:"regulation"`
	Team       []teamFile     `toml:"team"`
	Lots       lotsFile       `toml:"lots"`
	Stage      stageFile      `toml:"stage"`
	Player     []struct {
		Number   int    `toml:"number"`
		Name     string `toml:"name"`
		Email    string `toml:"email"`
		Language string `toml:"language"`
		Channel  string `toml:"channel"`
		Postal   string `toml:"postal_address"`
		Phone    string `toml:"phone"`
		Email2   string `toml:"email2"`
		Rating   int    `toml:"rating"`
	} `toml:"player"`
}

// regulationFile is the [regulation] table: the correspondence rules the referee applies and the
// keys of the competition.
type regulationFile struct {
	referee.Regulation
	Competition
}

// ParseSheet reads and checks a start sheet (formats.md). A sheet with mistakes yields an
// *InvalidError naming every key that is wrong; a TOML syntax error is returned as it is.
func ParseSheet(data []byte) (*Sheet, error) {
	var f sheetFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, fmt.Errorf("start sheet: %w", err)
	}
	var ps problems
	for _, k := range md.Undecoded() {
		ps.add(k.String(), "unknown key")
	}
	t := f.Tournament
	s := &Sheet{
		Code:     strings.TrimSpace(t.Code),
		Name:     strings.TrimSpace(t.Name),
		Variant:  t.Variant,
		Language: t.Language,
		Address:  t.Address,
		Judge:    t.Judge,
		Director: t.Director,
		Rounds:   t.Rounds,

		PostalAddress: addressLines("", t.PostalAddress),
		Phone:         strings.TrimSpace(t.Phone),
	}
	if s.Code == "" {
		ps.add("tournament.code", "missing: the tournament code (шифр) names the tournament in every letter")
	} else if strings.ContainsAny(s.Code, "\r\n\t") {
		ps.add("tournament.code", "%q: a code is one line", s.Code)
	}
	if s.Name == "" {
		ps.add("tournament.name", "missing")
	}
	if !IsVariant(s.Variant) {
		ps.add("tournament.variant", "%q is not a variant: want one of %s", s.Variant, strings.Join(variants, ", "))
	}
	s.Start = sheetDate(&ps, "tournament.start", t.Start)
	s.End = sheetDate(&ps, "tournament.end", t.End)
	if !s.Start.IsZero() && !s.End.IsZero() && !s.End.After(s.Start) {
		ps.add("tournament.end", "%s is not after the start %s", s.End, s.Start)
	}
	if s.Language == "" {
		s.Language = Russian // letters.md: ru by default
	} else if !isLanguage(s.Language) {
		ps.add("tournament.language", "%q: want one of %s", s.Language, strings.Join(languages(), ", "))
	}
	checkEmail(&ps, "tournament.address", s.Address)
	checkEmail(&ps, "tournament.judge", s.Judge)
	checkEmail(&ps, "tournament.director", s.Director)
	checkRounds(&ps, md, t.System, s)

	// A count set to 0 would silently take its default (penalty_days = 0 still charging 6):
	// an explicit 0 is refused, with the key named, like a negative count.
	for _, k := range regulationCounts(f.Regulation.Regulation) {
		if k.v == 0 && md.IsDefined("regulation", k.key) {
			ps.add("regulation."+k.key, "0: %s; leave the key out for the default %d", said(k.what), k.def)
		}
	}
	s.Regulation = f.Regulation.Regulation.WithDefaults()
	checkRegulation(&ps, s.Regulation)

	given := 0
	for _, p := range f.Player {
		if p.Number != 0 {
			given++
		}
	}
	roundRobin := System(strings.TrimSpace(t.System)) == RoundRobin || strings.TrimSpace(t.System) == ""
	drawn := lotNumbers(&ps, f.Lots, given, len(f.Player), roundRobin)
	s.Lots = parseLots(&ps, f.Lots, s.Variant, drawn, roundRobin)

	byNumber := map[int]int{} // number -> index in the file
	byEmail := map[string]int{}
	for i, p := range f.Player {
		where := fmt.Sprintf("player %d", i+1)
		if p.Number != 0 {
			where = fmt.Sprintf("player %d (number %d)", i+1, p.Number)
		}
		if p.Number == 0 && (drawn || !roundRobin && given == 0) {
			// The lot draws the numbers (lots.go): the sheet's order until then. A Swiss's and a
			// team event's sheet that numbers nobody numbers its players in its order.
			p.Number = i + 1
		}
		name := strings.TrimSpace(p.Name)
		if name == "" {
			ps.add(where+".name", "missing")
		}
		switch j, dup := byNumber[p.Number]; {
		case p.Number < 1:
			ps.add(where+".number", "%d: numbers start at 1", p.Number)
		case dup:
			ps.add(where+".number", "%d is also the number of player %d", p.Number, j+1)
		default:
			byNumber[p.Number] = i
		}
		ch := referee.Channel(p.Channel)
		if !ch.Known() {
			ps.add(where+".channel", "%q: want email, post or phone", p.Channel)
		}
		if ch == "" {
			ch = referee.ChannelEmail
		}
		addr := addressLines(name, p.Postal)
		switch {
		case ch == referee.ChannelPost && len(addr) == 0:
			ps.add(where+".postal_address", "missing: a player by post needs the address his cards go to")
		case ch == referee.ChannelPhone && len(addr) > 0:
			ps.add(where+".postal_address", "set for a player by %s: set channel = \"post\" to send him cards", ch)
		}
		phone := strings.TrimSpace(p.Phone)
		switch {
		case ch == referee.ChannelPhone && phone == "":
			ps.add(where+".phone", "missing: a player by telephone needs the number the captain calls")
		case ch != referee.ChannelPhone && phone != "":
			ps.add(where+".phone", "set for a player by %s: set channel = \"phone\" to play by telephone", ch)
		}
		// A player by post or telephone may leave out his e-mail address (copies go to it).
		if (ch == referee.ChannelEmail || p.Email != "") && checkEmail(&ps, where+".email", p.Email) {
			key := strings.ToLower(p.Email)
			if j, dup := byEmail[key]; dup {
				ps.add(where+".email", "%s is also the address of player %d", p.Email, j+1)
			} else {
				byEmail[key] = i
			}
			if strings.EqualFold(p.Email, s.Address) {
				ps.add(where+".email", "%s is the tournament's own address", p.Email)
			}
		}
		email2 := strings.TrimSpace(p.Email2)
		if email2 != "" && checkEmail(&ps, where+".email2", email2) {
			switch key := strings.ToLower(email2); {
			case strings.EqualFold(email2, p.Email):
				ps.add(where+".email2", "%s is his first address too", email2)
			case strings.EqualFold(email2, s.Address):
				ps.add(where+".email2", "%s is the tournament's own address", email2)
			default:
				if j, dup := byEmail[key]; dup && j != i {
					ps.add(where+".email2", "%s is also the address of player %d", email2, j+1)
				}
			}
		}
		lang := p.Language
		if lang == "" {
			lang = s.Language // letters.md: the tournament's language unless the player has his own
		} else if !isLanguage(lang) {
			ps.add(where+".language", "%q: want one of %s", lang, strings.Join(languages(), ", "))
		}
		if p.Rating < 0 {
			ps.add(where+".rating", "%d: a rating is not negative; leave the key out for none", p.Rating)
		}
		s.Players = append(s.Players, Player{Number: p.Number, Name: name, Email: p.Email, Language: lang,
			Channel: ch, PostalAddress: addr, Phone: phone, Email2: email2, Rating: p.Rating})
	}
	// The players by post send their cards to the captain, those by telephone call him (4.2.1).
	var post, phone bool
	for _, p := range s.Players {
		if p.Channel == referee.ChannelPost && len(s.PostalAddress) == 0 && !post {
			post = true
			ps.add("tournament.postal_address", "missing: player %d plays by post and sends his cards to the captain's address", p.Number)
		}
		if p.Channel == referee.ChannelPhone && s.Phone == "" && !phone {
			phone = true
			ps.add("tournament.phone", "missing: player %d plays by telephone and calls the captain's number", p.Number)
		}
	}
	if len(f.Player) < 2 {
		ps.add("player", "%d players: a round-robin needs at least 2", len(f.Player))
	}
	// Berger tables number the players 1..N (seed 000, appendix 1), so a gap leaves a
	// column of the table without a player.
	for n := 1; n <= len(f.Player); n++ {
		if _, ok := byNumber[n]; !ok {
			ps.add("player", "no player has number %d: numbers run 1..%d without gaps", n, len(f.Player))
		}
	}
	sort.Slice(s.Players, func(i, j int) bool { return s.Players[i].Number < s.Players[j].Number })
	checkSystem(&ps, md, &f, s)
	checkStage(&ps, f.Stage, s)
	if err := ps.err(); err != nil {
		return nil, err
	}
	return s, nil
}

// CardProblems lists what the cards of a valid sheet could not print, for a sheet registered
// now (tournament create): the captain's address with the tournament's name as a card's sender
// block, and each player's by post with his name as its address block, in the lines and
// lengths those blocks have (pdf.SenderProblem, pdf.AddressProblem). A card that could not be
// printed would wait, and its game with it (4.3.1), so such a sheet is refused before any card
// is written. A sheet already registered is not checked again: its cards that cannot print are
// named when they are printed, and the others print.
func (s *Sheet) CardProblems() []Problem {
	var ps problems
	if len(s.PostalAddress) > 0 {
		if why := pdf.SenderProblem(s.CardSender()); why != "" {
			ps.add("tournament.postal_address", "the captain's address with the tournament's name is %s: shorten the address or the name", why)
		}
	}
	for _, p := range s.Players {
		if len(p.PostalAddress) > 0 { // by post, or where a letter his mail returned goes
			if why := pdf.AddressProblem(p.CardAddress()); why != "" {
				ps.add(fmt.Sprintf("player %d.postal_address", p.Number), "with the name, %s: shorten the address", why)
			}
		}
	}
	return ps
}

// Unusual lists what is only unusual in a valid sheet registered on today: an end date already
// past (a tournament entered late, after its play). Such a sheet is registered only when the
// director insists (tournament create -force). A start date already past is not unusual: play
// then starts the day after the start letter is received (4.3.2).
func (s *Sheet) Unusual(today daysclock.Date) []Problem {
	var ps problems
	if !s.End.After(today) {
		ps.add("tournament.end", "%s is not after today, %s: every game would go to adjudication at once (4.3.2); -force registers it all the same", s.End, today)
	}
	return ps
}

// addressLines splits the postal address of name ("" for the captain's) into the lines of its
// address block: the lines of a multi-line string as written, or a one-line address split into
// the lines its post wants (package postal: the street with its house and flat on one line).
func addressLines(name, s string) []string {
	return postal.Lines(name, []string{s})
}

// sheetDate reads a start or end date. TOML gives a bare 2026-11-01 as a local date
// (a time.Time); a quoted "2026-11-01" is accepted too.
func sheetDate(ps *problems, where string, v any) daysclock.Date {
	switch v := v.(type) {
	case nil:
		ps.add(where, "missing: want a date such as 2026-11-01")
	case time.Time:
		if h, m, s := v.Clock(); h != 0 || m != 0 || s != 0 || v.Nanosecond() != 0 {
			ps.add(where, "%s: want a date without a time of day", v.Format(time.RFC3339))
			break
		}
		return daysclock.Date{Year: v.Year(), Month: v.Month(), Day: v.Day()}
	case string:
		d, err := daysclock.ParseDate(v)
		if err != nil {
			ps.add(where, "%q: want a date such as 2026-11-01", v)
			break
		}
		return d
	default:
		ps.add(where, "%v: want a date such as 2026-11-01", v)
	}
	return daysclock.Date{}
}

// checkEmail reports whether addr is a bare e-mail address (local@domain, no display name).
func checkEmail(ps *problems, where, addr string) bool {
	if addr == "" {
		ps.add(where, "missing e-mail address")
		return false
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Name != "" || a.Address != addr {
		ps.add(where, "%q is not an e-mail address (want name@domain.example)", addr)
		return false
	}
	return true
}

// regulationCount is one count of the [regulation] table: its key, its value, its default and
// what a value of 0 would mean, which the sheet cannot ask for.
type regulationCount struct {
	key, what string
	v, def    int
}

// regulationCounts lists the counts of r with their defaults (referee.DefaultRegulation).
func regulationCounts(r referee.Regulation) []regulationCount {
	d := referee.DefaultRegulation()
	return []regulationCount{
		{"control_moves", "a control needs at least one move (4.3.1)", r.ControlMoves, d.ControlMoves},
		{"control_days", "a control needs at least one day (4.3.1)", r.ControlDays, d.ControlDays},
		{"penalty_days", "a penalty is at least one day (4.2.11)", r.PenaltyDays, d.PenaltyDays},
		{"silence_days", "the judge is told of a silence after at least one day", r.SilenceDays, d.SilenceDays},
		{"leave_days", "leave is at least one day (4.1.3)", r.LeaveDays, d.LeaveDays},
		{"adjudication_days", "the players need at least one day for their evaluation (4.3.2)", r.AdjudicationDays, d.AdjudicationDays},
		{"protest_days", "a protest needs at least one day (4.1.12)", r.ProtestDays, d.ProtestDays},
		{"lone_king_moves", "a limit of 2.6 is at least one move", r.LoneKingMoves, d.LoneKingMoves},
		{"five_kings_moves", "a limit of 2.6 is at least one move", r.FiveKingsMoves, d.FiveKingsMoves},
		{"kings_only_moves", "a limit of 2.6 is at least one move", r.KingsOnlyMoves, d.KingsOnlyMoves},
	}
}

// checkRegulation checks the [regulation] table after defaults.
func checkRegulation(ps *problems, r referee.Regulation) {
	for _, f := range regulationCounts(r) {
		if f.v < 0 {
			ps.add("regulation."+f.key, "%d: a count of moves or days cannot be negative", f.v)
		}
	}
	if r.PostDays < 0 {
		ps.add("regulation.post_days", "%d: a card cannot arrive before it is posted", r.PostDays)
	}
	for i, d := range r.Reminders {
		if d < 1 {
			ps.add(fmt.Sprintf("regulation.reminders[%d]", i), "%d: a reminder comes at least one day before the deadline", d)
		}
	}
	if r.EndgameClaims != referee.EndgameClaimsJudge && r.EndgameClaims != referee.EndgameClaimsAuto {
		ps.add("regulation.endgame_claims", "%q: want judge or auto", r.EndgameClaims)
	}
	if r.Overstep != referee.OverstepJudge && r.Overstep != referee.OverstepForfeit {
		ps.add("regulation.overstep", "%q: want judge or forfeit", r.Overstep)
	}
	if strings.TrimSpace(r.Zone) != r.Zone || strings.ContainsAny(r.Zone, " \t\r\n") {
		ps.add("regulation.zone", "%q is not a time zone name such as Europe/Moscow", r.Zone)
	}
	if _, err := ParseScoring(r.Scoring); err != nil {
		ps.add("regulation.scoring", "%q: want 1-0.5-0 or 2-1-0 (seed 003, 1.12.1)", r.Scoring)
	}
	checkTiebreaks(ps, "regulation.tiebreaks", r.Tiebreaks)
}

// Player returns the player with the given number.
func (s *Sheet) Player(number int) (Player, bool) {
	if number < 1 || number > len(s.Players) {
		return Player{}, false
	}
	return s.Players[number-1], true
}

// Seat returns player number as the referee seats him in a game: his name, his address, his
// channel and his own language where it is not the tournament's (letters.md).
func (s *Sheet) Seat(number int) (referee.Player, bool) {
	p, ok := s.Player(number)
	if !ok {
		return referee.Player{}, false
	}
	rp := referee.Player{Number: p.Number, Name: p.Name, Email: p.Email}
	if l := s.LanguageOf(number); l != s.Language {
		rp.Language = l
	}
	if p.Channel != referee.ChannelEmail {
		rp.Channel = p.Channel
	}
	return rp, true
}

// Table returns the tournament as the referee decides its games (referee.Table): the variant,
// the languages, the addresses, the players as Seat seats them, the dates, the regulation and
// zone, the regulation's zone loaded by the caller (the core reads no zone database). The office
// builds it once per revision of the sheet.
func (s *Sheet) Table(zone *time.Location) *referee.Table {
	t := &referee.Table{Code: s.Code, Variant: s.Variant, Language: s.Language, Address: s.Address,
		Judge: s.Judge, Director: s.Director, Start: s.Start, End: s.End,
		Regulation: s.Regulation.WithDefaults(), Zone: zone, Openings: s.openings()}
	t.Players = make([]referee.Player, 0, len(s.Players))
	for _, p := range s.Players {
		rp, _ := s.Seat(p.Number)
		t.Players = append(t.Players, rp)
	}
	for _, tm := range s.Teams {
		t.Captains = append(t.Captains, referee.Captain{Address: tm.Captain, Team: tm.Name,
			Players: append(append([]int(nil), tm.Boards...), tm.Reserves...)})
	}
	return t
}

// LanguageOf returns the language of the letters to player number; the tournament's for a
// number it does not know.
func (s *Sheet) LanguageOf(number int) string {
	if p, ok := s.Player(number); ok && p.Language != "" {
		return p.Language
	}
	return s.Language
}

// PlayerByEmail returns the player who plays from addr (compared without regard to case).
func (s *Sheet) PlayerByEmail(addr string) (Player, bool) {
	if strings.TrimSpace(addr) == "" {
		// A player by post or telephone may have no address (4.1.1): no address is nobody's.
		return Player{}, false
	}
	for _, p := range s.Players {
		if strings.EqualFold(p.Email, addr) {
			return p, true
		}
	}
	return Player{}, false
}

// Games returns every game the sheet pairs, in round order: by the Berger tables of the players
// (a round robin) or of the teams (a team event, teamDraw). A Swiss is paired round by round
// as it is played, so its sheet pairs none (SwissGames).
func (s *Sheet) Games() []Game {
	switch {
	case s.System.Teams():
		games, _ := teamDraw(s)
		return games
	case s.System == Swiss:
		return nil
	case s.System == Knockout:
		return s.knockoutFirst() // round 1; the others are opened as it is played (knockout.go)
	}
	games, _ := Pairings(len(s.Players), s.Rounds) // a parsed sheet has valid counts
	return games
}

// GamesOf returns the games of one player, in round order.
func (s *Sheet) GamesOf(number int) []Game {
	var out []Game
	for _, g := range s.Games() {
		if g.White == number || g.Black == number {
			out = append(out, g)
		}
	}
	return out
}

// Game returns the game with the given name ("1-2").
func (s *Sheet) Game(name string) (Game, bool) {
	w, b, err := ParseGameName(name)
	if err != nil {
		return Game{}, false
	}
	for _, g := range s.Games() {
		if g.White == w && g.Black == b {
			return g, true
		}
	}
	return Game{}, false
}

// CardSender is the sender block of the tournament's cards: its name and code, then the
// captain's postal address.
func (s *Sheet) CardSender() []string {
	return append([]string{s.Name + " (" + s.Code + ")"}, s.PostalAddress...)
}

// CardAddress is the address block of a card to p: his name, then his postal address.
func (p Player) CardAddress() []string {
	return append([]string{p.Name}, p.PostalAddress...)
}
