package mailparse

import (
	"regexp"
	"strings"
	"unicode"
)

// Letters that are not moves, and the parts of a letter that are not: a protest (4.1.12), a
// question or a request, a player's withdrawal from the tournament, an out-of-office text. They
// are found before any move is read, from the letter's own words, paragraph by paragraph (a
// paragraph runs to a blank line), so that a move they mention is never read as the writer's:
//
//   - A protest is the paragraph that holds «протест», «протестую», «обжалую», «прошу
//     пересмотреть …», "protest", "I appeal", "I dispute". The moves it mentions are quoted
//     (Protest.Quoted), never the writer's. A line of it that states a move — it begins with
//     «Мой ход», «Ваш ход … получил», "My move", "Received your …" and holds nothing but those
//     words and moves — is read as in any letter; a line of moves alone inside a protest may be
//     either, and is kept apart (Protest.Unsure): the referee asks rather than guesses.
//   - A question is a sentence that ends with "?", or a request («прошу сообщить», «подскажите»,
//     "please let me know", "could you tell me"). Its moves are quoted (Question.Quoted). What it
//     asks about, where the words tell (his last day, his time, whose move it is, whether his
//     letter arrived, the position, the moves of the game), is in Question.About. A "?" that
//     marks a move as books of games do ("Ваш ход 11... h6:f4?!", "Мой ход 12. g3:e5?") asks
//     nothing: a sentence that, without its marks ("!", "?", "!?", "?!", "(?)"), holds moves and
//     only the words that state them is read as moves (annotatedMoves), so that a player who
//     comments on his partner's move is not charged for a repetition read as a quote (4.2.9).
//   - A withdrawal is the paragraph in which the writer leaves the tournament: «прошу снять
//     меня с турнира», «выхожу из турнира», "I withdraw from the tournament".
//   - An out-of-office text («я в отпуске до …», «автоматический ответ», "out of office", "I am
//     away until …") is no leave notice (Letter.Away): a leave is announced by the player with
//     its first and last day.

