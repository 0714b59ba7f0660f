package store

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The delivery of the letters postald sends (schema version 8). Every outbox item has a delivery
// state: sent once the submission server took it (MarkSent), then what the delivery reports say
// of it (Deliver): delivered or relayed, delayed, failed — or failed at once when the submission
// server refused it (RecordFailure).
//
// A report is believed only when it carries the letter's token: "pd" + the outbox sequence + "."
// + 16 letters of an HMAC-SHA256 of the sequence under the store's delivery key (Token). The
// token is the letter's envelope ID (RFC 3461's ENVID, which reports return to the envelope
// sender only) and, where the administrator sets it up, the detail of its envelope sender
// (VERP: moves+TOKEN@club.example). The letter's Message-ID carries no token: every reader of
// the letter sees it, and a report that names a letter only by it proves nothing (CheckToken).

// DeliveryState is what is known of an outgoing letter's delivery.
type DeliveryState string

// The delivery states. "" is a letter not yet sent (pending, or a card).
const (
	DeliverySent      DeliveryState = "sent"      // the submission server took it
	DeliveryDelivered DeliveryState = "delivered" // a report: delivered to the reader's mailbox
	DeliveryRelayed   DeliveryState = "relayed"   // a report: handed to a server that reports no further
	DeliveryDelayed   DeliveryState = "delayed"   // a report: not delivered yet, still tried
	DeliveryFailed    DeliveryState = "failed"    // refused, or a report: not delivered
)

// rank orders the states a report may move a letter through: a later report of a lower rank
// (a delay after a relay) changes nothing, and delivered and failed are final.
func (s DeliveryState) rank() int {
	switch s {
	case DeliverySent:
		return 1
	case DeliveryDelayed:
		return 2
	case DeliveryRelayed:
		return 3
	case DeliveryDelivered, DeliveryFailed:
		return 4
	}
	return 0
}

// Final reports whether nothing changes the state any more: delivered or failed.
func (s DeliveryState) Final() bool { return s == DeliveryDelivered || s == DeliveryFailed }

// Brings says which move an outgoing letter brings its reader: the letter forwards to Side the
// move he must answer, written when the game had Plies plies. A report that it was not delivered
// is about that move only while the game still waits for it.
type Brings struct {
	Side  string `json:"side"`
	Plies int    `json:"plies"`
}

// tokenPrefix starts every delivery token.
const tokenPrefix = "pd"

// tokenMACLen is the number of base32 letters of the HMAC a token carries (80 bits).
const tokenMACLen = 16

// tokenAlphabet is base32 in lower case, which survives a server that lowers addresses.
var tokenAlphabet = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// putDeliveryKey writes a new random delivery key.
func putDeliveryKey(tx *bolt.Tx) error {
	var key [32]byte
	if _, err := rand.Read(key[:]); err != nil {
		return fmt.Errorf("delivery key: %w", err)
	}
	if err := tx.Bucket(bucketMeta).Put(metaDeliveryKey, append([]byte{recordV1}, key[:]...)); err != nil {
		return fmt.Errorf("put %s: %w", metaDeliveryKey, err)
	}
	return nil
}

// deliveryKey returns the store's delivery key.
func (tx *Tx) deliveryKey() ([]byte, error) {
	v := tx.bucket(bucketMeta).Get(metaDeliveryKey)
	if len(v) != 33 || v[0] != recordV1 {
		return nil, &DamageError{Path: tx.db.path, Err: fmt.Errorf("bad %s", metaDeliveryKey)}
	}
	return v[1:], nil
}

// tokenMAC is the HMAC part of the token of outbox item seq.
func tokenMAC(key []byte, seq uint64) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("postald delivery\x00"))
	m.Write(seqKey(seq))
	return tokenAlphabet.EncodeToString(m.Sum(nil))[:tokenMACLen]
}

