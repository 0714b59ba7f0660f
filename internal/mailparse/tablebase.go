package mailparse

import (
	"regexp"
	"strings"
)

// A tablebase claim is a player's claim that the endgame database settles his game: «позиция в
// базе окончаний: выигрыш», «требую признать ничью по базе окончаний», "tablebase win claim",
// "I claim a draw by the endgame database". It is read by its own small recognizer,
// TablebaseClaimIn, from the letter's new text (Letter.Text: quoted replies are not in it),
// apart from the letter's other statements, which it neither adds to nor changes.
//
// A line is a claim when it names the database (база/базе/базы окончаний, эндшпильная база,
// tablebase, endgame database) and either claims (требую, заявляю, прошу признать/засчитать,
// claim) or is the form «позиция в базе окончаний»; the verdict is the claim's word for a win
// (выигрыш, победа, выигрываю, win, won) or a draw (ничья, ничью, draw, drawn). A line with
// both, or with neither, or with «не» before the word, claims something postald cannot read
// with one meaning: Verdict is then empty, and the referee asks instead of deciding.

// TablebaseClaim is a tablebase claim and where the letter makes it.
type TablebaseClaim struct {
	Verdict string // TablebaseWin or TablebaseDraw, what the writer claims; "" when the line does not say which
	Where
}

// The verdicts a tablebase claim can claim.
const (
	TablebaseWin  = "win"
	TablebaseDraw = "draw"
)

var (
	reTablebase = regexp.MustCompile(`баз[аеыу]\s+окончани[йя]|эндшпильн\pL*\s+баз\pL*|table\s*-?\s*bases?\b|endgame\s+(?:data\s*base|database|table\s*base)s?\b`)
	reClaimVerb = regexp.MustCompile(`требую|заявляю|прошу\s+(?:признать|засчитать)|позици\pL*\s+в\s+баз[еу]\s+окончаний|\bclaim`)
	reWinWord   = regexp.MustCompile(`(?:^|[^\pL])(?:(не\s+)?(?:выигрыш\pL*|выигран\pL*|выигрываю|побед\pL*)|(not\s+)?(?:win|won|winning))(?:[^\pL]|$)`)
	reDrawWord  = regexp.MustCompile(`(?:^|[^\pL])(?:(не\s+)?(?:ничь\pL*|ничейн\pL*)|(not\s+)?(?:draw|drawn))(?:[^\pL]|$)`)
)

// TablebaseClaimIn returns the first tablebase claim of a letter's text, with its line counted
// from 1 as Letter.Text counts them; false when there is none.
func TablebaseClaimIn(text string) (*TablebaseClaim, bool) {
	if !mentionsDatabase(text) {
		return nil, false // most letters: no line to read
	}
	for i, line := range strings.Split(text, "\n") {
		l := strings.ToLower(strings.ReplaceAll(line, "ё", "е"))
		if !reTablebase.MatchString(l) || !reClaimVerb.MatchString(l) {
			continue
		}
		c := &TablebaseClaim{Where: Where{Line: i + 1, Text: strings.TrimSpace(line)}}
		win, winNeg := verdictWord(reWinWord, l)
		draw, drawNeg := verdictWord(reDrawWord, l)
		switch {
		case winNeg || drawNeg:
		case win && !draw:
			c.Verdict = TablebaseWin
		case draw && !win:
			c.Verdict = TablebaseDraw
		}
		return c, true
	}
	return nil, false
}

// mentionsDatabase reports whether text may name the database at all: the words every form of
// reTablebase holds, in either case.
func mentionsDatabase(text string) bool {
	l := strings.ToLower(text)
	for _, w := range []string{"окончани", "эндшпильн", "base"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// verdictWord reports whether re finds its word in l, and whether any finding is negated.
func verdictWord(re *regexp.Regexp, l string) (found, negated bool) {
	for _, m := range re.FindAllStringSubmatch(l, -1) {
		found = true
		if m[1] != "" || m[2] != "" {
			negated = true
		}
	}
	return found, negated
}
