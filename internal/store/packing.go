package store

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
	bolt "go.etcd.io/bbolt"
)

// How a letter is kept (since schema version 7). The store keeps every letter byte for byte,
// but not as one run of bytes:
//
//   - Every run of base64 lines long enough to matter (a picture, an attachment: at least
//     minPartBytes as written) whose bytes the store can write again exactly — lines of one
//     length, one line ending, padding only at the end — is kept once, decoded, in
//     letter_parts under the SHA-256 of its bytes, for the tournament the letter belongs to;
//     the letter keeps a reference (the digest, the line length, the line ending). The picture
//     of a decision is so kept once however many letters carry it and however often each
//     carries it (in the HTML and as an attachment).
//   - What is left, with the entry's header, is compressed with zstd, with the dictionary the
//     letter was written with (kept in the file: an old letter reads with its own dictionary
//     whatever dictionary later letters use).
//
// The chain covers the letter as it was sent or received: the digest kept in the entry is
// that of the bytes put back together, so that a part changed in letter_parts breaks every
// entry that uses it, and the receipts, judge letter and judge verify are those of the
// letter's own bytes.

// minPartBytes is the length, as written, from which a run of base64 lines is kept apart.
const minPartBytes = 1024

// maxLetterBytes bounds what a stored letter unpacks to: far more than any mail server
// accepts.
const maxLetterBytes = 256 << 20

// letterDict is the dictionary letters are compressed with: trained on postald's letters (in
// Russian and in English, as sent and as received) by TestLetterDictionary (-update-dict). Its
// zstd dictionary ID is letterDictID; it is written into every file that uses it.
//
//go:embed letters.dict
var letterDict []byte

// letterDictID is the ID of letterDict. A new dictionary takes a new ID: the old one stays in
// the files whose letters use it.
const letterDictID uint32 = 1

// Codecs of a packed letter (the byte that starts it).
const (
	packPlain byte = 0 // the payload as it is
	packZstd  byte = 1 // 4-byte dictionary ID (0: none) + a zstd frame of the payload
)

// Segments of a packed letter's payload.
const (
	segLiteral byte = 0 // uvarint length + bytes
	segPart    byte = 1 // 32-byte digest + uvarint decoded length + uvarint line length + flags
)

// Flags of a segPart.
const (
	partCRLF     byte = 1 << 0 // lines end in CRLF (else LF)
	partFinalEOL byte = 1 << 1 // the last line ends with its line ending too
)

// segment is a piece of a letter: bytes as they are, or a part kept apart.
type segment struct {
	literal []byte
	part    *letterPart
}

// letterPart is a run of base64 lines kept apart: its decoded bytes and how they were written.
type letterPart struct {
	data     []byte
	digest   Digest
	lineLen  int
	crlf     bool
	finalEOL bool
}

// encoded writes the part as the letter had it.
func (p *letterPart) encoded() []byte {
	enc := base64.StdEncoding.EncodeToString(p.data)
	eol := "\n"
	if p.crlf {
		eol = "\r\n"
	}
	n := (len(enc) + p.lineLen - 1) / p.lineLen
	out := make([]byte, 0, len(enc)+n*len(eol))
	for i := 0; i < len(enc); i += p.lineLen {
		out = append(out, enc[i:min(i+p.lineLen, len(enc))]...)
		if i+p.lineLen < len(enc) || p.finalEOL {
			out = append(out, eol...)
		}
	}
	return out
}

// isBase64Line reports whether line (without its ending) is made of base64 characters only.
func isBase64Line(line []byte) bool {
	if len(line) == 0 {
		return false
	}
	for _, c := range line {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return true
}

// splitLetter cuts raw into literal bytes and the parts it keeps apart (see above). Joining the
// segments' bytes gives raw again, byte for byte: a run is kept apart only when writing it
// again from its decoded bytes gives exactly the run.
func splitLetter(raw []byte) []segment {
	var segs []segment
	lit := 0 // start of the literal bytes not yet emitted
	i := 0
	for i < len(raw) {
		// A run starts at a line of base64 characters.
		start := i
		line, eol, next := nextLine(raw, i)
		if !isBase64Line(line) || len(line)%4 != 0 {
			i = next
			continue
		}
		lineLen, crlf := len(line), eol == 2
		end, lines := next, 1
		finalEOL := eol != 0
		last := line
		for end < len(raw) && finalEOL && len(last) == lineLen && !bytes.ContainsRune(last, '=') {
			l, e, n := nextLine(raw, end)
			if !isBase64Line(l) || len(l) > lineLen || (e == 2) != crlf && e != 0 {
				break
			}
			end, last, finalEOL, lines = n, l, e != 0, lines+1
		}
		if end-start >= minPartBytes {
			if p := decodePart(raw[start:end], lineLen, crlf, finalEOL); p != nil {
				if start > lit {
					segs = append(segs, segment{literal: raw[lit:start]})
				}
				segs = append(segs, segment{part: p})
				lit = end
			}
		}
		i = end
	}
	if lit < len(raw) {
		segs = append(segs, segment{literal: raw[lit:]})
	}
	return segs
}

// nextLine returns the line of raw at i without its ending, the ending (0 none, 1 LF, 2 CRLF)
// and where the next line starts.
func nextLine(raw []byte, i int) ([]byte, int, int) {
	j := bytes.IndexByte(raw[i:], '\n')
	if j < 0 {
		return raw[i:], 0, len(raw)
	}
	line, eol := raw[i:i+j], 1
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line, eol = line[:len(line)-1], 2
	}
	return line, eol, i + j + 1
}

