package referee_test

import (
	"fmt"
	"slices"
	"strings"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/referee"
)

// The families of letters the generator writes in words: draws, leave in every form players write
// it, and how players and their mail programs dress a move letter (lettergen_games_test.go lists
// them). Each is checked against the model: what it changes and what it must not.

// Draws, as players write them (1.13.3).
var (
	lgOffers = [2][]string{
		lgRU: {"Предлагаю ничью.", "Предлагаю закончить партию вничью.", "Предлагаю мир.", "Может быть, ничья?", "Давайте согласимся на ничью."},
		lgEN: {"I offer a draw.", "How about a draw?", "Shall we call it a draw?", "Would you accept a draw?", "I propose a draw."},
	}
	lgShortYes = [2][]string{
		lgRU: {"Согласен.", "Согласен!", "Хорошо, согласен.", "Принимаю ваше предложение."},
		lgEN: {"Agreed.", "I agree.", "Agreed!", "I accept your offer."},
	}
	lgAccepts = [2][]string{
		lgRU: {"Согласен на ничью.", "На ничью согласен.", "Принимаю ничью.", "Ничью принимаю."},
		lgEN: {"I accept the draw.", "Draw agreed.", "I agree to a draw.", "I'll take the draw."},
	}
	lgRefusals = [2][]string{
		lgRU: {"Ничью не принимаю.", "Не согласен на ничью.", "Играем дальше.", "От ничьей отказываюсь.", "Продолжим игру."},
		lgEN: {"I do not accept the draw.", "I decline the draw.", "Let's play on.", "I'd rather play on.", "No draw."},
	}
	lgConditional = [2][]string{
		lgRU: {"Если вы не будете настаивать, согласен на ничью.", "Согласен на ничью, если повторите ходы."},
		lgEN: {"I would accept a draw if you insist.", "If you repeat the position, I accept the draw."},
	}
)

// draw writes a letter about a draw in a game of the tournament, as the game stands: the answer to
// a standing offer (a short yes, an acceptance, a refusal with a move, an acceptance under a
// condition with a move) or, with none standing, an offer with a move, an acceptance of nothing
// with a move, or a short yes with nothing to say yes to.
func (set *lgSet) draw() bool {
	r := set.r
	gm := lgPick(r, set.live())
	for _, g := range set.live() {
		if g.m.offer == 1-g.m.toMove() && r.IntN(10) < 7 {
			gm = g // the answer to a standing offer, more often than chance would write it
			break
		}
	}
	set.advance()
	set.sync(gm)
	s := gm.m.toMove()
	lang := lgLang(r.IntN(2))
	if gm.m.offer == 1-s {
		switch x := r.IntN(100); {
		case x < 25:
			return set.agree(gm, s, lang, lgPick(r, lgShortYes[lang]), true)
		case x < 45:
			return set.agree(gm, s, lang, lgPick(r, lgAccepts[lang]), false)
		case x < 75:
			gm.extra = []string{lgPick(r, lgRefusals[lang])}
			gm.onMove = func(kind *string, _ *lgModel, _ *lgExpect) { *kind = "draw-refused-in-words" }
			defer func() { gm.onMove = nil }()
			return gm.moveLetter(s, lgNoFault, false)
		case x < 82:
			return set.asked(gm, s, lang, lgPick(r, lgConditional[lang]), "draw-accepted-under-condition")
		case x < 88:
			// «Согласен.» beside a move: the draw, or the move that declines it?
			return set.asked(gm, s, lang, lgPick(r, lgShortYes[lang]), "draw-short-yes-with-move")
		}
		return set.turn(gm) // the move alone: the offer lapses (1.13.3)
	}
	switch x := r.IntN(100); {
	case x < 55:
		offer := lgPick(r, lgOffers[lang])
		if r.IntN(4) == 0 {
			gm.tail = []string{"", "P.S. " + offer} // the offer below the signature
		} else {
			gm.extra = []string{offer}
		}
		gm.onMove = func(kind *string, after *lgModel, want *lgExpect) {
			*kind = "draw-offer"
			if !after.over {
				after.offer = s // 1.13.3: it stands until the partner's reply move
			}
			want.clocks(after)
		}
		defer func() { gm.onMove = nil }()
		return gm.moveLetter(s, lgNoFault, false)
	case x < 72:
		gm.extra = []string{lgPick(r, lgAccepts[lang])}
		gm.onMove = func(kind *string, _ *lgModel, _ *lgExpect) { *kind = "draw-accept-no-offer" }
		defer func() { gm.onMove = nil }()
		return gm.moveLetter(s, lgNoFault, false)
	case x < 80:
		// «Согласен.» beside a move with no offer standing: it says nothing of a draw.
		gm.extra = []string{lgPick(r, lgShortYes[lang])}
		gm.onMove = func(kind *string, _ *lgModel, _ *lgExpect) { *kind = "draw-short-yes-with-move-no-offer" }
		defer func() { gm.onMove = nil }()
		return gm.moveLetter(s, lgNoFault, false)
	}
	return set.yesToNothing(gm, s, lang)
}

