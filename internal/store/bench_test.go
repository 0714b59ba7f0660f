package store

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// benchOutcome is a typical letter: about 1 KB in, a game state of 2 KB,
// a forwarded copy and an acknowledgement out.
func benchOutcome(i int) LetterOutcome {
	g := GameID{Tournament: "BENCH-2026", Game: fmt.Sprintf("%d-%d", i%19+1, i%17+1)}
	body := fmt.Sprintf("Tournament BENCH-2026, game %s.\r\nReceived your %d... h6:f4\r\nMy move: %d. g3:e5\r\n"+
		"Dates: 14.11.2026 / 16.11.2026 / 18.11.2026\r\nTime: 23/31\r\n", g.Game, i, i+1)
	for len(body) < 900 {
		body += "Regards, Ivan Sidorov, Russia, 190000, Saint Petersburg\r\n"
	}
	state := make([]byte, 2048)
	for j := range state {
		state[j] = 'a' + byte((i+j)%26)
	}
	next := t0.Add(72 * time.Hour)
	out := Outgoing{From: "moves@club.example", To: []string{"petr@example.net"}, Game: g,
		Raw: []byte("From: moves@club.example\r\nSubject: forwarded\r\n\r\n" + body), Verdict: "accepted"}
	ack := out
	ack.To = []string{"ivan@example.org"}
	return LetterOutcome{
		Ref: MessageRef{"INBOX", 1, uint32(i + 1)}, MessageID: fmt.Sprintf("bench-%d@example.org", i),
		Raw: letter(fmt.Sprintf("bench-%d@example.org", i), body), Received: t0, Now: t0,
		Game: g, Move: i, Verdict: "accepted", State: &GameState{Data: state}, NextEvent: &next,
		Outgoing: []Outgoing{out, ack},
	}
}

func benchDB(b *testing.B, noSync bool) *DB {
	db, err := Open(filepath.Join(b.TempDir(), "postald.db"), Options{NoSync: noSync})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// BenchmarkLetter processes one letter per transaction: what the daemon does
// with letters arriving one by one.
func BenchmarkLetter(b *testing.B) {
	for _, noSync := range []bool{false, true} {
		b.Run(fmt.Sprintf("fsync=%v", !noSync), func(b *testing.B) {
			db := benchDB(b, noSync)
			i := 0
			for b.Loop() {
				if _, err := db.ProcessLetter(benchOutcome(i)); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "letters/s")
		})
	}
}

// BenchmarkLetterBatch processes letters n to a transaction (ProcessLetters):
// a burst after an outage, sharing one fsync per batch.
func BenchmarkLetterBatch(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			db := benchDB(b, false)
			i := 0
			batch := make([]LetterOutcome, n)
			for b.Loop() {
				for j := range batch {
					batch[j] = benchOutcome(i)
					i++
				}
				if _, err := db.ProcessLetters(batch); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "letters/s")
		})
	}
}

// BenchmarkOutboxDrain sends the outbox as the sender does: list what is
// due, then mark each letter sent in its own transaction (one=true), or
// all of a listing in one transaction (one=false).
func BenchmarkOutboxDrain(b *testing.B) {
	for _, one := range []bool{true, false} {
		b.Run(fmt.Sprintf("tx-per-letter=%v", one), func(b *testing.B) {
			db := benchDB(b, false)
			const page = 100
			sent := 0
			for b.Loop() {
				b.StopTimer()
				// Fill the outbox with one page of letters.
				if err := db.Update(func(tx *Tx) error {
					for j := range page {
						if _, err := tx.Enqueue(benchOutcome(sent + j).Outgoing[0], t0); err != nil {
							return err
						}
					}
					return nil
				}); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				var due []OutboxItem
				if err := db.View(func(tx *Tx) (err error) {
					due, err = tx.Due(t0, page)
					return err
				}); err != nil {
					b.Fatal(err)
				}
				if len(due) != page {
					b.Fatalf("due %d, want %d", len(due), page)
				}
				if one {
					for _, it := range due {
						if err := db.Update(func(tx *Tx) error { return tx.MarkSent(it.Seq, t0) }); err != nil {
							b.Fatal(err)
						}
					}
				} else if err := db.Update(func(tx *Tx) error {
					for _, it := range due {
						if err := tx.MarkSent(it.Seq, t0); err != nil {
							return err
						}
					}
					return nil
				}); err != nil {
					b.Fatal(err)
				}
				sent += page
			}
			b.ReportMetric(float64(sent)/b.Elapsed().Seconds(), "letters/s")
		})
	}
}

