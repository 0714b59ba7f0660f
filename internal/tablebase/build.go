package tablebase

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/zstd"

	"postald/internal/endgame"
	"postald/internal/rules"
)

// Options say what to build.
type Options struct {
	Dir     string
	Variant *rules.Variant
	// Pieces builds every material of at most this many pieces.
	Pieces int
	// Materials, when set, builds these materials (and their Turned) and
	// what they depend on instead.
	Materials []endgame.Material
	// Workers is the number of goroutines that solve; 0 is one per core.
	Workers int
	// Memory is the bytes of tables kept in memory for the materials that
	// depend on them; 0 is 4 GiB. Tables beyond it are read again from their
	// files when needed.
	Memory int64
	// Progress, if set, is called every few seconds and at each step.
	Progress func(Progress)
	// Every is how often Progress is called while a pair is solved; 0 is 5 s.
	Every time.Duration
}

// Stage is what a build is doing.
type Stage uint8

// The stages of a pair.
const (
	StageSkipped Stage = iota + 1 // its files are there and sound: kept (a resumed build)
	StageLoad                     // reading the tables it depends on
	StageInit                     // looking at every position once
	StageLevels                   // walking the levels back from the ends
	StageWrite                    // writing its files
	StageDone                     // written
	StageDamaged                  // a file was there but failed its checks: built again
)

// Progress is a snapshot of a build.
type Progress struct {
	Stage      Stage
	Pair       []endgame.Material
	Pairs      int // pairs in the build
	PairsDone  int // pairs written or kept
	Done       uint64
	Total      uint64 // positions of the pair (Init) or of the build
	Level      int
	Positions  uint64 // positions solved in this run so far
	Elapsed    time.Duration
	Err        error // StageDamaged: what was wrong
	File       string
	Stats      endgame.Stats
	FileBytes  int64
	PairPlies  int // the longest distance of the pair, in plies
	PairTime   time.Duration
	BuildBytes int64
}

// Report sums up a build.
type Report struct {
	Pairs, Built, Kept int
	Positions          uint64 // positions solved in this run
	AllPositions       uint64 // positions of every material of the build
	Bytes              int64  // bytes written in this run
	Elapsed            time.Duration
	Stats              endgame.Stats
}

// Build solves and writes the materials o asks for, in order, each pair on
// every worker. A pair whose files are already there and sound is kept, so
// a build stopped (its context cancelled) resumes where it stopped; the
// files of finished pairs are whole at any moment.
func Build(ctx context.Context, o Options) (Report, error) {
	start := time.Now()
	sp, err := endgame.NewSpace(o.Variant)
	if err != nil {
		return Report{}, err
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Memory <= 0 {
		o.Memory = 4 << 30
	}
	if o.Every <= 0 {
		o.Every = 5 * time.Second
	}
	mats, err := plan(sp, o)
	if err != nil {
		return Report{}, err
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return Report{}, err
	}
	defer enc.Close()
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return Report{}, err
	}
	defer dec.Close()
	b := &builder{sp: sp, o: o, enc: enc, dec: dec, tables: map[endgame.Material]*kept{}, start: start}
	var rep Report
	var pairs [][]endgame.Material
	for i := 0; i < len(mats); i++ {
		pair := []endgame.Material{mats[i]}
		if t := mats[i].Turned(); t != mats[i] {
			pair = append(pair, t)
			i++
		}
		pairs = append(pairs, pair)
		for _, m := range pair {
			rep.AllPositions += sp.Size(m)
		}
	}
	rep.Pairs = len(pairs)
	for k, pair := range pairs {
		if err := ctx.Err(); err != nil {
			return b.report(rep), err
		}
		b.progress(Progress{Pair: pair, Pairs: len(pairs), PairsDone: k})
		built, err := b.pair(ctx, pair, len(pairs), k)
		if err != nil {
			return b.report(rep), err
		}
		if built {
			rep.Built++
		} else {
			rep.Kept++
		}
	}
	return b.report(rep), nil
}