// agree sends side s's acceptance of his partner's standing offer, alone: the game is drawn by
// agreement (1.13.3), the letters name the words; a short yes while a variant of the partner's
// stands too may answer either: asked about.
func (set *lgSet) agree(gm *lgGame, s int, lang lgLang, words string, short bool) bool {
	body := gm.letterBody(s, lang, words)
	_, pending := gm.m.pendingFor(s)
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	if short && pending {
		return set.askedAbout(gm, s, body, d, "draw-short-yes-and-variant", nil)
	}
	m := gm.m.clone()
	m.over, m.result, m.offer = true, referee.ResultDraw, -1
	want := lgExpect{Verdict: referee.Notice, Clauses: []string{}, Plies: slices.Clone(m.plies), Moves: []string{},
		Time: referee.Time{White: m.days[0], Black: m.days[1]}}
	want.clocks(m)
	kind := "draw-agreed"
	if short {
		kind += ":short"
	}
	gm.st.notices++
	if !gm.check(kind, s, body, want, nil, false, d) {
		return false
	}
	if d.Game.Result != referee.ResultDraw || d.Game.Reason != referee.ReasonDrawAgreed {
		return gm.fail(kind, []string{"result"}, s, body, want, nil, d, fmt.Sprintf("result %s (%s), want a draw agreed", d.Game.Result, d.Game.Reason))
	}
	if d.Words == nil || !strings.Contains(words, strings.TrimSpace(d.Words.Text)) && !strings.Contains(d.Words.Text, strings.TrimRight(words, ".!")) {
		return gm.fail(kind, []string{"words"}, s, body, want, nil, d, fmt.Sprintf("the result rests on %+v, not on the letter's words %q", d.Words, words))
	}
	for _, role := range []referee.Role{referee.ToWhite, referee.ToBlack} {
		if o, ok := lgLetterTo(d, role); !ok || !strings.Contains(o.Body, strings.TrimRight(d.Words.Text, ".!")) {
			return gm.fail(kind, []string{"letters"}, s, body, want, nil, d, "a player's letter does not quote the words the result rests on")
		}
	}
	gm.m = m
	return true
}

// asked sends side s's move letter with words about his partner's standing offer that postald
// cannot read with one meaning beside the move (an acceptance under a condition, a short yes):
// the move would decline the offer and the words may accept it, so postald asks and plays
// nothing; the offer stands.
func (set *lgSet) asked(gm *lgGame, s int, lang lgLang, words, kind string) bool {
	gm.collect = &lgSection{lang: lang}
	gm.extra = []string{words}
	ok := gm.moveLetter(s, lgNoFault, false) && gm.collect.ready
	c := gm.collect
	gm.collect = nil
	if !ok {
		return false
	}
	body := c.body + "\n\n" + lgPick(set.r, lgBook[lang].signature[gm.who[s]])
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	return set.askedAbout(gm, s, body, d, kind, nil)
}

