package referee

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"postald/internal/daysclock"
	"postald/internal/phrase"
)

// phrases are the words of the referee's letters in one language: its section of the
// phrasebook (package phrase), with the lookups that take the referee's own types.
type phrases struct {
	*phrase.RefereeText
	picture  *phrase.PictureText  // the legend of the letters' picture
	delivery *phrase.DeliveryText // the delivery of the letters (delivery.go)
}

// why words in full why a written move cannot be played, with its squares as the letter wrote
// them: «на поле c3 нет шашки», «поле d4 занято», «взятие обязательно: g3:e5»; the fault's
// kind's words where its squares are not known.
func (p *phrases) why(f *fault) string {
	t := &p.Faults
	switch {
	case f.Kind == faultNoPiece && f.From != "":
		return fmt.Sprintf(t.NoPieceOn, f.From)
	case f.Kind == faultNotYours && f.From != "":
		return fmt.Sprintf(t.NotYoursOn, f.From)
	case f.Kind == faultCapture && len(f.Captures) > 0:
		return fmt.Sprintf(t.CaptureOf, strings.Join(f.Captures, ", "))
	case f.Kind == faultNoSuchMove && f.occupied && f.To != "":
		return fmt.Sprintf(t.Occupied, f.To)
	case f.Kind == faultNoSuchMove && f.noTake:
		return t.NoCapture
	case f.Kind == faultNoSuchMove && f.cannot && f.From != "" && f.To != "" && len(f.Options) > 0 && !strings.Contains(f.Options[0], ":"):
		return fmt.Sprintf(t.CannotMove, f.From, f.To)
	case f.Kind == faultNoSuchMove && f.cannot && f.From != "":
		return fmt.Sprintf(t.CannotCapture, f.From)
	}
	return p.fault(f.Kind)
}

// fault words why a written move cannot be played.
func (p *phrases) fault(kind string) string {
	f := &p.Faults
	switch kind {
	case faultAbbreviated:
		return f.Abbreviated
	case faultNoPiece:
		return f.NoPiece
	case faultNotYours:
		return f.NotYours
	case faultCapture:
		return f.Capture
	case faultNoSuchMove:
		return f.NoSuchMove
	case faultAmbiguous:
		return f.Ambiguous
	case faultNoSquare:
		return f.NoSquare
	case faultUnreadable:
		return f.Unreadable
	}
	return kind
}

func (p *phrases) dateField(f daysclock.DateField) string {
	if int(f) >= 0 && int(f) < len(p.DateFields) {
		return p.DateFields[f]
	}
	return f.String()
}

func (p *phrases) side(s Side) string {
	switch s {
	case White:
		return p.Sides.White
	case Black:
		return p.Sides.Black
	}
	return ""
}

// reason words a game's stored Reason; false for one the phrasebook does not know.
func (p *phrases) reason(reason Reason) (string, bool) {
	r := &p.Reasons
	switch reason {
	case ReasonDrawAgreed:
		return r.DrawAgreed, true
	case ReasonDrawClaimed:
		return r.DrawClaimed, true
	case ReasonWhiteResigned:
		return r.WhiteResigned, true
	case ReasonBlackResigned:
		return r.BlackResigned, true
	case ReasonNoMoves:
		return r.NoMoves, true
	case ReasonOverstep:
		return r.Overstep, true
	case ReasonForfeit:
		return r.Forfeit, true
	case ReasonAdjudicated:
		return r.Adjudicated, true
	case ReasonAnnulled:
		return r.Annulled, true
	case ReasonStruckOut:
		return r.StruckOut, true
	case ReasonWithdrawn:
		return r.Withdrawn, true
	case ReasonTablebase:
		return r.Tablebase, true
	}
	return "", false
}

// ReasonText words a game's Reason (how it ended: "draw agreed", "annulled", ...) in the
// language of a tournament, for letters and reports. The stored Reason stays as it is; a reason
// the phrasebook does not know is returned unchanged.
func ReasonText(lang string, reason Reason) string {
	if s, ok := textFor(lang).reason(reason); ok {
		return s
	}
	return reason.String()
}