// The words of each kind.
var (
	reProtestWord = regexp.MustCompile(`протест\pL*|опротест\pL*|обжал\pL*|прошу\s+(?:вас\s+)?пересмотр\pL*|прошу\s+(?:вас\s+)?пересмотреть|protest\pL*|i\s+appeal|appeal\s+against|i\s+(?:dispute|contest)`)
	reNoProtest   = regexp.MustCompile(`(?:без|не\s+имею|нет)\s+протест\pL*|протест\pL*\s+(?:не\s+(?:имею|заявляю|подаю)|нет)|не\s+протест\pL*|no\s+protest\pL*|not\s+(?:a\s+)?protest\pL*`)
	reWithdraw    = regexp.MustCompile(`(?:прошу\s+)?(?:снять|снимите|исключить|исключите)\s+(?:меня\s+)?(?:с|из)\s+(?:турнира|соревновани\pL*|участия)|снимаюсь\s+(?:с|из)\s+(?:турнира|соревновани\pL*)|(?:выхожу|выбываю)\s+из\s+(?:турнира|соревновани\pL*)|отказываюсь\s+от\s+(?:дальнейшего\s+)?участия|прекращаю\s+(?:своё\s+|свое\s+)?участие|i\s+(?:must\s+|have\s+to\s+|wish\s+to\s+|want\s+to\s+|would\s+like\s+to\s+)?withdraw\s+from\s+the\s+(?:tournament|event|competition)|(?:withdraw|retire)\s+from\s+the\s+(?:tournament|event|competition)`)
	reAway        = regexp.MustCompile(`(?:я\s+)?(?:сейчас\s+)?(?:нахожусь\s+)?в\s+отпуске\s+(?:до|по)(?:[^\pL]|$)|(?:я\s+)?нахожусь\s+в\s+отпуске|буду\s+отсутствовать|меня\s+нет\s+на\s+месте|автоматическ\pL*\s+ответ|автоответ\pL*|отвечу\s+(?:вам\s+)?(?:по|после)\s+(?:возвращени\pL*|приезд\pL*)|out\s+of\s+(?:the\s+)?office|(?:i\s+am|i'm)\s+(?:currently\s+)?(?:away|out|on\s+(?:annual\s+)?leave|on\s+vacation|on\s+holiday)\s+(?:until|till|from)|auto(?:matic)?[-\s]?reply|(?:limited|no)\s+access\s+to\s+(?:my\s+)?e-?mail|(?:i\s+will|i'll)\s+(?:be\s+back|reply|respond)\s+(?:on|when|upon|after)`)

	// A request that asks without a question mark.
	reRequest = regexp.MustCompile(`^(?:прошу\s+(?:вас\s+)?(?:сообщить|уточнить|подтвердить|напомнить|прислать|выслать)|подскажите|сообщите|уточните|напомните|пришлите|please\s+(?:let\s+me\s+know|tell\s+me|confirm|send|remind)|could\s+you\s+(?:please\s+)?(?:tell|let|confirm|send)|can\s+you\s+(?:please\s+)?(?:tell|let|confirm|send)|kindly\s+(?:let|tell|confirm|send))`)

	// What a question asks about, each in both languages alike (TestQuestionsBothLanguages).
	reAskDeadline = regexp.MustCompile(`контрол\pL*|срок\pL*|последн\pL*\s+(?:день|дня|дату|число)|до\s+какого\s+(?:числа|дня)|к\s+какому\s+(?:числу|дню)|когда\s+(?:мне\s+)?(?:нужно|надо|должен)\s+(?:ответить|сходить|прислать\s+ход)|deadline|(?:next\s+)?control|last\s+day|time\s+limit|by\s+when|until\s+when|how\s+long\s+do\s+i\s+have|when\s+(?:must|should|do)\s+i\s+(?:reply|answer|move|send\s+my\s+move)`)
	reAskClock    = regexp.MustCompile(`сколько\s+(?:у\s+меня\s+)?(?:(?:ещё|еще)\s+)?(?:осталось\s+|остается\s+|остаётся\s+|израсходовано\s+|потрачено\s+|затрачено\s+|ушло\s+)?(?:у\s+меня\s+)?(?:дней|времени|суток)|затрачен\pL*|(?:моё|мое|наше)\s+время|how\s+many\s+days|how\s+much\s+time|time\s+(?:used|spent|left)|days\s+(?:used|left)|my\s+(?:time|clock|days)`)
	reAskTurn     = regexp.MustCompile(`чей\s+(?:сейчас\s+)?ход|чья\s+(?:сейчас\s+)?очередь|(?:мой|за\s+мной)\s+ли\s+(?:сейчас\s+)?ход|кто\s+(?:сейчас\s+)?ходит|жд(?:ать|у)\s+ли|сейчас\s+мой\s+ход|мой\s+сейчас\s+ход|whose\s+(?:move|turn)|is\s+it\s+my\s+(?:move|turn)|am\s+i\s+on\s+move|who\s+is\s+(?:to\s+move|on\s+move)|(?:do|shall)\s+i\s+wait`)
	reAskReceived = regexp.MustCompile(`получил\pL*\s+ли|вы\s+получил\pL*|получил\pL*\s+вы(?:[^\pL]|$)|получен\pL*\s+ли|дош[её]л\pL*\s+ли|дошл\pL*\s+ли|пришл\pL*\s+ли|пришёл\s+ли|did\s+you\s+(?:get|receive)|have\s+you\s+(?:got|received)|did\s+my\s+(?:letter|move|card|reply)\s+(?:arrive|reach|come)|was\s+my\s+(?:letter|move|card)\s+received|has\s+my\s+(?:letter|move|card|reply)\s+(?:arrived|reached|come)`)
	reAskPosition = regexp.MustCompile(`позици\pL*|диаграмм\pL*|расстановк\pL*|position|diagram`)
	reAskMoves    = regexp.MustCompile(`запис\pL*\s+партии|ходы\s+партии|список\s+ходов|все\s+ходы|game\s+record|record\s+of\s+the\s+game|moves\s+(?:of\s+the\s+game|so\s+far)|all\s+the\s+moves|list\s+of\s+(?:the\s+)?moves`)
)

// Topic is what a question asks about, where postald can tell from its words.
type Topic string

// The topics of a question.
const (
	TopicDeadline Topic = "deadline" // his next control and the last day to meet it
	TopicClock    Topic = "clock"    // his days used, the time fraction
	TopicTurn     Topic = "turn"     // whose move it is
	TopicReceived Topic = "received" // whether his letter arrived
	TopicPosition Topic = "position" // the position on the board
	TopicMoves    Topic = "moves"    // the moves of the game
)

// Question is a question or a request in a letter: its sentence, what it asks about (empty
// when the words do not tell) and the moves it mentions, which are no moves of the writer's.
type Question struct {
	Text   string
	About  []Topic
	Quoted []Move
	Where
}

// Withdrawal is a player's withdrawal from the tournament, with the paragraph that states it.
type Withdrawal struct {
	Text string
	Where
}

// paragraph kinds of the survey, per line.
const (
	paraProtest = 1 << iota
	paraWithdraw
	paraAway
)