// plan returns the materials to build in order, each followed by its Turned.
func plan(sp *endgame.Space, o Options) ([]endgame.Material, error) {
	if len(o.Materials) == 0 {
		if o.Pieces < 2 || o.Pieces > 7 {
			return nil, fmt.Errorf("pieces %d: a database holds 2 to 7 pieces", o.Pieces)
		}
		return sp.Materials(o.Pieces), nil
	}
	want := map[endgame.Material]bool{}
	var add func(m endgame.Material) error
	add = func(m endgame.Material) error {
		if !sp.Fits(m) {
			return fmt.Errorf("material %v does not fit the board", m)
		}
		if want[m] {
			return nil
		}
		want[m], want[m.Turned()] = true, true
		for _, d := range sp.Dependencies(m) {
			if err := add(d); err != nil {
				return err
			}
		}
		return nil
	}
	most := 0
	for _, m := range o.Materials {
		if err := add(m); err != nil {
			return nil, err
		}
		most = max(most, m.Pieces())
	}
	var out []endgame.Material
	for _, m := range sp.Materials(most) {
		if want[m] {
			out = append(out, m)
		}
	}
	return out, nil
}

type builder struct {
	sp       *endgame.Space
	o        Options
	enc      *zstd.Encoder
	dec      *zstd.Decoder
	tables   map[endgame.Material]*kept
	need     map[endgame.Material]bool // the tables the pair in hand depends on
	bytes    int64                     // of tables kept
	use      int64                     // a clock for least recently used
	solved   atomic.Uint64
	written  int64
	start    time.Time
	stats    endgame.Stats
	progLock sync.Mutex
}

type kept struct {
	t    *endgame.Table
	used int64
}

func (b *builder) report(r Report) Report {
	r.Positions = b.solved.Load()
	r.Bytes = b.written
	r.Elapsed = time.Since(b.start)
	r.Stats = b.stats
	return r
}

func (b *builder) progress(p Progress) {
	if b.o.Progress == nil {
		return
	}
	p.Positions = b.solved.Load()
	p.Elapsed = time.Since(b.start)
	p.BuildBytes = b.written
	b.progLock.Lock()
	defer b.progLock.Unlock()
	b.o.Progress(p)
}

// sound reports whether material m's file is there and passes the checks
// of its header; a damaged one is reported and removed.
func (b *builder) sound(m endgame.Material, pair []endgame.Material, pairs, done int) bool {
	fl, err := openFile(b.o.Dir, b.sp, m)
	if err == nil {
		fl.f.Close()
		return true
	}
	if !errors.Is(err, os.ErrNotExist) {
		b.progress(Progress{Stage: StageDamaged, Pair: pair, Pairs: pairs, PairsDone: done, Err: err, File: FileName(b.o.Dir, b.sp.Variant().ID(), m)})
	}
	return false
}

// table returns material m's table: kept in memory, or read from its file.
func (b *builder) table(m endgame.Material) (*endgame.Table, error) {
	b.use++
	if k := b.tables[m]; k != nil {
		k.used = b.use
		return k.t, nil
	}
	fl, err := openFile(b.o.Dir, b.sp, m)
	if err != nil {
		return nil, err
	}
	defer fl.f.Close()
	t, err := fl.table(b.sp.Giveaway(), b.dec)
	if err != nil {
		return nil, err
	}
	b.keep(t, b.need)
	return t, nil
}

// keep holds t in memory, letting go of the tables used least recently
// beyond the memory allowed (but none of need).
func (b *builder) keep(t *endgame.Table, need map[endgame.Material]bool) {
	b.use++
	b.tables[t.Material] = &kept{t: t, used: b.use}
	b.bytes += tableBytes(t)
	for b.bytes > b.o.Memory {
		var old endgame.Material
		oldest := int64(-1)
		for m, k := range b.tables {
			if !need[m] && m != t.Material && (oldest < 0 || k.used < oldest) {
				old, oldest = m, k.used
			}
		}
		if oldest < 0 {
			return
		}
		b.bytes -= tableBytes(b.tables[old].t)
		delete(b.tables, old)
	}
}

func tableBytes(t *endgame.Table) int64 {
	if t.Wide() {
		return int64(2 * t.Len())
	}
	return int64(t.Len())
}

