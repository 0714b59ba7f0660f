package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"mime"
	"strings"
	"time"
	"unicode"
)

// MessageRef is where a letter was found: the IMAP mailbox, its
// UIDVALIDITY and the message's UID.
type MessageRef struct {
	Mailbox     string `json:"mailbox"`
	UIDValidity uint32 `json:"uidvalidity"`
	UID         uint32 `json:"uid"`
}

func (r MessageRef) String() string {
	return fmt.Sprintf("%s/%d/%d", r.Mailbox, r.UIDValidity, r.UID)
}

func (r MessageRef) valid() error {
	if r.Mailbox == "" || strings.ContainsRune(r.Mailbox, 0) || r.UIDValidity == 0 || r.UID == 0 {
		return invalidf("message %s: want a mailbox and non-zero UIDVALIDITY and UID", r)
	}
	return nil
}

// InboundState is how far postald got with a received letter.
type InboundState string

// The states of an inbound letter: received → done, or received →
// quarantined. A duplicate is a second copy (another UID) of a letter
// already recorded; it points to the first.
const (
	InboundReceived    InboundState = "received"
	InboundDone        InboundState = "done"
	InboundQuarantined InboundState = "quarantined"
	InboundDuplicate   InboundState = "duplicate"
)

// Inbound is the record of one received letter.
type Inbound struct {
	Ref       MessageRef   `json:"ref"`
	MessageID string       `json:"message_id,omitempty"` // without angle brackets; empty when the letter had none
	Digest    Digest       `json:"sha256"`               // of the raw letter
	Size      int          `json:"size"`
	State     InboundState `json:"state"`
	Received  time.Time    `json:"received"`           // when postald first recorded it
	Attempts  int          `json:"attempts,omitempty"` // how often Receive saw it while not finished
	Finished  time.Time    `json:"finished,omitzero"`  // when it became done or quarantined
	Game      GameID       `json:"game,omitzero"`      // the game it was applied to, when done
	Verdict   string       `json:"verdict,omitempty"`  // accepted, corrected, rejected, ...
	Reason    string       `json:"reason,omitempty"`   // why it was quarantined, in English
	// Held is why it was quarantined as the application's typed record, which words it in each
	// reader's language; letters held by earlier versions have only the Reason.
	Held        json.RawMessage `json:"held,omitempty"`
	Archive     uint64          `json:"archive,omitempty"` // its entry in its archive chain
	DuplicateOf *MessageRef     `json:"duplicate_of,omitempty"`
	From        string          `json:"from,omitempty"`    // the From field as written (decoded), for the judge
	Subject     string          `json:"subject,omitempty"` // the Subject field (decoded), for the judge
	// Reported is when a held letter was listed in the judge's daily digest; zero until then.
	Reported time.Time `json:"reported,omitzero"`
}

// IsFinished reports whether the letter needs no more processing.
func (in Inbound) IsFinished() bool {
	return in.State == InboundDone || in.State == InboundQuarantined
}

// NormalizeMessageID trims spaces and angle brackets from a Message-ID header
// value.
func NormalizeMessageID(id string) string {
	id = strings.TrimSpace(id)
	id = strings.TrimPrefix(id, "<")
	id = strings.TrimSuffix(id, ">")
	return strings.TrimSpace(id)
}

// Receive records that the letter at ref (with Message-ID header value
// messageID, possibly empty, and bytes raw) was fetched at now. It returns
// the letter's record and whether the letter is new.
//
// A letter is not new when its ref was seen before, or when a letter with the
// same Message-ID (or, without one, the same bytes) was recorded under another
// ref, for example before a UIDVALIDITY change. Then the first record is
// returned (the new ref is kept as a duplicate pointing to it). A returned
// record that is not IsFinished was interrupted: process it again. Attempts
// counts how often that happened, so that a letter that keeps failing can be
// quarantined — but only when Receive commits in its own transaction before
// the letter is processed: in the same transaction as a processing that
// fails, the count is rolled back with everything else.
func (tx *Tx) Receive(ref MessageRef, messageID string, raw []byte, now time.Time) (rec Inbound, isNew bool, err error) {
	rec, isNew, err = tx.receive(ref, messageID, raw, now)
	if err != nil || isNew || rec.IsFinished() {
		return rec, isNew, err
	}
	rec.Attempts++
	if err := tx.putInbound(rec); err != nil {
		return Inbound{}, false, err
	}
	return rec, false, nil
}

