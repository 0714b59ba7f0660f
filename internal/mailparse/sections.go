package mailparse

import (
	"regexp"
	"strings"
)

// Sections: a letter about several games. A player with two games in play — the two colours
// against one partner, or games against several — often answers them in one letter, each under
// its own heading, as he would write two cards (4.2.3: a letter names its tournament and game):
//
//	По партии 2-1:                    Game 1-2: My move 7. 32-28
//	Ваш ход 5... f6-g5 получил.       Dates: 01.12.2026, 03.12.2026, 04.12.2026
//	Мой ход 6. c3-d4
//	                                  Game 2-1: your move 6. 33-29 received. My move: 6... 18-23
//	Партия с Ивановым:
//	Получил ваш ход 5. c3-b4, мой ход 5... b6-a5
//
// A heading is a line that begins with the game: its number («партия 1-2», «по партии 2-1:»,
// «в партии 0102», "game 1-2", "for game 2-1") or its partner («партия с Ивановым», «по партии
// с Петровым», "game with Petrov", "game against Petrov", "game vs Petrov"), alone on its line or
// followed by what the letter says about it. A game named inside a sentence («как и в партии
// 2-1») is no heading. When the headings name two games or more, each section, from its heading
// to the next, is read as a letter of its own (Letter.Parts) with its own repetition, moves,
// variants, draw statements, dates and time; what stands above the first heading is a part of
// its own when it says something about a game (the Subject's game, or none). A leave, a
// withdrawal and an out-of-office text are the player's, whichever section holds them: they
// stay in the letter itself, never in a part. Line numbers in every part are those of the
// letter's text.

var (
	// A heading: the game's number at the start of its line.
	reHeadingGame = regexp.MustCompile(`^[\s\-–—*•>#)(\[\]]*(?:(?:по|в|во|для|про|re:?|in|for|about)\s+)?(?:партии|партия|партию|партией|game)\s*(?:№|#|no\.?|nr\.?)?\s*(\d{1,2}\s*[-–—−]\s*\d{1,2}|\d{1,4})(?:[^\pL\d]|$)`)
	// A heading: the game's partner at the start of its line.
	reHeadingPartner = regexp.MustCompile(`^[\s\-–—*•>#)(\[\]]*(?i:(?:по|в|во|для|про|in|for|about)\s+)?(?i:партии|партия|партию|партией|game)\s+(?i:с|со|против|with|against|vs\.?|v\.?)\s+(\p{Lu}[\pL'’-]+)`)
	// A game named anywhere: the partner ("партия с Ивановым") when no number is given.
	rePartner = regexp.MustCompile(`(?i:партии|партия|партию|партией|game)\s+(?i:с|со|против|with|against|vs\.?|v\.?)\s+(\p{Lu}[\pL'’-]+)`)
)

// heading is a line that opens a section: its line (1-based) and the game it names, by number
// or by partner.
type heading struct {
	line    int
	game    string
	partner string
}

// key names the game a heading opens, for telling two headings apart.
func (h heading) key() string {
	if h.game != "" {
		return "#" + h.game
	}
	return "@" + strings.ToLower(h.partner)
}

// headings returns the headings of the letter's lines.
func headings(lines []string) []heading {
	var hs []heading
	for i, line := range lines {
		if len(hs) >= 16 {
			break
		}
		line = clip(line, MaxLineBytes)
		lower := lowerSameLen(line)
		if !has(lower, "парти", "game") {
			continue
		}
		if ix := reHeadingGame.FindStringSubmatchIndex(lower); ix != nil {
			g := gameName(lower[ix[2]:ix[3]])
			if !validGame(g) || ix[3] < len(lower) && isDigit(rune(lower[ix[3]])) {
				continue
			}
			if reGame.MatchString(lower[ix[1]:]) {
				continue // «Партии 1-2 и 2-1»: a line about both games heads neither
			}
			hs = append(hs, heading{line: i + 1, game: g})
			continue
		}
		if ix := reHeadingPartner.FindStringSubmatchIndex(line); ix != nil {
			hs = append(hs, heading{line: i + 1, partner: strings.Trim(line[ix[2]:ix[3]], "'’-")})
		}
	}
	return hs
}

// sectioned reports whether the headings name two games or more.
func sectioned(hs []heading) bool {
	for _, h := range hs[min(1, len(hs)):] {
		if h.key() != hs[0].key() {
			return true
		}
	}
	return false
}

