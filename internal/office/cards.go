package office

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net/mail"
	"postald/internal/reading"
	"strings"
	"time"
	"unicode/utf8"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// Play by post and by telephone (4.1.1, 4.2.1). The captain types what a card says, or what a
// player said on the telephone, and postald decides it exactly like a letter: the same reader,
// the same referee, the same answers, archive and receipt. What postald would send such a player
// waits in the outbox as a card (store.OutboxCard) until the captain records that he posted it
// or made the call; his clock starts from then (referee.Posted).

// CardAuth is the authentication verdict recorded for a card: the captain entered it.
const CardAuth = "card: entered by the captain"

// Refused is a card or a posting the office refuses, worded for the captain in his tournament's
// language (phrase's CLI.CardDates): Error is those words alone. It wraps ErrBadRequest and,
// when there is one, the typed cause (a *daysclock.Misordered: the two dates and their order).
type Refused struct {
	Text  string
	Cause error
}

func (r *Refused) Error() string { return r.Text }

func (r *Refused) Unwrap() []error {
	if r.Cause == nil {
		return []error{ErrBadRequest}
	}
	return []error{ErrBadRequest, r.Cause}
}

// refused words a refusal of the captain's entry in lang: format with args, the dates in the
// language's way.
func refused(cause error, format string, args ...any) *Refused {
	return &Refused{Text: fmt.Sprintf(format, args...), Cause: cause}
}

// misorderedText words dates in an impossible order (4.3.1) for the captain, in the words and
// the dates of tx, with what to enter.
func misorderedText(tx *phrase.CLIText, m *daysclock.Misordered) string {
	t, d := &tx.CardDates, tx.Date
	switch m.Order {
	case daysclock.ArrivalAfterToday:
		return fmt.Sprintf(t.ArrivalAfterToday, d(m.Date), d(m.Bound))
	case daysclock.SentAfterArrival:
		if m.Written {
			return fmt.Sprintf(t.WrittenAfterArrival, d(m.Date), d(m.Bound)) + t.Stated
		}
		return fmt.Sprintf(t.SentAfterArrival, d(m.Date), d(m.Bound))
	case daysclock.ReceiptBeforeSending:
		return fmt.Sprintf(t.ReceiptBeforeSending, d(m.Date), d(m.Bound)) + t.Stated
	case daysclock.ReplyBeforeReceipt:
		return fmt.Sprintf(t.ReplyBeforeReceipt, d(m.Date), d(m.Bound)) + t.Stated
	case daysclock.SentBeforeMove:
		if m.Written {
			return fmt.Sprintf(t.WrittenBeforeMove, d(m.Date), d(m.Bound)) + t.Stated
		}
		return fmt.Sprintf(t.SentBeforeMove, d(m.Date), d(m.Bound))
	case daysclock.PostedAfterToday:
		return fmt.Sprintf(t.PostedAfterToday, d(m.Date), d(m.Bound))
	}
	return m.Error()
}

// CardMailbox is the inbound "mailbox" of the cards and calls the captain entered: their records
// sit beside the letters fetched by IMAP, and a card entered twice is recognised as one.
const CardMailbox = "postald-cards"

// CardRequest: `postald card`, a card (or a call) entered by the captain.
type CardRequest struct {
	Game string `json:"game"` // TOURNAMENT/W-B, or W-B when one tournament has it
	From string `json:"from"` // white, black or the number of the player whose card it is
	// Postmark is the card's postmark (for registered mail, the date on the post office's
	// receipt), or the day of a call; zero when it is illegible: the date the player wrote
	// counts (4.3.1).
	Postmark   daysclock.Date  `json:"postmark,omitzero"`
	Received   daysclock.Date  `json:"received,omitzero"` // the day the captain received it; zero: today
	Registered bool            `json:"registered,omitempty"`
	Via        referee.Channel `json:"via,omitempty"` // post or phone; "" is the player's channel (post for a player by e-mail)
	Text       string          `json:"text"`          // as written on the card, or noted from the call
}

func (CardRequest) Name() string { return "card" }

func (CardRequest) Changes() bool { return true }

func (c CardRequest) run(o *Office) (any, error) {
	if err := o.game(&c.Game); err != nil {
		return nil, err
	}
	return replied(o.card(c))
}