// ReceiveAgain is Receive for a letter whose last attempt failed because the store could not
// write (a full disk, an I/O error): such a failure is the store's, not the letter's, and does
// not count toward the letter's attempts.
func (tx *Tx) ReceiveAgain(ref MessageRef, messageID string, raw []byte, now time.Time) (rec Inbound, isNew bool, err error) {
	return tx.receive(ref, messageID, raw, now)
}

// ForgiveAttempt takes back the attempt Receive counted for the letter at ref when its
// processing failed for the store's own fault; a finished letter is left as it is.
func (tx *Tx) ForgiveAttempt(ref MessageRef) error {
	rec, err := tx.Inbound(ref)
	if err != nil || rec.IsFinished() || rec.Attempts == 0 {
		return err
	}
	rec.Attempts--
	return tx.putInbound(rec)
}

// receive is Receive without counting attempts.
func (tx *Tx) receive(ref MessageRef, messageID string, raw []byte, now time.Time) (Inbound, bool, error) {
	if err := ref.valid(); err != nil {
		return Inbound{}, false, err
	}
	if now.IsZero() {
		return Inbound{}, false, invalidf("receive %s: zero time", ref)
	}
	if rec, err := tx.Inbound(ref); err == nil {
		return rec, false, nil
	} else if !isNotFound(err) {
		return Inbound{}, false, err
	}
	messageID = NormalizeMessageID(messageID)
	digest := Digest(sha256.Sum256(raw))
	head, body := splitHeader(raw)
	content := contentDigest(head, body)
	idKey := letterKey(messageID, content, digest)
	first, found, err := tx.sameLetter(idKey, messageID, digest)
	if err != nil {
		return Inbound{}, false, fmt.Errorf("inbound %s: index: %w", ref, err)
	}
	if found {
		alias := Inbound{Ref: ref, MessageID: messageID, Digest: digest, Size: len(raw),
			State: InboundDuplicate, Received: now.UTC(), DuplicateOf: &first.Ref}
		if err := tx.putInbound(alias); err != nil {
			return Inbound{}, false, err
		}
		return first, false, nil
	}
	rec := Inbound{Ref: ref, MessageID: messageID, Digest: digest, Size: len(raw),
		State: InboundReceived, Received: now.UTC(), From: shownField(head, "from"), Subject: shownField(head, "subject")}
	if err := tx.putInbound(rec); err != nil {
		return Inbound{}, false, err
	}
	if err := tx.bucket(bucketInboundID).Put(idKey, append([]byte{recordV1}, inboundKey(ref)...)); err != nil {
		return Inbound{}, false, fmt.Errorf("index inbound %s: %w", ref, err)
	}
	return rec, true, nil
}

// A letter is told apart by what it is: a redelivery (the same letter fetched again, under
// another UID or after a UIDVALIDITY change) has the same Message-ID, the same sender and the same
// content; a letter that reuses a Message-ID with another sender or another content is another
// letter, and is processed as one. The index key of a letter with a Message-ID is the Message-ID
// with the digest of its content (contentDigest); without one, the digest of its bytes.
//
// Stores written before this rule hold keys of the Message-ID alone ("mid:…"): a letter with such
// a Message-ID is a redelivery of that record only when its bytes are the same (or when the
// record, of schema version 1, has no digest to compare: the rule it was made under stands).

// letterKey is the inbound_id key of a letter.
func letterKey(messageID string, content, raw Digest) []byte {
	if messageID != "" {
		return []byte("mid+content:" + messageID + "\x00" + content.String())
	}
	return dedupeKey("", raw)
}