// split reads a letter about several games: each section as a letter of its own, into l.Parts,
// l itself keeping what is the player's and the letter's whole (the tournament, a leave, a
// withdrawal, an out-of-office text, the header and what could not be read outside the parts).
// lines are the letter's lines, problems what the whole letter's reading reported.
func split(l *Letter, lines []string, hs []heading, problems []Problem) {
	// Sections: from each heading to the next; the same game under two headings is one part.
	type section struct {
		from, to []int // line ranges, 1-based, to exclusive
		game     heading
	}
	var secs []*section
	byKey := map[string]*section{}
	if hs[0].line > 1 {
		secs = append(secs, &section{from: []int{1}, to: []int{hs[0].line}}) // the lines above the first heading
	}
	for k, h := range hs {
		end := len(lines) + 1
		if k+1 < len(hs) {
			end = hs[k+1].line
		}
		if s, ok := byKey[h.key()]; ok {
			s.from, s.to = append(s.from, h.line), append(s.to, end)
			continue
		}
		s := &section{from: []int{h.line}, to: []int{end}, game: h}
		byKey[h.key()] = s
		secs = append(secs, s)
	}
	inPart := make([]bool, len(lines)+1)
	for _, s := range secs {
		own := make([]string, len(lines))
		for r := range s.from {
			for n := s.from[r]; n < s.to[r]; n++ {
				own[n-1] = lines[n-1]
			}
		}
		p := readPart(l, own)
		if s.game.line == 0 {
			// Above the first heading: a part only when it says something about a game.
			if !p.aboutGame() {
				continue
			}
			if p.Game == "" && l.GameAt.Line == 0 {
				p.Game, p.GameAt = l.Game, l.GameAt // the Subject's game
			}
		}
		if s.game.partner != "" && p.Game == "" {
			p.Partner, p.PartnerAt = s.game.partner, Where{Line: s.game.line, Text: strings.TrimSpace(lines[s.game.line-1])}
		}
		for r := range s.from {
			for n := s.from[r]; n < s.to[r]; n++ {
				inPart[n] = true
			}
		}
		l.Parts = append(l.Parts, p)
	}
	// The letter itself keeps the player's statements and the problems outside every part.
	l.Game, l.GameAt, l.Partner, l.PartnerAt = "", Where{}, "", Where{}
	l.Repeated, l.Moves, l.Crossed, l.Variants, l.AcceptVariant = nil, nil, nil, nil, nil
	l.Draw, l.Resign, l.ResignAt, l.ResignDoubt = Draw{}, false, Where{}, ""
	l.Protest, l.Questions, l.Dates, l.Time = nil, nil, nil, nil
	l.Problems = l.Problems[:0]
	for _, p := range problems {
		if p.Line <= 0 || p.Line >= len(inPart) || !inPart[p.Line] {
			l.Problems = append(l.Problems, p)
		}
	}
}

// readPart reads one section: own holds the section's lines at their places and "" elsewhere,
// so that line numbers are the letter's; the part's Text is own, the section as written (what
// is forwarded to its game's partner) with the other sections' lines empty. The part carries the letter's tournament and header,
// and never the player's statements (a leave, a withdrawal, an out-of-office text), which stay
// in the letter.
func readPart(l *Letter, own []string) *Letter {
	p := &Letter{Text: strings.Join(own, "\n"), Header: l.Header}
	rd := &lineReader{l: p, lines: own}
	rd.survey()
	for i, line := range own {
		rd.line(i+1, line)
	}
	rd.finish()
	p.Problems = rd.problems
	if p.Tournament == "" {
		p.Tournament, p.TournamentAt = l.Tournament, l.TournamentAt
	}
	p.Leave, p.Withdrawal, p.Away = nil, nil, nil
	return p
}

// aboutGame reports whether a part says anything about a game: moves, a repetition, a variant,
// an acceptance, a draw statement, a resignation, a protest, a question, dates or time.
func (l *Letter) aboutGame() bool {
	return len(l.Moves) > 0 || len(l.Repeated) > 0 || len(l.Variants) > 0 || l.AcceptVariant != nil ||
		l.Draw.Kind != DrawNone || l.Resign || l.Protest != nil || len(l.Questions) > 0 || len(l.Dates) > 0 || l.Time != nil
}