// noticeOnce sends side s's letter body, which holds no move and changes nothing, and checks
// that it is decided as a notice with the game unchanged and answered at most once a day per
// game (kind names its family).
func (gm *lgGame) noticeOnce(s int, lang lgLang, body, kind string) bool {
	m := gm.m
	answers := 1
	if m.answered[s] == gm.sent() {
		answers = 0
	}
	d, ok := gm.send(s, lang, body)
	if !ok {
		return false
	}
	gm.st.notices++
	want := gm.wantUnchanged()
	ok = gm.check(kind, s, body, want, nil, false, d)
	if ok && len(d.Letters) != answers {
		ok = gm.fail(kind, []string{"letters"}, s, body, want, nil, d,
			fmt.Sprintf("%d letters sent, want %d (one answer a game a day to a player's letter with no move)", len(d.Letters), answers))
	}
	m.answered[s] = gm.sent()
	return ok
}

// yesToNothing sends side s's short «Согласен.» with no offer standing: it says nothing of a
// draw, and the letter holds no move: answered once a day, nothing changes.
func (set *lgSet) yesToNothing(gm *lgGame, s int, lang lgLang) bool {
	body := gm.letterBody(s, lang, lgPick(set.r, lgShortYes[lang]))
	return gm.noticeOnce(s, lang, body, "draw-short-yes-to-nothing")
}

// A leave in the forms players write it: each form says whether it needs the two days in one
// month, and writes them with or without the year.
var lgLeaveForms = [2][]struct {
	sameMonth bool
	write     func(from, to daysclock.Date, b *lgPhrases) string
}{
	lgRU: {
		{true, func(f, t daysclock.Date, b *lgPhrases) string {
			return fmt.Sprintf("Буду в отпуске с %d-го по %d-е %s.", f.Day, t.Day, b.months[t.Month-1])
		}},
		{false, func(f, t daysclock.Date, _ *lgPhrases) string {
			return fmt.Sprintf("Уведомляю, что с %02d.%02d по %02d.%02d буду в отпуске.", f.Day, int(f.Month), t.Day, int(t.Month))
		}},
		{false, func(f, t daysclock.Date, _ *lgPhrases) string {
			return fmt.Sprintf("Прошу предоставить отпуск с %02d.%02d.%d по %02d.%02d.%d.", f.Day, int(f.Month), f.Year, t.Day, int(t.Month), t.Year)
		}},
		{false, func(f, t daysclock.Date, b *lgPhrases) string {
			return fmt.Sprintf("Отпуск: с %d %s по %d %s.", f.Day, b.months[f.Month-1], t.Day, b.months[t.Month-1])
		}},
		{true, func(f, t daysclock.Date, b *lgPhrases) string {
			return fmt.Sprintf("Буду в отъезде с %d по %d %s %d года.", f.Day, t.Day, b.months[t.Month-1], t.Year)
		}},
	},
	lgEN: {
		{false, func(f, t daysclock.Date, _ *lgPhrases) string {
			return fmt.Sprintf("I will be on leave from %s %d to %s %d.", f.Month, f.Day, t.Month, t.Day)
		}},
		{false, func(f, t daysclock.Date, _ *lgPhrases) string {
			return fmt.Sprintf("I am on leave from %02d.%02d.%d to %02d.%02d.%d.", f.Day, int(f.Month), f.Year, t.Day, int(t.Month), t.Year)
		}},
		{true, func(f, t daysclock.Date, b *lgPhrases) string {
			return fmt.Sprintf("Leave: %d–%d %s %d", f.Day, t.Day, b.months[t.Month-1], t.Year)
		}},
		{true, func(f, t daysclock.Date, _ *lgPhrases) string {
			return fmt.Sprintf("I will be away from %d to %d %s.", f.Day, t.Day, t.Month)
		}},
		{false, func(f, t daysclock.Date, _ *lgPhrases) string {
			return fmt.Sprintf("I take leave from %s to %s.", f, t)
		}},
	},
}

// leaveText writes leave l as players do, in a form drawn at random.
func (set *lgSet) leaveText(l daysclock.Leave, lang lgLang) string {
	for {
		f := lgPick(set.r, lgLeaveForms[lang])
		if !f.sameMonth || l.From.Month == l.To.Month && l.From.Year == l.To.Year {
			return f.write(l.From, l.To, &lgBook[lang])
		}
	}
}