// decodePart decodes the run span and returns it as a part when writing the part again gives
// span exactly; nil otherwise.
func decodePart(span []byte, lineLen int, crlf, finalEOL bool) *letterPart {
	text := bytes.ReplaceAll(span, []byte("\n"), nil)
	text = bytes.ReplaceAll(text, []byte("\r"), nil)
	data, err := base64.StdEncoding.DecodeString(string(text))
	if err != nil || len(data) == 0 {
		return nil
	}
	p := &letterPart{data: data, digest: sha256.Sum256(data), lineLen: lineLen, crlf: crlf, finalEOL: finalEOL}
	if !bytes.Equal(p.encoded(), span) {
		return nil
	}
	return p
}

// appendSegments writes segs as a payload's letter.
func appendSegments(b []byte, segs []segment) []byte {
	for _, s := range segs {
		if s.part == nil {
			b = append(b, segLiteral)
			b = binary.AppendUvarint(b, uint64(len(s.literal)))
			b = append(b, s.literal...)
			continue
		}
		p := s.part
		b = append(b, segPart)
		b = append(b, p.digest[:]...)
		b = binary.AppendUvarint(b, uint64(len(p.data)))
		b = binary.AppendUvarint(b, uint64(p.lineLen))
		var flags byte
		if p.crlf {
			flags |= partCRLF
		}
		if p.finalEOL {
			flags |= partFinalEOL
		}
		b = append(b, flags)
	}
	return b
}

// errPacked is what a packed letter that cannot be read says.
var errPacked = fmt.Errorf("%w: a stored letter does not read", ErrDamaged)

// joinSegments puts a letter back together from a payload's segments, reading each part kept
// apart with part.
func joinSegments(b []byte, part func(Digest) ([]byte, error)) ([]byte, error) {
	var out []byte
	for len(b) > 0 {
		tag := b[0]
		b = b[1:]
		switch tag {
		case segLiteral:
			n, k := binary.Uvarint(b)
			if k <= 0 || n > uint64(len(b)-k) {
				return nil, fmt.Errorf("%w: a literal overruns it", errPacked)
			}
			out = append(out, b[k:k+int(n)]...)
			b = b[k+int(n):]
		case segPart:
			if len(b) < len(Digest{}) {
				return nil, fmt.Errorf("%w: a part is cut short", errPacked)
			}
			var d Digest
			copy(d[:], b)
			b = b[len(d):]
			size, k1 := binary.Uvarint(b)
			if k1 <= 0 {
				return nil, fmt.Errorf("%w: a part's length", errPacked)
			}
			lineLen, k2 := binary.Uvarint(b[k1:])
			if k2 <= 0 || lineLen == 0 || lineLen > maxLetterBytes || len(b) < k1+k2+1 {
				return nil, fmt.Errorf("%w: a part's line length", errPacked)
			}
			flags := b[k1+k2]
			b = b[k1+k2+1:]
			data, err := part(d)
			if err != nil {
				return nil, err
			}
			if uint64(len(data)) != size || sha256.Sum256(data) != d {
				return nil, fmt.Errorf("%w: part %s is not the one the letter names", ErrDamaged, d)
			}
			p := letterPart{data: data, lineLen: int(lineLen), crlf: flags&partCRLF != 0, finalEOL: flags&partFinalEOL != 0}
			out = append(out, p.encoded()...)
		default:
			return nil, fmt.Errorf("%w: segment %d", errPacked, tag)
		}
		if len(out) > maxLetterBytes {
			return nil, fmt.Errorf("%w: over %d bytes", errPacked, maxLetterBytes)
		}
	}
	return out, nil
}