// pair builds one pair of materials unless its files are sound. It reports
// whether it built.
func (b *builder) pair(ctx context.Context, pair []endgame.Material, pairs, done int) (bool, error) {
	all := true
	for _, m := range pair {
		if !b.sound(m, pair, pairs, done) {
			all = false
		}
	}
	if all {
		b.progress(Progress{Stage: StageSkipped, Pair: pair, Pairs: pairs, PairsDone: done + 1})
		return false, nil
	}
	pairStart := time.Now()
	b.progress(Progress{Stage: StageLoad, Pair: pair, Pairs: pairs, PairsDone: done})
	need := map[endgame.Material]bool{}
	deps := b.sp.Dependencies(pair[0])
	for _, d := range deps {
		need[d] = true
	}
	b.need = need
	var loadErr error
	p, err := b.sp.NewPair(pair[0], func(d endgame.Material) *endgame.Table {
		t, err := b.table(d)
		if err != nil && loadErr == nil {
			loadErr = fmt.Errorf("material %v needs %v: %w", pair[0], d, err)
		}
		return t
	})
	if err != nil {
		return false, err
	}
	if loadErr != nil {
		return false, loadErr
	}
	var total uint64
	for s := range p.Slices() {
		total += p.Len(s)
	}
	// Init, every worker taking chunks of positions in turn.
	var done0 atomic.Uint64
	stop := b.ticker(func() {
		b.progress(Progress{Stage: StageInit, Pair: pair, Pairs: pairs, PairsDone: done, Done: done0.Load(), Total: total})
	})
	workers := make([]*endgame.Worker, b.o.Workers)
	for i := range workers {
		workers[i] = p.NewWorker()
	}
	for s := range p.Slices() {
		err := b.parallel(ctx, p.Len(s), func(w int, lo, hi uint64) error {
			err := p.Init(workers[w], s, lo, hi)
			done0.Add(hi - lo)
			b.solved.Add(hi - lo)
			return err
		})
		if err != nil {
			stop()
			return false, err
		}
	}
	stop()
	// The levels.
	var level atomic.Int64
	stop = b.ticker(func() {
		b.progress(Progress{Stage: StageLevels, Pair: pair, Pairs: pairs, PairsDone: done, Level: int(level.Load()), Total: total})
	})
	for l := 0; l <= p.MaxLevel(); l++ {
		level.Store(int64(l))
		if p.PendingAt(l) {
			for s := range p.Slices() {
				if err := b.parallel(ctx, p.Len(s), func(_ int, lo, hi uint64) error { p.Finalize(s, l, lo, hi); return nil }); err != nil {
					stop()
					return false, err
				}
			}
		}
		if p.DecidedAt(l) {
			for s := range p.Slices() {
				err := b.parallel(ctx, p.Len(s), func(w int, lo, hi uint64) error { p.Propagate(workers[w], s, l, lo, hi); return nil })
				if err != nil {
					stop()
					return false, err
				}
			}
		}
	}
	stop()
	// The files.
	for s, m := range p.Slices() {
		t, st := p.Result(s)
		b.progress(Progress{Stage: StageWrite, Pair: pair, Pairs: pairs, PairsDone: done, File: FileName(b.o.Dir, b.sp.Variant().ID(), m)})
		n, err := writeTable(b.o.Dir, b.sp.Variant().ID(), t, st, b.enc)
		if err != nil {
			return false, err
		}
		b.written += n
		b.stats.Wins += st.Wins
		b.stats.Draws += st.Draws
		b.stats.Losses += st.Losses
		b.stats.MaxPlies = max(b.stats.MaxPlies, st.MaxPlies)
		b.keep(t, need)
		b.progress(Progress{Stage: StageDone, Pair: []endgame.Material{m}, Pairs: pairs, PairsDone: done + s, Stats: st, FileBytes: n,
			File: FileName(b.o.Dir, b.sp.Variant().ID(), m), PairPlies: p.MaxLevel(), PairTime: time.Since(pairStart), Total: p.Len(s)})
	}
	return true, nil
}

// chunk is the positions a worker takes at a time.
const chunk = 1 << 14

// parallel runs f over 0..n-1 in chunks on every worker; it stops early
// when ctx is cancelled or f fails.
func (b *builder) parallel(ctx context.Context, n uint64, f func(w int, lo, hi uint64) error) error {
	var next atomic.Uint64
	var wg sync.WaitGroup
	errs := make([]error, b.o.Workers)
	for w := 0; w < b.o.Workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				if err := f(w, lo, min(lo+chunk, n)); err != nil {
					errs[w] = err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}

// ticker calls f every b.o.Every until the returned stop is called.
func (b *builder) ticker(f func()) (stop func()) {
	if b.o.Progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(b.o.Every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				f()
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