// withPictureLegend ends body, a letter with pic, with the legend of the picture, which follows
// the letter's text; body as it is without a picture, or when its text diagram's legend already
// explains the picture.
func withPictureLegend(body string, pic *Picture, tx *phrases) string {
	if pic == nil || strings.Contains(body, tx.picture.ToMove) {
		return body
	}
	end := ""
	if strings.HasSuffix(body, "\n") {
		end = "\n"
	}
	return strings.TrimRight(body, "\n") + "\n\n" + tx.picture.ToMove + end
}

// textFor returns the phrases of a tournament language (ru by default, letters.md).
func textFor(lang string) *phrases {
	b := phrase.For(lang)
	return &phrases{&b.Referee, &b.Picture, &b.Delivery}
}

// textTo returns the phrases of the letters to role in game g: a player's in his own language,
// the judge's, the director's and a stranger's in the tournament's (letters.md).
func (t *Table) textTo(g *Game, role Role) *phrases {
	switch role {
	case ToWhite:
		return t.textOf(g, White)
	case ToBlack:
		return t.textOf(g, Black)
	}
	return textFor(t.lang())
}

// textOf returns the phrases of the letters to side s's player in game g.
func (t *Table) textOf(g *Game, s Side) *phrases { return textFor(t.languageOf(t.player(g, s))) }

// date writes a day as the book's players write it (letters.md: «01.12.2026» in Russian); the
// zero date as a dash.
func (p *phrases) date(d daysclock.Date) string {
	if d.IsZero() {
		return "—"
	}
	return p.Date(d)
}

// period writes a leave in the book's words: «с 01.12.2026 по 10.12.2026».
func (p *phrases) period(l daysclock.Leave) string { return p.Period(l.From, l.To) }

// fileNames quotes the names of files attached, as the reader's language quotes them.
func (p *phrases) fileNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf(p.Statements.FileName, n)
	}
	return strings.Join(q, ", ")
}

// outgoing makes one letter of game g to the reader of role with the common parts filled in: his
// address, his number when he is a player, his language, and the header in that language. It
// reports false when the letter reaches nobody: no judge or director is named, or a player has
// no address and does not play through the captain (4.1.1: a card or a call needs none).
func outgoing(t *Table, g *Game, role Role, subject, body string, v Verdict, clauses ...string) (Outgoing, bool) {
	var to string
	var number int
	lang := t.lang()
	switch role {
	case ToWhite, ToBlack:
		p := t.player(g, sideOfRole(role))
		if p.Email == "" && !p.Channel.Captain() {
			return Outgoing{}, false
		}
		to, number, lang = p.Email, p.Number, t.languageOf(p)
	case ToJudge:
		to = t.Judge
	case ToDirector:
		to = t.Director
	}
	if to == "" && number == 0 {
		return Outgoing{}, false
	}
	tx := textFor(lang)
	subject = fmt.Sprintf(subject, g.Tournament, g.Name)
	head := fmt.Sprintf(tx.Header, g.Tournament, g.Name, t.player(g, White).Name, t.player(g, Black).Name)
	return Outgoing{Role: role, To: to, Player: number, Language: lang, Kind: KindNotice, Subject: subject,
		Body: head + "\n\n" + body + "\n", Game: g.ID(), Verdict: v, Clauses: append([]string(nil), clauses...),
		Time: g.Time(), InReplyTo: g.LastLetter, References: append([]string(nil), g.Thread...)}, true
}

// sideOfRole returns the side of a player's role.
func sideOfRole(r Role) Side {
	if r == ToBlack {
		return Black
	}
	return White
}

// notify queues a notice to the reader of role, answering the letter decided.
func (x *decider) notify(role Role, subject, body string, v Verdict, clauses ...string) {
	o, ok := outgoing(x.t, &x.g, role, subject, body, v, clauses...)
	if !ok {
		return
	}
	o.InReplyTo = x.env.MessageID
	x.notices = append(x.notices, o)
}