// sameLetter finds the record of a letter already received that this one repeats.
func (tx *Tx) sameLetter(key []byte, messageID string, raw Digest) (Inbound, bool, error) {
	b := tx.bucket(bucketInboundID)
	if v := b.Get(key); v != nil {
		first, err := tx.inboundByKey(v[1:])
		return first, err == nil, err
	}
	if messageID == "" {
		return Inbound{}, false, nil
	}
	v := b.Get(dedupeKey(messageID, raw)) // an index entry of an older store
	if v == nil {
		return Inbound{}, false, nil
	}
	first, err := tx.inboundByKey(v[1:])
	if err != nil {
		return Inbound{}, false, err
	}
	// A record without a digest (schema version 1) was made under the Message-ID alone.
	return first, first.Digest == raw || first.Digest == Digest{}, nil
}

// contentDigest is the digest of what a letter is: its sender (the From field), its Date and
// Subject fields and its body, as its writer's mail client made them. The trace fields a server
// adds on the way (Received, Return-Path, Delivered-To, Authentication-Results, ...) are left
// out, so that the same letter delivered twice has the same content digest.
func contentDigest(head, body []byte) Digest {
	h := sha256.New()
	for _, name := range []string{"from", "date", "subject"} {
		h.Write([]byte(name + ":" + headerValue(head, name) + "\x00"))
	}
	h.Write(bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n")))
	return Digest(h.Sum(nil))
}

// splitHeader splits a raw letter at the blank line after its header; without one, it is all
// header.
func splitHeader(raw []byte) (head, body []byte) {
	for _, sep := range []string{"\r\n\r\n", "\n\n"} {
		if i := bytes.Index(raw, []byte(sep)); i >= 0 {
			return raw[:i], raw[i+len(sep):]
		}
	}
	return raw, nil
}

// shownField returns a header field of a letter's header as a judge should see it: unfolded,
// RFC 2047 words decoded, control characters (an encoded CR/LF) shown as spaces, at most 200
// bytes.
func shownField(head []byte, name string) string {
	v := rawHeaderValue(head, name)
	if d, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
		v = d
	}
	v = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, v)
	v = strings.Join(strings.Fields(v), " ")
	if len(v) > 200 {
		v = strings.ToValidUTF8(v[:200], "")
	}
	return v
}

// headerValue returns the unfolded, trimmed value of the first header field called name (lower
// case) in a raw header; "" when there is none.
func headerValue(head []byte, name string) string {
	return strings.ToLower(strings.Join(strings.Fields(rawHeaderValue(head, name)), " "))
}

// rawHeaderValue returns the unfolded value of the first header field called name, as written.
func rawHeaderValue(head []byte, name string) string {
	lines := strings.Split(strings.ReplaceAll(string(head), "\r\n", "\n"), "\n")
	for i, line := range lines {
		k, v, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), name) || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t") {
			continue
		}
		for _, more := range lines[i+1:] {
			if !strings.HasPrefix(more, " ") && !strings.HasPrefix(more, "\t") {
				break
			}
			v += " " + strings.TrimSpace(more)
		}
		return strings.TrimSpace(v)
	}
	return ""
}

// Inbound returns the record of the letter at ref; for a duplicate, the
// record of the first copy. ErrNotFound when ref was never received.
func (tx *Tx) Inbound(ref MessageRef) (Inbound, error) {
	rec, err := tx.inboundByKey(inboundKey(ref))
	if err != nil {
		return Inbound{}, fmt.Errorf("inbound %s: %w", ref, err)
	}
	return rec, nil
}

func (tx *Tx) inboundByKey(k []byte) (Inbound, error) {
	for range 2 { // a duplicate points to a first copy, never to another duplicate
		v := tx.bucket(bucketInbound).Get(k)
		if v == nil {
			return Inbound{}, ErrNotFound
		}
		var rec Inbound
		if err := decodeJSON(v, &rec); err != nil {
			return Inbound{}, err
		}
		if rec.DuplicateOf == nil {
			return rec, nil
		}
		k = inboundKey(*rec.DuplicateOf)
	}
	return Inbound{}, fmt.Errorf("duplicate of a duplicate")
}