// nextLeave draws a leave person may take as the regulation grants it, announced on day: from one
// to ten days ahead, after his last leave, up to five days, within the allowance.
func (set *lgSet) nextLeave(gm *lgGame, s int, day daysclock.Date) (daysclock.Leave, bool) {
	taken := 0
	last := daysclock.Date{}
	for _, l := range gm.m.leaves[s] {
		taken += lgCalendarDays(l.From, l.To) + 1
		last = daysclock.Later(last, l.To)
	}
	from := day.AddDays(1 + set.r.IntN(10))
	if !last.IsZero() {
		from = daysclock.Later(from, last.AddDays(1))
	}
	n := 1 + set.r.IntN(5)
	if taken+n > lgLeaveDays {
		return daysclock.Leave{}, false
	}
	return daysclock.Leave{From: from, To: from.AddDays(n - 1)}, true
}

// leave announces a leave of a player of several games, in a form drawn at random: alone, inside
// a move letter, or in a postscript below it. It is granted in every game of his in play, each
// partner told, and his clock stops on its days in each (the model counts it so).
func (set *lgSet) leave() bool {
	r := set.r
	gm := lgPick(r, set.live())
	set.advance()
	set.sync(gm)
	s := gm.m.toMove()
	if r.IntN(3) == 0 {
		s = 1 - s // a leave may come from the player not on move
	}
	l, ok := set.nextLeave(gm, s, gm.today())
	if !ok {
		return set.turn(gm)
	}
	lang := lgLang(r.IntN(2))
	text := set.leaveText(l, lang)
	kind := "leave"
	if r.IntN(12) == 0 {
		// A leave said not to be: no leave, nothing changes (a letter without a move).
		return set.noLeave(gm, s, lang, l)
	}
	if r.IntN(4) == 0 && len(set.inPlayOf(gm.who[s])) > 1 {
		return set.leaveWide(gm, s, lang, l, text)
	}
	switch x := r.IntN(100); {
	case x < 40 || s != gm.m.toMove():
		body := gm.letterBody(s, lang, text)
		gm.granted = &l
		d, ok := gm.send(s, lang, body)
		if !ok {
			return false
		}
		gm.m.leaves[s] = append(gm.m.leaves[s], l)
		return set.leaveChecked(gm, s, body, kind+":alone", l, d)
	case x < 75:
		gm.extra = []string{text}
		kind += ":in-move"
	default:
		gm.tail = []string{"", "P.S. " + text}
		kind += ":postscript"
	}
	gm.granted = &l
	gm.onMove = func(k *string, after *lgModel, want *lgExpect) {
		*k = kind
		after.leaves[s] = append(after.leaves[s], l)
		after.clause(daysclock.ClauseLeave)
		want.Clauses = after.clauseList()
	}
	gm.afterMove = func(k string, s int, body string, want lgExpect, d referee.Decision) bool {
		return set.leaveChecked(gm, s, body, k, l, d)
	}
	defer func() { gm.onMove, gm.afterMove = nil, nil }()
	return gm.moveLetter(s, lgNoFault, false)
}

// lgWideSubjects are the subjects of a letter about no game of the tournament: %s its code as
// the letter's language writes it.
var lgWideSubjects = [2][]string{
	lgRU: {"%s", "Re: %s", "%s отпуск", "Отпуск, турнир %s"},
	lgEN: {"%s", "Re: %s", "%s leave", "Leave, tournament %s"},
}

// inPlayOf returns the games of person in play.
func (set *lgSet) inPlayOf(person int) []*lgGame {
	var out []*lgGame
	for _, og := range set.games {
		if sideIn(og, person) >= 0 && !og.m.over {
			out = append(out, og)
		}
	}
	return out
}

