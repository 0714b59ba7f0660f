package tablebase

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"

	"github.com/klauspost/compress/zstd"

	"postald/internal/endgame"
)

// The file of one material (format version 1). All numbers are little-endian.
//
//	offset  size  field
//	0       8     magic "PDEGTB\r\n"
//	8       4     format version: 1
//	12      4     header length H: these fields, the block table and its checksum
//	16      24    variant identifier, padded with zero bytes ("russian")
//	40      4     material: the side to move's men and kings, the opponent's men and kings
//	44      4     flags: bit 0 distances present, bit 1 distances two bytes wide
//	48      8     positions N
//	56      4     positions per block B (65536)
//	60      4     blocks K = ceil(N / B)
//	64      8     wins (for the side to move)
//	72      8     draws
//	80      8     losses
//	88      4     the longest distance in plies
//	92      4     zero
//	96      32·K  block table: per block, the verdict block's offset (8),
//	              length (4) and CRC-32C (4), then the distance block's
//	              offset (8), length (4) and CRC-32C (4); offsets from the
//	              start of the file, a length 0 when there is no such block
//	H-4     4     CRC-32C (Castagnoli) of bytes 0..H-5
//	H       …     the blocks, each compressed with Zstandard
//
// A verdict block holds the verdicts of its positions in index order, two
// bits each, four to a byte, lowest bits first: 0 draw, 1 win, 2 loss. A
// distance block holds one code per position (two bytes when the flag
// says so): 0 for a draw, otherwise the plies to the end of the game plus
// one. Whether that is a win or a loss is also the parity of the plies (a
// side with no move has lost; in giveaway it has won). The index of a
// position is the endgame package's perfect index of its material.
//
// Opening a file checks the magic, the version, the variant, the material,
// the header's checksum, the block table against the file's length; each
// block's checksum is checked when the block is read.

