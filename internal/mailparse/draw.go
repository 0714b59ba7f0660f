package mailparse

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Draws and resignations as players write them, each with its polarity and its scope: the
// clause (the words from the last comma, semicolon, colon, dash or sentence end before it, or
// from «но», «а», "but") in which it stands. A negation in that clause belongs to the statement
// («Ничью не принимаю», "I do not accept the draw": a refusal; «Не предлагаю ничью»: no offer);
// a condition or a wish («если …», «я бы …», "if …", "I would …") leaves it with no one meaning,
// and so does a negated refusal («не отказываюсь от ничьей»): the statement is kept with
// Draw.Doubt (Letter.ResignDoubt), and the referee asks the writer instead of ending the game.
//
// The forms, Russian and English, free words included:
//   - offer: «предлагаю ничью», «предлагаю закончить партию вничью», «предлагаю мир», «может быть,
//     ничья?», «не согласиться ли нам на ничью?», «давайте согласимся на ничью», "I offer a draw",
//     "I propose a draw", "how about a draw?", "shall we call it a draw?", "would you accept a
//     draw?", "let's agree a draw"; an acceptance asked as a question («Согласны на ничью?») offers;
//   - acceptance: «согласен на ничью», «на ничью согласен», «принимаю ничью», «ничью принимаю»,
//     «не против ничьей», «согласен на мир», "I accept the draw", "I agree to a draw", "draw
//     agreed", "agreed, a draw", "I'll take the draw";
//   - refusal: «отклоняю ничью», «не согласен на ничью», «от ничьей отказываюсь», «играем дальше»,
//     «продолжим игру», "I decline the draw", "I refuse the draw", "no draw", "let's play on",
//     "I'd rather play on";
//   - the short forms of 1.13.3 — a sentence that is nothing but «Согласен», «Согласна», «Принимаю
//     ваше предложение», "Agreed", "I agree", "I accept your offer" (Draw.Short, an acceptance), or
//     «Не согласен», "I do not agree", "Not agreed" (a short refusal) — say nothing of a draw: they
//     count only while the partner's offer stands, which the referee knows and the parser does not;
//   - claim: «требую ничью», «заявляю о ничьей», "I claim a draw", with its reason.

