package referee

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// phrases are the words of postald's letters in one language. Each language is one table
// (text_ru.go, text_en.go); the golden tests hold their output.
type phrases struct {
	// subjects: %[1]s tournament, %[2]s game
	subjMove, subjAck, subjCorrected, subjRejected, subjNotice, subjDraw, subjResult, subjOverstep,
	subjReminder, subjAskGame, subjRuling string

	header                                                     string // tournament, game, white, black
	ackIntro, correctedIntro, rejectIntro, noticeIntro         string // the letter's date
	onBoard, timeLine, stamp, movesLine, variantsHead, posHead string
	datesLine                                                  string
	violation, violationNoLine, sendLine, penalty, noPenalty   string
	clockRuns                                                  string
	threeDates                                                 string

	internal, internalJudge, gameOver, frozen, noMove                               string
	wrongRepeat, illegibleRepeat, notRepeated, repeatNothing, repeatThese           string
	numbering, extraIgnored, changesSent, sendNext, sendNothing                     string
	notForced, forcedFixed, substituted, sendMove, sendOneOf                        string
	variantAcceptedStop, variantGone, variantPlayed, noSuchVariant, variantNotNow   string
	variantEmpty, variantCut                                                        string
	drawLapsed, drawOffered, drawOfferSent, noDrawOffer, drawDeclinedYou            string
	drawDeclined, drawAgreed, drawClaimed, claimInvalid, resigned, result           string
	yourMoveAgain, forcedPlayed, endedOnBoard                                       string
	datesMissing, dateDiff, timeMissing, timeDiff                                   string
	overstep, forfeited, overstepJudge, adjudication                                string
	controlOnMove, controlWaiting                                                   string
	duplicate, notYourTurn, askGame, notPlayer, reminder, silence                   string
	ruling, rulingPenalty, rulingForfeit, rulingAdjudicate, rulingDate, rulingLeave string
	rulingRevert, revertOnMove, revertDraw, revertVariant                           string
	rulingClause                                                                    string // the clause a ruling rests on (4.1.10)
	subjProtest, protestSent, protestJudge                                          string
	leaveNoDates, leaveRefused, leaveGranted, leavePartner                          string
	leaveOrder, leaveLate, leaveOverlap, leaveTooLong                               string // why a leave is refused
	expected, ownInRepeat, faultUnique, repeatNext, repeatLater, judgedHead         string
	textCut                                                                         string
	wrongAccepted, sendAccepted, acceptUnsure, acceptVariant, acceptNone            string
	acceptWhich, acceptOutside, acceptDeclined, acceptDisagree, acceptNumber        string

	faults     map[string]string
	dateFields [3]string
	sides      map[Side]string
	reasons    map[string]string // Game.Reason, how a game ended, in words

	// Numbers of days: the language's plural rule and the forms of the words that go with a
	// number («1 день», «2 дня», «5 дней»).
	plural      func(int) plural.Form
	day         plural.Word // «5 дней»
	dayOf       plural.Word // after «не более», «в течение»: «21 дня», «5 дней»
	penaltyDay  plural.Word // «+2 штрафных дня»
	remain      plural.Word // «остался» / «осталось», agreeing with the days left
	daysLeftFmt string      // the verb, the days: «осталось 2 дня», "2 days left"
}

// days writes n days: «1 день», «22 дня», "1 day".
func (p *phrases) days(n int) string { return p.day.Count(p.plural, n) }

// daysOf writes n days after «не более», «в течение»: «не более 21 дня».
func (p *phrases) daysOf(n int) string { return p.dayOf.Count(p.plural, n) }

// penaltyDays writes a signed number of penalty days: «+2 штрафных дня».
func (p *phrases) penaltyDays(n int) string { return p.penaltyDay.Signed(p.plural, n) }

// daysLeft writes the days left: «осталось 2 дня», «остался 1 день», "2 days left".
func (p *phrases) daysLeft(n int) string {
	return fmt.Sprintf(p.daysLeftFmt, p.remain.For(p.plural(n)), p.days(n))
}

func (p *phrases) fault(kind string) string {
	if s, ok := p.faults[kind]; ok {
		return s
	}
	return kind
}