// Token returns the delivery token of outbox item seq: its envelope ID, and the detail of its
// envelope sender under VERP.
func (tx *Tx) Token(seq uint64) (string, error) {
	key, err := tx.deliveryKey()
	if err != nil {
		return "", err
	}
	return tokenPrefix + strconv.FormatUint(seq, 10) + "." + tokenMAC(key, seq), nil
}

// CheckToken reports the outbox item whose token s is (in any case). ok is false for anything
// else: no token, or a token whose HMAC is not the store's (a forged or damaged one). named is
// the sequence the text names even when it does not verify, 0 when it names none.
func (tx *Tx) CheckToken(s string) (seq uint64, ok bool, named uint64) {
	s = strings.ToLower(strings.TrimSpace(s))
	rest, found := strings.CutPrefix(s, tokenPrefix)
	if !found {
		return 0, false, 0
	}
	num, mac, found := strings.Cut(rest, ".")
	n, err := strconv.ParseUint(num, 10, 64)
	if !found || err != nil || n == 0 {
		return 0, false, 0
	}
	key, err := tx.deliveryKey()
	if err != nil || len(mac) != tokenMACLen || !hmac.Equal([]byte(mac), []byte(tokenMAC(key, n))) {
		return 0, false, n
	}
	return n, true, n
}

// VERP returns the envelope sender of a letter with token: the local part of from, the
// delimiter, the token, and from's domain (moves+pd7.abc…@club.example). from without a domain
// is returned as it is.
func VERP(from, delimiter, token string) string {
	at := strings.LastIndexByte(from, '@')
	if at <= 0 || delimiter == "" || token == "" {
		return from
	}
	return from[:at] + delimiter + token + from[at:]
}

// TokenOfAddress returns the token in the detail of a VERP address (moves+TOKEN@club.example),
// "" when it has none.
func TokenOfAddress(addr, delimiter string) string {
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 || delimiter == "" {
		return ""
	}
	local := addr[:at]
	i := strings.Index(local, delimiter)
	if i < 0 {
		return ""
	}
	return local[i+len(delimiter):]
}