// survey marks the paragraphs of the new text that are not about moves: a protest, a
// withdrawal, an out-of-office text (see the top of this file). The first protest and the first
// withdrawal are the letter's, with their paragraph's text and the line that says so.
func (rd *lineReader) survey() {
	rd.para = make([]uint8, len(rd.lines)+1)
	for start := 0; start < len(rd.lines); {
		if strings.TrimSpace(rd.lines[start]) == "" {
			start++
			continue
		}
		end := start
		for end < len(rd.lines) && strings.TrimSpace(rd.lines[end]) != "" && end-start < 200 {
			end++
		}
		var kind uint8
		first := map[uint8]int{}
		for k := start; k < end; k++ {
			lower := lowerSameLen(clip(rd.lines[k], MaxLineBytes))
			if has(lower, "протест", "protest", "обжал", "пересмотр", "appeal", "dispute", "contest") &&
				firstWordMatch(reProtestWord, lower) != nil && reNoProtest.FindStringIndex(lower) == nil {
				kind |= paraProtest
				if _, ok := first[paraProtest]; !ok {
					first[paraProtest] = k
				}
			}
			if has(lower, "турнир", "участи", "соревнов", "withdraw", "retire") && firstWordMatch(reWithdraw, lower) != nil {
				kind |= paraWithdraw
				if _, ok := first[paraWithdraw]; !ok {
					first[paraWithdraw] = k
				}
			}
			if firstWordMatch(reAway, lower) != nil {
				kind |= paraAway
				if _, ok := first[paraAway]; !ok {
					first[paraAway] = k
				}
			}
		}
		for k := start; k < end; k++ {
			rd.para[k+1] = kind
		}
		text := func() string {
			var para []string
			for k := start; k < end && len(para) < 40; k++ {
				para = append(para, clip(strings.TrimSpace(rd.lines[k]), MaxLineBytes))
			}
			return strings.Join(para, "\n")
		}
		if k, ok := first[paraProtest]; ok && rd.l.Protest == nil {
			rd.l.Protest = &Protest{Text: text(), Where: Where{Line: k + 1, Text: strings.TrimSpace(rd.lines[k])}}
		}
		if k, ok := first[paraWithdraw]; ok && rd.l.Withdrawal == nil {
			rd.l.Withdrawal = &Withdrawal{Text: text(), Where: Where{Line: k + 1, Text: strings.TrimSpace(rd.lines[k])}}
		}
		if k, ok := first[paraAway]; ok && rd.l.Away == nil {
			rd.l.Away = &Where{Line: k + 1, Text: strings.TrimSpace(rd.lines[k])}
		}
		start = end
	}
}

