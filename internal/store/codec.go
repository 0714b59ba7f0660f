package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Digest is a SHA-256 sum; it reads and writes as lower-case hex.
type Digest [sha256.Size]byte

// String is the digest in hex.
func (d Digest) String() string { return hex.EncodeToString(d[:]) }

// MarshalText writes the digest in hex.
func (d Digest) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a digest in hex.
func (d *Digest) UnmarshalText(b []byte) error {
	if hex.DecodedLen(len(b)) != len(d) {
		return fmt.Errorf("digest: want %d hex digits, got %d", 2*len(d), len(b))
	}
	_, err := hex.Decode(d[:], b)
	return err
}

// encodeJSON is recordV1 followed by the JSON of v.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte(recordV1)
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// decodeJSON reads a value written by encodeJSON.
func decodeJSON(b []byte, v any) error {
	if len(b) == 0 {
		return fmt.Errorf("empty record")
	}
	if b[0] != recordV1 {
		return fmt.Errorf("record version %d, want %d", b[0], recordV1)
	}
	return json.Unmarshal(b[1:], v)
}

// encodeRaw is recordV1, the 4-byte length of the JSON header, the header
// and the raw bytes.
func encodeRaw(header any, raw []byte) ([]byte, error) {
	h, err := json.Marshal(header)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 5+len(h)+len(raw))
	b = append(b, recordV1)
	b = binary.BigEndian.AppendUint32(b, uint32(len(h)))
	b = append(b, h...)
	return append(b, raw...), nil
}

// decodeRaw reads a value written by encodeRaw into header and returns a copy
// of the raw bytes.
func decodeRaw(b []byte, header any) ([]byte, error) {
	h, raw, err := splitRaw(b)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(h, header); err != nil {
		return nil, err
	}
	return bytes.Clone(raw), nil
}

// splitRaw splits a value written by encodeRaw into its header and raw bytes,
// without copying.
func splitRaw(b []byte) (header, raw []byte, err error) {
	if len(b) < 5 {
		return nil, nil, fmt.Errorf("record of %d bytes too short", len(b))
	}
	if b[0] != recordV1 {
		return nil, nil, fmt.Errorf("record version %d, want %d", b[0], recordV1)
	}
	n := binary.BigEndian.Uint32(b[1:5])
	if uint64(n) > uint64(len(b)-5) {
		return nil, nil, fmt.Errorf("record header of %d bytes overruns the record", n)
	}
	return b[5 : 5+n], b[5+n:], nil
}
