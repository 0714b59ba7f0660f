package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/mail"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/diagram"
	"postald/internal/mailbox"
	"postald/internal/metrics"
	"postald/internal/office"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The test tournament: four players, six games, in Russian, as `postald tournament create`
// registers it.
const sheetTOML = `
[tournament]
code = "ПТ-2026"
name = "Первенство клуба по переписке"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = "ru"
address = "moves@postald.test"
judge = "judge@postald.test"
director = "director@postald.test"
rounds = 1

[regulation]
zone = "Europe/Moscow"

[[player]]
number = 1
name = "Иванов Пётр Сергеевич"
email = "p1@postald.test"

[[player]]
number = 2
name = "Петров Иван"
email = "p2@postald.test"

[[player]]
number = 3
name = "Сидорова Анна"
email = "p3@postald.test"

[[player]]
number = 4
name = "Кузнецов Олег"
email = "p4@postald.test"
`

// secretLabel is the label of a proposed variant put in game 1-2: no page may show it.
const secretLabel = "ТАЙНЫЙВАРИАНТ"

// rig is a store with the test tournament, a daemon deciding its letters, and the pages.
type rig struct {
	t       *testing.T
	db      *store.DB
	sheet   *tournament.Sheet
	d       *daemon.Daemon
	metrics *metrics.Set
	known   *reading.Known
	srv     *httptest.Server
	ctx     context.Context

	mu       sync.Mutex
	now      time.Time
	uid      uint32
	pictures []string // the FEN of every position a picture was drawn of, in order
}

func (r *rig) clock() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.now
}

// newRig registers the tournament and starts the daemon (no mailbox, no sender: the letters
// postald writes stay in the outbox) and the pages, on 127.0.0.1. picture false serves the text
// diagram.
func newRig(t *testing.T, picture bool) *rig {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r := &rig{t: t, db: db, now: time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)}
	from := mail.Address{Name: "postald", Address: "moves@postald.test"}
	if r.sheet, err = office.CreateTournament(db, from, []byte(sheetTOML), r.now); err != nil {
		t.Fatal(err)
	}
	if r.known, err = reading.NewKnown(db, r.now); err != nil {
		t.Fatal(err)
	}
	r.metrics = metrics.New(r.known)
	limits := config.Defaults().Limits
	limits.LettersPerHour = 1 << 20
	r.d = daemon.New(daemon.Options{Store: db, From: from, Limits: limits, Trust: config.Trust{FromOnly: true},
		Now: r.clock, Metrics: r.metrics, Known: r.known})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.d.Run(ctx, nil) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	r.ctx = ctx
	opt := Options{Store: db, Metrics: r.metrics.Gatherer(), Now: r.clock, Known: r.known}
	if picture {
		opt.Picture = r.picture
	}
	r.srv = httptest.NewUnstartedServer(New(opt))
	r.srv.Start() // httptest listens on 127.0.0.1
	t.Cleanup(r.srv.Close)
	if !strings.HasPrefix(r.srv.URL, "http://127.0.0.1:") {
		t.Fatalf("server at %s, want 127.0.0.1", r.srv.URL)
	}
	return r
}

// picture draws the board as serve does (package diagram), and records the position drawn.
func (r *rig) picture(p rules.Position, last *rules.Move) ([]byte, error) {
	r.mu.Lock()
	r.pictures = append(r.pictures, p.FEN())
	r.mu.Unlock()
	return diagram.PNG(p, diagram.Options{Last: last, Width: 480})
}

// drew reports whether a picture of the position fen was drawn.
func (r *rig) drew(fen string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Contains(r.pictures, fen)
}

// drawn are the FEN of the positions drawn, in order.
func (r *rig) drawn() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.pictures)
}

// lastPicture is the FEN of the position of the last picture drawn.
func (r *rig) lastPicture() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.pictures) == 0 {
		return ""
	}
	return r.pictures[len(r.pictures)-1]
}

// letter sends the letter of a player (white or black of game) making ply k of line, the next
// day, and waits for the daemon to decide it.
func (r *rig) letter(game string, k int, line []string) {
	r.t.Helper()
	r.letterAfter(26*time.Hour, game, k, line)
}