// notifyPartner queues a notice to the partner of the letter's sender.
func (x *decider) notifyPartner(subject, body string, clauses ...string) {
	x.notify(roleOf(x.side.Other()), subject, body, Notice, clauses...)
}

// answer writes the letter to the sender: acknowledgement, rejection or notice.
func (x *decider) answer(kind string, v Verdict) {
	tx := x.tx // the sender's language
	var b strings.Builder
	date := tx.date(x.today)
	subject := tx.SubjNotice
	switch {
	case kind == KindRejection:
		subject = tx.SubjRejected
		fmt.Fprintf(&b, tx.RejectIntro+"\n", date)
		for _, vi := range x.d.Violations {
			if vi.Line > 0 {
				fmt.Fprintf(&b, tx.Violation+"\n", vi.Line, vi.Text, vi.What, vi.Clause)
			} else {
				fmt.Fprintf(&b, tx.ViolationNoLine+"\n", upperFirst(vi.What), vi.Clause)
			}
			if vi.Send != "" {
				fmt.Fprintf(&b, tx.SendLine+"\n", vi.Send)
			}
		}
		if x.d.PenaltyDays > 0 {
			fmt.Fprintf(&b, tx.Penalty+"\n", tx.Days(x.d.PenaltyDays))
		} else {
			b.WriteString(tx.NoPenalty + "\n")
		}
		if since := x.g.Clock(x.side).Since; !since.IsZero() {
			fmt.Fprintf(&b, tx.ClockRuns+"\n", tx.date(since))
		}
	case kind == KindAck && v == Corrected:
		subject = tx.SubjCorrected
		fmt.Fprintf(&b, tx.CorrectedIntro+"\n", date)
	case kind == KindAck:
		subject = tx.SubjAck
		fmt.Fprintf(&b, tx.AckIntro+"\n", date)
	default:
		fmt.Fprintf(&b, tx.NoticeIntro+"\n", date)
	}
	if len(x.d.Moves) > 0 {
		fmt.Fprintf(&b, tx.OnBoard+"\n", strings.Join(x.d.Moves, " "))
	}
	for _, n := range x.toSender {
		b.WriteString(n + "\n")
	}
	if vs := x.pendingVariants(x.side); kind == KindAck && len(vs) > 0 && x.g.Status == StatusPlaying {
		// 4.2.7: what the partner now has before him, as the forwarded letter gives it.
		b.WriteString(tx.VariantsRecorded + "\n")
		for _, v := range vs {
			b.WriteString("  " + v + "\n")
		}
	}
	if kind == KindAck {
		fmt.Fprintf(&b, tx.DatesLine+"\n", datesText(tx, x.stamps))
	}
	fmt.Fprintf(&b, tx.TimeLine+"\n", x.g.Time())
	if x.g.Status == StatusPlaying {
		b.WriteString(nextControl(x.t, &x.g, x.side, tx) + "\n")
	}
	switch kind {
	case KindRejection:
		// The position the letter was judged in: where its first faulty move stood, else the
		// board as it is.
		judged := x.judged
		if judged == nil {
			judged = x.b
		}
		b.WriteString(tx.JudgedHead + "\n" + judged.diagram(tx, true))
	case KindAck:
		// The position after the letter, as text beside the picture (README: every letter that
		// shows a position shows it both ways).
		if d := x.b.diagram(tx, true); d != "" {
			b.WriteString(tx.PosHead + "\n" + d)
		}
	}
	o, ok := outgoing(x.t, &x.g, roleOf(x.side), subject, strings.TrimRight(b.String(), "\n"), v, x.d.Clauses...)
	if !ok {
		return
	}
	switch {
	case kind == KindRejection && x.judged != nil:
		o.Picture = x.picture(x.judged)
	case kind == KindRejection || kind == KindAck || x.showBoard:
		o.Picture = x.picture(x.b)
	}
	o.Body = withPictureLegend(o.Body, o.Picture, textFor(o.Language)) // the reader's language
	o.Kind = kind
	o.InReplyTo = x.env.MessageID
	// An acknowledgement while the partner is on move asks nothing of the sender.
	o.NoReply = kind == KindAck && x.g.Status == StatusPlaying && x.g.ToMove() != x.side
	x.d.Letters = append(x.d.Letters, o)
}

