package mailparse

import (
	"bytes"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The letter reader: one pass over the lines of the new text, recognising what clause 4.2.3
// lists. Each line is read in a fixed order (tournament and game; acceptance; draw,
// resignation, protest, leave; dates and time; then moves) and what is recognised is blanked
// out, so that a game "3-7" or a date is never read as a move.

var (
	reTournament = regexp.MustCompile(`(?:шифр(?:\s+турнира)?|турнир|tournament(?:\s+code)?|code)\s*(?:[:№#]\s*)?["«]?([^\s,;"»]+)`)
	reGame       = regexp.MustCompile(`(?:партия|партии|партию|game)\s*:?\s*(?:№|#|no\.?|nr\.?)?\s*(\d{1,2}\s*[-–—−]\s*\d{1,2}|\d{1,4})`)
	reBareCode   = regexp.MustCompile(`^\p{Lu}{1,8}-\d{2,4}(?:/\d{1,3})?$`)
	reSubjPrefix = regexp.MustCompile(`^(?i:re|fwd?|fw|aw|sv|ответ|отв|пересл|переслано)\s*(?:\[\d+\]|\(\d+\))?\s*:\s*`)

	// 4.2.13: the acceptance of a variant, verb first ("принимаю вариант А", "I accept your
	// variant") or variant first ("ваш вариант принимаю", "вариант Б принят", "your variant is
	// accepted"). The label is a letter or a number right after "вариант"/"variant".
	reAccept = regexp.MustCompile(`(?:принимаю|принимается|принят|принята|i\s+accept|accept|accepted)\s+(?:(?:частично|полностью|partially|partly|fully)\s+)?(?:ваш\s+|ваше\s+|your\s+|the\s+|предложенный\s+|proposed\s+)?(?:(?:первый|второй|третий|first|second|third)\s+)?(?:вариант|variant)(?:\s+(?:([a-zа-яё])(?:[^\pL\d]|$)|(\d{1,2})(?:[^\pL\d.…]|\.\s*$|$)))?` +
		`|(?:(?:ваш|your|the)\s+)?(?:(?:первый|второй|третий|first|second|third)\s+)?(?:вариант|variant)(?:\s+([a-zа-яё]|\d{1,2}))?\s+(?:(?:частично|полностью|partially|partly|fully)\s+)?(?:принимаю|принимается|принят|is\s+accepted|accepted|i\s+accept)`)
	// 4.2.13: "первый вариант", "the second variant": a variant named by its place among those
	// proposed, read as the label of that number.
	reOrdinal = regexp.MustCompile(`(первый|второй|третий|first|second|third)\s+(?:вариант|variant)`)
	// 4.2.13: "до 14-го хода", "до 14 хода", "до 14-го", "up to move 14", "up to and including
	// move 14", "until move 14", "up to the 14th move", optionally "включительно"/"inclusive".
	reUntil   = regexp.MustCompile(`(?:до\s+(\d{1,3})\s*[-–]?\s*(?:го|ого|й|ий)?\s+хода|до\s+(\d{1,3})\s*[-–]?\s*(?:го|ого)|до\s+хода\s+(?:№\s*)?(\d{1,3})|up\s+to\s+(?:and\s+including\s+)?move\s+(\d{1,3})|(?:until|till)\s+(?:and\s+including\s+)?move\s+(\d{1,3})|up\s+to\s+(?:and\s+including\s+)?(?:the\s+)?(\d{1,3})(?:st|nd|rd|th)?\s+move)(?:\s*,?\s*\(?(?:включительно|inclusive(?:ly)?|included)\)?)?`)
	rePartial = regexp.MustCompile(`частично|partially|partly|in\s+part`)
	// 4.2.13: "вместо 14... h6:f4 играю 14... b6-a5", "instead of 2... g7-f6 I play ...": the
	// move after it is the variant's, declined.
	reInstead = regexp.MustCompile(`вместо(?:\s+(?:вашего|предложенного|предлагаемого|вами\s+предложенного))?(?:\s+хода)?|instead\s+of(?:\s+(?:your|the))?(?:\s+(?:proposed|suggested))?(?:\s+move)?`)

	// A correction of the writer's own move in the letter itself (4.2.5): «ошибся», «опечатка»,
	// «исправляю», «правильный ход», "I meant", "correction", "typo", "should read".
	reCorrection = regexp.MustCompile(`исправл\pL*|ошиб(?:ся|лась|ка|очно)|опечат\pL*|правильн\pL*\s+(?:мой\s+)?ход|следует\s+читать|i\s+meant|correction|corrected|typo|should\s+read|my\s+mistake|wrong\s+move`)

	reRepetition = regexp.MustCompile(`повтор|троекратн|трехкратн|трёхкратн|repetition|threefold|three-fold`)
	reMoveRule   = regexp.MustCompile(`\d+\s*-?\s*(?:ти|и|х)?\s*ход|\d+\s*-?\s*moves?|move\s+rule|правил\pL*\s+\d+`)

	// A leave notice: «отпуск», «в отъезде», «уезжаю», «буду отсутствовать», "on leave", "leave
	// from", "on holiday", "on vacation", "away from" (leave.go reads its period).
	// The cancellation of a leave: «отменить отпуск», «отпуск отменяю», "cancel my leave".
	reLeaveCancel = regexp.MustCompile(`отмен\pL*|отзыва\pL*\s+(?:заявлени\pL*|отпуск)|cancel\pL*|call\s+off|withdraw\s+my\s+leave`)
	// A leave said not to be: «не буду в отпуске», «отпуск не беру», "I will not be on leave"
	// («не смогу отвечать» affirms one).
	reLeaveNot = regexp.MustCompile(`не\s+(?:буду|беру|возьму|планирую|пойду|уйду|собираюсь)|(?:will|shall|am|'ll|i'm)\s+not\s+(?:be|take|taking|going)|won't\s+(?:be|take)|no\s+leave`)
	reLeave    = regexp.MustCompile(`отпуск\pL*|в\s+отъезде|уезжаю|буду\s+отсутствовать|(?:on|take|taking|taken|my|a|annual)\s+leave|leave\s+(?:notice|from|of\s+absence)|^\s*leave\s*:|on\s+(?:holiday|vacation)|(?:be|am|i'm|will\s+be)\s+away\s+from|away\s+from\s+\d`)

	reTimeKw    = regexp.MustCompile(`врем\pL*|time|затрачен\pL*|итого|суммарн\pL*`)
	reFraction  = regexp.MustCompile(`(\d{1,4})\s*(?:дн\.?|дней|дня|days?|d)?\s*/\s*(\d{1,4})(?:\s*(?:дн\.?|дней|дня|days?|d\.?))?`)
	reDatesWord = regexp.MustCompile(`даты|dates`)
	reDateLabel = regexp.MustCompile(`^[^\pL\d]*(?:дат\pL*|dates?|числа)(?:[^\pL\d]|$)`)

	reRepeatKw  = regexp.MustCompile(`ваш(?:и|его|е)?\s+(?:ответн\pL*\s+|последн\pL*\s+)?(?:ход\pL*|ответ\pL*)|получил\pL*|получен\pL*|your\s+(?:last\s+)?(?:move|moves|reply|answer)|received|got\s+your|got`)
	reOwnKw     = regexp.MustCompile(`мо(?:й|и|ё|е)\s+(?:ответн\pL*\s+|следующ\pL*\s+)?(?:ход\pL*|ответ\pL*)|my\s+(?:next\s+)?(?:move|moves|reply|answer)|играю|i\s+play`)
	reVariantKw = regexp.MustCompile(`(?:предлагаю\s+(?:следующ\pL*\s+|такой\s+|ещё\s+|еще\s+)?|i\s+propose\s+(?:the\s+|a\s+|this\s+)?|propose\s+(?:the\s+|a\s+)?)?(?:вариант\pL*|variant)(?:\s+(?:([a-zа-яё])(?:[^\pL\d]|$)|(\d{1,2})(?:[^\pL\d.…]|$)))?|если|if|на|on`)
	reThenKw    = regexp.MustCompile(`то|then|предлагаю|(?:i\s+)?propose|отвечаю|i\s+(?:reply|answer)`)

	reSignOff = regexp.MustCompile(`^(?:с\s+уважением|с\s+наилучшими(?:\s+пожеланиями)?|всего\s+(?:самого\s+)?(?:доброго|хорошего|наилучшего)|всех\s+благ|до\s+свидания|жму\s+руку|с\s+приветом|ваш\s+партн[её]р|искренне\s+ваш\pL*|(?:best\s+|kind\s+|warm\s+|with\s+best\s+)?regards|best\s+wishes|yours(?:\s+sincerely|\s+truly|\s+faithfully)?|sincerely(?:\s+yours)?|cheers|all\s+the\s+best)(?:[\s,.!]+[\pL\s.,'’-]{0,40})?[\s,.!]*$`)
	reThanks  = regexp.MustCompile(`^(?:спасибо|thanks|thank\s+you)[\s.!]*$`)
	// Thanks for what follows: «спасибо за», «благодарю за», "thanks for", "thank you for".
	reThanksFor = regexp.MustCompile(`(?:спасибо|благодарю)\s+(?:вас\s+)?за\s*$|(?:thanks|thank\s+you)\s+for\s*$`)
	rePS        = regexp.MustCompile(`^(?:p\.?\s?s\.?|п\.?\s?с\.?)(?:[\s:.,-]|$)`)
)

// lowerSameLen lower-cases s rune by rune, keeping every byte offset.
func lowerSameLen(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if l := unicode.ToLower(r); l != r && utf8.RuneLen(l) == n {
			utf8.EncodeRune(b[i:], l)
		}
		i += n
	}
	return string(b)
}

