package store

import (
	"encoding/binary"
	"fmt"
	"time"
)

// Clock is the latest instant a unit of work was done at, as Advance recorded it: the office
// dates no decision before it, so that a machine whose clock jumped back (a dead CMOS battery, a
// virtual machine restored, a hand-set date) never records a reply before the move it answers.
// Zero in a file that never recorded one.
func (tx *Tx) Clock() time.Time {
	v := tx.bucket(bucketMeta).Get(metaClock)
	if len(v) != 9 || v[0] != recordV1 {
		return time.Time{}
	}
	return time.Unix(0, int64(binary.BigEndian.Uint64(v[1:]))).UTC()
}

// Advance records at as the store's Clock when it is later; an earlier instant changes nothing.
func (tx *Tx) Advance(at time.Time) error {
	if at.IsZero() || !at.After(tx.Clock()) {
		return nil
	}
	if err := tx.bucket(bucketMeta).Put(metaClock, binary.BigEndian.AppendUint64([]byte{recordV1}, uint64(at.UnixNano()))); err != nil {
		return fmt.Errorf("put %s: %w", metaClock, err)
	}
	return nil
}
