package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Retry schedule of the outbox: after the n-th failed attempt the next one
// is RetryFirst·2^(n-1) later, at most RetryMax; a letter still not sent
// RetryGiveUp after it was enqueued is given up, as a mail server would.
const (
	RetryFirst  = time.Minute
	RetryMax    = 4 * time.Hour
	RetryGiveUp = 5 * 24 * time.Hour
)

// Backoff is the wait after the n-th failed attempt (n ≥ 1).
func Backoff(n int) time.Duration {
	d := RetryFirst
	for i := 1; i < n && d < RetryMax; i++ {
		d *= 2
	}
	return min(d, RetryMax)
}

// Outgoing is a letter to send.
type Outgoing struct {
	From    string   // envelope sender (MAIL FROM); its domain ends the Message-ID
	To      []string // envelope recipients (RCPT TO)
	Raw     []byte   // the RFC 5322 message without a Message-ID header: Enqueue adds it
	Game    GameID   // the archive chain: a game, a tournament (Game ""), or zero for quarantine
	Move    int      // for the archive: the move number the letter is about
	Verdict string   // for the archive: accepted, corrected, rejected, notice, ruling
	Clause  string   // for the archive: the clauses that applied
	// Card, when set, makes the letter one for the captain to post on a card or to make as a
	// call: it waits in state card until he records it (MarkPosted), and To may be empty.
	Card *Card
	// Brings, when set, is the move the letter brings its reader (delivery.go).
	Brings *Brings
	// Resends is the outbox item this letter sends again (ResendLetter); 0 for a new letter.
	Resends uint64
}

// Card is where a letter by post or telephone goes: the player, his channel, and his postal
// address or his telephone number.
type Card struct {
	Channel string   `json:"channel"` // post | phone
	Player  int      `json:"player"`  // his number in the tournament
	Name    string   `json:"name"`
	Address []string `json:"address,omitempty"` // the address block, line by line (post)
	Phone   string   `json:"phone,omitempty"`   // the number to call (phone)
	// Rides: a notice that asks nothing of the player (referee.Outgoing.NoReply); it is posted
	// with the next card to him rather than on a card of its own.
	Rides bool `json:"rides,omitempty"`
}

// OutboxState is where an outgoing letter is.
type OutboxState string

// The states of an outgoing letter: pending → sent, or pending → failed
// (given up, kept and listed by Undeliverable); a card or call: card → sent
// when the captain has posted or made it (MarkPosted).
const (
	OutboxPending OutboxState = "pending"
	OutboxSent    OutboxState = "sent"
	OutboxFailed  OutboxState = "failed"
	OutboxCard    OutboxState = "card"
)

// OutboxItem is a letter in the outbox.
type OutboxItem struct {
	Seq         uint64      `json:"seq"`
	MessageID   string      `json:"message_id"` // without angle brackets; also in Raw
	From        string      `json:"from"`
	To          []string    `json:"to"`
	Game        GameID      `json:"game,omitzero"`
	State       OutboxState `json:"state"`
	Enqueued    time.Time   `json:"enqueued"`
	NextAttempt time.Time   `json:"next_attempt,omitzero"` // while pending
	Attempts    int         `json:"attempts,omitempty"`    // failed attempts so far
	LastError   string      `json:"last_error,omitempty"`
	Done        time.Time   `json:"done,omitzero"` // when sent or given up
	Archive     uint64      `json:"archive"`       // its entry in its archive chain
	// Card is where a letter by post or telephone goes; Done is then the day the captain
	// posted it or made the call.
	Card *Card `json:"card,omitempty"`

	// The delivery (delivery.go): the letter's token, its envelope ID (ENVID), as Due gives
	// it; whether the
	// submission server took the request for notifications; what is known of its delivery,
	// the server's words and when; the archive entries of the reports about it; the move it
	// brings its reader; the item it sends again; when the judges were told it was late.
	EnvID        string        `json:"-"` // filled by Due (Token), never stored
	Notified     bool          `json:"notified,omitempty"`
	Delivery     DeliveryState `json:"delivery,omitempty"`
	DeliveryNote string        `json:"delivery_note,omitempty"`
	DeliveryTime time.Time     `json:"delivery_time,omitzero"`
	Reports      []uint64      `json:"reports,omitempty"`
	Brings       *Brings       `json:"brings,omitempty"`
	Resends      uint64        `json:"resends,omitempty"`
	Warned       time.Time     `json:"warned,omitzero"`

	Raw []byte `json:"-"` // the letter; empty once sent (its archive entry keeps it)
}

