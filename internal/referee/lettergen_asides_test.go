package referee_test

import (
	"fmt"
	"slices"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
)

// The letters of TestLetterGenerator that are not moves, or not only moves: questions, protests
// that quote moves, a protest written above a move letter, a withdrawal from the tournament, a
// leave notice. None of them costs the sender anything (no stop, no penalty, no move played, the
// clock untouched); a move they mention is never his move; each is answered every time, and the
// official it is for is told. The model checks every decision as for a move letter, and the
// answers for what postald says it knows.

// lgQuestion is a question of the generator's phrasebook: its text (%s: a move, for the kinds
// that mention one) and what it asks about ("" for a question postald cannot answer).
type lgQuestion struct {
	text, about string
	quotes      bool // the text mentions a move (%s)
}

var lgQuestions = [2][]lgQuestion{
	lgRU: {
		{text: "Когда у меня контрольный срок?", about: "deadline"},
		{text: "Подскажите, пожалуйста, какой у меня последний день для хода?", about: "deadline"},
		{text: "Сколько у меня дней?", about: "clock"},
		{text: "Прошу сообщить, чей сейчас ход.", about: "turn"},
		{text: "Получили ли вы мой ход %s?", about: "received", quotes: true},
		{text: "Пришлите, пожалуйста, позицию.", about: "position"},
		{text: "Напомните, пожалуйста, все ходы партии?", about: "moves"},
		{text: "Можно ли сыграть %s?", about: "", quotes: true},
		{text: "Будет ли турнир в следующем году?", about: ""},
	},
	lgEN: {
		{text: "When is my next control?", about: "deadline"},
		{text: "How many days have I used?", about: "clock"},
		{text: "Could you tell me whose move it is?", about: "turn"},
		{text: "Did you receive my move %s?", about: "received", quotes: true},
		{text: "Please send me the position.", about: "position"},
		{text: "Could you send me the record of the game?", about: "moves"},
		{text: "Is %s allowed here?", about: "", quotes: true},
		{text: "Will there be a cup next year?", about: ""},
	},
}

// lgProtests quote a move (%s) as players protest: about a stopped letter, a penalty, a move.
var lgProtests = [2][]string{
	lgRU: {
		"Протест. Прошу пересмотреть остановку моего письма: ход %s был записан верно.",
		"Протестую против штрафа. Мой ход %s не был опиской.",
		"Мой ход %s был записан правильно,\nа письмо остановлено. Прошу считать это письмо протестом.",
		"Прошу пересмотреть решение по ходу %s: считаю его неверным.",
	},
	lgEN: {
		"Protest. Please review the stop of my letter: my move %s was written correctly.",
		"I protest against the penalty: %s was no slip of the pen.",
		"I appeal against the decision on %s.",
	},
}

var lgWithdrawals = [2][]string{
	lgRU: {"Прошу снять меня с турнира по состоянию здоровья.", "К сожалению, выхожу из турнира."},
	lgEN: {"I have to withdraw from the tournament, I am sorry.", "I withdraw from the tournament."},
}

// lgLeaves announce a leave: %[1]s and %[2]s its first and last day.
var lgLeaves = [2][]string{
	lgRU: {"Прошу предоставить отпуск с %[1]s по %[2]s.", "Беру отпуск с %[1]s по %[2]s."},
	lgEN: {"I take leave from %[1]s to %[2]s.", "Leave: %[1]s to %[2]s."},
}

// lgLeaveDays is the regulation's leave allowance (leave_days, the default).
const lgLeaveDays = 30

// quotable returns a move a protest or a question of side s may mention: one of the game's
// plies, numbered, or else a legal move of the position.
func (gm *lgGame) quotable() string {
	m := gm.m
	if len(m.plies) > 0 && gm.r.IntN(3) > 0 {
		i := gm.r.IntN(len(m.plies))
		return lgNumbered(i, m.plies[i])
	}
	if legal := m.legal(); len(legal) > 0 {
		return lgPick(gm.r, legal)
	}
	return "c3-d4"
}