// hints are words one of which every match of a regular expression contains: a line without
// any of them is not searched (most lines of a letter hold none).
var hints = map[*regexp.Regexp][]string{
	reTournament: {"турнир", "шифр", "tournament", "code"},
	reGame:       {"парти", "game"},
	reAccept:     {"прин", "accept"},
	reRepeatKw:   {"ваш", "получ", "your", "received", "got"},
	reOwnKw:      {"мо", "my", "игра", "play"},
	reTimeKw:     {"врем", "time", "затрач", "итого", "суммарн"},
	reUntil:      {"до", "up", "until", "till"},
	rePartial:    {"частично", "part"},
	reInstead:    {"вместо", "instead"},
}

// wordMatches returns the matches of re in s that begin and end on word boundaries.
func wordMatches(re *regexp.Regexp, s string, n int) [][]int {
	if words, ok := hints[re]; ok {
		found := false
		for _, w := range words {
			if strings.Contains(s, w) {
				found = true
				break
			}
		}
		if !found {
			return nil
		}
	}
	var out [][]int
	for _, ix := range re.FindAllStringSubmatchIndex(s, n) {
		if ix[0] > 0 {
			r, _ := utf8.DecodeLastRuneInString(s[:ix[0]])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		if ix[1] < len(s) && ix[1] > ix[0] {
			last, _ := utf8.DecodeLastRuneInString(s[ix[0]:ix[1]])
			next, _ := utf8.DecodeRuneInString(s[ix[1]:])
			if (unicode.IsLetter(last) || unicode.IsDigit(last)) && (unicode.IsLetter(next) || unicode.IsDigit(next)) {
				continue
			}
		}
		out = append(out, ix)
	}
	return out
}

// lastGroup returns the text in s of the last group of the match ix that matched: the one
// alternative of a pattern that names the same thing in several places; "" when none did.
func lastGroup(s string, ix []int) string {
	for g := len(ix)/2 - 1; g >= 1; g-- {
		if ix[2*g] >= 0 {
			return s[ix[2*g]:ix[2*g+1]]
		}
	}
	return ""
}

func firstWordMatch(re *regexp.Regexp, s string) []int {
	if m := wordMatches(re, s, 8); len(m) > 0 {
		return m[0]
	}
	return nil
}

type section int

const (
	secOwn section = iota
	secRepeat
	secVariant
	secAccept   // the accepted variant's moves written out (4.2.13)
	secDeclined // the variant's move after "вместо" / "instead of" (4.2.13): never played
)

type variantBuild struct {
	label   string
	written string // the label as written, in capitals: "Б", "B"
	where   Where
	moves   []placedMove
	byWord  bool // opened by "вариант"/"variant", not only by "если"/"if"/"на"/"on"
}

// lineReader holds the state of the pass over the lines.
type lineReader struct {
	l        *Letter
	lines    []string
	problems []Problem

	sec         section
	variant     *variantBuild
	signedOff   bool
	leaveOpen   bool // the line before was a leave word with no day: its period may follow
	datesLabel  int  // lines after a bare "Даты:" that may still hold dates
	subjectGame bool

	repeated, own []placedMove
	variants      []*variantBuild
	// fixes marks the own moves (by their index in own) written on a line that says it corrects
	// a move (reCorrection, 4.2.5).
	fixes map[int]bool

	acceptKept         bool // the acceptance whose moves secAccept collects is the letter's
	accepted, declined []placedMove

	// para holds, by line, the kinds of its paragraph that are not about moves (survey).
	para []uint8
}

func (rd *lineReader) problem(line int, text, what string) {
	if len(rd.problems) >= 256 {
		return
	}
	rd.problems = append(rd.problems, Problem{Where: Where{Line: line, Text: clip(text, 200)}, What: what})
}

// masked is a line with what has been recognised blanked out, in its written and its
// lower-case form (same byte offsets).
type masked struct {
	orig  string
	line  []byte
	lower []byte
}

func (m *masked) blank(start, end int) {
	for i := start; i < end && i < len(m.line); i++ {
		m.line[i] = ' '
		m.lower[i] = ' '
	}
}

// gameName normalises a game as written: "3-7", "3 – 7" and "0307" are "3-7".
func gameName(s string) string {
	s = strings.Map(func(r rune) rune {
		if isDash(r) {
			return '-'
		}
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	if w, b, ok := strings.Cut(s, "-"); ok {
		return strconv.Itoa(atoi(w)) + "-" + strconv.Itoa(atoi(b))
	}
	if len(s) == 4 {
		return strconv.Itoa(atoi(s[:2])) + "-" + strconv.Itoa(atoi(s[2:]))
	}
	return s
}

// validGame reports whether a game names players by numbers from 1: "1-0" is a result.
func validGame(g string) bool {
	for _, p := range strings.Split(g, "-") {
		if atoi(p) < 1 {
			return false
		}
	}
	return true
}

// codeLike reports whether a word can be a tournament code: it has a digit, or two capitals.
func codeLike(s string) bool {
	caps := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			return true
		}
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return caps >= 2
}

func trimCode(s string) string { return strings.TrimRight(s, ".:)!?") }

// subject reads the tournament and the game from the Subject header (line 0).
// reSubjMoveWord is the word before a move written in a Subject.
var reSubjMoveWord = regexp.MustCompile(`(?:^|[^\pL])(?:ход|move)(?:[^\pL]|$)`)

func (rd *lineReader) subject(s string) {
	s = strings.TrimSpace(cleanText(s)) // invisible marks do not split a game "3-7"
	replied := false
	for i := 0; i < 10; i++ {
		t := reSubjPrefix.ReplaceAllString(s, "")
		if t == s {
			break
		}
		s, replied = strings.TrimSpace(t), true
	}
	if !replied {
		// A move in the Subject of a new letter («партия 1-2: мой ход 1... f6-g5»), as a phone
		// user writes it: never played (a reply's Subject carries the partner's letter's), kept
		// so that the referee can say where the move belongs. Squares of letters anywhere;
		// numbered squares ("47-42") only after the word «ход» or "move": «партия 1-2» is a game.
		after := len(s)
		if ix := reSubjMoveWord.FindStringIndex(lowerSameLen(s)); ix != nil {
			after = ix[1]
		}
		for _, t := range scanTokens(s) {
			if t.kind == tokMove || t.kind == tokNumeric && t.start >= after {
				rd.l.SubjectMove = s[t.start:t.end]
				break
			}
		}
	}
	lower := lowerSameLen(s)
	if ix := firstWordMatch(reTournament, lower); ix != nil {
		if code := trimCode(s[ix[2]:ix[3]]); codeLike(code) {
			rd.l.Tournament, rd.l.TournamentAt = code, Where{Line: 0, Text: s}
		}
	}
	if ix := firstWordMatch(reGame, lower); ix != nil && (ix[3] == len(s) || !isDigit(rune(s[ix[3]]))) && validGame(gameName(s[ix[2]:ix[3]])) {
		rd.l.Game, rd.l.GameAt = gameName(s[ix[2]:ix[3]]), Where{Line: 0, Text: s}
		rd.subjectGame = true
		if rd.l.Tournament == "" {
			// "СТ-2026/1 партия 3-7": the code is the word before the game.
			words := strings.Fields(s[:ix[0]])
			if len(words) > 0 {
				if code := trimCode(strings.Trim(words[len(words)-1], ",;")); codeLike(code) {
					rd.l.Tournament, rd.l.TournamentAt = code, Where{Line: 0, Text: s}
				}
			}
		}
	}
	if rd.l.Tournament == "" {
		// A word shaped like a code ("СТ-2026/1") names the tournament even alone.
		for _, w := range strings.Fields(s) {
			if w = trimCode(strings.Trim(w, ",;")); reBareCode.MatchString(w) {
				rd.l.Tournament, rd.l.TournamentAt = w, Where{Line: 0, Text: s}
				break
			}
		}
	}
}

// line reads line n of the new text.
func (rd *lineReader) line(n int, line string) {
	if len(line) > MaxLineBytes {
		rd.problem(n, clip(line, 80), WhatLongLine)
		line = clip(line, MaxLineBytes)
	}
	trimmed := strings.TrimSpace(line)
	if trimmed == "" {
		rd.sec, rd.variant, rd.datesLabel, rd.leaveOpen = secOwn, nil, 0, false
		return
	}
	lowTrim := lowerSameLen(trimmed)
	if rd.signedOff {
		if !rePS.MatchString(lowTrim) {
			return
		}
		rd.signedOff = false
	}
	if reSignOff.MatchString(lowTrim) || reThanks.MatchString(lowTrim) {
		// The sign-off line and what follows it (name, address) are the signature; a
		// "P.S." below it is read again. Where moves follow ("Спасибо!" above the letter),
		// it was no sign-off; the line itself is never read.
		rd.signedOff = !rd.movesBelow(n)
		return
	}
	if rd.inProtest(n) && !statesMoves(trimmed) {
		// 4.1.12: what a protest says about moves quotes them; only a line that states a move
		// as a move letter does is read as one (asides.go).
		rd.quote(n, line)
		return
	}
	m := &masked{orig: line, line: []byte(line), lower: []byte(lowerSameLen(line))}
	if ix := rePS.FindStringIndex(string(m.lower[len(line)-len(strings.TrimLeft(line, " ")):])); ix != nil {
		// «P.S. Предлагаю ничью.», "P.S. Leave: …": the postscript is read as a line of its own.
		off := len(line) - len(strings.TrimLeft(line, " "))
		m.blank(off+ix[0], off+ix[1])
	}
	rd.names(n, m)
	accept, kept := rd.acceptance(n, m)
	claim := rd.statements(n, m, trimmed)
	rd.questions(n, m, trimmed)
	isLeave := rd.leave(n, m, trimmed)
	rd.datesAndTime(n, m, isLeave)
	if claim {
		// A draw claim cites the position ("after 40... 23-28"): its moves are no moves.
		return
	}
	rd.moves(n, m, trimmed, accept, kept)
}

// movesBelow reports whether a line after line n, before a "P.S.", holds a move in full
// notation or a numbered move.
func (rd *lineReader) movesBelow(n int) bool {
	for k := n; k < len(rd.lines) && k < n+50; k++ {
		line := clip(rd.lines[k], MaxLineBytes)
		if rePS.MatchString(lowerSameLen(strings.TrimSpace(line))) {
			return false
		}
		toks := scanTokens(line)
		for i, t := range toks {
			if t.kind == tokMove || t.kind == tokNumber && i+1 < len(toks) && toks[i+1].kind != tokWord && toks[i+1].kind != tokNumber {
				return true
			}
		}
	}
	return false
}

// names reads the tournament code and the game.
func (rd *lineReader) names(n int, m *masked) {
	lower := string(m.lower)
	for _, ix := range wordMatches(reTournament, lower, 4) {
		code := trimCode(m.orig[ix[2]:ix[3]])
		if !codeLike(code) {
			continue
		}
		rd.name(n, m, ix, code, &rd.l.Tournament, &rd.l.TournamentAt)
	}
	lower = string(m.lower)
	for _, ix := range wordMatches(reGame, lower, 4) {
		if ix[3] < len(lower) && isDigit(rune(lower[ix[3]])) {
			continue
		}
		if w := lower[ix[2]:ix[3]]; !strings.ContainsAny(w, "-–—−") && ix[3] < len(lower) && (lower[ix[3]] == '.' || strings.HasPrefix(lower[ix[3]:], "…")) {
			continue // «Запись партии: 1. c3-d4 f6-g5 …»: a move number, not a game
		}
		game := gameName(m.orig[ix[2]:ix[3]])
		if !validGame(game) {
			continue // "a fine game 1-0" is a result
		}
		rd.name(n, m, ix, game, &rd.l.Game, &rd.l.GameAt)
	}
	if rd.l.Game == "" && rd.l.Partner == "" && has(lower, "парти", "game") {
		// «партия с Ивановым», "game with Petrov": the game named by its partner.
		if ix := rePartner.FindStringSubmatchIndex(m.orig); ix != nil {
			rd.l.Partner = strings.Trim(m.orig[ix[2]:ix[3]], "'’-")
			rd.l.PartnerAt = Where{Line: n, Text: strings.TrimSpace(m.orig)}
			m.blank(ix[0], ix[1])
		}
	}
}

// name takes a tournament code or game found on line n at ix: the words are blanked out, and
// the first line that names it is the one kept; a body naming other than the subject did
// is a conflict.
func (rd *lineReader) name(n int, m *masked, ix []int, value string, field *string, at *Where) {
	m.blank(ix[0], ix[1])
	if at.Line > 0 {
		if field == &rd.l.Game && *field != value {
			// «Как и в партии 2-1, мой ход …» above «Партия 1-2»: the letter is about the game it
			// names first, and the referee knows the reading is doubtful.
			rd.problem(n, m.orig[ix[0]:ix[1]], WhatGamesNamed)
		}
		return
	}
	if *field != "" && *field != value {
		rd.problem(n, m.orig[ix[0]:ix[1]], WhatGameConflict)
		if field == &rd.l.Game && reHeadingGame.FindStringIndex(lowerSameLen(m.orig)) == nil {
			// «Как и в партии 2-1, …» under the Subject's «партия 1-2»: a game mentioned inside
			// a sentence, not the letter's heading, against the Subject's: a doubtful reading.
			rd.problem(n, m.orig[ix[0]:ix[1]], WhatGamesNamed)
		}
	}
	*field, *at = value, Where{Line: n, Text: strings.TrimSpace(m.orig)}
}

// mapLabel maps a variant label to a Latin capital: Latin letters as they are, Cyrillic
// letters by their place in the alphabet (А→A, Б→B, В→C, Г→D, ...; Ё, Й, Ъ, Ы, Ь are not
// labels), numbers as written.
func mapLabel(s string) (string, bool) {
	const cyrillic = "абвгдежзиклмнопрстуфхцчшщэюя"
	r, _ := utf8.DecodeRuneInString(s)
	switch {
	case s == "":
		return "", true
	case isDigit(r):
		return s, true
	case r >= 'a' && r <= 'z':
		return string(r - 'a' + 'A'), true
	}
	i := 0
	for _, c := range cyrillic {
		if c == r && i < 26 {
			return string(rune('A' + i)), true
		}
		i++
	}
	return strings.ToUpper(s), false
}

// writtenLabel is a variant label as the letter wrote it, in capitals ("Б" for «вариант б»),
// when it maps to label; else label itself.
func writtenLabel(written, label string) string {
	if label == "" {
		return ""
	}
	if _, ok := mapLabel(written); !ok {
		return label
	}
	return strings.ToUpper(written)
}

// acceptance reads "принимаю вариант А до 14-го хода" / "I accept variant A up to move 14"
// (4.2.13: a variant is accepted up to the first changed move; the referee applies it), with
// "включительно" / "up to and including" (Inclusive) and "частично" / "in part" (Partial). It
// returns the offset after which moves are the accepted variant's, or -1, and whether this is
// the letter's acceptance (a second one is reported and its moves are not kept).
func (rd *lineReader) acceptance(n int, m *masked) (int, bool) {
	lower := string(m.lower)
	ix := firstWordMatch(reAccept, lower)
	if ix == nil {
		return -1, false
	}
	end := ix[1]
	label := lastGroup(lower, ix)
	if ls := ix[2]; ls >= 0 {
		// Verb first, a letter label (group 1).
		if r, sz := utf8.DecodeRuneInString(m.orig[ls:]); unicode.IsLower(r) && strings.ContainsRune("аивскоуя", r) {
			// 4.2.13, an ambiguous label: a lower-case "а", "и", "в", "с", "к", "о", "у", "я"
			// followed by a word is that Russian word ("принимаю ваш вариант а вместо ..."),
			// not a label, unless the word begins "до N-го хода" or "частично".
			rest := strings.TrimLeft(lower[ls+sz:], " ")
			if rest != "" && rest != lower[ls+sz:] {
				if r2, _ := utf8.DecodeRuneInString(rest); unicode.IsLetter(r2) {
					u := firstWordMatch(reUntil, rest)
					p := firstWordMatch(rePartial, rest)
					if (u == nil || u[0] != 0) && (p == nil || p[0] != 0) {
						label, end = "", ls
					}
				}
			}
		}
	}
	if label == "" {
		if o := reOrdinal.FindStringSubmatch(lower[ix[0]:end]); o != nil {
			label = map[string]string{"первый": "1", "второй": "2", "третий": "3", "first": "1", "second": "2", "third": "3"}[o[1]]
		}
	}
	mapped, ok := mapLabel(label)
	if !ok {
		rd.problem(n, m.orig[ix[0]:end], WhatLabel)
	}
	a := &Acceptance{Label: mapped, Written: writtenLabel(label, mapped), Where: Where{Line: n, Text: strings.TrimSpace(m.orig)}}
	if p := firstWordMatch(rePartial, lower[ix[0]:ix[1]]); p != nil {
		a.Partial = true // "ваш вариант частично принимаю"
	}
	m.blank(ix[0], end)
	lower = string(m.lower)
	if u := firstWordMatch(reUntil, lower); u != nil && atoi(lastGroup(lower, u)) > 0 {
		a.Until = atoi(lastGroup(lower, u))
		w := lower[u[0]:u[1]]
		a.Inclusive = strings.Contains(w, "включительно") || strings.Contains(w, "includ") || strings.Contains(w, "inclusive")
		m.blank(u[0], u[1]) // "9-го" is never a move nor a move number
	}
	lower = string(m.lower)
	if p := firstWordMatch(rePartial, lower); p != nil {
		a.Partial = true
		m.blank(p[0], p[1])
	}
	if rd.l.AcceptVariant != nil {
		rd.problem(n, strings.TrimSpace(m.orig), WhatAcceptedTwice)
		return end, false
	}
	rd.l.AcceptVariant = a
	return end, true
}

// leave reads a leave notice with its period (leave.go), when the line holds a leave word
// («отпуск», «в отъезде», "on leave", "on holiday", "away from" ...) or follows one that gave
// no day («Уведомляю об отпуске:» above «с 20.01 по 26.01»). A line of an out-of-office text
// (survey) is a leave notice only when it gives the whole period, first and last day: "I am on
// leave from 20.12.2026 to 31.12.2026." announces a leave; "I am on leave until 5 January"
// says only when the writer is back.
func (rd *lineReader) leave(n int, m *masked, trimmed string) bool {
	lower := string(m.lower)
	worded := has(lower, "отпуск", "отъезд", "уезжа", "leave", "holiday", "vacation", "away", "отсутств") &&
		firstWordMatch(reLeave, lower) != nil
	open := rd.leaveOpen
	rd.leaveOpen = false
	if !worded && !open {
		return false
	}
	if worded {
		ix := firstWordMatch(reLeave, lower)
		if reLeaveCancel.MatchString(lower) {
			// «Прошу отменить мой отпуск с 10.01 по 15.01», "please cancel my leave": no leave
			// notice, a request only the judge can grant (judge leave): passed on as a question.
			if len(rd.l.Questions) < 16 {
				rd.l.Questions = append(rd.l.Questions, Question{Text: clip(trimmed, 400), Where: Where{Line: n, Text: trimmed}})
			}
			m.blank(0, len(m.line))
			return true
		}
		if reLeaveNot.MatchString(lower) || reNegation.MatchString(clauseBefore(lower, ix[0])) {
			// «В отпуске с 10.01 по 15.01 я не буду», "I will not be on leave": no leave.
			return false
		}
	}
	from, to, spans, bad := leavePeriod(lower)
	if !worded && (from.IsZero() || to.IsZero()) {
		return false // the line after a leave word holds no period: it is read as any line
	}
	if rd.away(n) && (from.IsZero() || to.IsZero()) {
		return false // an out-of-office text: no leave notice
	}
	if rd.l.Away != nil && rd.l.Away.Line == n {
		rd.l.Away = nil // the out-of-office words announce a dated leave
	}
	for _, sp := range spans {
		m.blank(sp[0], sp[1])
	}
	if bad && len(spans) > 0 {
		rd.problem(n, m.orig[spans[0][0]:spans[len(spans)-1][1]], WhatDate)
	}
	if worded && len(spans) == 0 {
		rd.leaveOpen = true // «Уведомляю об отпуске:» — the days may follow on the next line
	}
	switch {
	case rd.l.Leave == nil:
		rd.l.Leave = &Leave{From: from, To: to, Where: Where{Line: n, Text: trimmed}}
	case rd.l.Leave.From.IsZero() && !from.IsZero():
		rd.l.Leave.From, rd.l.Leave.To = from, to
	}
	return true
}

// datesAndTime reads the three dates and the time fraction of 4.3.1. postald stamps the dates
// itself; what the letter states is recorded for the comparison the referee reports.
func (rd *lineReader) datesAndTime(n int, m *masked, isLeave bool) {
	if !bytes.ContainsAny(m.line, "0123456789") {
		// No dates and no fraction; only a bare "Даты:" label matters.
		if reDateLabel.Match(m.lower) {
			rd.datesLabel = 3
		} else if rd.datesLabel > 0 {
			rd.datesLabel--
		}
		return
	}
	ds := readDates(string(m.lower))
	good := 0
	for _, d := range ds {
		m.blank(d.start, d.end)
		if d.ok {
			good++
		}
	}
	undated := string(m.lower) // the line without its dates
	labelled := reDateLabel.MatchString(undated)
	region := [2]int{0, len(m.line)} // the part of the line that holds the dates
	if !labelled {
		// "… Dates 14/11/2026, 16/11/2026, 18/11/2026. Time 23/31.": the plural label
		// anywhere on the line takes the dates after it.
		if ix := firstWordMatch(reDatesWord, undated); ix != nil {
			var after []dateMatch
			for _, d := range ds {
				if d.start >= ix[1] {
					after = append(after, d)
				}
			}
			if len(after) > 0 {
				ds, labelled = after, true
				region = [2]int{ix[0], after[len(after)-1].end}
			}
		}
	}
	rest := strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, undated))
	isDates := !isLeave && (labelled || good >= 2 && rest == "" || rd.datesLabel > 0 && len(ds) > 0 && rest == "")
	if isDates {
		for _, d := range ds {
			if !d.ok {
				// Report the whole word: "18.11.2O26", not the "18.11.2" that looked like a date.
				end := wordEnd(m.orig, d.end)
				if d.end < len(m.orig) && (m.orig[d.end] == ' ' || m.orig[d.end] == ',' || m.orig[d.end] == ';' || m.orig[d.end] == '/') {
					end = d.end
				}
				m.blank(d.start, end)
				rd.problem(n, strings.TrimRight(m.orig[d.start:end], ".,;"), WhatDate)
				continue
			}
			if len(rd.l.Dates) < 16 {
				rd.l.Dates = append(rd.l.Dates, StatedDate{Date: d.date, Where: Where{Line: n, Text: m.orig[d.start:d.end]}})
			}
		}
	}
	if labelled && len(ds) == 0 {
		rd.datesLabel = 3
	} else if rd.datesLabel > 0 {
		rd.datesLabel--
	}

	// The time fraction: after a time word, or alone on its line.
	lower := string(m.lower)
	kw := firstWordMatch(reTimeKw, lower)
	from := 0
	if kw != nil {
		from = kw[1]
	}
	found := false
	for _, ix := range reFraction.FindAllStringSubmatchIndex(lower[from:], 4) {
		s, e := ix[0]+from, ix[1]+from
		if s > 0 && (isDigit(rune(lower[s-1])) || lower[s-1] == '/') || e < len(lower) && (isDigit(rune(lower[e])) || lower[e] == '/') {
			continue
		}
		alone := strings.TrimSpace(lower[:s]) == "" && strings.Trim(lower[e:], " .,;") == ""
		if kw == nil && !alone {
			continue
		}
		if rd.l.Time == nil {
			t := &Time{Where: Where{Line: n, Text: strings.TrimSpace(m.orig[s:e])}}
			t.White = atoi(lower[ix[2]+from : ix[3]+from])
			t.Black = atoi(lower[ix[4]+from : ix[5]+from])
			rd.l.Time = t
		}
		m.blank(s, e)
		found = true
		break
	}
	if kw != nil {
		m.blank(kw[0], kw[1])
	}
	if kw != nil && !found && rd.l.Time == nil {
		if after := strings.TrimSpace(m.orig[kw[1]:]); strings.ContainsAny(after, "0123456789") {
			rd.problem(n, strings.Trim(after, ": "), WhatTime)
			m.blank(kw[1], len(m.orig))
		}
	}
	if isDates {
		// What is left on a line of dates with a digit in it is a date the reader could
		// not read: "18.11.2O26", "18.11".
		for _, w := range strings.FieldsFunc(string(m.line[region[0]:region[1]]), func(r rune) bool {
			return unicode.IsSpace(r) || r == ',' || r == ';' || r == '/'
		}) {
			if strings.ContainsAny(w, "0123456789") {
				rd.problem(n, strings.Trim(w, ".()"), WhatDate)
			}
		}
		m.blank(region[0], region[1])
	}
}