const (
	magic         = "PDEGTB\r\n"
	formatVersion = 1
	fixedHeader   = 96
	blockEntry    = 32
	// BlockPositions is the number of positions in one block.
	BlockPositions = 1 << 16

	flagDistances = 1
	flagWide      = 2
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// header is a file's fixed part and block table.
type header struct {
	variant   string
	material  endgame.Material
	flags     uint32
	positions uint64
	blockSize uint32
	blocks    []blockRef
	stats     endgame.Stats
}

type blockRef struct {
	wdlOff           uint64
	wdlLen, wdlCRC   uint32
	distOff          uint64
	distLen, distCRC uint32
}

func (h *header) length() int { return fixedHeader + blockEntry*len(h.blocks) + 4 }

func (h *header) encode() []byte {
	buf := make([]byte, h.length())
	le := binary.LittleEndian
	copy(buf, magic)
	le.PutUint32(buf[8:], formatVersion)
	le.PutUint32(buf[12:], uint32(len(buf)))
	copy(buf[16:40], h.variant)
	m := h.material
	buf[40], buf[41], buf[42], buf[43] = byte(m.UsMen), byte(m.UsKings), byte(m.ThemMen), byte(m.ThemKings)
	le.PutUint32(buf[44:], h.flags)
	le.PutUint64(buf[48:], h.positions)
	le.PutUint32(buf[56:], h.blockSize)
	le.PutUint32(buf[60:], uint32(len(h.blocks)))
	le.PutUint64(buf[64:], h.stats.Wins)
	le.PutUint64(buf[72:], h.stats.Draws)
	le.PutUint64(buf[80:], h.stats.Losses)
	le.PutUint32(buf[88:], uint32(h.stats.MaxPlies))
	at := fixedHeader
	for _, b := range h.blocks {
		le.PutUint64(buf[at:], b.wdlOff)
		le.PutUint32(buf[at+8:], b.wdlLen)
		le.PutUint32(buf[at+12:], b.wdlCRC)
		le.PutUint64(buf[at+16:], b.distOff)
		le.PutUint32(buf[at+24:], b.distLen)
		le.PutUint32(buf[at+28:], b.distCRC)
		at += blockEntry
	}
	le.PutUint32(buf[at:], crc32.Checksum(buf[:at], castagnoli))
	return buf
}

// ErrDamaged marks a file that fails its checks.
var ErrDamaged = errors.New("damaged endgame database file")

// readHeader reads and checks the header of f, whose size is size.
func readHeader(f io.ReaderAt, size int64, name string) (*header, error) {
	damaged := func(format string, a ...any) error {
		return fmt.Errorf("%s: %w: %s", name, ErrDamaged, fmt.Sprintf(format, a...))
	}
	fixed := make([]byte, fixedHeader)
	if _, err := f.ReadAt(fixed, 0); err != nil {
		return nil, damaged("header: %v", err)
	}
	le := binary.LittleEndian
	if string(fixed[:8]) != magic {
		return nil, damaged("not an endgame database file")
	}
	if v := le.Uint32(fixed[8:]); v != formatVersion {
		return nil, damaged("format version %d, this postald reads %d", v, formatVersion)
	}
	hl := int64(le.Uint32(fixed[12:]))
	k := int64(le.Uint32(fixed[60:]))
	if hl != fixedHeader+blockEntry*k+4 || hl > size {
		return nil, damaged("header length %d for %d blocks", hl, k)
	}
	buf := make([]byte, hl)
	if _, err := f.ReadAt(buf, 0); err != nil {
		return nil, damaged("header: %v", err)
	}
	if got, want := crc32.Checksum(buf[:hl-4], castagnoli), le.Uint32(buf[hl-4:]); got != want {
		return nil, damaged("header checksum %08x, stored %08x", got, want)
	}
	h := &header{
		variant:   string(bytes.TrimRight(buf[16:40], "\x00")),
		material:  endgame.Material{UsMen: int8(buf[40]), UsKings: int8(buf[41]), ThemMen: int8(buf[42]), ThemKings: int8(buf[43])},
		flags:     le.Uint32(buf[44:]),
		positions: le.Uint64(buf[48:]),
		blockSize: le.Uint32(buf[56:]),
		stats: endgame.Stats{Wins: le.Uint64(buf[64:]), Draws: le.Uint64(buf[72:]), Losses: le.Uint64(buf[80:]),
			MaxPlies: int(le.Uint32(buf[88:]))},
	}
	if h.blockSize == 0 || (h.positions+uint64(h.blockSize)-1)/uint64(h.blockSize) != uint64(k) {
		return nil, damaged("%d positions in %d blocks of %d", h.positions, k, h.blockSize)
	}
	if h.stats.Wins+h.stats.Draws+h.stats.Losses != h.positions {
		return nil, damaged("verdicts counted %d, positions %d", h.stats.Wins+h.stats.Draws+h.stats.Losses, h.positions)
	}
	at := int64(fixedHeader)
	for i := int64(0); i < k; i++ {
		b := blockRef{
			wdlOff: le.Uint64(buf[at:]), wdlLen: le.Uint32(buf[at+8:]), wdlCRC: le.Uint32(buf[at+12:]),
			distOff: le.Uint64(buf[at+16:]), distLen: le.Uint32(buf[at+24:]), distCRC: le.Uint32(buf[at+28:]),
		}
		if b.wdlOff < uint64(hl) || b.wdlOff+uint64(b.wdlLen) > uint64(size) || b.distOff+uint64(b.distLen) > uint64(size) ||
			(b.distLen > 0 && b.distOff < uint64(hl)) {
			return nil, damaged("block %d lies outside the file", i)
		}
		if h.flags&flagDistances != 0 && b.distLen == 0 {
			return nil, damaged("block %d has no distances", i)
		}
		h.blocks = append(h.blocks, b)
		at += blockEntry
	}
	return h, nil
}

// FileName returns the path of material m's file of variant id under dir.
func FileName(dir, id string, m endgame.Material) string {
	return filepath.Join(dir, id, m.String()+".egdb")
}

// blockLen returns the number of positions in block i.
func (h *header) blockLen(i int) int {
	n := h.positions - uint64(i)*uint64(h.blockSize)
	if n > uint64(h.blockSize) {
		n = uint64(h.blockSize)
	}
	return int(n)
}

// verdictCode is the two-bit code of a verdict in a verdict block.
func verdictCode(v endgame.Verdict) byte {
	switch v {
	case endgame.Win:
		return 1
	case endgame.Loss:
		return 2
	}
	return 0
}

func verdictOf(c byte) endgame.Verdict {
	switch c {
	case 1:
		return endgame.Win
	case 2:
		return endgame.Loss
	}
	return endgame.Draw
}

// writeTable writes t as material m's file of variant id under dir: to a
// temporary file first, synced, then renamed into place, so that a file
// with its name is always whole.
func writeTable(dir, id string, t *endgame.Table, st endgame.Stats, enc *zstd.Encoder) (int64, error) {
	name := FileName(dir, id, t.Material)
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return 0, err
	}
	n := t.Len()
	h := &header{variant: id, material: t.Material, flags: flagDistances, positions: n, blockSize: BlockPositions, stats: st}
	if t.Wide() {
		h.flags |= flagWide
	}
	k := int((n + BlockPositions - 1) / BlockPositions)
	h.blocks = make([]blockRef, k)
	var data bytes.Buffer
	off := uint64(h.length())
	raw := make([]byte, 0, 2*BlockPositions)
	for i := 0; i < k; i++ {
		lo := uint64(i) * BlockPositions
		cnt := uint64(h.blockLen(i))
		// Verdicts, two bits each.
		raw = raw[:0]
		for j := uint64(0); j < cnt; j += 4 {
			var by byte
			for q := uint64(0); q < 4 && j+q < cnt; q++ {
				by |= verdictCode(t.Value(lo+j+q).Verdict) << (2 * q)
			}
			raw = append(raw, by)
		}
		c := enc.EncodeAll(raw, nil)
		h.blocks[i].wdlOff, h.blocks[i].wdlLen, h.blocks[i].wdlCRC = off, uint32(len(c)), crc32.Checksum(c, castagnoli)
		data.Write(c)
		off += uint64(len(c))
		// Distance codes.
		raw = raw[:0]
		if t.Wide() {
			for _, c := range t.WideCodes()[lo : lo+cnt] {
				raw = binary.LittleEndian.AppendUint16(raw, c)
			}
		} else {
			raw = append(raw, t.Codes()[lo:lo+cnt]...)
		}
		c = enc.EncodeAll(raw, nil)
		h.blocks[i].distOff, h.blocks[i].distLen, h.blocks[i].distCRC = off, uint32(len(c)), crc32.Checksum(c, castagnoli)
		data.Write(c)
		off += uint64(len(c))
	}
	tmp := name + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return 0, err
	}
	_, err = f.Write(h.encode())
	if err == nil {
		_, err = data.WriteTo(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("write %s: %w", name, err)
	}
	if d, err := os.Open(filepath.Dir(name)); err == nil {
		d.Sync()
		d.Close()
	}
	return int64(off), nil
}