// wantUnchanged is what a letter that changes nothing on the board must be decided as: a
// notice with its clauses, the game as the model has it.
func (gm *lgGame) wantUnchanged(clauses ...string) lgExpect {
	m := gm.m
	want := lgExpect{Verdict: referee.Notice, Clauses: append([]string{}, clauses...), Plies: slices.Clone(m.plies), Moves: []string{},
		Time: referee.Time{White: m.days[0], Black: m.days[1]}, ToMove: m.onMove()}
	want.clocks(m)
	return want
}

// aside sends side s one letter that is not a move, of a kind drawn at random, and checks it.
func (gm *lgGame) aside(s int) bool {
	switch x := gm.r.IntN(100); {
	case x < 45:
		return gm.question(s)
	case x < 75:
		return gm.protest(s)
	case x < 85:
		return gm.withdrawal(s)
	default:
		return gm.leave(s)
	}
}

// letterBody wraps the text as a letter: a greeting sometimes, the text, a signature.
func (gm *lgGame) letterBody(s int, lang lgLang, text string) string {
	r := gm.r
	b := &lgBook[lang]
	var lines []string
	if r.IntN(2) == 0 {
		lines = append(lines, lgPick(r, b.greeting[gm.who[1-s]]), "")
	}
	lines = append(lines, text, "", lgPick(r, b.signature[gm.who[s]]))
	return strings.Join(lines, "\n")
}

// question asks a question: answered every time with what postald knows (or passed to the judge
// with a note), nothing played or charged; a move it mentions is not played.
func (gm *lgGame) question(s int) bool {
	r := gm.r
	lang := lgLang(r.IntN(2))
	q := lgPick(r, lgQuestions[lang])
	text := q.text
	if q.quotes {
		text = fmt.Sprintf(text, gm.quotable())
	}
	body := gm.letterBody(s, lang, text)
	gm.stamp(s)
	want := gm.wantUnchanged()
	lastSent := gm.lastSent[s]
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	kind := "question:" + q.about
	if q.about == "" {
		kind = "question:unknown"
	}
	if !gm.check(kind, s, body, want, nil, false, d) {
		return false
	}
	answer, found := lgLetterTo(d, lgRole(s))
	letters := 1
	if q.about == "" {
		letters++ // passed to the judge
		j, ok := lgLetterTo(d, referee.ToJudge)
		if !ok || !strings.Contains(j.Body, text) {
			return gm.fail(kind, []string{"judge"}, s, body, want, nil, d, "the question postald cannot answer does not reach the judge as written")
		}
	}
	if !found || len(d.Letters) != letters {
		return gm.fail(kind, []string{"letters"}, s, body, want, nil, d, fmt.Sprintf("%d letters, want %d: the answer to the sender%s", len(d.Letters), letters, map[bool]string{true: " and the judge's"}[letters > 1]))
	}
	tx := phrase.For(gm.table.Language).Referee
	m := gm.m
	var miss string
	switch q.about {
	case "clock":
		if !strings.Contains(answer.Body, tx.Days(m.days[s])) {
			miss = "his days, " + tx.Days(m.days[s])
		}
	case "turn":
		side := tx.Sides.White
		if m.toMove() == 1 {
			side = tx.Sides.Black
		}
		if !m.over && !strings.Contains(answer.Body, "("+side) {
			miss = "whose move it is, " + side
		}
	case "received":
		if !lastSent.IsZero() && !strings.Contains(answer.Body, tx.Date(lastSent)) {
			miss = "the day his last letter came, " + tx.Date(lastSent)
		}
	case "position":
		if answer.Picture == nil || !strings.Contains(answer.Body, "FEN ") {
			miss = "the position, with its picture"
		}
	case "moves":
		if n := len(m.plies); n > 0 && !strings.Contains(answer.Body, lgNumbered(n-1, m.plies[n-1])) {
			miss = "the moves, the last " + lgNumbered(n-1, m.plies[n-1])
		}
	}
	if miss != "" {
		return gm.fail(kind, []string{"answer"}, s, body, want, nil, d, "the answer does not give "+miss+":\n"+answer.Body)
	}
	return true
}