var (
	reDrawDecline = regexp.MustCompile(`отклоняю\s+(?:ваше\s+)?(?:предложение\s+)?(?:о\s+)?ничь\pL*|от\s+ничьей\s+отказываюсь|отказываюсь\s+от\s+ничьей|не\s+(?:согласен|согласна|согласны|согласн\pL*)\s+на\s+(?:ничью|мир)|ничью\s+не\s+принимаю|не\s+принимаю\s+(?:ваше\s+)?(?:предложение\s+)?(?:о\s+)?ничь\pL*|от\s+ничьей\s+воздерж\pL*|ничьей\s+не\s+будет|играем\s+дальше|игра\s+продолжается|продолж\pL*\s+(?:игру|партию|борьбу)|предпочитаю\s+(?:продолжить|играть\s+дальше)|i\s+decline\s+(?:the\s+|your\s+)?draw(?:\s+offer)?|decline\s+(?:the\s+|your\s+)?draw|(?:reject|refuse)\s+(?:the\s+|your\s+)?draw|draw\s+(?:offer\s+)?(?:declined|rejected|refused)|no\s+draw|(?:let'?s|let\s+us|i'?ll|i\s+will|i'?d\s+rather|i\s+would\s+rather|i\s+prefer\s+to)\s+play\s+on`)
	reDrawAccept  = regexp.MustCompile(`(?:согласен|согласна|согласны|согласн\pL*)\s+на\s+(?:ничью|мир)|на\s+ничью\s+(?:согласен|согласна|согласны|согласн\pL*)|принимаю\s+(?:ваше\s+)?(?:предложение\s+)?(?:о\s+)?ничь\pL*|ничью\s+принимаю|ничья\s+принята|не\s+(?:против|возражаю\s+против)\s+ничьей|i\s+accept\s+(?:the\s+|your\s+)?draw(?:\s+offer)?|accept\s+(?:the\s+|your\s+|a\s+)?draw|agree\s+to\s+(?:a\s+|the\s+)?draw|draw\s+(?:offer\s+)?(?:accepted|agreed)|agreed,?\s+(?:a\s+)?draw|i'?ll\s+take\s+the\s+draw`)
	reDrawClaim   = regexp.MustCompile(`требую\s+(?:признать\s+)?(?:ничь\pL*)|заявляю\s+(?:о\s+)?ничь\pL*|фиксирую\s+ничью|ничья\s+по\s+(?:правилу|повторени\pL*|троекратн\pL*|трехкратн\pL*|трёхкратн\pL*)|i\s+claim\s+(?:a\s+|the\s+)?draw|claim\s+(?:a\s+|the\s+)?draw|draw\s+claim`)
	reDrawOffer   = regexp.MustCompile(`предлагаю\s+(?:вам\s+)?ничь\pL*|предложение\s+ничьей|предлагаю\s+(?:вам\s+)?мир\pL*|предлагаю\s+(?:закончить|завершить)\s+(?:(?:эту\s+|нашу\s+)?(?:партию|игру)\s+)?вничью|(?:может|может\s+быть|возможно),?\s+ничья|(?:не\s+)?(?:согласиться|заключить|пойти)\s+ли\s+(?:нам\s+)?(?:на\s+)?(?:ничью|мир)|давайте\s+(?:согласимся\s+на\s+ничью|закончим\s+вничью|заключим\s+мир|ничью)|(?:i\s+)?offer\s+(?:you\s+)?(?:a\s+)?draw|(?:i\s+)?(?:propose|suggest)\s+(?:a\s+draw|(?:that\s+)?we\s+(?:agree\s+(?:to\s+)?a\s+draw|call\s+it\s+a\s+draw))|draw\s+offer(?:ed)?|(?:would|will)\s+you\s+(?:accept|agree\s+to|consider|like)\s+a\s+draw|how\s+about\s+a\s+draw|shall\s+we\s+(?:call\s+it|agree)\s+(?:to\s+)?a\s+draw|let'?s\s+(?:call\s+it|agree)\s+(?:to\s+)?a\s+draw`)

	// The short forms of 1.13.3: a whole sentence that says yes or no to an offer.
	reShortYes = regexp.MustCompile(`^(?:(?:хорошо|ладно|да|ok|okay|yes|fine)[,!.]?\s+)?(?:я\s+)?(?:согласен|согласна|согласны|принимаю(?:\s+ваше\s+предложение)?|agreed|i\s+agree|i\s+accept(?:\s+your\s+(?:offer|proposal))?|accepted)$`)
	reShortNo  = regexp.MustCompile(`^(?:нет[,!.]?\s+)?(?:я\s+)?(?:не\s+согласен|не\s+согласна|не\s+принимаю(?:\s+ваше\s+предложение)?|not\s+agreed|i\s+(?:do\s+not|don't|don’t)\s+agree|i\s+decline(?:\s+your\s+(?:offer|proposal))?)$`)

	reResign = regexp.MustCompile(`сдаюсь|сдамся|сдаю\s+партию|партию\s+сдаю|признаю\s+(?:сво[её]\s+)?поражение|i\s+resign|i\s+(?:would|will|shall)\s+resign|i'?ll\s+resign|resign\s+(?:the|this)\s+game|i\s+concede`)
	// A resignation promised rather than made: «сдамся», "I will resign", "I would resign".
	reResignLater = regexp.MustCompile(`сдамся|(?:would|will|shall|'ll)\s+resign`)

	// A negation of the statement in its clause; a condition or a wish.
	reNegation  = regexp.MustCompile(`(?:^|[^\pL'’])(?:не|нет|ни|никак|not|no|never|don't|don’t|dont|doesn't|doesn’t|won't|won’t|cannot|can't|can’t|wouldn't|wouldn’t)(?:[^\pL'’]|$)`)
	reCondition = regexp.MustCompile(`(?:^|[^\pL])(?:если|если\s+бы|бы|б|when|if|unless|would|otherwise|иначе|в\s+случае)(?:[^\pL]|$)`)
	// Where a clause begins: a punctuation mark that ends one, or «но», «а», "but", "however".
	reClauseStart = regexp.MustCompile(`[.!?;:,—–]\s|[.!?;:,—–]$|\s-\s|(?:^|\s)(?:но|а|однако|but|however|yet)\s`)
	// Polite formulas that state no condition.
	rePolite = regexp.MustCompile(`если\s+(?:вы\s+)?не\s+(?:против|возражаете)|если\s+позволите|if\s+you\s+(?:don't|don’t|do\s+not)\s+mind|if\s+(?:that|it)\s+is\s+(?:ok|okay|fine|all\s+right)|if\s+you\s+(?:agree|wish|like|please)`)
	// Where a sentence begins.
	reSentenceStart = regexp.MustCompile(`[.!?]\s|[.!?]$`)
)