type kwKind int

const (
	kwRepeat kwKind = iota + 1
	kwOwn
	kwAccept
	kwInstead
	kwVariant
	kwThen
)

type kwEvent struct {
	kind       kwKind
	start, end int
	label      string
	reply      bool // kwThen: "отвечаю", "I reply": the writer's own move when no variant is open
	word       string
	receipt    bool // kwRepeat: "получил", "received", which may follow the moves it repeats
	// closed: a receipt word followed on its line by other words or figures that are no move
	// («Ваше письмо от 03.12 получил 05.12.»): it speaks of a letter, and opens nothing for the
	// lines below.
	closed bool
}

func (e kwEvent) bounds() (start, end int) { return e.start, e.end }

// moveFollows reports whether s starts (after spaces) with a digit or a square.
func moveFollows(s string) bool {
	rest := strings.TrimLeft(s, " ")
	r, n := utf8.DecodeRuneInString(rest)
	if isDigit(r) {
		return true
	}
	_, file := fileLetter(r)
	return file && len(rest) > n && isDigit(rune(rest[n]))
}

// keywords finds the words that say what the moves after them are: the repetition of the
// partner's moves (4.2.3, checked under 4.2.9), the writer's own, a variant in one of the three
// phrasings of 4.2.7.
func keywords(lower string) []kwEvent {
	var evs []kwEvent
	for _, ix := range wordMatches(reRepeatKw, lower, 16) {
		w := lower[ix[0]:ix[1]]
		if reThanksFor.MatchString(lower[:ix[0]]) && !moveFollows(strings.TrimLeft(lower[ix[1]:], " :")) {
			continue // «Спасибо за ваш ход!», "Thanks for your move!": thanks, no repetition
		}
		if w == "got" && !moveFollows(lower[ix[1]:]) {
			continue // "got" repeats only when a move follows: "got 11... h6:f4"
		}
		receipt := strings.HasPrefix(w, "получ") || w == "received"
		rest := strings.Trim(lower[ix[1]:], " .,;:!")
		closed := receipt && rest != "" && !startsWithMoveToken(rest)
		evs = append(evs, kwEvent{kind: kwRepeat, start: ix[0], end: ix[1], receipt: receipt, closed: closed})
	}
	for _, ix := range wordMatches(reOwnKw, lower, 16) {
		evs = append(evs, kwEvent{kind: kwOwn, start: ix[0], end: ix[1]})
	}
	for _, ix := range wordMatches(reInstead, lower, 16) {
		// 4.2.13: "вместо 14... h6:f4 играю ...": a move must follow, or nothing (the move
		// is on the next line).
		if rest := strings.Trim(lower[ix[1]:], " :"); rest != "" && !moveFollows(lower[ix[1]:]) {
			continue
		}
		evs = append(evs, kwEvent{kind: kwInstead, start: ix[0], end: ix[1]})
	}
	for _, ix := range wordMatches(reVariantKw, lower, 16) {
		word := lower[ix[0]:ix[1]]
		if (word == "на" || word == "on") && !moveFollows(lower[ix[1]:]) {
			continue // "на 12... f6:d4 предлагаю ..." only: a move must follow
		}
		evs = append(evs, kwEvent{kind: kwVariant, start: ix[0], end: ix[1], word: word, label: lastGroup(lower, ix)})
	}
	for _, ix := range wordMatches(reThenKw, lower, 16) {
		w := lower[ix[0]:ix[1]]
		reply := strings.HasPrefix(w, "отвечаю") || strings.HasPrefix(w, "i ")
		evs = append(evs, kwEvent{kind: kwThen, start: ix[0], end: ix[1], reply: reply && !strings.Contains(w, "propose")})
	}
	return earliestLongest(evs)
}