// protest protests quoting a move: recorded (4.1.12), sent to the judge, acknowledged; nothing
// played or charged.
func (gm *lgGame) protest(s int) bool {
	r := gm.r
	lang := lgLang(r.IntN(2))
	text := fmt.Sprintf(lgPick(r, lgProtests[lang]), gm.quotable())
	body := gm.letterBody(s, lang, text)
	gm.stamp(s)
	want := gm.wantUnchanged("4.1.12")
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	if !gm.check("protest", s, body, want, nil, false, d) {
		return false
	}
	j, ok := lgLetterTo(d, referee.ToJudge)
	if _, acked := lgLetterTo(d, lgRole(s)); !ok || !acked || len(d.Letters) != 2 || !strings.Contains(j.Body, strings.Split(text, "\n")[0]) {
		return gm.fail("protest", []string{"letters"}, s, body, want, nil, d, "want the acknowledgement and the protest, as written, to the judge")
	}
	// The judge's letter ends with the command that decides the protest (docs/judge.md).
	if !strings.HasSuffix(strings.TrimRight(j.Body, "\n"), "postald judge protest "+gm.g.ID()+" -reason TEXT") {
		return gm.fail("protest", []string{"letters"}, s, body, want, nil, d, "want the judge's letter to end with the command that decides the protest")
	}
	return true
}

// withdrawal announces the sender's withdrawal from the tournament: passed to the judge and the
// director (seed 003, 1.10), nothing in the game changes until the judge rules.
func (gm *lgGame) withdrawal(s int) bool {
	r := gm.r
	lang := lgLang(r.IntN(2))
	body := gm.letterBody(s, lang, lgPick(r, lgWithdrawals[lang]))
	gm.stamp(s)
	want := gm.wantUnchanged("1.10")
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	if !gm.check("withdrawal", s, body, want, nil, false, d) {
		return false
	}
	_, judge := lgLetterTo(d, referee.ToJudge)
	dir, director := lgLetterTo(d, referee.ToDirector)
	if !judge || !director || len(d.Letters) != 3 || dir.Language != gm.table.Language {
		return gm.fail("withdrawal", []string{"letters"}, s, body, want, nil, d, "want the sender's answer, the judge's and the director's letters, the director's in the tournament's language")
	}
	return true
}

// leave announces a leave that the regulation grants: from one to three days ahead, up to five
// days, within the allowance; the sender's clock stops on its days, as the model counts them.
func (gm *lgGame) leave(s int) bool {
	r := gm.r
	m := gm.m
	gm.stamp(s)
	sent := gm.sent()
	taken := 0
	for _, l := range m.leaves[s] {
		taken += lgCalendarDays(l.From, l.To) + 1
	}
	from := sent.AddDays(1 + r.IntN(3))
	if len(m.leaves[s]) > 0 {
		from = daysclock.Later(from, m.leaves[s][len(m.leaves[s])-1].To.AddDays(1))
	}
	n := 1 + r.IntN(5)
	if taken+n > lgLeaveDays {
		return gm.question(s)
	}
	l := daysclock.Leave{From: from, To: from.AddDays(n - 1)}
	lang := lgLang(r.IntN(2))
	date := lgPick(r, lgDateFormats)
	body := gm.letterBody(s, lang, fmt.Sprintf(lgPick(r, lgLeaves[lang]), date.write(l.From, &lgBook[lang]), date.write(l.To, &lgBook[lang])))
	want := gm.wantUnchanged(daysclock.ClauseLeave)
	if gm.set != nil {
		gm.granted = &l // the player's: granted in his other games too (lettergen_games_test.go)
	}
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	m.leaves[s] = append(m.leaves[s], l)
	if !gm.check("leave", s, body, want, nil, false, d) {
		return false
	}
	if _, told := lgLetterTo(d, lgRole(1-s)); !told {
		return gm.fail("leave", []string{"letters"}, s, body, want, nil, d, "the partner is not told of the leave")
	}
	return true
}

// lgRole is the role of side s's player.
func lgRole(s int) referee.Role {
	if s == 0 {
		return referee.ToWhite
	}
	return referee.ToBlack
}

// lgLetterTo returns the decision's letter to role.
func lgLetterTo(d referee.Decision, role referee.Role) (referee.Outgoing, bool) {
	for _, o := range d.Letters {
		if o.Role == role {
			return o, true
		}
	}
	return referee.Outgoing{}, false
}
