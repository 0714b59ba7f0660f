package tablebase

import (
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"

	"postald/internal/endgame"
	"postald/internal/rules"
)

// file is one material's open file.
type file struct {
	f    *os.File
	name string
	h    *header
}

// openFile opens and checks material m's file of space sp under dir.
func openFile(dir string, sp *endgame.Space, m endgame.Material) (*file, error) {
	name := FileName(dir, sp.Variant().ID(), m)
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	h, err := readHeader(f, st.Size(), name)
	if err == nil {
		switch {
		case h.variant != sp.Variant().ID():
			err = fmt.Errorf("%s: %w: variant %q", name, ErrDamaged, h.variant)
		case h.material != m:
			err = fmt.Errorf("%s: %w: material %v", name, ErrDamaged, h.material)
		case h.positions != sp.Size(m):
			err = fmt.Errorf("%s: %w: %d positions, the index has %d", name, ErrDamaged, h.positions, sp.Size(m))
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &file{f: f, name: name, h: h}, nil
}

// block reads, checks and decompresses block i: the distances when dist,
// the verdicts otherwise.
func (fl *file) block(i int, dist bool, dec *zstd.Decoder) ([]byte, error) {
	b := fl.h.blocks[i]
	off, n, sum := b.wdlOff, b.wdlLen, b.wdlCRC
	if dist {
		off, n, sum = b.distOff, b.distLen, b.distCRC
	}
	buf := make([]byte, n)
	if _, err := fl.f.ReadAt(buf, int64(off)); err != nil {
		return nil, fmt.Errorf("%s block %d: %w", fl.name, i, err)
	}
	if got := crc32.Checksum(buf, castagnoli); got != sum {
		return nil, fmt.Errorf("%s block %d: %w: checksum %08x, stored %08x", fl.name, i, ErrDamaged, got, sum)
	}
	raw, err := dec.DecodeAll(buf, nil)
	if err != nil {
		return nil, fmt.Errorf("%s block %d: %w: %v", fl.name, i, ErrDamaged, err)
	}
	want := fl.h.blockLen(i)
	switch {
	case !dist:
		want = (want + 3) / 4
	case fl.h.flags&flagWide != 0:
		want *= 2
	}
	if len(raw) != want {
		return nil, fmt.Errorf("%s block %d: %w: %d bytes, want %d", fl.name, i, ErrDamaged, len(raw), want)
	}
	return raw, nil
}

// table reads the whole file into a table in memory, checking every block:
// what the build needs of the materials it depends on.
func (fl *file) table(giveaway bool, dec *zstd.Decoder) (*endgame.Table, error) {
	if fl.h.flags&flagDistances == 0 {
		return nil, fmt.Errorf("%s has no distances", fl.name)
	}
	wide := fl.h.flags&flagWide != 0
	t := endgame.NewTable(fl.h.material, giveaway, fl.h.positions, wide)
	for i := range fl.h.blocks {
		raw, err := fl.block(i, true, dec)
		if err != nil {
			return nil, err
		}
		lo := i * int(fl.h.blockSize)
		if wide {
			codes := t.WideCodes()
			for j := 0; j < len(raw)/2; j++ {
				codes[lo+j] = binary.LittleEndian.Uint16(raw[2*j:])
			}
		} else {
			copy(t.Codes()[lo:], raw)
		}
	}
	return t, nil
}

// DB is a built endgame database opened for probing: the files of one
// variant under a directory. It implements endgame.Source and is safe for
// concurrent use. Blocks read are kept in a small cache.
type DB struct {
	sp    *endgame.Space
	dir   string
	mu    sync.Mutex
	files map[endgame.Material]*file
	dec   *zstd.Decoder
	lru   *list.List
	cache map[blockKey]*list.Element
}

type blockKey struct {
	m     endgame.Material
	block int
}

type cached struct {
	key  blockKey
	data []byte
}

// cacheBlocks is the number of distance blocks kept: 256 blocks of 64 KiB.
const cacheBlocks = 256

// Open opens the database of variant v under dir: every material file
// there, each checked (magic, version, variant, material, header checksum,
// block table). A damaged file is an error naming it; a directory without
// files is an empty database.
func Open(dir string, v *rules.Variant) (*DB, error) {
	sp, err := endgame.NewSpace(v)
	if err != nil {
		return nil, err
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	db := &DB{sp: sp, dir: dir, files: map[endgame.Material]*file{}, dec: dec, lru: list.New(), cache: map[blockKey]*list.Element{}}
	entries, err := os.ReadDir(filepath.Join(dir, v.ID()))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".egdb")
		if !ok {
			continue
		}
		m, err := endgame.ParseMaterial(name)
		if err != nil || !sp.Fits(m) {
			continue
		}
		fl, err := openFile(dir, sp, m)
		if err != nil {
			db.Close()
			return nil, err
		}
		db.files[m] = fl
	}
	return db, nil
}

// Space returns the space of the database's variant.
func (db *DB) Space() *endgame.Space { return db.sp }

// Materials returns the materials the database holds, in build order.
func (db *DB) Materials() []endgame.Material {
	var out []endgame.Material
	for m := range db.files {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return endgameOrder(out[i], out[j]) })
	return out
}