// DeliveryOf is the item's delivery state as the judge reads it: its own, or, for a letter sent
// before postald kept one, the state its outbox record gives (sent, or failed when given up).
func (it OutboxItem) DeliveryOf() DeliveryState {
	switch {
	case it.Delivery != "":
		return it.Delivery
	case it.State == OutboxSent && it.Card == nil:
		return DeliverySent
	case it.State == OutboxFailed:
		return DeliveryFailed
	}
	return ""
}

// messageID is the stable Message-ID of outbox item seq: derived from the
// sequence and the file's instance name, so a copy sent twice after a crash
// carries the same Message-ID and a recipient's mail client shows it once.
func (tx *Tx) messageID(seq uint64, from string) string {
	domain := "postald.invalid"
	if i := strings.LastIndexByte(from, '@'); i >= 0 && i+1 < len(from) {
		domain = strings.Trim(from[i+1:], "<> ")
	}
	return fmt.Sprintf("postald.%d.%s@%s", seq, tx.db.instance, domain)
}

// hasHeader reports whether the header section of raw has field name.
func hasHeader(raw []byte, name string) bool {
	for line := range bytes.Lines(raw) {
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			return false
		}
		if line[0] == ' ' || line[0] == '\t' {
			continue // a folded continuation of the previous field
		}
		if i := bytes.IndexByte(line, ':'); i > 0 && strings.EqualFold(strings.TrimSpace(string(line[:i])), name) {
			return true
		}
	}
	return false
}

// Enqueue puts a letter in the outbox at now: it assigns the next sequence
// number and the Message-ID derived from it, adds the Message-ID header to
// the raw letter, archives it in its game's chain, and makes it due at now.
func (tx *Tx) Enqueue(o Outgoing, now time.Time) (OutboxItem, error) {
	if hasHeader(o.Raw, "Message-ID") {
		return OutboxItem{}, invalidf("enqueue: the letter already has a Message-ID; the outbox assigns it")
	}
	return tx.enqueue(o, now, func(id, eol string) []byte {
		return append([]byte("Message-ID: <"+id+">"+eol), o.Raw...)
	})
}

// enqueue is Enqueue with the letter as sent made by head from its Message-ID and the letter's
// line end.
func (tx *Tx) enqueue(o Outgoing, now time.Time, head func(id, eol string) []byte) (OutboxItem, error) {
	if (len(o.To) == 0 && o.Card == nil) || o.From == "" {
		return OutboxItem{}, invalidf("enqueue: want an envelope sender and recipients")
	}
	if !validTimeKey(now) {
		return OutboxItem{}, invalidf("enqueue: time %v", now)
	}
	if len(o.Raw) == 0 {
		return OutboxItem{}, invalidf("enqueue: empty letter")
	}
	ob := tx.bucket(bucketOutbox)
	seq, err := ob.NextSequence()
	if err != nil {
		return OutboxItem{}, fmt.Errorf("enqueue: %w", err)
	}
	it := OutboxItem{
		Seq:         seq,
		MessageID:   tx.messageID(seq, o.From),
		From:        o.From,
		To:          slices.Clone(o.To),
		Game:        o.Game,
		State:       OutboxPending,
		Enqueued:    now.UTC(),
		NextAttempt: now.UTC(),
		Resends:     o.Resends,
	}
	if o.Brings != nil {
		b := *o.Brings
		it.Brings = &b
	}
	if o.Card != nil {
		c := *o.Card
		c.Address = slices.Clone(c.Address)
		it.Card, it.State, it.NextAttempt = &c, OutboxCard, time.Time{}
	}
	eol := "\n"
	if bytes.Contains(o.Raw, []byte("\r\n")) {
		eol = "\r\n"
	}
	it.Raw = head(it.MessageID, eol)
	r, err := tx.Archive(o.Game, ArchiveEntry{
		Direction: Out, Time: now, MessageID: it.MessageID, Move: o.Move,
		Verdict: o.Verdict, Clause: o.Clause, Outbox: seq, Raw: it.Raw,
	})
	if err != nil {
		return OutboxItem{}, fmt.Errorf("enqueue %d: %w", seq, err)
	}
	it.Archive = r.Seq
	if err := tx.putOutbox(it); err != nil {
		return OutboxItem{}, err
	}
	index, key := bucketOutboxDue, dueKey(it.NextAttempt, seq)
	if it.Card != nil {
		index, key = bucketOutboxCards, seqKey(seq)
	}
	if err := tx.bucket(index).Put(key, []byte{recordV1}); err != nil {
		return OutboxItem{}, fmt.Errorf("enqueue %d: %w", seq, err)
	}
	return it, nil
}