// letterAfter is letter, sent after instead of the next day.
func (r *rig) letterAfter(after time.Duration, game string, k int, line []string) {
	r.t.Helper()
	w, b, err := tournament.ParseGameName(game)
	if err != nil {
		r.t.Fatal(err)
	}
	from := r.sheet.Players[w-1].Email
	if k%2 == 1 {
		from = r.sheet.Players[b-1].Email
	}
	r.mu.Lock()
	r.now = r.now.Add(after)
	now := r.now
	r.uid++
	uid := r.uid
	r.mu.Unlock()
	var body strings.Builder
	fmt.Fprintf(&body, "Турнир %s, партия %s.\r\n", r.sheet.Code, game)
	if k > 0 {
		fmt.Fprintf(&body, "Получил ваш ход %s.\r\n", numbered(k-1, line[k-1]))
	}
	fmt.Fprintf(&body, "Мой ход: %s\r\n", numbered(k, line[k]))
	raw := fmt.Sprintf("From: %s\r\nTo: moves@postald.test\r\nSubject: %s %s\r\nDate: %s\r\nMessage-ID: <web-%d@postald.test>\r\n"+
		"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		from, r.sheet.Code, game, now.Format(time.RFC1123Z), uid, body.String())
	m := mailbox.Message{Mailbox: "INBOX", UIDValidity: 1, UID: uid, Raw: []byte(raw), InternalDate: now, Size: int64(len(raw))}
	if err := r.d.Handle(r.ctx, m); err != nil {
		r.t.Fatal(err)
	}
}

// numbered writes ply k (0-based) with its number, as players do.
func numbered(k int, text string) string {
	if k%2 == 0 {
		return fmt.Sprintf("%d. %s", k/2+1, text)
	}
	return fmt.Sprintf("%d... %s", k/2+1, text)
}

// rule runs a judge's ruling through the daemon.
func (r *rig) rule(req office.RuleRequest) {
	r.t.Helper()
	if _, err := r.d.Command(r.ctx, req); err != nil {
		r.t.Fatal(err)
	}
}

// play plays the tournament the tests look at: game 1-2 for plies moves, 4-3 for 3, 2-4 and
// 1-3 lost by forfeit, a penalty in 1-2, and a proposed variant left pending in 1-2.
func (r *rig) play(plies int) []string {
	r.t.Helper()
	line := openLine(r.t, plies+4)
	for k := range plies {
		r.letter("1-2", k, line)
	}
	short := openLine(r.t, 3)
	for k := range 3 {
		r.letter("4-3", k, short)
	}
	code := r.sheet.Code
	r.rule(office.RuleRequest{Kind: referee.RuleForfeit, Game: code + "/2-4", Side: "black", Clause: "4.3.1", Reason: "Превышен контроль времени, подтверждено судьёй."})
	r.rule(office.RuleRequest{Kind: referee.RuleForfeit, Game: code + "/3-1", Side: "white", Clause: "4.1.7", Reason: "Участник не ответил на три напоминания."})
	r.rule(office.RuleRequest{Kind: referee.RulePenalty, Game: code + "/1-2", Side: "black", Days: 2, Clause: "4.2.11", Reason: "Ход не повторён в письме."})
	r.proposeVariant("1-2", line[plies:plies+2])
	return line[:plies]
}

// proposeVariant puts a pending variant in a game, as a letter proposing one leaves it.
func (r *rig) proposeVariant(game string, moves []string) {
	r.t.Helper()
	id := store.GameID{Tournament: r.sheet.Code, Game: game}
	err := r.d.Do(r.ctx, func() error {
		err := r.db.Update(func(tx *store.Tx) error {
			g, err := office.LoadGame(tx, id)
			if err != nil {
				return err
			}
			g.Variants = append(g.Variants, referee.Variant{Label: secretLabel, Proposer: g.ToMove().Other(), At: len(g.Plies), Moves: moves})
			return office.Put(tx, mail.Address{Address: "moves@postald.test"}, id, r.sheet, g, r.clock())
		})
		if err != nil {
			return err
		}
		return r.d.Office().Recount() // written behind the office's units of work
	})
	if err != nil {
		r.t.Fatal(err)
	}
}

// via records how the letters that brought plies of game came (by ply, 1-based): a card, a
// call, as the captain's entries leave them.
func (r *rig) via(game string, marks map[int]referee.Channel) {
	r.t.Helper()
	id := store.GameID{Tournament: r.sheet.Code, Game: game}
	err := r.d.Do(r.ctx, func() error {
		err := r.db.Update(func(tx *store.Tx) error {
			g, err := office.LoadGame(tx, id)
			if err != nil {
				return err
			}
			for n, ch := range marks {
				g.Plies[n-1].Via = ch
			}
			return office.Put(tx, mail.Address{Address: "moves@postald.test"}, id, r.sheet, g, r.clock())
		})
		if err != nil {
			return err
		}
		return r.d.Office().Recount() // written behind the office's units of work
	})
	if err != nil {
		r.t.Fatal(err)
	}
}

// openLine is n plies of russian draughts in full notation, each leaving the side on move two
// legal moves at least and no capture (no reply forced, no piece lost: a quiet opening).
func openLine(t *testing.T, n int) []string {
	t.Helper()
	v, err := rules.VariantByID("russian")
	if err != nil {
		t.Fatal(err)
	}
	var line []string
	var dfs func(p rules.Position) bool
	dfs = func(p rules.Position) bool {
		if len(line) == n {
			return true
		}
		for _, m := range p.LegalMoves(nil) {
			q := p.Play(m)
			next := q.LegalMoves(nil)
			if len(next) < 2 || next[0].IsCapture() || m.IsCapture() {
				continue
			}
			line = append(line, rules.FormatMove(&p, m))
			if dfs(q) {
				return true
			}
			line = line[:len(line)-1]
		}
		return false
	}
	if !dfs(v.Start()) {
		t.Fatalf("no quiet line of %d plies", n)
	}
	return line
}

// reader reads the rig's store as the pages do.
func (r *rig) reader() *reading.Reader { return reading.NewReader(r.db) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// fenAfter is the FEN of the position after the first n plies of line.
func fenAfter(t *testing.T, line []string, n int) string {
	t.Helper()
	v, _ := rules.VariantByID("russian")
	p := v.Start()
	for _, text := range line[:n] {
		m, err := rules.ParseMove(&p, text)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Play(m)
	}
	return p.FEN()
}