// BenchmarkVerify walks a chain of 1,000 letters.
func BenchmarkVerify(b *testing.B) {
	db := benchDB(b, true)
	raw := benchOutcome(0).Raw
	if err := db.Update(func(tx *Tx) error {
		for range 1000 {
			if _, err := tx.Archive(game37, ArchiveEntry{Direction: In, Time: t0, Raw: raw}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if n, err := db.Verify(game37); err != nil || n != 1000 {
			b.Fatal(n, err)
		}
	}
}

// BenchmarkOpenCheck measures Open's deep check (bbolt's page check, the walk
// of every page, every archive chain, game seal and ruling) on a store of
// 2,000 games with ten letters each (five in, five out), a 2 KB state and a
// ruling each, against Open with SkipCheck (the header check only).
func BenchmarkOpenCheck(b *testing.B) {
	path := filepath.Join(b.TempDir(), "postald.db")
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	const games, lettersIn = 2000, 5
	for i := 0; i < games*lettersIn; i += 100 {
		batch := make([]LetterOutcome, 0, 100)
		for j := i; j < i+100; j++ {
			o := benchOutcome(j)
			o.Game = GameID{Tournament: fmt.Sprintf("BENCH-%d", j%games/190), Game: fmt.Sprintf("g%d", j%games)}
			o.Outgoing = o.Outgoing[:1]
			o.Outgoing[0].Game = o.Game
			batch = append(batch, o)
		}
		if _, err := db.ProcessLetters(batch); err != nil {
			b.Fatal(err)
		}
	}
	if err := db.Update(func(tx *Tx) error {
		for g := range games {
			if _, err := tx.AppendRuling(Ruling{Game: GameID{Tournament: fmt.Sprintf("BENCH-%d", g/190), Game: fmt.Sprintf("g%d", g)},
				Time: t0, Entry: ruled("penalty"), Reason: "late"}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	mb := float64(fi.Size()) / (1 << 20)
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"whole", Options{CheckLimit: -1}},      // every page and chain, as files up to CheckLimit are
		{"new", Options{CheckLimit: 1}},         // what was written since the last check: nothing here
		{"skip=true", Options{SkipCheck: true}}, // the header alone
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				db, err := Open(path, c.opts)
				if err != nil {
					b.Fatal(err)
				}
				db.Close()
			}
			b.ReportMetric(mb, "MB")
			b.ReportMetric(mb/(b.Elapsed().Seconds()/float64(b.N)), "MB/s")
		})
	}
}

// BenchmarkArchiveTournament measures postald archive and postald prune on a finished
// tournament of 45 games (10 players) with 40 letters in each game, every letter in and both
// letters out of about 26 KB (the size of a letter with its board picture, docs/admin.md): the
// time to move it to its archive file and to prune its raw letters, the file's length before
// and after pruning, and the bytes an archived letter keeps once pruned.
func BenchmarkArchiveTournament(b *testing.B) {
	const games, letters = 45, 40
	pad := make([]byte, 26<<10)
	for i := range pad {
		pad[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[(i*7+i/64)%64]
		if i%78 == 76 {
			pad[i], pad[i+1] = '\r', '\n'
		}
	}
	for b.Loop() {
		b.StopTimer()
		db, err := Open(filepath.Join(b.TempDir(), "postald.db"), Options{NoSync: true, SkipCheck: true})
		if err != nil {
			b.Fatal(err)
		}
		code := "BENCH-ARCH"
		if err := db.Update(func(tx *Tx) error {
			return tx.PutTournament(code, Sheet{Format: "toml", Data: []byte("x"), Created: t0})
		}); err != nil {
			b.Fatal(err)
		}
		n := 0
		for gi := range games {
			g := GameID{Tournament: code, Game: fmt.Sprintf("%d-%d", gi/9+1, gi%9+2)}
			err := db.Update(func(tx *Tx) error {
				for i := range letters {
					n++
					raw := append(letter(fmt.Sprintf("a%d@example.org", n), fmt.Sprint("move ", i)), pad...)
					ref := MessageRef{"INBOX", 1, uint32(n)}
					if _, _, err := tx.Receive(ref, fmt.Sprintf("a%d@example.org", n), raw, t0); err != nil {
						return err
					}
					out := Outgoing{From: "moves@club.example", To: []string{"p@example.net"}, Game: g, Verdict: "accepted",
						Raw: append([]byte("From: moves@club.example\r\nSubject: reply\r\n\r\n"), pad...)}
					st := &GameState{Data: []byte(fmt.Sprintf(`{"move":%d}`, i)), InPlay: i < letters-1}
					if _, err := tx.ApplyLetter(LetterOutcome{Ref: ref, MessageID: fmt.Sprintf("a%d@example.org", n), Raw: raw,
						Received: t0, Now: t0, Game: g, Move: i, Verdict: "accepted", State: st, Outgoing: []Outgoing{out, out}}); err != nil {
						return err
					}
				}
				due, err := tx.Due(t0.Add(time.Hour), 1000)
				for _, it := range due {
					if err := tx.MarkSent(it.Seq, t0); err != nil {
						return err
					}
				}
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		fi, _ := os.Stat(db.Path())
		b.StartTimer()
		start := time.Now()
		res, err := db.ArchiveTournament(code, t0.Add(time.Hour))
		if err != nil {
			b.Fatal(err)
		}
		archived := time.Since(start)
		var free int
		// A write transaction releases the pages the move freed; then they are counted.
		if err := db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put([]byte("bench"), []byte{1}) }); err != nil {
			b.Fatal(err)
		}
		if err := db.bolt.View(func(tx *bolt.Tx) error {
			st := db.bolt.Stats()
			free = (st.FreePageN + st.PendingPageN) * tx.DB().Info().PageSize
			return nil
		}); err != nil {
			b.Fatal(err)
		}
		start = time.Now()
		pr, err := db.PruneArchived(code, t0.Add(MinRetention+time.Hour), MinRetention)
		if err != nil {
			b.Fatal(err)
		}
		pruned := time.Since(start)
		b.StopTimer()
		b.ReportMetric(float64(fi.Size())/(1<<20), "store-MB")
		b.ReportMetric(float64(free)/(1<<20), "freed-MB")
		b.ReportMetric(float64(res.Letters), "letters")
		b.ReportMetric(archived.Seconds(), "archive-s")
		b.ReportMetric(float64(res.Bytes)/(1<<20), "file-MB")
		b.ReportMetric(pruned.Seconds(), "prune-s")
		b.ReportMetric(float64(pr.ArchivedTournament.Bytes)/(1<<20), "pruned-MB")
		b.ReportMetric(float64(pr.ArchivedTournament.Bytes)/float64(res.Letters), "pruned-B/letter")
		db.Close()
		b.StartTimer()
	}
}

var benchLarge = flag.Bool("store.large", false, "BenchmarkOpenLarge: build a store of over 1 GB (about a minute and 1.2 GB of disk)")

// BenchmarkOpenLarge measures Open, with its deep check (not SkipCheck), of a store of over 1 GB:
// 4,000 games with four letters of 64 KB each (letters that do not compress, so that the file is
// large), checked once; before every Open, 50 letters of ordinary size are decided in 10 games,
// so that each Open checks what a few hours of a season write. Run with -store.large.
func BenchmarkOpenLarge(b *testing.B) {
	if !*benchLarge {
		b.Skip("run with -store.large")
	}
	path := filepath.Join(b.TempDir(), "postald.db")
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	const games, per = 4000, 4
	for g := 0; g < games; g += 250 {
		err := db.Update(func(tx *Tx) error {
			for i := g; i < g+250; i++ {
				id := GameID{Tournament: fmt.Sprintf("BIG-%d", i/200), Game: fmt.Sprintf("g%d", i)}
				for k := range per {
					raw := append(letter(fmt.Sprintf("big-%d-%d@x", i, k), "My move"), picture(uint64(i*per+k), 64<<10)...)
					if _, err := tx.Archive(id, ArchiveEntry{Direction: In, Time: t0, Verdict: "accepted", Raw: raw}); err != nil {
						return err
					}
				}
				if err := tx.PutGame(id, GameState{Format: 1, Data: []byte(fmt.Sprintf(`{"game":%d}`, i)), InPlay: true}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	db.Close()
	if db, err = Open(path, Options{NoSync: true}); err != nil { // the first open checks it all
		b.Fatal(err)
	}
	db.Close()
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	if fi.Size() < 1<<30 {
		b.Fatalf("the store has %d bytes, want over 1 GB", fi.Size())
	}
	uid := uint32(0)
	for b.Loop() {
		b.StopTimer()
		db, err := Open(path, Options{NoSync: true, SkipCheck: true})
		if err != nil {
			b.Fatal(err)
		}
		for range 50 {
			uid++
			o := benchOutcome(int(uid))
			o.Ref = inbox(9, uid)
			o.MessageID = fmt.Sprintf("large-%d@x", uid)
			o.Game = GameID{Tournament: "BIG-0", Game: fmt.Sprintf("g%d", uid%10)}
			for i := range o.Outgoing {
				o.Outgoing[i].Game = o.Game
			}
			if _, err := db.ProcessLetter(o); err != nil {
				b.Fatal(err)
			}
		}
		db.Close()
		b.StartTimer()
		db, err = Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
	}
	b.ReportMetric(float64(fi.Size())/(1<<20), "MB")
}