// Cards returns the letters waiting for the captain to post them on cards or make them as
// calls, in the order they were written.
func (tx *Tx) Cards() ([]OutboxItem, error) {
	var out []OutboxItem
	err := tx.bucket(bucketOutboxCards).ForEach(func(k, _ []byte) error {
		it, err := tx.OutboxItem(binary.BigEndian.Uint64(k))
		if err != nil {
			return fmt.Errorf("cards: %w", err)
		}
		out = append(out, it)
		return nil
	})
	return out, err
}

// MarkPosted records that the captain posted card seq (or made the call) at on: it is sent,
// and on is its postmark. Marking a posted card again does nothing; an item that is no card
// is refused.
func (tx *Tx) MarkPosted(seq uint64, on time.Time) error {
	it, err := tx.OutboxItem(seq)
	if err != nil {
		return err
	}
	switch {
	case it.Card == nil:
		return invalidf("outbox %d is a letter by e-mail, not a card", seq)
	case it.State == OutboxSent:
		return nil
	case it.State != OutboxCard:
		return fmt.Errorf("outbox %d is %s: %w", seq, it.State, ErrFinished)
	}
	if err := tx.bucket(bucketOutboxCards).Delete(seqKey(seq)); err != nil {
		return fmt.Errorf("outbox %d: %w", seq, err)
	}
	it.State, it.Done = OutboxSent, on.UTC()
	it.Raw = nil // its archive entry keeps the letter, as for a letter sent
	return tx.putOutbox(it)
}

func dueKey(t time.Time, seq uint64) []byte {
	return append(timeKey(t), seqKey(seq)...)
}

func (tx *Tx) putOutbox(it OutboxItem) error {
	h, err := json.Marshal(it)
	if err != nil {
		return fmt.Errorf("encode outbox %d: %w", it.Seq, err)
	}
	payload, err := tx.packLetter(it.Game.Tournament, h, it.Raw)
	if err != nil {
		return fmt.Errorf("encode outbox %d: %w", it.Seq, err)
	}
	v := append([]byte{recordV2}, payload...)
	b := tx.bucket(bucketOutbox)
	b.FillPercent = appendFill // sequences grow
	if err := b.Put(seqKey(it.Seq), v); err != nil {
		return fmt.Errorf("put outbox %d: %w", it.Seq, err)
	}
	return nil
}

// OutboxItem returns item seq, or ErrNotFound.
func (tx *Tx) OutboxItem(seq uint64) (OutboxItem, error) {
	v := tx.bucket(bucketOutbox).Get(seqKey(seq))
	if v == nil {
		return OutboxItem{}, fmt.Errorf("outbox %d: %w", seq, ErrNotFound)
	}
	it, err := tx.decodeOutbox(v, true)
	if err != nil {
		return OutboxItem{}, fmt.Errorf("outbox %d: %w", seq, err)
	}
	return it, nil
}

// decodeOutbox reads a stored outbox item, of either record version, with its letter when
// withRaw.
func (tx *Tx) decodeOutbox(v []byte, withRaw bool) (OutboxItem, error) {
	var it OutboxItem
	if len(v) > 0 && v[0] == recordV2 {
		header, segs, err := tx.openPayload(v[1:])
		if err != nil {
			return it, err
		}
		if err := json.Unmarshal(header, &it); err != nil {
			return it, err
		}
		if withRaw {
			raw, err := tx.joinLetter(it.Game.Tournament, segs)
			if err != nil {
				return it, err
			}
			if len(raw) > 0 {
				it.Raw = raw
			}
		}
		return it, nil
	}
	raw, err := decodeRaw(v, &it)
	if err != nil {
		return it, err
	}
	if withRaw && len(raw) > 0 {
		it.Raw = raw
	}
	return it, nil
}

// Due returns up to limit pending items whose next attempt is at or before
// now, earliest first (limit ≤ 0: all).
func (tx *Tx) Due(now time.Time, limit int) ([]OutboxItem, error) {
	var out []OutboxItem
	end := timeKey(now)
	c := tx.bucket(bucketOutboxDue).Cursor()
	for k, _ := c.First(); k != nil && bytes.Compare(k[:8], end) <= 0; k, _ = c.Next() {
		if limit > 0 && len(out) == limit {
			break
		}
		it, err := tx.OutboxItem(binary.BigEndian.Uint64(k[8:]))
		if err != nil {
			return nil, fmt.Errorf("due: %w", err)
		}
		// Its envelope ID, for the request for notifications (delivery.go).
		if it.EnvID, err = tx.Token(it.Seq); err != nil {
			return nil, fmt.Errorf("due: %w", err)
		}
		out = append(out, it)
	}
	return out, nil
}

// NextAttempt returns the earliest next attempt of any pending item; false
// when nothing is pending.
func (tx *Tx) NextAttempt() (time.Time, bool) {
	k, _ := tx.bucket(bucketOutboxDue).Cursor().First()
	if k == nil {
		return time.Time{}, false
	}
	return parseTimeKey(k[:8]), true
}