func (p *phrases) dateField(f daysclock.DateField) string {
	if int(f) >= 0 && int(f) < len(p.dateFields) {
		return p.dateFields[f]
	}
	return f.String()
}

func (p *phrases) side(s Side) string { return p.sides[s] }

// ReasonText words a game's Reason (how it ended: "draw agreed", "annulled", ...) in the
// language of a tournament, for letters and reports. The stored Reason stays as it is; a reason
// the phrasebook does not know is returned unchanged.
func ReasonText(lang, reason string) string {
	if s, ok := textFor(lang).reasons[reason]; ok {
		return s
	}
	return reason
}

// textFor returns the phrases of a tournament language (ru by default, letters.md).
func textFor(lang string) *phrases {
	if lang == "en" {
		return &textEN
	}
	return &textRU
}

// outgoing makes one letter of a game with the common parts filled in.
func outgoing(g *Game, role Role, to, subject, body string, v Verdict, clauses ...string) Outgoing {
	tx := textFor(g.Language)
	subject = fmt.Sprintf(subject, g.Tournament, g.Name)
	head := fmt.Sprintf(tx.header, g.Tournament, g.Name, g.White.Name, g.Black.Name)
	return Outgoing{Role: role, To: to, Kind: KindNotice, Subject: subject, Body: head + "\n\n" + body + "\n",
		Game: g.ID(), Verdict: v, Clauses: append([]string(nil), clauses...), Time: g.Time(), InReplyTo: g.LastLetter,
		References: append([]string(nil), g.Thread...)}
}

// notify queues a notice.
func (x *decider) notify(role Role, to, subject, body string, v Verdict, clauses ...string) {
	if to == "" {
		return
	}
	o := outgoing(&x.g, role, to, subject, body, v, clauses...)
	o.InReplyTo = x.env.MessageID
	x.notices = append(x.notices, o)
}

// notifyPartner queues a notice to the partner of the letter's sender.
func (x *decider) notifyPartner(subject, body string, clauses ...string) {
	p := x.side.Other()
	x.notify(roleOf(p), x.g.Player(p).Email, subject, body, Notice, clauses...)
}

// answer writes the letter to the sender: acknowledgement, rejection or notice.
func (x *decider) answer(kind string, v Verdict) {
	tx := x.tx
	var b strings.Builder
	date := x.today.String()
	subject := tx.subjNotice
	switch {
	case kind == KindRejection:
		subject = tx.subjRejected
		fmt.Fprintf(&b, tx.rejectIntro+"\n", date)
		for _, vi := range x.d.Violations {
			if vi.Line > 0 {
				fmt.Fprintf(&b, tx.violation+"\n", vi.Line, vi.Text, vi.What, vi.Clause)
			} else {
				fmt.Fprintf(&b, tx.violationNoLine+"\n", upperFirst(vi.What), vi.Clause)
			}
			if vi.Send != "" {
				fmt.Fprintf(&b, tx.sendLine+"\n", vi.Send)
			}
		}
		if x.d.PenaltyDays > 0 {
			fmt.Fprintf(&b, tx.penalty+"\n", tx.days(x.d.PenaltyDays))
		} else {
			b.WriteString(tx.noPenalty + "\n")
		}
		if since := x.g.Clock(x.side).Since; !since.IsZero() {
			fmt.Fprintf(&b, tx.clockRuns+"\n", since)
		}
	case kind == KindAck && v == Corrected:
		subject = tx.subjCorrected
		fmt.Fprintf(&b, tx.correctedIntro+"\n", date)
	case kind == KindAck:
		subject = tx.subjAck
		fmt.Fprintf(&b, tx.ackIntro+"\n", date)
	default:
		fmt.Fprintf(&b, tx.noticeIntro+"\n", date)
	}
	if len(x.d.Moves) > 0 {
		fmt.Fprintf(&b, tx.onBoard+"\n", strings.Join(x.d.Moves, " "))
	}
	for _, n := range x.toSender {
		b.WriteString(n + "\n")
	}
	if kind == KindAck {
		fmt.Fprintf(&b, tx.datesLine+"\n", x.datesText(x.stamps))
	}
	fmt.Fprintf(&b, tx.timeLine+"\n", x.g.Time())
	if x.g.Status == StatusPlaying {
		b.WriteString(nextControl(&x.g, x.reg, x.side, tx) + "\n")
	}
	if kind == KindRejection {
		// The position the letter was judged in: where its first faulty move stood, else the
		// board as it is.
		judged := x.judged
		if judged == nil {
			judged = x.b
		}
		b.WriteString(tx.judgedHead + "\n" + judged.diagram())
	}
	o := outgoing(&x.g, roleOf(x.side), x.g.Player(x.side).Email, subject, strings.TrimRight(b.String(), "\n"), v, x.d.Clauses...)
	o.Kind = kind
	o.InReplyTo = x.env.MessageID
	x.d.Letters = append(x.d.Letters, o)
}

