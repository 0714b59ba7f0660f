package store

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"time"
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
	Ref         MessageRef   `json:"ref"`
	MessageID   string       `json:"message_id,omitempty"` // without angle brackets; empty when the letter had none
	Digest      Digest       `json:"sha256"`               // of the raw letter
	Size        int          `json:"size"`
	State       InboundState `json:"state"`
	Received    time.Time    `json:"received"`           // when postald first recorded it
	Attempts    int          `json:"attempts,omitempty"` // how often Receive saw it while not finished
	Finished    time.Time    `json:"finished,omitzero"`  // when it became done or quarantined
	Game        GameID       `json:"game,omitzero"`      // the game it was applied to, when done
	Verdict     string       `json:"verdict,omitempty"`  // accepted, corrected, rejected, ...
	Reason      string       `json:"reason,omitempty"`   // why it was quarantined
	Archive     uint64       `json:"archive,omitempty"`  // its entry in its archive chain
	DuplicateOf *MessageRef  `json:"duplicate_of,omitempty"`
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
	idKey := dedupeKey(messageID, digest)
	if v := tx.bucket(bucketInboundID).Get(idKey); v != nil {
		first, err := tx.inboundByKey(v[1:])
		if err != nil {
			return Inbound{}, false, fmt.Errorf("inbound %s: index: %w", ref, err)
		}
		alias := Inbound{Ref: ref, MessageID: messageID, Digest: digest, Size: len(raw),
			State: InboundDuplicate, Received: now.UTC(), DuplicateOf: &first.Ref}
		if err := tx.putInbound(alias); err != nil {
			return Inbound{}, false, err
		}
		return first, false, nil
	}
	rec := Inbound{Ref: ref, MessageID: messageID, Digest: digest, Size: len(raw),
		State: InboundReceived, Received: now.UTC()}
	if err := tx.putInbound(rec); err != nil {
		return Inbound{}, false, err
	}
	if err := tx.bucket(bucketInboundID).Put(idKey, append([]byte{recordV1}, inboundKey(ref)...)); err != nil {
		return Inbound{}, false, fmt.Errorf("index inbound %s: %w", ref, err)
	}
	return rec, true, nil
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
	if err := tx.bucket(bucketInbound).Put(inboundKey(rec.Ref), v); err != nil {
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

// Quarantine records that the letter at ref is not applied, for reason.
func (tx *Tx) Quarantine(ref MessageRef, reason string, archive uint64, now time.Time) (Inbound, error) {
	if reason == "" {
		return Inbound{}, invalidf("quarantine %s: no reason", ref)
	}
	return tx.finishInbound(ref, func(rec *Inbound) {
		rec.State, rec.Reason, rec.Archive, rec.Finished = InboundQuarantined, reason, archive, now.UTC()
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