// pending loads item seq and checks it is still pending.
func (tx *Tx) pending(seq uint64) (OutboxItem, error) {
	it, err := tx.OutboxItem(seq)
	if err != nil {
		return it, err
	}
	if it.State != OutboxPending {
		return it, fmt.Errorf("outbox %d is %s: %w", seq, it.State, ErrFinished)
	}
	return it, nil
}

// MarkSent records that item seq was accepted by the mail server at now, without a request
// for notifications (MarkSentNotified). Marking a sent item again does nothing.
func (tx *Tx) MarkSent(seq uint64, now time.Time) error {
	return tx.MarkSentNotified(seq, now, false)
}

// RecordFailure records a failed attempt to send item seq at now. A
// permanent failure (the server refused for good), or any failure
// RetryGiveUp after the item was enqueued, gives the item up: it is kept,
// in state OutboxFailed, for Undeliverable. Otherwise the next attempt is
// Backoff(attempts) after now. It returns the item as updated.
func (tx *Tx) RecordFailure(seq uint64, now time.Time, reason string, permanent bool) (OutboxItem, error) {
	if !validTimeKey(now) {
		return OutboxItem{}, invalidf("outbox %d: time %v", seq, now)
	}
	it, err := tx.pending(seq)
	if err != nil {
		return it, err
	}
	due := tx.bucket(bucketOutboxDue)
	if err := due.Delete(dueKey(it.NextAttempt, seq)); err != nil {
		return OutboxItem{}, fmt.Errorf("outbox %d: %w", seq, err)
	}
	it.Attempts++
	it.LastError = reason
	if permanent || now.Sub(it.Enqueued) >= RetryGiveUp {
		it.State, it.Done, it.NextAttempt = OutboxFailed, now.UTC(), time.Time{}
		// Never taken by the submission server: a failed delivery, the refusal its evidence.
		it.Delivery, it.DeliveryNote, it.DeliveryTime = DeliveryFailed, reason, now.UTC()
	} else {
		it.NextAttempt = now.Add(Backoff(it.Attempts)).UTC()
		if err := due.Put(dueKey(it.NextAttempt, seq), []byte{recordV1}); err != nil {
			return OutboxItem{}, fmt.Errorf("outbox %d: %w", seq, err)
		}
	}
	return it, tx.putOutbox(it)
}

// Undeliverable returns the items given up, oldest first, for the
// director's report.
func (tx *Tx) Undeliverable() ([]OutboxItem, error) {
	var out []OutboxItem
	err := tx.bucket(bucketOutbox).ForEach(func(k, v []byte) error {
		it, err := tx.decodeOutbox(v, false)
		if err != nil {
			return fmt.Errorf("outbox %x: %w", k, err)
		}
		if it.State == OutboxFailed {
			if it, err = tx.decodeOutbox(v, true); err != nil {
				return fmt.Errorf("outbox %x: %w", k, err)
			}
			out = append(out, it)
		}
		return nil
	})
	return out, err
}

// OutboxDepth is how many letters wait in the outbox to be sent (pending, due now or later),
// for the metrics.
func (tx *Tx) OutboxDepth() (int, error) {
	n := 0
	err := tx.bucket(bucketOutboxDue).ForEach(func(_, _ []byte) error { n++; return nil })
	return n, err
}

// CardsWaiting is how many cards and calls wait for the captain, for the metrics: as the
// transaction sees them, its own changes included (which bbolt's page statistics leave out).
func (tx *Tx) CardsWaiting() (int, error) {
	n := 0
	err := tx.bucket(bucketOutboxCards).ForEach(func(_, _ []byte) error { n++; return nil })
	return n, err
}

// errFound ends an archive walk once the entry looked for is read.
var errFound = errors.New("found")

// SentLetter returns the bytes of outbox item it as they were sent: the outbox keeps them
// until the letter is sent, its archive entry always.
func (tx *Tx) SentLetter(it OutboxItem) ([]byte, error) {
	if len(it.Raw) > 0 {
		return it.Raw, nil
	}
	var raw []byte
	err := tx.ArchiveEntries(it.Game, it.Archive, func(e ArchiveEntry) error {
		if e.Seq == it.Archive {
			raw = e.Raw
		}
		return errFound
	})
	if err != nil && !errors.Is(err, errFound) {
		return nil, fmt.Errorf("outbox %d: %w", it.Seq, err)
	}
	if raw == nil {
		return nil, fmt.Errorf("outbox %d: archive entry %d: %w", it.Seq, it.Archive, ErrNotFound)
	}
	return raw, nil
}
