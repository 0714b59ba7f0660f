package store

import "bytes"

// EarlierWithMessageID returns the records of the letters recorded before under messageID
// (normalised as the store keeps it) other than the one at ref: other letters that carry the
// same Message-ID with another content (Receive keeps a letter that repeats one already
// recorded as a duplicate of it, so those are not returned), in the order of their index.
// A replay of a letter with a changed header is found this way.
func (tx *Tx) EarlierWithMessageID(messageID string, ref MessageRef) ([]Inbound, error) {
	messageID = NormalizeMessageID(messageID)
	if messageID == "" {
		return nil, nil
	}
	var out []Inbound
	seen := map[MessageRef]bool{ref: true}
	add := func(v []byte) error {
		rec, err := tx.inboundByKey(v[1:])
		if err != nil || seen[rec.Ref] {
			return err
		}
		seen[rec.Ref] = true
		out = append(out, rec)
		return nil
	}
	b := tx.bucket(bucketInboundID)
	prefix := []byte("mid+content:" + messageID + "\x00")
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if err := add(v); err != nil {
			return nil, err
		}
	}
	// An index entry of an older store, under the Message-ID alone.
	if v := b.Get(dedupeKey(messageID, Digest{})); v != nil {
		if err := add(v); err != nil {
			return nil, err
		}
	}
	return out, nil
}