func (tx *Tx) putInbound(rec Inbound) error {
	v, err := encodeJSON(rec)
	if err != nil {
		return fmt.Errorf("encode inbound %s: %w", rec.Ref, err)
	}
	b := tx.bucket(bucketInbound)
	b.FillPercent = appendFill // UIDs grow
	if err := b.Put(inboundKey(rec.Ref), v); err != nil {
		return fmt.Errorf("put inbound %s: %w", rec.Ref, err)
	}
	return nil
}

// finishInbound moves a received letter to done or quarantined.
func (tx *Tx) finishInbound(ref MessageRef, f func(*Inbound)) (Inbound, error) {
	rec, err := tx.Inbound(ref)
	if err != nil {
		return Inbound{}, err
	}
	if rec.IsFinished() {
		return rec, fmt.Errorf("inbound %s is %s: %w", rec.Ref, rec.State, ErrFinished)
	}
	f(&rec)
	return rec, tx.putInbound(rec)
}

// MarkDone records that the letter at ref was applied to game g with the
// given verdict. The letter must have been received and not finished
// (ErrFinished otherwise). ApplyLetter calls it; call it directly only when
// building the letter's transaction by hand.
func (tx *Tx) MarkDone(ref MessageRef, g GameID, verdict string, archive uint64, now time.Time) (Inbound, error) {
	return tx.finishInbound(ref, func(rec *Inbound) {
		rec.State, rec.Game, rec.Verdict, rec.Archive, rec.Finished = InboundDone, g, verdict, archive, now.UTC()
	})
}

// Quarantine records that the letter at ref is not applied, for reason (in English; held is the
// same as the application's typed record, or empty).
func (tx *Tx) Quarantine(ref MessageRef, reason string, held json.RawMessage, archive uint64, now time.Time) (Inbound, error) {
	if reason == "" {
		return Inbound{}, invalidf("quarantine %s: no reason", ref)
	}
	return tx.finishInbound(ref, func(rec *Inbound) {
		rec.State, rec.Reason, rec.Held, rec.Archive, rec.Finished = InboundQuarantined, reason, held, archive, now.UTC()
	})
}

// PendingInbound returns the letters received but not finished, in key
// order: after a crash, these are the ones to process again.
func (tx *Tx) PendingInbound() ([]Inbound, error) {
	return tx.inboundIn(InboundReceived)
}

// QuarantinedInbound returns the quarantined letters, in key order.
func (tx *Tx) QuarantinedInbound() ([]Inbound, error) {
	return tx.inboundIn(InboundQuarantined)
}

// Unreported returns the held letters no daily digest has listed yet, in key order, and when
// the last digest was made (zero when none was).
func (tx *Tx) Unreported() (held []Inbound, last time.Time, err error) {
	q, err := tx.QuarantinedInbound()
	if err != nil {
		return nil, time.Time{}, err
	}
	for _, in := range q {
		if in.Reported.IsZero() {
			held = append(held, in)
		} else if in.Reported.After(last) {
			last = in.Reported
		}
	}
	return held, last, nil
}

// MarkReported records that the held letter at ref was listed in the digest made at now.
func (tx *Tx) MarkReported(ref MessageRef, now time.Time) error {
	rec, err := tx.Inbound(ref)
	if err != nil {
		return err
	}
	if rec.State != InboundQuarantined {
		return invalidf("mark reported %s: the letter is %s, not held", ref, rec.State)
	}
	rec.Reported = now.UTC()
	return tx.putInbound(rec)
}

// inboundIn returns the letters in one state, in key order.
func (tx *Tx) inboundIn(state InboundState) ([]Inbound, error) {
	var out []Inbound
	err := tx.bucket(bucketInbound).ForEach(func(k, v []byte) error {
		var rec Inbound
		if err := decodeJSON(v, &rec); err != nil {
			return fmt.Errorf("inbound %x: %w", k, err)
		}
		if rec.State == state {
			out = append(out, rec)
		}
		return nil
	})
	return out, err
}