// letterCodec compresses and decompresses the payloads of stored letters, with the
// dictionaries the file holds.
type letterCodec struct {
	mu    sync.Mutex
	enc   *zstd.Encoder // with letterDict
	plain *zstd.Encoder // with no dictionary (a file that does not hold letterDict: read-only)
	dec   *zstd.Decoder
	dicts map[uint32][]byte // the file's dictionaries the decoder knows
}

// encoder returns the encoder and the dictionary ID new letters are written with.
func (c *letterCodec) encoder() (*zstd.Encoder, uint32, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.dicts[letterDictID]; ok {
		if c.enc == nil {
			enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBetterCompression),
				zstd.WithEncoderDict(letterDict), zstd.WithEncoderCRC(false))
			if err != nil {
				return nil, 0, fmt.Errorf("the letters' compressor: %w", err)
			}
			c.enc = enc
		}
		return c.enc, letterDictID, nil
	}
	if c.plain == nil {
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(false))
		if err != nil {
			return nil, 0, fmt.Errorf("the letters' compressor: %w", err)
		}
		c.plain = enc
	}
	return c.plain, 0, nil
}

// decoder returns the decoder of the file's dictionaries.
func (c *letterCodec) decoder() (*zstd.Decoder, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dec == nil {
		opts := []zstd.DOption{zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxLetterBytes + 1<<20)}
		for _, d := range c.dicts {
			opts = append(opts, zstd.WithDecoderDicts(d))
		}
		dec, err := zstd.NewReader(nil, opts...)
		if err != nil {
			return nil, fmt.Errorf("%w: the file's dictionaries: %v", ErrDamaged, err)
		}
		c.dec = dec
	}
	return c.dec, nil
}

// close releases the codec's encoders and decoder.
func (c *letterCodec) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range []*zstd.Encoder{c.enc, c.plain} {
		if e != nil {
			e.Close()
		}
	}
	if c.dec != nil {
		c.dec.Close()
	}
	c.enc, c.plain, c.dec = nil, nil, nil
}

// loadDicts reads the file's dictionaries, and adds letterDict to a file open for writing that
// does not hold it yet.
func (c *letterCodec) loadDicts(tx *bolt.Tx, write bool) error {
	b := tx.Bucket(bucketDicts)
	if b == nil {
		return nil // a file before version 7, read-only: no letter is packed
	}
	key := binary.BigEndian.AppendUint32(nil, letterDictID)
	if write && b.Get(key) == nil {
		if err := b.Put(key, append([]byte{recordV1}, letterDict...)); err != nil {
			return fmt.Errorf("store the letters' dictionary: %w", err)
		}
	}
	dicts := map[uint32][]byte{}
	err := b.ForEach(func(k, v []byte) error {
		if len(k) != 4 || len(v) < 2 || v[0] != recordV1 {
			return fmt.Errorf("%w: dictionary %x", ErrDamaged, k)
		}
		id := binary.BigEndian.Uint32(k)
		if id == letterDictID && !bytes.Equal(v[1:], letterDict) {
			return fmt.Errorf("%w: dictionary %d is not the one postald wrote under that number", ErrDamaged, id)
		}
		dicts[id] = bytes.Clone(v[1:])
		return nil
	})
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.dicts = dicts
	c.mu.Unlock()
	return nil
}

// pack is the stored form of a payload (header and letter segments): compressed with the
// letters' dictionary, or as it is when that is no longer.
func (c *letterCodec) pack(payload []byte) ([]byte, error) {
	enc, id, err := c.encoder()
	if err != nil {
		return nil, err
	}
	out := append(make([]byte, 0, 5+len(payload)/3), packZstd)
	out = binary.BigEndian.AppendUint32(out, id)
	out = enc.EncodeAll(payload, out)
	if len(out) >= 1+len(payload) {
		return append([]byte{packPlain}, payload...), nil
	}
	return out, nil
}

// unpack is the payload of a stored form written by pack.
func (c *letterCodec) unpack(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("%w: empty", errPacked)
	}
	switch b[0] {
	case packPlain:
		return b[1:], nil
	case packZstd:
		if len(b) < 5 {
			return nil, fmt.Errorf("%w: cut short", errPacked)
		}
		id := binary.BigEndian.Uint32(b[1:5])
		c.mu.Lock()
		_, known := c.dicts[id]
		c.mu.Unlock()
		if id != 0 && !known {
			return nil, fmt.Errorf("%w: it uses dictionary %d, which the file does not hold", ErrDamaged, id)
		}
		dec, err := c.decoder()
		if err != nil {
			return nil, err
		}
		out, err := dec.DecodeAll(b[5:], nil)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errPacked, err)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: codec %d", errPacked, b[0])
}