// moves reads the moves of a line and files them: repeated, own, in a variant, or (4.2.13)
// in the accepted variant or as its declined move. accept is where an acceptance ends on the
// line (-1 when none), kept whether it is the letter's acceptance.
func (rd *lineReader) moves(n int, m *masked, trimmed string, accept int, kept bool) {
	evs := keywords(string(m.lower))
	if accept >= 0 {
		evs = append([]kwEvent{{kind: kwAccept, start: accept - 1, end: accept}}, evs...)
		sort.SliceStable(evs, func(i, j int) bool { return evs[i].start < evs[j].start })
		rd.acceptKept = kept
	}
	toks := scanTokens(string(m.line))
	context := len(evs) > 0 || onlyMoves(toks)
	ms, probs := readMoveTokens(m.orig, n, toks, context)
	rd.problems = append(rd.problems, probs...)
	if len(ms) == 0 && len(evs) == 0 {
		if rd.sec == secAccept || rd.sec == secDeclined {
			// 4.2.13: a line of another kind ends the accepted moves.
			rd.sec = secOwn
		}
		return
	}

	cat := rd.sec
	cur := rd.variant
	if cat != secVariant {
		cur = nil
	}
	if cat == secAccept && !startsWithMove(toks) {
		// 4.2.13: the accepted moves written on the lines after "принимаю вариант А:" run to
		// a blank line or a line of another kind (one that does not start with a move).
		cat = secOwn
	}
	if len(evs) > 0 && evs[0].receipt && cat == secOwn {
		cat = secRepeat // "11... h6:f4 получил"
	}
	openedHere := false
	apply := func(e kwEvent) {
		switch e.kind {
		case kwRepeat:
			cat = secRepeat
		case kwAccept:
			cat = secAccept
		case kwInstead:
			cat = secDeclined
		case kwOwn:
			cat = secOwn
		case kwVariant:
			label, ok := mapLabel(e.label)
			if !ok {
				rd.problem(n, e.label, WhatLabel)
			}
			byWord := strings.Contains(e.word, "вариант") || strings.Contains(e.word, "variant")
			if cur != nil && openedHere && len(cur.moves) == 0 {
				if cur.label == "" {
					cur.label, cur.written = label, writtenLabel(e.label, label)
				}
				cur.byWord = cur.byWord || byWord
			} else {
				cur = &variantBuild{label: label, written: writtenLabel(e.label, label), where: Where{Line: n, Text: trimmed}, byWord: byWord}
				if len(rd.variants) < 256 {
					rd.variants = append(rd.variants, cur)
				}
				openedHere = true
			}
			cat = secVariant
		case kwThen:
			switch {
			case cur != nil && openedHere:
				cat = secVariant
			case e.reply:
				cat = secOwn // "на ваш ход … отвечаю …"
			}
		}
	}
	fix := reCorrection.MatchString(string(m.lower))
	ei := 0
	filedRepeat, filedAccept, filedDeclined := false, false, false
	for _, mv := range ms {
		for ei < len(evs) && evs[ei].start <= mv.off {
			apply(evs[ei])
			ei++
		}
		switch {
		case cat == secVariant && cur != nil:
			if len(cur.moves) < 256 {
				cur.moves = append(cur.moves, mv)
			}
		case cat == secRepeat:
			if len(rd.repeated) < 1024 {
				rd.repeated = append(rd.repeated, mv)
			}
			filedRepeat = true
		case cat == secAccept:
			// 4.2.13: the accepted moves are the variant's, never the repetition (4.2.9).
			// Those of a second acceptance (reported) are not kept.
			if rd.acceptKept && len(rd.accepted) < 1024 {
				rd.accepted = append(rd.accepted, mv)
			}
			filedAccept = true
		case cat == secDeclined:
			// 4.2.13: "вместо X": X is declined and never played.
			if len(rd.declined) < 1024 {
				rd.declined = append(rd.declined, mv)
			}
			filedDeclined = true
		default:
			if len(rd.own) < 1024 {
				if fix {
					if rd.fixes == nil {
						rd.fixes = map[int]bool{}
					}
					rd.fixes[len(rd.own)] = true
				}
				rd.own = append(rd.own, mv)
			}
		}
	}
	closed := false
	for ; ei < len(evs); ei++ {
		apply(evs[ei])
		closed = evs[ei].kind == kwRepeat && evs[ei].closed
	}
	if cat == secRepeat && closed && !filedRepeat {
		// «Ваше письмо от 03.12 получил 05.12.»: a receipt of a letter, not of moves; the lines
		// below are read as they are.
		cat = secOwn
	}
	rd.sec, rd.variant = cat, cur
	switch {
	case cat == secRepeat && filedRepeat:
		// Moves that follow a repetition on a line of their own are the writer's own moves.
		rd.sec = secOwn
	case cat == secAccept && accept >= 0 && (filedAccept || !strings.HasSuffix(strings.TrimRight(trimmed, " "), ":")):
		// 4.2.13: the accepted moves continue on the next lines only after an acceptance
		// that ends with ":" and has none on its line; otherwise the moves that follow are
		// the writer's own.
		rd.sec = secOwn
	case cat == secDeclined && filedDeclined:
		rd.sec = secOwn // "Вместо 14... h6:f4" alone: what follows is played
	}
	if rd.sec == secVariant && (cur == nil || len(cur.moves) == 0 && !cur.byWord) {
		// "Если будут вопросы, пишите": a condition with no move opens nothing.
		rd.sec = secOwn
	}
	if rd.sec != secVariant {
		rd.variant = nil
	}
}