// leaveWide sends side s's leave notice alone, its subject naming the tournament and no game,
// from a player of several games in play: the door decides it in one of them, whose answer to
// him alone is about the tournament (Outgoing.About: «СТ-2026/1: отпуск», every game it applies
// to named), and the leave stops his clock in each game, each partner told (4.1.3; leaveIn).
func (set *lgSet) leaveWide(gm *lgGame, s int, lang lgLang, l daysclock.Leave, text string) bool {
	person := gm.who[s]
	code := set.table.Code
	if lang == lgEN {
		code = strings.Replace(code, "СТ", "CT", 1)
	}
	body := gm.letterBody(s, lang, text)
	raw, id := set.raw(person, fmt.Sprintf(lgPick(set.r, lgWideSubjects[lang]), code), body)
	games := set.inPlayOf(person)
	ds, ok := set.decide(person, raw, id)
	if !ok {
		return false
	}
	answers := 0
	for k, d := range ds {
		og := set.games[k]
		for _, o := range d.Letters {
			if o.Role != lgRole(sideIn(og, person)) {
				continue
			}
			if !o.AboutTournament() || !strings.Contains(o.Subject, set.table.Code+": ") {
				return set.fail(og, "leave:wide", sideIn(og, person), body, fmt.Sprintf("the answer to the writer is about game %s, not the tournament: %q", o.Game, o.Subject))
			}
			answers++
			for _, g := range games {
				if !strings.Contains(o.Body, g.g.Name) {
					return set.fail(og, "leave:wide", sideIn(og, person), body, "the answer does not name game "+g.g.Name+" the leave applies to:\n"+o.Body)
				}
			}
		}
	}
	if answers != 1 {
		return set.fail(gm, "leave:wide", s, body, fmt.Sprintf("%d answers to the writer, want one about the tournament", answers))
	}
	for _, og := range games {
		k := slices.Index(set.games, og)
		d, found := ds[k]
		if !found {
			return set.fail(og, "leave:wide", sideIn(og, person), body, "the leave does not reach game "+og.g.Name)
		}
		og.letters++
		if !set.leaveIn(og, person, l, body, d) {
			return false
		}
	}
	for k := range ds {
		if !slices.Contains(games, set.games[k]) {
			return set.fail(set.games[k], "leave:wide", -1, body, "a game of someone else's, or over, decided by the leave")
		}
	}
	gm.st.kinds["leave:wide"]++
	return true
}

// lgNoLeaves say a leave is not to be: %[1]s and %[2]s its days, as day.month.
var lgNoLeaves = [2][]string{
	lgRU: {"Отпуск с %[1]s по %[2]s я не беру.", "В отпуске с %[1]s по %[2]s я не буду."},
	lgEN: {"I will not be on leave from %[1]s to %[2]s after all.", "I won't take leave from %[1]s to %[2]s."},
}

// noLeave sends side s's letter that says a leave is not to be: no leave is granted anywhere, the
// letter holds no move: answered once a day, nothing changes.
func (set *lgSet) noLeave(gm *lgGame, s int, lang lgLang, l daysclock.Leave) bool {
	dm := func(d daysclock.Date) string { return fmt.Sprintf("%02d.%02d", d.Day, int(d.Month)) }
	body := gm.letterBody(s, lang, fmt.Sprintf(lgPick(set.r, lgNoLeaves[lang]), dm(l.From), dm(l.To)))
	return gm.noticeOnce(s, lang, body, "leave:negated")
}

// leaveChecked checks what a leave letter's decision d about its own game must hold besides the
// model's count: the leave on the writer's clock, the partner told.
func (set *lgSet) leaveChecked(gm *lgGame, s int, body, kind string, l daysclock.Leave, d referee.Decision) bool {
	want := gm.wantUnchanged(daysclock.ClauseLeave)
	if strings.HasSuffix(kind, ":alone") && !gm.check(kind, s, body, want, nil, false, d) {
		return false
	}
	if got := d.Game.Clock(lgSideOf(s)).Leaves; !slices.ContainsFunc(got, func(x daysclock.Leave) bool { return !l.From.Before(x.From) && !l.To.After(x.To) }) {
		return gm.fail(kind, []string{"leave"}, s, body, want, nil, d, fmt.Sprintf("the leave %s is not on his clock: %v", l, got))
	}
	period := phrase.For(gm.table.Language).Referee.Period(l.From, l.To)
	told := false
	for _, o := range d.Letters {
		if o.Role == lgRole(1-s) && strings.Contains(o.Body, period) {
			told = true
		}
	}
	if !told {
		return gm.fail(kind, []string{"letters"}, s, body, want, nil, d, "the partner is not told of the leave")
	}
	gm.st.kinds[kind]++
	return true
}