// partKey is the letter_parts key of the part with digest d in the letters of tournament code
// ("" for letters of no tournament).
func partKey(code string, d Digest) []byte {
	k := make([]byte, 0, len(code)+1+len(d))
	k = append(k, code...)
	k = append(k, 0)
	return append(k, d[:]...)
}

// packLetter is the payload of a letter of tournament code with header: the header's length
// and bytes, then the letter's segments. The parts it keeps apart are stored in letter_parts
// (once: a part already held is not written again).
func (tx *Tx) packLetter(code string, header, raw []byte) ([]byte, error) {
	segs := splitLetter(raw)
	parts := tx.bucket(bucketParts)
	for _, s := range segs {
		if s.part == nil {
			continue
		}
		k := partKey(code, s.part.digest)
		if parts.Get(k) != nil {
			continue
		}
		if err := parts.Put(k, append([]byte{recordV1}, s.part.data...)); err != nil {
			return nil, fmt.Errorf("store a part of the letter: %w", err)
		}
	}
	p := binary.AppendUvarint(nil, uint64(len(header)))
	p = append(p, header...)
	p = appendSegments(p, segs)
	return tx.db.codec.pack(p)
}

// unpackLetter reads a stored form written by packLetter: the header and the letter, whole.
func (tx *Tx) unpackLetter(code string, b []byte) (header, raw []byte, err error) {
	header, rest, err := tx.openPayload(b)
	if err != nil {
		return nil, nil, err
	}
	raw, err = tx.joinLetter(code, rest)
	return header, raw, err
}

// openPayload splits a stored form written by packLetter into its header and its letter's
// segments.
func (tx *Tx) openPayload(b []byte) (header, segs []byte, err error) {
	p, err := tx.db.codec.unpack(b)
	if err != nil {
		return nil, nil, err
	}
	n, k := binary.Uvarint(p)
	if k <= 0 || n > uint64(len(p)-k) {
		return nil, nil, fmt.Errorf("%w: its header overruns it", errPacked)
	}
	return p[k : k+int(n)], p[k+int(n):], nil
}

// joinLetter puts the letter of tournament code back together from its segments.
func (tx *Tx) joinLetter(code string, segs []byte) ([]byte, error) {
	raw, err := joinSegments(segs, func(d Digest) ([]byte, error) {
		v := tx.bucket(bucketParts).Get(partKey(code, d))
		if len(v) < 1 || v[0] != recordV1 {
			return nil, fmt.Errorf("%w: part %s of the letter is missing", ErrDamaged, d)
		}
		return v[1:], nil
	})
	if err != nil {
		return nil, err
	}
	if raw == nil {
		raw = []byte{}
	}
	return raw, nil
}

// verifyParts checks every part kept apart against its digest.
func (tx *Tx) verifyParts() error {
	return tx.bucket(bucketParts).ForEach(func(k, v []byte) error {
		return checkPart(k, v)
	})
}

// checkPart checks the letter_parts record k, v.
func checkPart(k, v []byte) error {
	n := len(Digest{})
	i := len(k) - n - 1
	if i < 0 || k[i] != 0 || len(v) < 1 || v[0] != recordV1 {
		return fmt.Errorf("%w: letter part %q: bad record", ErrDamaged, k)
	}
	var d Digest
	copy(d[:], k[i+1:])
	if sha256.Sum256(v[1:]) != d {
		return fmt.Errorf("%w: letter part %s of tournament %q: its bytes do not match its digest", ErrDamaged, d, k[:i])
	}
	return nil
}

// Payloads calls fn with the payload of every letter archived in the file, as the store
// compresses it (the entry's header and the letter with its large parts kept apart): the
// samples a dictionary is trained on, and what its gain is measured on.
func (db *DB) Payloads(fn func(payload []byte) error) error {
	return db.View(func(tx *Tx) error {
		chains, err := tx.Chains()
		if err != nil {
			return err
		}
		for _, g := range chains {
			chain, err := chainKey(g)
			if err != nil {
				return err
			}
			b := tx.bucket(bucketArchive).Bucket([]byte(chain))
			if b == nil {
				continue
			}
			err = b.ForEach(func(k, v []byte) error {
				e, header, err := tx.decodeEntry(chain, v)
				if err != nil {
					return err
				}
				p := binary.AppendUvarint(nil, uint64(len(header)))
				p = append(p, header...)
				return fn(appendSegments(p, splitLetter(e.Raw)))
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}