// startsWithMoveToken reports whether s begins with a move number or a move ("5. c3-d4",
// "c3-d4", "32-28"), not with a date or another figure («05.12», «15 ноября»).
func startsWithMoveToken(s string) bool {
	toks := scanTokens(s)
	if len(toks) == 0 {
		return false
	}
	switch toks[0].kind {
	case tokMove, tokNumeric:
		return true
	case tokNumber:
		return len(toks) > 1 && (toks[1].kind == tokMove || toks[1].kind == tokNumeric)
	}
	return false
}

// startsWithMove reports whether the first token of a line is a move number or a move.
func startsWithMove(toks []token) bool {
	return len(toks) > 0 && toks[0].kind != tokWord
}

// fileMoves turns placed moves into a numbered list.
func fileMoves(pms []placedMove) []Move {
	if len(pms) == 0 {
		return nil
	}
	ms := make([]Move, len(pms))
	numbered := make([]bool, len(pms))
	for i, p := range pms {
		ms[i], numbered[i] = p.Move, p.numbered
	}
	numberList(ms, numbered)
	return ms
}

// crossOut applies the corrections the writer made to his own moves in the letter itself
// (4.2.5: the move crossed out and another written, signed by the player — a letter from his
// address is his signature): a move he names after «вместо» / "instead of" and then replaces
// («вместо 15. e3-d4 мой ход 15. e3-f4»), or a move whose number and side a later own move on a
// line that says it corrects one repeats with other squares («Ошибся: мой ход 15. e3-f4», "I
// meant 15. e3-f4"). The correction takes the crossed move's place; the crossed move goes to
// Crossed. Both forms have one meaning; two moves of one number without either stay as written
// (the referee then reads a change of a move, 4.2.8). Not with an acceptance of a variant, whose
// «вместо» names the variant's declined move (4.2.13).
func (rd *lineReader) crossOut() {
	if len(rd.own) < 2 || len(rd.declined) == 0 && len(rd.fixes) == 0 {
		return
	}
	before := func(a, b placedMove) bool {
		return a.Line < b.Line || a.Line == b.Line && a.off < b.off
	}
	// fix is own move o at j replacing own move i; the list's numbers are num (as the list
	// implies them: a Black move after White's without its own).
	num := fileMoves(rd.own)
	fix := func(i, j int) {
		if len(rd.l.Crossed) < 256 {
			c := rd.own[i].Move
			c.Number, c.Black = num[i].Number, num[i].Black
			rd.l.Crossed = append(rd.l.Crossed, c)
		}
		fixes := map[int]bool{}
		for k := range rd.fixes {
			switch {
			case k < j && k != i:
				fixes[k] = true
			case k > j:
				fixes[k-1] = true
			}
		}
		rd.own[i] = rd.own[j]
		rd.own = slices.Delete(rd.own, j, j+1)
		rd.fixes = fixes
		num = fileMoves(rd.own)
	}
	// «вместо X … Y»: X the nearest own move before it with its squares (a game's record above
	// the move may hold them at an earlier number), Y the first own move after it.
	for _, d := range rd.declined {
		j := slices.IndexFunc(rd.own, func(o placedMove) bool { return before(d, o) })
		if j <= 0 {
			continue
		}
		for i := j - 1; i >= 0; i-- {
			e := rd.own[i]
			if before(e, d) && d.Notation == e.Notation && (!d.numbered || d.Number == num[i].Number && d.Black == num[i].Black) {
				fix(i, j)
				break
			}
		}
	}
	// A correction's line repeats an earlier own move's number and side with other squares.
	for j := 1; j < len(rd.own); j++ {
		o := rd.own[j]
		if !rd.fixes[j] || !o.numbered {
			continue
		}
		for i := j - 1; i >= 0; i-- {
			if o.Number == num[i].Number && o.Black == num[i].Black && o.Notation != rd.own[i].Notation {
				fix(i, j)
				j--
				break
			}
		}
	}
}

// finish puts what was read into the letter.
func (rd *lineReader) finish() {
	rd.l.Repeated = fileMoves(rd.repeated)
	if rd.l.AcceptVariant == nil {
		rd.crossOut()
	}
	rd.l.Moves = fileMoves(rd.own)
	if a := rd.l.AcceptVariant; a != nil {
		a.Moves = fileMoves(rd.accepted)
		a.Declined = fileMoves(rd.declined)
	}
	// 4.2.13: without an acceptance, the move after "вместо" / "instead of" is still
	// declined: it is filed nowhere (never played); the referee compares the letter's own
	// moves with the variants it holds.
	for _, v := range rd.variants {
		if len(v.moves) == 0 {
			if v.label != "" {
				rd.problem(v.where.Line, v.where.Text, WhatVariantMoves)
			}
			continue
		}
		rd.l.Variants = append(rd.l.Variants, Variant{Label: v.label, Written: v.written, Moves: fileMoves(v.moves), Where: v.where})
	}
	sort.SliceStable(rd.problems, func(i, j int) bool { return rd.problems[i].Line < rd.problems[j].Line })
}