// CardEntered is what postald made of a card.
type CardEntered struct {
	Game     store.GameID       `json:"game"`
	Side     referee.Side       `json:"side"`
	Via      referee.Channel    `json:"via"`
	Sent     daysclock.Date     `json:"sent"`   // the sending date its moves are charged to (4.3.1)
	Source   referee.DateSource `json:"source"` // what the sending date was read from
	Verdict  string             `json:"verdict"`
	Clauses  string             `json:"clauses,omitempty"`
	Receipt  string             `json:"receipt,omitempty"`
	Letters  int                `json:"letters"`            // letters queued by e-mail
	Cards    int                `json:"cards"`              // cards and calls queued for the captain
	Entered  bool               `json:"entered"`            // false: this card was entered before
	Previous string             `json:"previous,omitempty"` // when it was entered before: when
	// PreviousAt is the same instant in the tournament's zone, which postald card words.
	PreviousAt time.Time `json:"previous_at,omitzero"`
	// Language is the tournament's: postald card tells the captain in it what became of the card.
	Language string `json:"language,omitempty"`
	// ReceiptOf is Receipt's parts, which postald card words in that language.
	ReceiptOf *ReceiptParts `json:"receipt_of,omitempty"`
}

// ReceiptParts are a receipt's parts: the archive chain, the entry's number, the move, the
// SHA-256 of the letter (hexadecimal).
type ReceiptParts struct {
	Chain  string `json:"chain"`
	Seq    uint64 `json:"seq"`
	Move   int    `json:"move"`
	SHA256 string `json:"sha256"`
}

// PostRequest: `postald cards -posted`, the captain posted these cards (made these calls) on On.
type PostRequest struct {
	Seqs []uint64       `json:"seqs"`
	On   daysclock.Date `json:"on"`
}

func (PostRequest) Name() string { return "post" }

func (PostRequest) Changes() bool { return true }

func (c PostRequest) run(o *Office) (any, error) {
	return replied(o.post(c))
}

// PostedReply says how many cards were recorded as posted and whose clocks started with them.
type PostedReply struct {
	Posted int      `json:"posted"`
	Clocks []string `json:"clocks,omitempty"` // "ЗК-1/1-2 black from 2026-12-08"
	// Started are the same clocks, each with its tournament's language, as postald cards
	// -posted words them.
	Started []ClockStarted `json:"started,omitempty"`
}

// ClockStarted is a player's clock a posting started: his game, his side, the day it runs from.
type ClockStarted struct {
	Game     store.GameID   `json:"game"`
	Side     referee.Side   `json:"side"`
	From     daysclock.Date `json:"from"`
	Language string         `json:"language"`
}

