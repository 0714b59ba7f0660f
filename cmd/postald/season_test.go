package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/mail"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/mailbox"
	"postald/internal/metrics"
	"postald/internal/office"
	"postald/internal/office/officetest"
	"postald/internal/reading"
	"postald/internal/store"
	"postald/internal/web"
)

var (
	seasonTournaments = flag.Int("season.tournaments", 10, "BenchmarkSeason: round robins in the season")
	seasonPlayers     = flag.Int("season.players", 20, "BenchmarkSeason: players of each round robin")
	seasonPlies       = flag.Int("season.plies", 6, "BenchmarkSeason: plies each game is played out to (one more in about half of them)")
	seasonClients     = flag.Int("season.clients", 20, "BenchmarkSeason: clients reading the pages at once while letters are decided")
	seasonFsync       = flag.Bool("season.fsync", false, "BenchmarkSeason: fsync every commit, as the daemon does (the disk's cost, the same for every letter)")
)

// seasonBlock is how many letters of a season are decided together with the pages read, or
// without: the season alternates between the two, so that both meet the store at every size.
// 200, or a twentieth of a small season's.
func seasonBlock(games, plies int) int { return max(10, min(200, games*plies/20)) }

// BenchmarkSeason plays a federation's season as serve runs it, on one machine: a store file,
// the daemon (its owner goroutine deciding every letter through Office.Letter, its sender
// draining the outbox to a mail server that takes everything, its timer), the metrics and the
// web pages on 127.0.0.1, wired as serve wires them. The season (package officetest) is by
// default 200 players in 10 round robins of 20 (1,900 games) in Russian and English, of Russian,
// international and column draughts, each game played out to 6 or 7 plies and ended by
// resignation, an agreed draw, the judge's forfeit or time; a player by post in each round
// robin, whose cards the captain enters and whose moves he posts every evening; letters stopped
// for an impossible move; the judge's rulings; a tick every day: 13,214 letters, 708 cards, 55
// rulings, about 30,000 letters sent; two to three minutes on a shared 2-core machine.
// -season.tournaments, -season.players and -season.plies scale it; -season.fsync commits as the
// daemon does (by default the disk's fsync, the same for every letter, is left out).
//
// The letters are decided in blocks of 200 (a twentieth of a smaller season's): in every other
// block -season.clients clients (20) read the pages meanwhile over HTTP, from a process of their
// own as the pages' readers are (TestSeasonReaders), each asking in turn, as fast as it is
// answered, for a random game's page, a random tournament's page (/t/CODE/) and /metrics, without
// naming a tag it holds (every request a whole page). It reports, under units a script reads:
//
//	store-B/letter        the store file's growth over the season, per letter and card decided
//	last/first            the median letter of the last tenth of the season's quiet letters over the first tenth
//	metrics/game-page     the p50 latency of /metrics over that of a game's page, read while letters are decided
//	sheet-page/game-page  the same of /t/CODE/
//	loaded/quiet          the median letter decided while the pages are read over the median quiet one
//	heap-MB               the heap in use at the season's end, after a collection
//
// and beside them the letters per second (quiet), the letters' p50 and p99 and the pages' p50 in
// milliseconds, the pages read and the letters decided. Every letter, card and ruling is checked
// as it is decided (officetest.Play), every page read must be answered 200, and the outbox must
// be empty a minute after the season.
//
//	go test ./cmd/postald -run '^$' -bench BenchmarkSeason -benchtime 1x
func BenchmarkSeason(b *testing.B) {
	var r seasonResult
	for range b.N {
		r = playSeason(b)
	}
	b.ReportMetric(r.storeBytes/float64(r.decided), "store-B/letter")
	b.ReportMetric(r.lastFirst, "last/first")
	b.ReportMetric(r.pageP50["metrics"]/r.pageP50["game"], "metrics/game-page")
	b.ReportMetric(r.pageP50["sheet"]/r.pageP50["game"], "sheet-page/game-page")
	b.ReportMetric(quantile(r.loaded, 0.5)/quantile(r.quiet, 0.5), "loaded/quiet")
	b.ReportMetric(r.heapMB, "heap-MB")
	b.ReportMetric(float64(len(r.quiet))/sum(r.quiet), "letters/s")
	b.ReportMetric(quantile(r.quiet, 0.5)*1e3, "letter-p50-ms")
	b.ReportMetric(quantile(r.quiet, 0.99)*1e3, "letter-p99-ms")
	b.ReportMetric(quantile(r.loaded, 0.99)*1e3, "loaded-p99-ms")
	for _, k := range []string{"game", "sheet", "metrics"} {
		b.ReportMetric(r.pageP50[k]*1e3, k+"-page-p50-ms")
	}
	b.ReportMetric(float64(r.pages), "pages")
	b.ReportMetric(float64(r.decided), "letters")
}