// MaxForwardText bounds the sender's text in a forwarded letter, in bytes.
const MaxForwardText = 64 << 10

// forward writes the letter to the partner: the sender's text as written, then postald's stamped
// block (letters.md).
func (x *decider) forward() {
	if x.played == 0 {
		return
	}
	tx := x.tx
	partner := x.side.Other()
	var b strings.Builder
	if t := strings.TrimSpace(x.lt.Text); t != "" {
		if len(t) > MaxForwardText {
			// The letter as written is forwarded up to a bound: a 2 MB letter makes no 2 MB
			// copy. The moves the partner must answer are in postald's block below.
			cut := strings.LastIndexByte(t[:MaxForwardText], '\n')
			if cut < MaxForwardText/2 {
				cut = MaxForwardText
				for cut > 0 && !utf8.RuneStart(t[cut]) {
					cut--
				}
			}
			t = strings.TrimSpace(t[:cut]) + "\n" + fmt.Sprintf(tx.textCut, MaxForwardText>>10, (len(t)+1023)>>10)
		}
		b.WriteString(t + "\n\n")
	}
	b.WriteString(tx.stamp + "\n")
	fmt.Fprintf(&b, tx.header+"\n", x.g.Tournament, x.g.Name, x.g.White.Name, x.g.Black.Name)
	fmt.Fprintf(&b, tx.movesLine+"\n", strings.Join(x.d.Moves, " "))
	for _, n := range x.toPartner {
		b.WriteString(n + "\n")
	}
	if vs := x.pendingVariants(x.side); len(vs) > 0 {
		b.WriteString(tx.variantsHead + "\n")
		for _, v := range vs {
			b.WriteString("  " + v + "\n")
		}
	}
	fmt.Fprintf(&b, tx.datesLine+"\n", x.datesText(x.stamps))
	fmt.Fprintf(&b, tx.timeLine+"\n", x.g.Time())
	if x.g.Status == StatusPlaying {
		b.WriteString(nextControl(&x.g, x.reg, partner, tx) + "\n")
		// 4.2.9: what his next letter must repeat, also when postald played his move for him.
		if owed := *x.g.owes(partner); len(owed) > 0 {
			format := tx.repeatNext
			if x.g.ToMove() != partner {
				format = tx.repeatLater
			}
			fmt.Fprintf(&b, format+"\n", x.plyList(owed))
		}
	}
	if d := x.b.diagram(); d != "" {
		b.WriteString(tx.posHead + "\n" + d)
	}
	o := outgoing(&x.g, roleOf(partner), x.g.Player(partner).Email, tx.subjNotice, strings.TrimRight(b.String(), "\n"), x.d.Verdict, x.d.Clauses...)
	o.Body = strings.TrimRight(b.String(), "\n") + "\n"
	o.Subject = fmt.Sprintf(tx.subjMove, x.g.Tournament, x.g.Name, numberOfPly(len(x.g.Plies)-x.played))
	o.Kind = KindForward
	o.InReplyTo = x.env.MessageID
	x.d.Letters = append(x.d.Letters, o)
}

// plyList writes plies with their numbers: "5. c3-d4 6. e3-f4".
func (x *decider) plyList(plies []int) string {
	s := make([]string, len(plies))
	for i, j := range plies {
		s[i] = numbered(j, x.g.Plies[j].Text)
	}
	return strings.Join(s, " ")
}

// upperFirst starts a sentence with a capital letter.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