// ---------------------------------------------------------------------------------------------
// How players and their mail programs dress a move letter

var (
	// lgFooters are what mobile mail programs put below a letter.
	lgFooters = []string{"Отправлено с iPhone", "Отправлено из мобильной Почты Mail.ru", "Отправлено из Яндекс Почты для Android",
		"Sent from my Galaxy", "Get Outlook for Android", "Sent from my iPad"}
	// lgRecordHeads head the game's record written out before a move.
	lgRecordHeads = [2][]string{
		lgRU: {"Запись партии: ", "Партия: ", "Ходы партии: "},
		lgEN: {"Moves so far: ", "Game record: ", "The game: "},
	}
	// lgProse are sentences with dates that are neither the letter's three dates nor a leave:
	// %[1]s the day the partner's move came, %[2]s today, as day.month.
	lgProse = [2][]string{
		lgRU: {"Ваше письмо от %[1]s получил %[2]s.", "Сегодня %[2]s, отвечаю сразу.", "Письмо пришло %[1]s, спасибо."},
		lgEN: {"Your letter of %[1]s came on %[2]s.", "Today is %[2]s, so here is my reply.", "Thanks for your letter of %[1]s."},
	}
	// lgWishes are the good wishes and thanks players write around their moves.
	lgWishes = [2][]string{
		lgRU: {"Спасибо за ход!", "Удачи!", "Хорошей игры!", "Интересная позиция."},
		lgEN: {"Thanks for your move!", "Good luck!", "Nice game so far.", "An interesting position."},
	}
	// lgOriginals head the original under a top-posted answer, as Outlook and the Russian mail
	// services write it.
	lgOriginals = []string{"-------- Исходное сообщение --------", "-----Original Message-----", "---- Исходное сообщение ----"}
)

// dress writes how a player's mail program and his habits dress side s's move letter, each a
// family of its own with its kind: a footer, the game's record before the move, dates in prose,
// good wishes, the original below a top-posted answer. None of them changes the decision.
func (gm *lgGame) dress(s int, lang lgLang, fault lgFault) {
	r := gm.r
	m := gm.m
	if gm.collect != nil || r.IntN(100) >= 12 {
		return
	}
	switch x := r.IntN(5); {
	case x == 0:
		gm.tail = append(gm.tail, "", lgPick(r, lgFooters))
		gm.st.kinds["+footer"]++
	case x == 1 && fault == lgNoFault && len(m.plies) > 0:
		from := max(0, len(m.plies)-12)
		if from%2 == 1 {
			from--
		}
		idx := make([]int, 0, len(m.plies)-from)
		for i := from; i < len(m.plies); i++ {
			idx = append(idx, i)
		}
		wr := lgWriter{r}
		gm.lead = append(gm.lead, lgPick(r, lgRecordHeads[lang])+wr.list(idx, func(i int) string { return m.plies[i] }))
		gm.st.kinds["+record"]++
	case x == 2:
		on := gm.today()
		came := m.movedOn
		if came.IsZero() {
			came = on
		}
		dm := func(d daysclock.Date) string { return fmt.Sprintf("%02d.%02d", d.Day, int(d.Month)) }
		gm.lead = append(gm.lead, fmt.Sprintf(lgPick(r, lgProse[lang]), dm(came), dm(on)))
		gm.st.kinds["+prose-dates"]++
	case x == 3:
		gm.lead = append(gm.lead, lgPick(r, lgWishes[lang]))
		gm.extra = append(gm.extra, lgPick(r, lgWishes[lang]))
		gm.st.kinds["+wishes"]++
	default:
		if gm.lastFrom[1-s] == "" {
			return
		}
		gm.tail = append(gm.tail, "", lgPick(r, lgOriginals), "От: postald <moves@club.example>",
			"Тема: "+gm.named(lgPick(r, lgBook[lgRU].subject)), "", gm.lastFrom[1-s])
		gm.st.kinds["+original-below"]++
	}
}