// card decides a card the captain entered, in one transaction like a letter fetched by IMAP.
func (o *Office) card(req CardRequest) (*CardEntered, error) {
	now := o.now()
	var done CardEntered
	var d decided
	err := o.update(func(tx *store.Tx) error {
		id, err := reading.FindGame(tx, req.Game)
		if err != nil {
			return err
		}
		st, sg, err := o.loadGame(tx, id) // with its parts as stored, to write it back
		if err != nil {
			return err
		}
		_, sh, err := o.table(tx, id.Tournament)
		if err != nil {
			return err
		}
		ctx := &phrase.For(sh.Language).CLI // the captain is answered in his tournament's language
		side, err := sideArg(st, req.From)
		if err != nil {
			return refused(err, ctx.CardDates.Side, req.From, id.Game)
		}
		p, _ := sh.Player(st.Player(side).Number)
		via := req.Via
		switch {
		case via == "" && p.Channel.Captain():
			via = p.Channel
		case via == "":
			via = referee.ChannelPost // a player by e-mail who sent a card
		case !via.Captain():
			return refused(nil, ctx.CardDates.Via, via)
		}
		if strings.TrimSpace(req.Text) == "" {
			return &Refused{Text: ctx.CardDates.EmptyText}
		}
		if !utf8.ValidString(req.Text) {
			// The captain's own typing is not guessed at, as a letter's charset may be.
			return &Refused{Text: ctx.CardDates.NotUTF8}
		}
		today := daysclock.DateOf(now, st.Table.Zone)
		arrived := req.Received
		if arrived.IsZero() {
			arrived = today
		}
		raw, ref := cardLetter(sh, id, p, side, via, req, arrived, now)
		msgID := MessageID(raw)
		rec, isNew, err := tx.Receive(ref, msgID, raw, now)
		if err != nil {
			return err
		}
		done = CardEntered{Game: id, Side: side, Via: via, Language: sh.Language}
		if !isNew && rec.IsFinished() {
			done.Verdict, done.Previous = rec.Verdict, rec.Finished.In(st.Table.Zone).Format("2006-01-02 15:04")
			done.PreviousAt = rec.Finished.In(st.Table.Zone)
			return nil // the same card entered again: decided once (architecture.md)
		}
		l, err := mailparse.Parse(raw)
		if err != nil {
			return fmt.Errorf("read the card: %w", err)
		}
		card := referee.Card{Side: side, Via: via, Postmark: req.Postmark, Registered: req.Registered, Arrived: arrived}
		env := referee.Envelope{From: p.Email, MessageID: msgID, Received: now}
		dec, err := referee.Decide([]referee.Seat{st}, referee.Mail{Letter: l, Envelope: env, Card: &card}, now)
		if err != nil {
			// 4.3.1: dates in an order no card can have are named, with what to enter.
			if m := (*daysclock.Misordered)(nil); errors.As(err, &m) {
				return &Refused{Text: misorderedText(ctx, m), Cause: m}
			}
			return fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		done.Sent, done.Source = dec.Envelope.Postmark, dec.Source
		c := candidate{id: id, sheet: sh, seat: st, stored: sg}
		// postald receives a card when the captain enters it: that instant is in the receipt and
		// the archive; the day the card reached him is in its header (X-Postald-Card-Received).
		base := store.LetterOutcome{Ref: ref, MessageID: msgID, Raw: raw, Received: now, Now: now}
		// A card's answers are never held back by the hourly limit: the captain entered it.
		out, err := o.outcome(base, c, dec, p.Email, false)
		if err != nil {
			return err
		}
		out.Auth = CardAuth
		applied, err := tx.ApplyLetter(out)
		if err != nil {
			return err
		}
		o.noteApplied(out, dec, applied)
		if err := o.letterEnded(tx, out, now); err != nil {
			return err
		}
		if dec.Game.Status == referee.StatusFinished {
			// The card finished the tournament's last game: the seed of its lots is revealed (lots.go).
			if err := revealFinished(tx, o.opt.From, id.Tournament, now); err != nil {
				return err
			}
		}
		d = decided{out: out, applied: applied, kind: DoneCard, dec: dec}
		done.Entered, done.Verdict, done.Clauses = true, out.Verdict, out.Clause
		done.Receipt = applied.Receipt.String()
		rc := applied.Receipt
		done.ReceiptOf = &ReceiptParts{Chain: rc.Chain, Seq: rc.Seq, Move: rc.Move, SHA256: rc.Hash.String()}
		for _, it := range applied.Outbox {
			if it.Card != nil {
				done.Cards++
			} else {
				done.Letters++
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if done.Entered {
		o.logDecided(d)
	}
	return &done, nil
}

// cardLetter writes a card as the letter postald decides and archives: the text as the captain
// typed it, under a header that names the player, the game, the channel and the dates entered.
// Its Message-ID and its inbound record (in CardMailbox, under numbers drawn from the same
// digest) follow from what the card says, so that the same card entered twice is one.
func cardLetter(sh *tournament.Sheet, id store.GameID, p tournament.Player, side referee.Side, via referee.Channel, req CardRequest, arrived daysclock.Date, now time.Time) ([]byte, store.MessageRef) {
	text := strings.ReplaceAll(strings.TrimRight(req.Text, "\r\n"), "\r\n", "\n")
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%s\x00%s\x00%t\x00%s\x00%s", id.Tournament, id.Game, p.Number, via, req.Postmark, req.Registered, arrived, text)
	digest := h.Sum(nil)
	sum := hex.EncodeToString(digest[:16])
	ref := store.MessageRef{Mailbox: CardMailbox,
		UIDValidity: binary.BigEndian.Uint32(digest[16:20]) | 1, UID: binary.BigEndian.Uint32(digest[20:24]) | 1}
	domain := "postald.invalid"
	if i := strings.LastIndexByte(sh.Address, '@'); i >= 0 {
		domain = sh.Address[i+1:]
	}
	var b strings.Builder
	hdr := func(k, v string) { b.WriteString(mailwrite.Field(k + ": " + v)) }
	from := mailwrite.EncodeAddress(mailAddress(p.Name, p.Email))
	hdr("From", from)
	hdr("To", sh.Address)
	hdr("Subject", mailwrite.EncodeText("Subject", sh.Code+" "+id.Game))
	hdr("Date", now.Format(time.RFC1123Z))
	hdr("Message-ID", "<card."+sum+"@"+domain+">")
	// The captain's entry, as postald simulate reads it back (the card's game, side, channel and
	// dates).
	hdr("X-Postald-Game", mailwrite.EncodeText("X-Postald-Game", id.String()))
	hdr("X-Postald-Side", string(side))
	hdr("X-Postald-Via", via.String())
	if !req.Postmark.IsZero() {
		hdr("X-Postald-Postmark", req.Postmark.String())
	}
	if req.Registered {
		hdr("X-Postald-Registered", "yes")
	}
	hdr("X-Postald-Card-Received", arrived.String())
	hdr("MIME-Version", "1.0")
	hdr("Content-Type", mime.FormatMediaType("text/plain", map[string]string{"charset": "utf-8"}))
	hdr("Content-Transfer-Encoding", "8bit")
	b.WriteString("\r\n")
	b.WriteString(strings.ReplaceAll(text, "\n", "\r\n") + "\r\n")
	return []byte(b.String()), ref
}

// post records that the captain posted cards (made calls) on req.On: each is sent, and a card
// that brings its player the move he must answer starts his clock (referee.Posted), in the same
// transaction.
func (o *Office) post(req PostRequest) (*PostedReply, error) {
	if req.On.IsZero() {
		return nil, fmt.Errorf("%w: the posting date is missing", ErrBadRequest) // no command line sends none
	}
	now := o.now()
	rep := &PostedReply{}
	var dones []Done
	err := o.update(func(tx *store.Tx) error {
		dones = nil
		for _, seq := range req.Seqs {
			it, err := tx.OutboxItem(seq)
			if err != nil {
				return err
			}
			t, sh, err := o.table(tx, it.Game.Tournament)
			if err != nil {
				return err
			}
			ctx := &phrase.For(sh.Language).CLI
			if it.Card == nil {
				return refused(nil, ctx.CardDates.Email, seq)
			}
			if it.State != store.OutboxCard {
				continue // recorded before
			}
			loc := t.Zone
			// 4.3.1: a card is posted no later than today and no earlier than it was written.
			written := daysclock.DateOf(it.Enqueued, loc)
			if m := daysclock.PostingOrder(req.On, written, daysclock.DateOf(now, loc)); m != nil {
				if m.Order == daysclock.PostedBeforeWritten {
					return refused(m, ctx.CardDates.PostedBeforeWritten, seq, ctx.Date(written), ctx.Date(req.On))
				}
				return &Refused{Text: misorderedText(ctx, m), Cause: m}
			}
			if err := tx.MarkPosted(seq, req.On.Start(loc)); err != nil {
				return err
			}
			rep.Posted++
			if it.Game.Game == "" {
				// A letter of the tournament (a start letter, a round's): a player who
				// receives it after the start begins to play the day after (4.3.2).
				started, err := o.startPosted(tx, sh, t, it.Card.Player, req.On, now)
				if err != nil {
					return err
				}
				for _, d := range started {
					dones = append(dones, d)
					c := d.Decision.Game.Clock(referee.White)
					rep.Clocks = append(rep.Clocks, fmt.Sprintf("%s %s from %s", d.Game, referee.White, c.Since))
					rep.Started = append(rep.Started, ClockStarted{Game: d.Game, Side: referee.White, From: c.Since, Language: sh.Language})
				}
				continue
			}
			st, sg, err := o.loadGame(tx, it.Game)
			if err != nil {
				return err
			}
			side, ok := sideOfNumber(st, it.Card.Player)
			if !ok || st.Game.Posting != side {
				continue
			}
			dec := referee.Posted(st, side, req.On, now)
			if err := record(tx, o.opt.From, it.Game, sh, t, dec, now, sg, &o.cache.chunks, o.work); err != nil {
				return err
			}
			dones = append(dones, Done{Kind: DonePosted, At: now, Game: it.Game, Decision: dec})
			c := dec.Game.Clock(side)
			rep.Clocks = append(rep.Clocks, fmt.Sprintf("%s %s from %s", it.Game, side, c.Since))
			rep.Started = append(rep.Started, ClockStarted{Game: it.Game, Side: side, From: c.Since, Language: sh.Language})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, d := range dones {
		o.observe(d)
	}
	return rep, nil
}

// startPosted applies referee.StartPosted to every game not begun in which player n has White,
// a card of the tournament to him posted on day on: the decisions that moved his start.
func (o *Office) startPosted(tx *store.Tx, sh *tournament.Sheet, t *referee.Table, n int, on daysclock.Date, now time.Time) ([]Done, error) {
	p, ok := sh.Player(n)
	if !ok || !p.Channel.Captain() || p.Email != "" {
		return nil, nil
	}
	rulings, err := tx.Rulings(store.GameID{Tournament: sh.Code})
	if err != nil {
		return nil, err
	}
	var dones []Done
	for _, g := range sh.Course().Paired(store.LogOf(rulings)) {
		if g.White != n || g.Replaced != "" {
			continue
		}
		id := store.GameID{Tournament: sh.Code, Game: g.Name}
		if st, err := tx.GameStatus(id); err != nil || st != referee.StatusPlaying {
			continue // not opened yet, or over
		}
		st, sg, err := o.loadGame(tx, id)
		if err != nil {
			return nil, err
		}
		dec := referee.StartPosted(st, on, now)
		if dec.Verdict == "" && len(dec.Game.Notified) == len(st.Game.Notified) {
			continue // nothing changed
		}
		if err := record(tx, o.opt.From, id, sh, t, dec, now, sg, &o.cache.chunks, o.work); err != nil {
			return nil, err
		}
		if dec.Verdict != "" {
			dones = append(dones, Done{Kind: DonePosted, At: now, Game: id, Decision: dec})
		}
	}
	return dones, nil
}

// sideOfNumber returns the side player n has in the game of st.
func sideOfNumber(st referee.Seat, n int) (referee.Side, bool) {
	w, b, _ := st.Game.Numbers()
	switch n {
	case w:
		return referee.White, true
	case b:
		return referee.Black, true
	}
	return "", false
}

// mailAddress is a player's address as a header names him: without an e-mail address (a player
// by post), by his name alone.
func mailAddress(name, addr string) mail.Address { return mail.Address{Name: name, Address: addr} }

// cardsNotice tells each tournament's judge, at most once a day, of the cards and calls that
// have waited for the captain more than a day: nothing waits without a notice, and a card not
// posted stops its game (its reader's clock runs only from the posting, referee.Posted).
func (o *Office) cardsNotice(tx *store.Tx, now time.Time) error {
	if !o.cardsTold.IsZero() && now.Sub(o.cardsTold) < digestEvery {
		return nil
	}
	items, err := tx.Cards()
	if err != nil {
		return err
	}
	told := false
	byCode := map[string][]store.OutboxItem{}
	var codes []string
	for _, it := range items {
		if now.Sub(it.Enqueued) < digestEvery || it.Card.Rides {
			continue // a card that rides with the next stops no game
		}
		if _, ok := byCode[it.Game.Tournament]; !ok {
			codes = append(codes, it.Game.Tournament)
		}
		byCode[it.Game.Tournament] = append(byCode[it.Game.Tournament], it)
	}
	for _, code := range codes {
		sh, err := o.sheet(tx, code)
		if err != nil {
			return err
		}
		if sh.Judge == "" {
			continue
		}
		loc, err := o.zones.Get(sh.Regulation.Zone)
		if err != nil {
			return err
		}
		book := phrase.For(sh.Language)
		tx2 := &book.Office.Digest
		waiting := byCode[code]
		var b strings.Builder
		b.WriteString(tx2.CardsIntro(len(waiting)) + "\n\n")
		for _, it := range waiting {
			game := it.Game.String()
			if it.Game.Game == "" {
				game = code
			}
			what := book.Channels.Move(it.Card.Channel)
			fmt.Fprintf(&b, tx2.CardItem+"\n", it.Seq, what, game, it.Card.Name, dayTime(sh.Language, it.Enqueued.In(loc)))
		}
		b.WriteString("\n" + fmt.Sprintf(tx2.CardsOutro, "postald cards -print DIR", "postald cards -posted YYYY-MM-DD N...") + "\n")
		if err := judgeNotice(tx, o.opt.From, sh, fmt.Sprintf(tx2.CardsSubject, code, len(waiting)), b.String(), now); err != nil {
			return err
		}
		told = true
	}
	if told {
		o.cardsTold = now
	}
	return nil
}