// SeqOfMessageID returns the outbox sequence a Message-ID of this store's letters names
// (postald.SEQ.INSTANCE@domain), 0 when it names none of them: for the judge, never as proof.
func (tx *Tx) SeqOfMessageID(id string) uint64 {
	local, _, _ := strings.Cut(strings.Trim(id, "<> "), "@")
	parts := strings.Split(local, ".")
	if len(parts) != 3 || parts[0] != "postald" || parts[2] != tx.db.instance {
		return 0
	}
	n, err := strconv.ParseUint(parts[1], 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// watchKey is the delivery_watch key of item seq sent at t.
func watchKey(t time.Time, seq uint64) []byte { return append(timeKey(t), seqKey(seq)...) }

// MarkSentNotified is MarkSent for a letter sent with notifications asked for or not: it is
// sent, and when notified, watched until a report says it was delivered or failed, or the
// judges are told that it is late (Watched).
func (tx *Tx) MarkSentNotified(seq uint64, now time.Time, notified bool) error {
	it, err := tx.pending(seq)
	if err != nil {
		if it.State == OutboxSent {
			return nil
		}
		return err
	}
	if err := tx.bucket(bucketOutboxDue).Delete(dueKey(it.NextAttempt, seq)); err != nil {
		return fmt.Errorf("outbox %d: %w", seq, err)
	}
	it.State, it.Done, it.NextAttempt = OutboxSent, now.UTC(), time.Time{}
	it.Notified = notified
	// A report can come before the record that the letter was sent (a mailbox on the same
	// server answers in milliseconds): what it said stands.
	if it.Delivery == "" {
		it.Delivery, it.DeliveryTime = DeliverySent, now.UTC()
	}
	if notified && !it.Delivery.Final() {
		if err := tx.bucket(bucketDeliveryWatch).Put(watchKey(it.Done, seq), []byte{recordV1}); err != nil {
			return fmt.Errorf("outbox %d: %w", seq, err)
		}
	}
	// The letter as sent stays in its game's archive (it.Archive); the outbox keeps only the
	// record that it went, so that the store does not hold every letter twice.
	it.Raw = nil
	return tx.putOutbox(it)
}

// Delivery is what a report (or the judge) says of a letter's delivery.
type Delivery struct {
	State DeliveryState
	// Note is the remote server's status and words ("5.2.2 mailbox full").
	Note string
	At   time.Time // when the report came
	// Report is the report's entry in the letter's archive chain; 0 when there is none (a
	// refusal by the submission server).
	Report uint64
}

// Deliver records what a report says of item seq: the state changes when the report tells more
// than was known (a delay after the letter was sent, a delivery or a failure after a delay or a
// relay); delivered and failed are final. It returns the item as it stands and whether the
// state changed. A letter whose delivery is final, or that the judges were told of, is no longer
// watched.
func (tx *Tx) Deliver(seq uint64, d Delivery) (OutboxItem, bool, error) {
	it, err := tx.OutboxItem(seq)
	if err != nil {
		return it, false, err
	}
	if d.Report != 0 {
		it.Reports = append(it.Reports, d.Report)
	}
	changed := d.State.rank() > it.Delivery.rank() && !it.Delivery.Final() ||
		it.Delivery == DeliveryRelayed && d.State == DeliveryFailed
	if changed {
		it.Delivery, it.DeliveryNote, it.DeliveryTime = d.State, d.Note, d.At.UTC()
	}
	if it.Delivery.Final() {
		if err := tx.unwatch(it); err != nil {
			return it, false, err
		}
	}
	if !changed && d.Report == 0 {
		return it, false, nil
	}
	raw := it.Raw
	if it.State != OutboxPending {
		it.Raw = nil // the archive keeps the letter sent
	}
	err = tx.putOutbox(it)
	it.Raw = raw
	return it, changed, err
}

// unwatch removes item it from delivery_watch, if it is there.
func (tx *Tx) unwatch(it OutboxItem) error {
	if !it.Notified || it.Done.IsZero() {
		return nil
	}
	if err := tx.bucket(bucketDeliveryWatch).Delete(watchKey(it.Done, it.Seq)); err != nil {
		return fmt.Errorf("outbox %d: %w", it.Seq, err)
	}
	return nil
}

// Watched returns the letters sent with notifications asked for, at or before sentBy, whose
// delivery is still not known and of which the judges have not been told: the letters late by
// [delivery] warn_after when sentBy is that long ago. Oldest first, at most limit (≤ 0: all).
func (tx *Tx) Watched(sentBy time.Time, limit int) ([]OutboxItem, error) {
	var out []OutboxItem
	end := timeKey(sentBy)
	c := tx.bucket(bucketDeliveryWatch).Cursor()
	for k, _ := c.First(); k != nil && bytes.Compare(k[:8], end) <= 0; k, _ = c.Next() {
		if limit > 0 && len(out) == limit {
			break
		}
		it, err := tx.OutboxItem(binary.BigEndian.Uint64(k[8:]))
		if err != nil {
			return nil, fmt.Errorf("delivery watch: %w", err)
		}
		out = append(out, it)
	}
	return out, nil
}

// EarliestWatched returns the instant the oldest watched letter was sent; false when none is
// watched.
func (tx *Tx) EarliestWatched() (time.Time, bool) {
	k, _ := tx.bucket(bucketDeliveryWatch).Cursor().First()
	if k == nil {
		return time.Time{}, false
	}
	return parseTimeKey(k[:8]), true
}

// MarkWarned records that the judges were told at now that item seq is still not delivered: it
// is watched no more (a report that comes later is still recorded).
func (tx *Tx) MarkWarned(seq uint64, now time.Time) error {
	it, err := tx.OutboxItem(seq)
	if err != nil {
		return err
	}
	if err := tx.unwatch(it); err != nil {
		return err
	}
	it.Warned = now.UTC()
	it.Raw = nil
	return tx.putOutbox(it)
}

// Resend is a letter sent again: the letter of outbox item Of, to the address To, or to the
// captain as Card (a player's postal address).
type Resend struct {
	Of uint64
	To string
	// Card, when set, makes the letter one for the captain to post (To is then empty).
	Card *Card
	// Verdict is the verdict its archive entry records ("" : the first letter's).
	Verdict string
}

// ResendLetter puts the letter of outbox item r.Of in the outbox again, at now: by e-mail to
// r.To, with the Resent-Date, Resent-From, Resent-To and Resent-Message-ID fields of RFC 5322
// (3.6.6) before the letter as it was sent, whose Message-ID stays its own; or as a card, the
// letter with a Message-ID of its own. The new item names the item it resends and brings the
// same move. It is archived in the same chain.
func (tx *Tx) ResendLetter(r Resend, now time.Time) (OutboxItem, error) {
	orig, err := tx.OutboxItem(r.Of)
	if err != nil {
		return OutboxItem{}, err
	}
	raw, err := tx.SentLetter(orig)
	if err != nil {
		return OutboxItem{}, err
	}
	var chainEntry ArchiveEntry
	verdict := r.Verdict
	if err := tx.ArchiveEntries(orig.Game, orig.Archive, func(e ArchiveEntry) error {
		chainEntry = e
		return errFound
	}); err != nil && err != errFound {
		return OutboxItem{}, fmt.Errorf("resend %d: %w", r.Of, err)
	}
	if verdict == "" {
		verdict = chainEntry.Verdict
	}
	o := Outgoing{From: orig.From, Game: orig.Game, Move: chainEntry.Move, Verdict: verdict,
		Clause: chainEntry.Clause, Brings: orig.Brings, Resends: r.Of}
	if r.Card != nil {
		o.Card = r.Card
		o.Raw = withoutHeader(raw, "Message-ID")
		return tx.Enqueue(o, now)
	}
	if r.To == "" {
		return OutboxItem{}, invalidf("resend %d: no address", r.Of)
	}
	o.To = []string{r.To}
	o.Raw = raw
	return tx.enqueue(o, now, func(id, eol string) []byte {
		head := "Resent-Date: " + now.Format(time.RFC1123Z) + eol +
			"Resent-From: " + orig.From + eol +
			"Resent-To: " + r.To + eol +
			"Resent-Message-ID: <" + id + ">" + eol
		return append([]byte(head), raw...)
	})
}

// withoutHeader returns raw without the fields called name in its header section.
func withoutHeader(raw []byte, name string) []byte {
	var out []byte
	skipping, body := false, false
	for line := range bytes.Lines(raw) {
		if body {
			out = append(out, line...)
			continue
		}
		t := bytes.TrimRight(line, "\r\n")
		switch {
		case len(t) == 0:
			body = true
		case t[0] == ' ' || t[0] == '\t':
			if skipping {
				continue
			}
		default:
			i := bytes.IndexByte(t, ':')
			skipping = i > 0 && strings.EqualFold(strings.TrimSpace(string(t[:i])), name)
			if skipping {
				continue
			}
		}
		out = append(out, line...)
	}
	return out
}

// OutboxItemOf is OutboxItem for a letter of game (or tournament) g: read from the tournament's
// archive file once the tournament is archived, its outbox records with it.
func (tx *Tx) OutboxItemOf(g GameID, seq uint64) (OutboxItem, error) {
	if a, err := tx.archivedTx(g.Tournament); err != nil || a != nil {
		if err != nil {
			return OutboxItem{}, err
		}
		it, err := a.OutboxItem(seq)
		return it, a.archivedErr(err)
	}
	return tx.OutboxItem(seq)
}