// picture is board b's picture with the last move marked: the letter's own last move, or, where
// the letter played none (a stopped letter, a notice), the partner's move it answers, read from
// the game's record.
func (x *decider) picture(b *board) *Picture {
	p := b.picture()
	if p.Last == nil && len(b.moves) == 0 && p.Ply == len(x.g.Plies) && p.Ply > 0 {
		if _, m, ok := x.plyAt(p.Ply - 1); ok {
			p.Last = &m
		}
	}
	return p
}

// MaxForwardText bounds the sender's text in a forwarded letter, in bytes.
const MaxForwardText = 64 << 10

// squeezeBlank returns text without its leading and trailing blank lines, and with each run of
// blank lines inside it made one: a section of a letter about several games (mailparse) keeps
// the other sections' places as empty lines.
func squeezeBlank(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	out := lines[:0]
	for i, l := range lines {
		if strings.TrimSpace(l) == "" && i > 0 && strings.TrimSpace(lines[i-1]) == "" {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// forward writes the letter to the partner: the sender's text as written, then postald's stamped
// block (letters.md).
func (x *decider) forward() {
	if x.played == 0 {
		return
	}
	tx := x.ptx // the partner's language
	partner := x.side.Other()
	var b strings.Builder
	t := strings.TrimSpace(x.lt.Text)
	if x.lt.section {
		t = squeezeBlank(t) // the other sections' places are empty lines
	}
	if t != "" {
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
			t = strings.TrimSpace(t[:cut]) + "\n" + fmt.Sprintf(tx.TextCut, MaxForwardText>>10, (len(t)+1023)>>10)
		}
		b.WriteString(t + "\n\n")
	}
	b.WriteString(tx.Stamp + "\n")
	fmt.Fprintf(&b, tx.Header+"\n", x.g.Tournament, x.g.Name, x.player(White).Name, x.player(Black).Name)
	fmt.Fprintf(&b, tx.MovesLine+"\n", strings.Join(x.d.Moves, " "))
	for _, n := range x.toPartner {
		b.WriteString(n + "\n")
	}
	for _, n := range x.news {
		b.WriteString(n + "\n") // the sender's leave, told with his move (statements.go)
	}
	x.news = nil
	if vs := x.pendingVariants(x.side); len(vs) > 0 {
		b.WriteString(tx.VariantsHead + "\n")
		for _, v := range vs {
			b.WriteString("  " + v + "\n")
		}
	}
	fmt.Fprintf(&b, tx.DatesLine+"\n", datesText(tx, x.stamps))
	fmt.Fprintf(&b, tx.TimeLine+"\n", x.g.Time())
	if x.g.Status == StatusPlaying {
		b.WriteString(nextControl(x.t, &x.g, partner, tx) + "\n")
		// 4.2.9: what his next letter must repeat, also when postald played his move for him.
		if owed := *x.g.owes(partner); len(owed) > 0 {
			format := tx.RepeatNext
			if x.g.ToMove() != partner {
				format = tx.RepeatLater
			}
			fmt.Fprintf(&b, format+"\n", x.plyList(owed))
		}
	}
	if d := x.b.diagram(tx, true); d != "" {
		b.WriteString(tx.PosHead + "\n" + d)
	}
	o, ok := outgoing(x.t, &x.g, roleOf(partner), tx.SubjNotice, strings.TrimRight(b.String(), "\n"), x.d.Verdict, x.d.Clauses...)
	if !ok {
		return
	}
	o.Body = strings.TrimRight(b.String(), "\n") + "\n"
	o.Subject = fmt.Sprintf(tx.SubjMove, x.g.Tournament, x.g.Name, numberOfPly(len(x.g.Plies)-x.played))
	o.Kind = KindForward
	o.Picture = x.b.picture()
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
