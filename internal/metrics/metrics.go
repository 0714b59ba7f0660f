// Package metrics holds postald's Prometheus metrics on a registry of their own (never the
// global default one, so that two daemons in one test process do not share counters):
//
//	postald_letters_total{verdict}   letters decided, by the verdict recorded (daemon, office)
//	postald_decision_seconds         how long deciding a letter took (its transaction included)
//	postald_send_failures_total      attempts to hand a letter to the mail server that failed
//	postald_deliveries_total{state}  delivery states letters reached: sent, delivered, relayed,
//	                                 delayed, failed (daemon, office/delivery.go)
//	postald_imap_reconnects_total    IMAP sessions that ended and were opened again
//	postald_imap_failures_in_a_row   IMAP sessions that failed one after another, now (0 once one works)
//	postald_imap_failing{stage}      1 while the watcher cannot work: sessions fail at that stage again and again
//	postald_outbox_depth             letters waiting in the outbox, as the office knows it
//	postald_cards_waiting            cards and calls waiting for the captain, likewise
//	postald_games{status}            games by status, likewise
//	postald_store_checks_total{result} whole checks of the store (ok, damaged, failed)
//	postald_store_damaged            1 while the last whole check found the store damaged
//
// The gauges of the committed state are what the office knows of it (reading.Known: kept by
// every unit of work and by the sender, counted from the store once when the daemon starts), read
// when /metrics is asked for without reading the store: a scrape costs the same with ten games or
// a season's; the counters are counted where things happen. Every method is safe on a nil
// *Set, so that code given no metrics (tests, commands) runs unchanged.
package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"postald/internal/reading"
	"postald/internal/referee"
)

// Set is postald's metrics.
type Set struct {
	reg        *prometheus.Registry
	letters    *prometheus.CounterVec
	decision   prometheus.Histogram
	sendFailed prometheus.Counter
	deliveries *prometheus.CounterVec
	reconnects prometheus.Counter
	inARow     prometheus.Gauge
	failing    *prometheus.GaugeVec
	checks     *prometheus.CounterVec
	damaged    prometheus.Gauge
}

// New returns the metrics, with the gauges of the committed state read from known (nil: no such
// gauges).
func New(known *reading.Known) *Set {
	s := &Set{
		reg: prometheus.NewRegistry(),
		letters: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "postald_letters_total", Help: "Letters decided, by verdict.",
		}, []string{"verdict"}),
		decision: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "postald_decision_seconds", Help: "Time to decide a letter and commit its transaction.",
			// From a fraction of a millisecond (a letter alone) to seconds (a slow disk).
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}),
		sendFailed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "postald_send_failures_total", Help: "Attempts to send a letter of the outbox that failed.",
		}),
		reconnects: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "postald_imap_reconnects_total", Help: "IMAP sessions that ended and were opened again.",
		}),
		deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "postald_deliveries_total", Help: "Delivery states the letters sent reached: sent, delivered, relayed, delayed, failed.",
		}, []string{"state"}),
	}
	s.checks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "postald_store_checks_total", Help: "Whole checks of the store, by result (ok, damaged, failed).",
	}, []string{"result"})
	s.damaged = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "postald_store_damaged", Help: "1 while the last whole check of the store found it damaged.",
	})
	s.inARow = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "postald_imap_failures_in_a_row", Help: "IMAP sessions that failed one after another, now; 0 once one reads the mailbox.",
	})
	s.failing = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "postald_imap_failing", Help: "1 while the mailbox watcher cannot work: its sessions fail at this stage again and again.",
	}, []string{"stage"})
	s.reg.MustRegister(s.letters, s.decision, s.sendFailed, s.deliveries, s.reconnects, s.inARow, s.failing, s.checks, s.damaged)
	if known != nil {
		s.reg.MustRegister(&stateCollector{known: known})
	}
	return s
}

// Gatherer is what /metrics serves.
func (s *Set) Gatherer() prometheus.Gatherer {
	if s == nil {
		return prometheus.NewRegistry()
	}
	return s.reg
}

// Registry is the Set's registry, for collectors of its own (a test's).
func (s *Set) Registry() *prometheus.Registry { return s.reg }

// Decided counts a letter decided with verdict, which took took.
func (s *Set) Decided(verdict string, took time.Duration) {
	if s == nil {
		return
	}
	if verdict == "" {
		verdict = "none"
	}
	s.letters.WithLabelValues(verdict).Inc()
	s.decision.Observe(took.Seconds())
}

// SendFailed counts a failed attempt to send a letter.
func (s *Set) SendFailed() {
	if s != nil {
		s.sendFailed.Inc()
	}
}

// Delivered counts a letter that reached delivery state state (sent, delivered, relayed,
// delayed, failed).
func (s *Set) Delivered(state string) {
	if s != nil {
		s.deliveries.WithLabelValues(state).Inc()
	}
}

// StoreChecked counts a whole check of the store with its result: "ok", "damaged" or "failed"
// (it could not be done: the file could not be read).
func (s *Set) StoreChecked(result string) {
	if s == nil {
		return
	}
	s.checks.WithLabelValues(result).Inc()
	switch result {
	case "ok":
		s.damaged.Set(0)
	case "damaged":
		s.damaged.Set(1)
	}
}

// Reconnected counts an IMAP session opened again.
func (s *Set) Reconnected() {
	if s != nil {
		s.reconnects.Inc()
	}
}

// MailboxFailed records a failed IMAP session, the n-th in a row; with failing, the watcher
// cannot work and stage is where its sessions fail.
func (s *Set) MailboxFailed(n int, failing bool, stage string) {
	if s == nil {
		return
	}
	s.inARow.Set(float64(n))
	if failing {
		s.failing.Reset()
		s.failing.WithLabelValues(stage).Set(1)
	}
}

// MailboxWorking records an IMAP session that read the mailbox after failures.
func (s *Set) MailboxWorking() {
	if s == nil {
		return
	}
	s.inARow.Set(0)
	s.failing.Reset()
}

// stateCollector reads the outbox depth and the games by status from what the office knows of
// the committed state (reading.Known), at each scrape: no store is read.
type stateCollector struct{ known *reading.Known }

var (
	outboxDesc = prometheus.NewDesc("postald_outbox_depth", "Letters waiting in the outbox to be sent.", nil, nil)
	cardsDesc  = prometheus.NewDesc("postald_cards_waiting", "Cards to post and calls to make that wait for the captain.", nil, nil)
	gamesDesc  = prometheus.NewDesc("postald_games", "Games, by status.", []string{"status"}, nil)
)

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxDesc
	ch <- cardsDesc
	ch <- gamesDesc
}

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	depth, cards := c.known.Outbox()
	games := c.known.Games()
	ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(depth))
	ch <- prometheus.MustNewConstMetric(cardsDesc, prometheus.GaugeValue, float64(cards))
	for status, n := range map[referee.Status]int{referee.StatusPlaying: games.Playing,
		referee.StatusAdjudication: games.Adjudication, referee.StatusFinished: games.Finished} {
		ch <- prometheus.MustNewConstMetric(gamesDesc, prometheus.GaugeValue, float64(n), string(status))
	}
}