type seasonResult struct {
	decided       int       // letters and cards
	quiet, loaded []float64 // letters' costs in seconds, in season order
	lastFirst     float64
	storeBytes    float64
	pageP50       map[string]float64
	pages         int
	heapMB        float64
}

// sinkSender is a mail server that takes every letter.
type sinkSender struct{ sent atomic.Int64 }

func (s *sinkSender) Send(context.Context, []string, []byte) error { s.sent.Add(1); return nil }

// seasonDaemon plays the season's events through the daemon, timing each letter.
type seasonDaemon struct {
	ctx  context.Context
	d    *daemon.Daemon
	took time.Duration // the last letter's
}

func (p *seasonDaemon) Letter(m office.Incoming) error {
	began := time.Now()
	err := p.d.Handle(p.ctx, mailbox.Message(m))
	p.took = time.Since(began)
	return err
}

func (p *seasonDaemon) Run(c office.Command) (office.Reply, error) { return p.d.Command(p.ctx, c) }

func (p *seasonDaemon) Tick() error {
	return p.d.Do(p.ctx, func() error { return p.d.Office().Tick() })
}

func playSeason(b *testing.B) seasonResult {
	b.StopTimer()
	season, err := officetest.NewSeason(officetest.SeasonOptions{Tournaments: *seasonTournaments, Players: *seasonPlayers, Plies: *seasonPlies})
	if err != nil {
		b.Fatal(err)
	}
	db, err := store.Open(filepath.Join(b.TempDir(), "postald.db"), store.Options{NoSync: !*seasonFsync})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	clock := &officetest.Clock{}
	clock.Set(season.Register)
	log := slog.New(slog.DiscardHandler)
	limits := config.Defaults().Limits
	limits.LettersPerHour = 1 << 30 // the season's letters come faster than any player writes
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Wired as serve wires them.
	known, err := reading.NewKnown(db, clock.Now())
	if err != nil {
		b.Fatal(err)
	}
	m := metrics.New(known)
	sink := &sinkSender{}
	d := daemon.New(daemon.Options{Store: db, Sender: sink, From: mail.Address{Name: "postald", Address: officetest.Address},
		Limits: limits, Trust: config.Trust{FromOnly: true}, Logger: log, Now: clock.Now, Metrics: m, Known: known})
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, nil) }()
	addr, stopWeb, err := serveWeb("127.0.0.1:0", web.Options{Store: db, Logger: log, Metrics: m.Gatherer(), Now: clock.Now, Picture: pagePicture, Known: known}, log)
	if err != nil {
		b.Fatal(err)
	}
	defer stopWeb()
	p := &seasonDaemon{ctx: ctx, d: d}
	for _, sheet := range season.Sheets {
		if _, err := p.Run(&office.CreateRequest{Sheet: sheet}); err != nil {
			b.Fatal(err)
		}
	}
	registered := fileSize(b, db.Path())

	readers := startReaders(b, seasonReading{Base: "http://" + addr.String(), Codes: season.Tournaments(),
		Games: season.GameNames(), Clients: *seasonClients})
	defer readers.stop(b)
	reading := false

	r := seasonResult{pageP50: map[string]float64{}}
	block := seasonBlock(season.Games(), *seasonPlies)
	var quietAt []int // the season's letter number of each quiet letter
	spent := map[string]time.Duration{}
	letters := 0
	b.StartTimer()
	for {
		ev, ok := season.Next()
		if !ok {
			break
		}
		if ev.Kind == officetest.EventLetter && reading != ((letters/block)%2 == 1) {
			reading = !reading
			readers.set(b, reading)
		}
		began := time.Now()
		if err := officetest.Play(ev, p, db, clock); err != nil {
			b.Fatal(err)
		}
		kind := string(ev.Kind)
		switch ev.Request.(type) {
		case *office.CardRequest:
			kind = "card"
		case *office.RuleRequest:
			kind = "ruling"
		}
		spent[kind] += time.Since(began)
		switch {
		case ev.Kind == officetest.EventLetter:
			if reading {
				r.loaded = append(r.loaded, p.took.Seconds())
			} else {
				r.quiet = append(r.quiet, p.took.Seconds())
				quietAt = append(quietAt, letters)
			}
			letters++
			r.decided++
		case kind == "card":
			r.decided++
		}
	}
	b.StopTimer()
	if reading {
		readers.set(b, false)
	}
	lat := readers.stop(b)
	// The outbox drained: every letter postald wrote went to the mail server.
	deadline := time.Now().Add(time.Minute)
	for {
		var depth int
		if err := db.View(func(tx *store.Tx) error { depth, err = tx.OutboxDepth(); return err }); err != nil {
			b.Fatal(err)
		}
		if depth == 0 {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("%d letters still in the outbox a minute after the season", depth)
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.storeBytes = float64(fileSize(b, db.Path()) - registered)
	tenth := letters / 10
	var first, last []float64
	for i, at := range quietAt {
		switch {
		case at < tenth:
			first = append(first, r.quiet[i])
		case at >= letters-tenth:
			last = append(last, r.quiet[i])
		}
	}
	r.lastFirst = quantile(last, 0.5) / quantile(first, 0.5)
	for k, ls := range lat {
		r.pageP50[k] = quantile(ls, 0.5)
		r.pages += len(ls)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.heapMB = float64(ms.HeapInuse) / (1 << 20)
	b.Logf("season: %d tournaments, %d games, %d letters (%d quiet, %d while %d clients read %d pages), %d cards, %d rulings; %d letters sent; store %.1f MB",
		len(season.Tournaments()), season.Games(), letters, len(r.quiet), len(r.loaded), *seasonClients, r.pages, season.Cards(), season.Rulings(),
		sink.sent.Load(), float64(fileSize(b, db.Path()))/(1<<20))
	b.Logf("time by event: %v", spent)
	cancel()
	if err := <-done; err != nil {
		b.Error(err)
	}
	return r
}

// quantile is the q-quantile of xs (nearest rank); 0 for none.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func sum(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}

func fileSize(tb testing.TB, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return fi.Size()
}

// seasonReading is what the page readers of a season read: the server, its tournaments and the
// games' names, and how many read at once.
type seasonReading struct {
	Base    string
	Codes   []string
	Games   []string
	Clients int
}

// seasonReaders are the page readers, in a process of their own (TestSeasonReaders), as the
// pages' readers are other programs than postald: their own work does not run on the daemon's
// processors. They are told through their standard input when to read and when to stop, and
// answer once they did.
type seasonReaders struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	stopped bool
	lat     map[string][]float64
}

func startReaders(tb testing.TB, r seasonReading) *seasonReaders {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	cfg, err := json.Marshal(r)
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestSeasonReaders$")
	cmd.Env = append(os.Environ(), "POSTALD_SEASON_READERS="+string(cfg))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	sr := &seasonReaders{cmd: cmd, in: in, out: bufio.NewReader(out)}
	sr.await(tb, "ready")
	return sr
}

// await reads the readers' answers up to want.
func (sr *seasonReaders) await(tb testing.TB, want string) string {
	tb.Helper()
	for {
		line, err := sr.out.ReadString('\n')
		if err != nil {
			tb.Fatalf("the page readers stopped: %v (waiting for %q)", err, want)
		}
		if w, rest, _ := strings.Cut(strings.TrimSpace(line), " "); w == want {
			return rest
		}
	}
}

// set makes the readers read, or stop reading once the pages asked for are answered.
func (sr *seasonReaders) set(tb testing.TB, read bool) {
	tb.Helper()
	cmd, ack := "pause\n", "paused"
	if read {
		cmd, ack = "read\n", "reading"
	}
	if _, err := io.WriteString(sr.in, cmd); err != nil {
		tb.Fatal(err)
	}
	sr.await(tb, ack)
}

// stop ends the readers and returns how long each page they read took, in seconds, by kind.
func (sr *seasonReaders) stop(tb testing.TB) map[string][]float64 {
	tb.Helper()
	if sr.stopped {
		return sr.lat
	}
	sr.stopped = true
	if _, err := io.WriteString(sr.in, "stop\n"); err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal([]byte(sr.await(tb, "latencies")), &sr.lat); err != nil {
		tb.Fatal(err)
	}
	sr.in.Close()
	if err := sr.cmd.Wait(); err != nil {
		tb.Errorf("the page readers: %v", err)
	}
	return sr.lat
}

// TestSeasonReaders is the page readers of BenchmarkSeason, run by it in a process of its own
// ($POSTALD_SEASON_READERS): Clients clients each ask in turn, as fast as they are answered,
// for a random game's page, a random tournament's page and /metrics, while told to read. Every
// answer must be 200 with its whole page. It skips when run otherwise.
func TestSeasonReaders(t *testing.T) {
	cfg := os.Getenv("POSTALD_SEASON_READERS")
	if cfg == "" {
		t.Skip("run by BenchmarkSeason")
	}
	var r seasonReading
	if err := json.Unmarshal([]byte(cfg), &r); err != nil {
		t.Fatal(err)
	}
	var (
		mu      sync.Mutex
		cond    = sync.NewCond(&mu)
		reading bool
		ended   bool
		busy    int // requests in flight
		lat     = map[string][]float64{}
		failed  atomic.Value
	)
	var wg sync.WaitGroup
	for i := range r.Clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
			for k := 0; ; k++ {
				mu.Lock()
				for !reading && !ended {
					cond.Wait()
				}
				if ended {
					mu.Unlock()
					return
				}
				busy++
				mu.Unlock()
				code := url.PathEscape(r.Codes[rng.IntN(len(r.Codes))])
				kind, path := "game", "/t/"+code+"/"+r.Games[rng.IntN(len(r.Games))]
				switch k % 3 {
				case 1:
					kind, path = "sheet", "/t/"+code+"/"
				case 2:
					kind, path = "metrics", "/metrics"
				}
				began := time.Now()
				res, err := client.Get(r.Base + path)
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if err == nil && res.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", res.StatusCode)
					}
				}
				took := time.Since(began).Seconds()
				mu.Lock()
				busy--
				if err != nil {
					failed.Store(fmt.Sprintf("GET %s: %v", path, err))
				} else {
					lat[kind] = append(lat[kind], took)
				}
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	in := bufio.NewScanner(os.Stdin)
	fmt.Println("ready")
	for in.Scan() {
		mu.Lock()
		switch in.Text() {
		case "read":
			reading = true
			cond.Broadcast()
			fmt.Println("reading")
		case "pause":
			reading = false
			for busy > 0 {
				cond.Wait()
			}
			fmt.Println("paused")
		case "stop":
			reading, ended = false, true
			cond.Broadcast()
			mu.Unlock()
			wg.Wait()
			if f := failed.Load(); f != nil {
				t.Error(f)
			}
			b, _ := json.Marshal(lat)
			fmt.Printf("latencies %s\n", b)
			return
		}
		mu.Unlock()
	}
}