func endgameOrder(a, b endgame.Material) bool {
	if a.Pieces() != b.Pieces() {
		return a.Pieces() < b.Pieces()
	}
	return a.String() < b.String()
}

// Pieces returns the largest n for which the database holds every
// material of at most n pieces (0 if not even the two-piece ones).
func (db *DB) Pieces() int {
	n := 0
	for p := 2; p <= 7; p++ {
		for _, m := range db.sp.Materials(p) {
			if m.Pieces() == p && db.files[m] == nil {
				return n
			}
		}
		n = p
	}
	return n
}

// Holds reports whether the database holds material m.
func (db *DB) Holds(m endgame.Material) bool { return db.files[m] != nil }

// Lookup implements endgame.Source.
func (db *DB) Lookup(m endgame.Material, i uint64) (endgame.Value, bool, error) {
	fl := db.files[m]
	if fl == nil {
		return endgame.Value{}, false, nil
	}
	if i >= fl.h.positions {
		return endgame.Value{}, false, fmt.Errorf("material %v has no position %d", m, i)
	}
	b := int(i / uint64(fl.h.blockSize))
	j := int(i % uint64(fl.h.blockSize))
	db.mu.Lock()
	defer db.mu.Unlock()
	dist := fl.h.flags&flagDistances != 0
	key := blockKey{m, b}
	if !dist {
		key.block = -1 - b
	}
	var data []byte
	if e, ok := db.cache[key]; ok {
		db.lru.MoveToFront(e)
		data = e.Value.(*cached).data
	} else {
		raw, err := fl.block(b, dist, db.dec)
		if err != nil {
			return endgame.Value{}, false, err
		}
		data = raw
		db.cache[key] = db.lru.PushFront(&cached{key, raw})
		if db.lru.Len() > cacheBlocks {
			old := db.lru.Remove(db.lru.Back()).(*cached)
			delete(db.cache, old.key)
		}
	}
	if !dist {
		return endgame.Value{Verdict: verdictOf(data[j/4] >> (2 * (j % 4)) & 3), Plies: -1}, true, nil
	}
	code := int(data[j])
	if fl.h.flags&flagWide != 0 {
		code = int(binary.LittleEndian.Uint16(data[2*j:]))
	}
	return endgame.CodeValue(code, db.sp.Giveaway()), true, nil
}

// Table reads material m's whole table into memory.
func (db *DB) Table(m endgame.Material) (*endgame.Table, error) {
	fl := db.files[m]
	if fl == nil {
		return nil, fmt.Errorf("the database holds no material %v", m)
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	return fl.table(db.sp.Giveaway(), db.dec)
}

// Close closes the files.
func (db *DB) Close() error {
	for _, fl := range db.files {
		fl.f.Close()
	}
	db.dec.Close()
	return nil
}