// Doubts: why a statement has no one meaning.
const (
	DoubtNegation  = "negation"  // a negated refusal («не отказываюсь от ничьей»)
	DoubtCondition = "condition" // a condition or a wish («если …», «я бы …», "if …", "I would …")
)

// clauseBefore returns the words of lower from the start of the clause that holds position at
// up to at: the scope of a negation.
func clauseBefore(lower string, at int) string { return before(reClauseStart, lower, at) }

// conditional reports whether the sentence of lower that holds [at, end) states a condition or
// a wish: the scope of «если», «бы», "if", "would". The polite formulas («если вы не против»,
// "if you don't mind") ask nothing.
func conditional(lower string, at, end int) bool {
	if reCondition.MatchString(rePolite.ReplaceAllString(before(reSentenceStart, lower, at), " ")) {
		return true
	}
	rest := lower[end:]
	if ix := reSentenceStart.FindStringIndex(rest); ix != nil {
		rest = rest[:ix[0]]
	}
	return reCondition.MatchString(rePolite.ReplaceAllString(rest, " "))
}

// before returns the words of lower from the last match of start before at up to at.
func before(start *regexp.Regexp, lower string, at int) string {
	from := 0
	for _, ix := range start.FindAllStringIndex(lower[:at], -1) {
		from = ix[1]
	}
	return lower[from:at]
}