// has reports whether s contains one of the words.
func has(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// inProtest reports whether line n is in a protest's paragraph.
func (rd *lineReader) inProtest(n int) bool { return n < len(rd.para) && rd.para[n]&paraProtest != 0 }

// away reports whether line n is in an out-of-office text.
func (rd *lineReader) away(n int) bool { return n < len(rd.para) && rd.para[n]&paraAway != 0 }

// statesMoves reports whether a line states moves as a move letter does: it begins with the
// words of the writer's own moves or of the repetition («Мой ход: 10. c3-d4», «Ваш ход 9...
// f6-g5 получил.», "My move: ...") and holds nothing but those words, moves and their numbers.
func statesMoves(trimmed string) bool {
	lower := lowerSameLen(trimmed)
	own := firstWordMatch(reOwnKw, lower)
	rep := firstWordMatch(reRepeatKw, lower)
	lead := -1
	switch {
	case own != nil && (rep == nil || own[0] <= rep[0]):
		lead = own[0]
	case rep != nil:
		lead = rep[0]
	}
	if lead < 0 || strings.TrimFunc(lower[:lead], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) != "" {
		return false
	}
	return movesAlone(trimmed, lower, reOwnKw, reRepeatKw)
}

// movesAlone reports whether s (lower its lower case, of the same length) holds moves and,
// besides them and their numbers, nothing but the words of words.
func movesAlone(s, lower string, words ...*regexp.Regexp) bool {
	m := &masked{orig: s, line: []byte(s), lower: []byte(lower)}
	for _, re := range words {
		for _, ix := range wordMatches(re, string(m.lower), 16) {
			m.blank(ix[0], ix[1])
		}
	}
	return onlyMoves(scanTokens(string(m.line)))
}

// quote reads line n of a protest that states no move: its moves are the protest's quotes, or,
// on a line of moves alone, moves postald cannot tell from the writer's own (Protest.Unsure).
// Nothing else on the line is read.
func (rd *lineReader) quote(n int, line string) {
	toks := scanTokens(line)
	ms, _ := readMoveTokens(line, n, toks, onlyMoves(toks))
	if len(ms) == 0 {
		return
	}
	p := rd.l.Protest
	if onlyMoves(toks) {
		p.Unsure = append(p.Unsure, fileMoves(ms)...)
		return
	}
	if len(p.Quoted) < 64 {
		p.Quoted = append(p.Quoted, fileMoves(ms)...)
	}
}

// reAnnotation is a mark players put on a move, as books of games do: "!", "?", "!!", "??",
// "!?", "?!", also in brackets, "(?)".
var reAnnotation = regexp.MustCompile(`\(\s*[!?]{1,3}\s*\)|[!?]{1,3}`)

// reMoveWords are the words around moves in a sentence that states them, besides the words of
// the writer's own moves and of the repetition (reOwnKw, reRepeatKw): «На Ваш ход … отвечаю …»,
// «Спасибо за Ваш ход …», "Received your …", "In reply to your move … I play …".
var reMoveWords = regexp.MustCompile(`на|и|отвечаю|спасибо\s+за|благодарю\s+за|ваш\pL*|ход\pL*|your|my|moves?|and|to|on|in\s+reply|i\s+(?:reply|answer)|thanks\s+for|thank\s+you\s+for`)

// annotatedMoves reports whether sentence, which ends with "?", is moves marked as books of
// games mark them ("Мой ход 12. g3:e5?!", «Ваш ход 11... h6:f4? получил», "11... h6:f4?!
// 12. g3:e5"): without its marks it holds moves and nothing but the words that state them.
// Such a sentence asks nothing; its moves are the writer's and his repetition, read as written.
// A sentence with any other word ("Мой ход 12. g3:e5 — верно?", «Вы получили мой ход 12. g3:e5?»,
// "Did you get my move 12. g3:e5?") is a question, its moves quoted.
func annotatedMoves(sentence string) bool {
	plain := reAnnotation.ReplaceAllStringFunc(sentence, func(m string) string { return strings.Repeat(" ", len(m)) })
	return movesAlone(plain, lowerSameLen(plain), reOwnKw, reRepeatKw, reMoveWords)
}

// questions reads the questions and requests of line n (after its draw statements were read and
// blanked: «Согласны на ничью?» offers a draw, it asks nothing): each is recorded with what it
// asks about and the moves it mentions, and blanked, so that its moves are never the writer's.
func (rd *lineReader) questions(n int, m *masked, trimmed string) {
	line := string(m.line)
	lower := string(m.lower)
	lead := strings.TrimLeftFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) })
	request := reRequest.FindStringIndex(lead) != nil
	if !strings.Contains(line, "?") && !request {
		return
	}
	toks := scanTokens(line)
	// Sentence ends: ".", "!", "?" followed by a space or the end of the line, outside a move
	// number ("12. g3-h4") and outside a move.
	inToken := func(i int) bool {
		for _, t := range toks {
			if (t.kind == tokNumber || t.kind == tokMove || t.kind == tokNumeric) && i >= t.start && i < t.end {
				return true
			}
		}
		return false
	}
	var spans [][2]int
	begin := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		if i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '?' && line[i+1] != '!' && line[i+1] != '.' {
			continue
		}
		if c != '?' && inToken(i) {
			continue
		}
		end := i + 1
		for end < len(line) && strings.ContainsRune("?!.", rune(line[end])) {
			end++
		}
		if strings.Contains(line[i:end], "?") {
			spans = append(spans, [2]int{begin, end})
		}
		begin = end
		i = end - 1
	}
	if request && len(spans) == 0 {
		spans = append(spans, [2]int{0, len(line)})
	}
	for _, sp := range spans {
		if annotatedMoves(line[sp[0]:sp[1]]) {
			continue // "Ваш ход 11... h6:f4?! получил.": a mark on a move, no question
		}
		text := strings.TrimSpace(m.orig[sp[0]:sp[1]])
		words := strings.TrimFunc(lower[sp[0]:sp[1]], func(r rune) bool { return !unicode.IsLetter(r) })
		if words == "" || len(rd.l.Questions) >= 16 {
			continue // blanked already (a draw offer), or no words at all
		}
		q := Question{Text: clip(text, 400), Where: Where{Line: n, Text: trimmed}}
		span := lower[sp[0]:sp[1]]
		for _, t := range []struct {
			re    *regexp.Regexp
			topic Topic
		}{{reAskDeadline, TopicDeadline}, {reAskClock, TopicClock}, {reAskTurn, TopicTurn},
			{reAskReceived, TopicReceived}, {reAskPosition, TopicPosition}, {reAskMoves, TopicMoves}} {
			if t.re.FindStringIndex(span) != nil {
				q.About = append(q.About, t.topic)
			}
		}
		sub := scanTokens(line[sp[0]:sp[1]])
		if ms, _ := readMoveTokens(line[sp[0]:sp[1]], n, sub, false); len(ms) > 0 {
			q.Quoted = fileMoves(ms)
		}
		rd.l.Questions = append(rd.l.Questions, q)
		m.blank(sp[0], sp[1])
	}
}