// statements reads draw statements, resignation and protest (4.1.12). It reports whether the
// line claims a draw.
func (rd *lineReader) statements(n int, m *masked, trimmed string) (claim bool) {
	lower := string(m.lower)
	kinds := []struct {
		re   *regexp.Regexp
		kind DrawKind
	}{{reDrawDecline, DrawDecline}, {reDrawAccept, DrawAccept}, {reDrawClaim, DrawClaim}, {reDrawOffer, DrawOffer}}
	hasDraw := has(lower, "ничь", "draw", "мир", "play on", "дальше", "продолж")
	for _, k := range kinds {
		if !hasDraw {
			break
		}
		ix := firstWordMatch(k.re, lower)
		if ix == nil {
			continue
		}
		m.blank(ix[0], ix[1])
		d := Draw{Kind: k.kind, Where: Where{Line: n, Text: trimmed}}
		before := clauseBefore(lower, ix[0])
		after := strings.TrimSpace(lower[ix[1]:])
		question := strings.HasPrefix(after, "?")
		negated := reNegation.MatchString(before)
		switch {
		case k.kind == DrawAccept && question:
			d.Kind = DrawOffer // "Согласны на ничью?" asks: it offers
		case k.kind == DrawOffer && question:
			// "How about a draw?", «Может, ничья?»: an offer asked as a question is an offer.
		case negated && k.kind == DrawAccept:
			d.Kind = DrawDecline // "I do not accept the draw", «ничью я не принимаю»
		case negated && k.kind == DrawDecline:
			d.Doubt = DoubtNegation // «не отказываюсь от ничьей»: yes, or not yet?
		case negated:
			d.Kind = DrawNone // «не предлагаю ничью», "I do not claim a draw": nothing is stated
		case d.Kind != DrawOffer && conditional(lower, ix[0], ix[1]):
			// An offer is conditional by its nature («если не возражаете, предлагаю ничью»).
			d.Doubt = DoubtCondition // «если …, то согласен на ничью», "I would accept a draw if …"
		}
		if d.Kind == DrawClaim {
			claim = true
			switch {
			case reRepetition.MatchString(lower):
				d.Reason = ReasonRepetition
			case reMoveRule.MatchString(lower[ix[0]:]):
				d.Reason = ReasonMoveRule
				if r := reMoveRule.FindStringIndex(lower[ix[0]:]); r != nil {
					m.blank(ix[0]+r[0], ix[0]+r[1])
				}
			}
		}
		rd.drawStatement(n, d, m.orig[ix[0]:ix[1]])
		break
	}
	if rd.l.Draw.Kind == DrawNone {
		rd.shortForms(n, m, trimmed)
	}
	lower = string(m.lower)
	if !has(lower, "сда", "resign", "поражени", "concede") {
		return claim
	}
	if ix := firstWordMatch(reResign, lower); ix != nil {
		before := clauseBefore(lower, ix[0])
		after := strings.TrimSpace(lower[ix[1]:])
		switch {
		case strings.HasPrefix(after, "?"):
			// «Мне сдаться?», "Should I resign?": a question, no resignation.
		case reNegation.MatchString(before):
			// «не сдаюсь», "I will not resign".
		default:
			if !rd.l.Resign {
				rd.l.Resign, rd.l.ResignAt = true, Where{Line: n, Text: trimmed}
				if conditional(lower, ix[0], ix[1]) || reResignLater.MatchString(lower[ix[0]:ix[1]]) {
					rd.l.ResignDoubt = DoubtCondition // «если … — сдаюсь», "I would resign if …"
				}
			}
		}
		m.blank(ix[0], ix[1])
	}
	return claim
}

// drawStatement keeps the letter's first draw statement; a different one later is reported.
func (rd *lineReader) drawStatement(n int, d Draw, written string) {
	switch {
	case d.Kind == DrawNone:
	case rd.l.Draw.Kind == DrawNone:
		rd.l.Draw = d
	case rd.l.Draw.Kind != d.Kind:
		rd.problem(n, written, WhatDrawConflict)
	}
}

// shortForms reads the short forms of 1.13.3: a sentence of line n that is nothing but yes or no
// («Согласен.», "Agreed.", «Не согласен.»). They are kept as Short statements, which count only
// while the partner's offer stands.
func (rd *lineReader) shortForms(n int, m *masked, trimmed string) {
	lower := string(m.lower)
	if !has(lower, "соглас", "принима", "agree", "accept", "declin") {
		return
	}
	for _, sp := range sentences(lower) {
		s := strings.TrimFunc(lower[sp[0]:sp[1]], func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' })
		kind := DrawNone
		switch {
		case reShortYes.MatchString(s):
			kind = DrawAccept
		case reShortNo.MatchString(s):
			kind = DrawDecline
		default:
			continue
		}
		if strings.Contains(lower[sp[0]:sp[1]], "?") {
			continue // «Согласны?» asks
		}
		m.blank(sp[0], sp[1])
		rd.drawStatement(n, Draw{Kind: kind, Short: true, Where: Where{Line: n, Text: trimmed}}, strings.TrimSpace(m.orig[sp[0]:sp[1]]))
		return
	}
}

// sentences splits a line at ".", "!", "?" followed by a space or the line's end, outside move
// numbers ("12. c3-d4") and dates.
func sentences(line string) [][2]int {
	var out [][2]int
	begin := 0
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		end := i + size
		if (r == '.' || r == '!' || r == '?') && (end == len(line) || line[end] == ' ') && !(r == '.' && i > 0 && isDigit(rune(line[i-1]))) {
			for end < len(line) && strings.ContainsRune(".!? ", rune(line[end])) {
				end++
			}
			out = append(out, [2]int{begin, end})
			begin = end
		}
		i = end
	}
	if begin < len(line) {
		out = append(out, [2]int{begin, len(line)})
	}
	return out
}
