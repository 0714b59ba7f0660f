// Package web serves postald's read-only web pages (package pages draws them), the
// Prometheus metrics and the health check, for `serve` when `[web] listen` is set:
//
//	/                    the tournaments
//	/t/CODE/             a tournament: standings, crosstable with tie-breaks, games in play
//	                     (CODE in its Latin spelling, /t/ZK-1/ for «ЗК-1», leads to the same)
//	/t/CODE/GAME         a game: the picture, the moves with their dates, both clocks, rulings
//	/t/CODE/GAME.png     the picture of the position after ?ply=N (without it: the current one)
//	/t/CODE/GAME.pdn     the game as PDN
//	/t/CODE/games.pdn    every game of the tournament as PDN
//	/metrics             the metrics, in the Prometheus text format
//	/healthz             "ok" while the store can be read and the daemon can work (Options.Health)
//	/static/step.js      the step-through script, embedded in the binary
//
// Every request reads the committed state in one bbolt read transaction of its own
// (reading.Reader): a page never waits for the daemon's owner goroutine, nor the owner for a
// page, and a page shows nothing a letter has not committed. The pages show what every player
// of a tournament may know; proposed variants and letters are never read.
//
// With what the office knows of the store (Options.Known, reading.Known, kept by the daemon's
// units of work) the pages read only what changed (fresh.go): every page carries an entity tag
// made of the revision of what it shows, and a reload naming it is answered 304 without reading
// the store; the list of tournaments and a tournament's page are kept drawn while their
// revision and day hold, and what the report shows of each game is kept by the game's revision
// (reading.Reader.TournamentPage); /metrics counts nothing at a scrape. However many clients ask
// at once, the answers are made one fewer at a time than the processors Go runs on (at least
// one), so that the daemon's owner goroutine always finds a processor for the letters.
package web

import (
	"errors"
	"fmt"

	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"postald/internal/daysclock"
	"postald/internal/pages"
	"postald/internal/phrase"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/store"
)

// Options configure the pages.
type Options struct {
	Store  *store.DB
	Logger *slog.Logger
	// Metrics are served at /metrics; nil: no metrics.
	Metrics prometheus.Gatherer
	// Picture draws the board after a move (last: that move, nil at the start) as PNG; nil:
	// the pages show the text diagram of postald's letters.
	Picture func(p rules.Position, last *rules.Move) ([]byte, error)
	Now     func() time.Time // nil: time.Now
	// Known is what the office knows of the committed state (reading.Known, kept by the
	// daemon's units of work): with it the pages carry validators (ETag, Last-Modified) and a
	// reload costs nothing, the tournaments' pages are kept drawn while nothing in them changes,
	// and the games are counted without reading them (fresh.go). nil: every page is read and
	// drawn at every request.
	Known *reading.Known
	// Health, when set, says why the daemon cannot work (its mailbox watcher fails again and
	// again: daemon.Health); /healthz then fails with it. nil, or a nil answer: it can.
	Health func() error
	// Concurrency is how many requests are answered at once (the others wait their turn);
	// 0: one fewer than the processors Go runs on, at least one, so that the daemon's owner
	// goroutine always finds one for the letters (fresh.go, gate).
	Concurrency int
}

// server answers the requests.
type server struct {
	opt    Options
	log    *slog.Logger
	now    func() time.Time
	reader *reading.Reader
	known  *reading.Known
	drawn  drawnPages
	gate   *gate
}

// New returns the handler of every route.
func New(opt Options) http.Handler {
	s := &server{opt: opt, log: opt.Logger, now: opt.Now, reader: reading.NewReader(opt.Store).WithKnown(opt.Known), known: opt.Known,
		gate: newGate(opt.Concurrency)}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	mux := http.NewServeMux()
	light := func(h http.Handler) http.Handler { return s.gate.wrapLight(h) }
	mux.HandleFunc("GET /{$}", s.index)
	mux.Handle("GET /t/{code}", light(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, tournamentPath(r.PathValue("code"))+query(r), http.StatusMovedPermanently)
	})))
	mux.HandleFunc("GET /t/{code}/{$}", s.canonical(s.tournament))
	mux.HandleFunc("GET /t/{code}/{file}", s.canonical(s.file))
	mux.Handle("GET /healthz", light(http.HandlerFunc(s.healthz)))
	if opt.Metrics != nil {
		mux.Handle("GET /metrics", light(promhttp.HandlerFor(opt.Metrics, promhttp.HandlerOpts{ErrorLog: slogPrinter{s.log}})))
	}
	static := http.FileServerFS(pages.Static())
	mux.Handle("GET /static/", light(http.StripPrefix("/static/", static)))
	mux.Handle("/", light(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.notFound(w, r, "") })))
	return secure(mux)
}

// secure sets the headers every answer carries: no outside fetches, no framing, no sniffing.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "same-origin")
		h.ServeHTTP(w, r)
	})
}

// slogPrinter logs promhttp's errors.
type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Println(v ...any) { p.log.Error("metrics", "err", strings.TrimSpace(fmtln(v...))) }

func fmtln(v ...any) string {
	var b strings.Builder
	for i, x := range v {
		if i > 0 {
			b.WriteByte(' ')
		}
		if e, ok := x.(error); ok {
			b.WriteString(e.Error())
		} else if s, ok := x.(string); ok {
			b.WriteString(s)
		}
	}
	return b.String()
}

// lang is the language a request asks for with ?lang=, "" when none it knows.
func lang(r *http.Request) string {
	l := r.URL.Query().Get("lang")
	for _, known := range phrase.Languages() {
		if l == known {
			return l
		}
	}
	return ""
}

// query is the ?lang= a request chose, for the links of its page; "" when it chose none.
func query(r *http.Request) string {
	if l := lang(r); l != "" {
		return "?lang=" + l
	}
	return ""
}

// withQuery adds the chosen language to a link that has a query already or none.
func withQuery(href string, r *http.Request) string {
	l := lang(r)
	if l == "" {
		return href
	}
	if strings.Contains(href, "?") {
		return href + "&lang=" + l
	}
	return href + "?lang=" + l
}

// frame is the frame of a page in language l (def when the request chose none), with the
// switch to the same page in the other language.
func frame(r *http.Request, def, title string) pages.Frame {
	l := lang(r)
	if l == "" {
		l = phrase.For(def).Lang
	}
	fr := pages.NewFrame(l, title)
	other := pages.Other(l)
	u := *r.URL
	q := u.Query()
	q.Set("lang", other)
	u.RawQuery = q.Encode()
	fr.Switch = pages.SwitchLink(other, u.Path+"?"+u.RawQuery)
	fr.Script = pages.ScriptPath
	return fr
}

func tournamentPath(code string) string { return "/t/" + url.PathEscape(code) + "/" }

func (s *server) index(w http.ResponseWriter, r *http.Request) {
	if s.known != nil && keepable(r) {
		rev := s.known.Index()
		fr := frame(r, phrase.Default, "")
		tag := rev.Tag("i", fr.Lang)
		if fresh(w, r, tag, rev.At) {
			return
		}
		if !s.gate.pace(r.Context()) {
			return
		}
		b, err := s.drawn.kept("/ "+fr.Lang, tag, func() ([]byte, error) {
			return s.gate.draw(r.Context(), func() ([]byte, error) { return s.drawIndex(r) })
		})
		s.page(w, r, "", b, err)
		return
	}
	b, err := s.gate.draw(r.Context(), func() ([]byte, error) { return s.drawIndex(r) })
	s.page(w, r, "", b, err)
}

// drawIndex draws the list of tournaments.
func (s *server) drawIndex(r *http.Request) ([]byte, error) {
	list, err := s.reader.Tournaments()
	if err != nil {
		return nil, err
	}
	fr := frame(r, phrase.Default, "")
	fr.Title = fr.Words.Tournaments
	var rows []pages.Listed
	for _, l := range list {
		rows = append(rows, pages.Listed{Sheet: l.Sheet, Href: withQuery(tournamentPath(l.Sheet.Code), r),
			Games: l.Games, Playing: l.Playing + l.Adjudication, Finished: l.Finished})
	}
	return pages.Index(fr, rows)
}

// tournamentTag is the tag of tournament code's page as r asks for it at now, and the instant it
// last changed; false when the office knows no such tournament (or there is no Known).
func (s *server) tournamentTag(r *http.Request, code string, now time.Time) (tag, lang string, modified time.Time, ok bool) {
	if s.known == nil {
		return "", "", time.Time{}, false
	}
	rev, _, ok := s.known.Tournament(code)
	if !ok {
		return "", "", time.Time{}, false
	}
	sh, loc, err := s.reader.Sheet(code)
	if err != nil {
		return "", "", time.Time{}, false
	}
	lang = frame(r, sh.Language, "").Lang
	today := daysclock.DateOf(now, loc)
	return rev.Tag("t", lang, today.String()), lang, latest(rev, today.Start(loc)), true
}

func (s *server) tournament(w http.ResponseWriter, r *http.Request) {
	code := r.PathValue("code")
	now := s.now()
	if tag, lang, modified, ok := s.tournamentTag(r, code, now); ok && keepable(r) {
		if fresh(w, r, tag, modified) {
			return
		}
		if !s.gate.pace(r.Context()) {
			return
		}
		b, err := s.drawn.kept("/t/"+code+"/ "+lang, tag, func() ([]byte, error) {
			return s.gate.draw(r.Context(), func() ([]byte, error) { return s.drawTournament(r, code, now) })
		})
		s.tournamentPage(w, r, b, err)
		return
	}
	b, err := s.gate.draw(r.Context(), func() ([]byte, error) { return s.drawTournament(r, code, now) })
	s.tournamentPage(w, r, b, err)
}

// tournamentPage writes a tournament's page drawn, or the failure to draw it.
func (s *server) tournamentPage(w http.ResponseWriter, r *http.Request, b []byte, err error) {
	var lost langErr
	if errors.As(err, &lost) {
		s.page(w, r, lost.lang, nil, lost.err)
		return
	}
	s.page(w, r, "", b, err)
}

// langErr is a failure to draw a page once its sheet's language is known.
type langErr struct {
	lang string
	err  error
}

func (e langErr) Error() string { return e.err.Error() }
func (e langErr) Unwrap() error { return e.err }

// drawTournament draws tournament code's page as r asks for it, at now.
func (s *server) drawTournament(r *http.Request, code string, now time.Time) ([]byte, error) {
	in, err := s.reader.TournamentPage(code, now)
	if err != nil {
		return nil, err
	}
	fr := frame(r, in.Sheet.Language, "")
	fr.Crumbs = []pages.Link{{Href: withQuery("/", r), Text: fr.Words.AllTournaments}}
	// The report speaks its sheet's language: a page asked for in the other one gets a copy of
	// the sheet in that language (how a game ended stays in the tournament's words).
	lang := in.Sheet.Language
	if fr.Lang != phrase.For(lang).Lang {
		sh := *in.Sheet
		sh.Language = fr.Lang
		in.Sheet = &sh
	}
	links := map[string]string{}
	for _, g := range in.Games {
		links[g.Name] = withQuery(tournamentPath(code)+url.PathEscape(g.Name), r)
	}
	b, err := pages.Tournament(fr, in, links, tournamentPath(code)+"games.pdn")
	if err != nil {
		return nil, langErr{lang, err}
	}
	return b, nil
}

// file is a game's page, its picture or its PDN, or every game's PDN.
func (s *server) file(w http.ResponseWriter, r *http.Request) {
	code, file := r.PathValue("code"), r.PathValue("file")
	// Each is read and drawn in a place of the gate; a reload of a page or picture that did not
	// change is answered 304 before it.
	gated := func(h func(w http.ResponseWriter, r *http.Request)) { s.gate.wrap(http.HandlerFunc(h)).ServeHTTP(w, r) }
	switch {
	case file == "games.pdn":
		gated(func(w http.ResponseWriter, r *http.Request) { s.gamesPDN(w, r, code) })
	case strings.HasSuffix(file, ".pdn"):
		gated(func(w http.ResponseWriter, r *http.Request) { s.gamePDN(w, r, code, strings.TrimSuffix(file, ".pdn")) })
	case strings.HasSuffix(file, ".png"):
		name := strings.TrimSuffix(file, ".png")
		if tag, modified, ok := s.gameTag(r, "p", code, name); ok && s.opt.Picture != nil && fresh(w, r, tag, modified) {
			return
		}
		gated(func(w http.ResponseWriter, r *http.Request) { s.picture(w, r, code, name) })
	default:
		if tag, modified, ok := s.gameTag(r, "g", code, file); ok && fresh(w, r, tag, modified) {
			return
		}
		gated(func(w http.ResponseWriter, r *http.Request) { s.game(w, r, code, file) })
	}
}

// plyArg is the ply a request asks for (?ply=N); def without one, -1 for one it cannot read.
func plyArg(r *http.Request, def int) int {
	v := r.URL.Query().Get("ply")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// gameAt reads a game and the ply its request asks for (?ply=N, else its last); ok is false
// when the answer has been written (no such game, no such ply).
func (s *server) gameAt(w http.ResponseWriter, r *http.Request, code, name string) (d *reading.GameData, n int, ok bool) {
	d, err := s.reader.Game(code, name, s.now())
	if err != nil {
		s.failed(w, r, "", err)
		return nil, 0, false
	}
	n = plyArg(r, len(d.Game.Plies))
	if n < 0 || n > len(d.Game.Plies) {
		s.notFound(w, r, d.Sheet.Language)
		return nil, 0, false
	}
	return d, n, true
}

// gameTag is the tag of a page of game name of tournament code — kind "g" its page in the
// request's language on its day, "p" its picture — at the ply the request asks for, and the
// instant it last changed; false when the office knows no such game (or there is no Known).
func (s *server) gameTag(r *http.Request, kind, code, name string) (tag string, modified time.Time, ok bool) {
	if s.known == nil {
		return "", time.Time{}, false
	}
	rev, ok := s.known.Game(store.GameID{Tournament: code, Game: name})
	if !ok {
		return "", time.Time{}, false
	}
	ply := r.URL.Query().Get("ply")
	if kind == "p" {
		return rev.Tag(kind, ply), rev.At, true
	}
	sh, loc, err := s.reader.Sheet(code)
	if err != nil {
		return "", time.Time{}, false
	}
	today := daysclock.DateOf(s.now(), loc)
	return rev.Tag(kind, frame(r, sh.Language, "").Lang, today.String(), ply), latest(rev, today.Start(loc)), true
}

func (s *server) game(w http.ResponseWriter, r *http.Request, code, name string) {
	if tag, modified, ok := s.gameTag(r, "g", code, name); ok && fresh(w, r, tag, modified) {
		return
	}
	d, n, ok := s.gameAt(w, r, code, name)
	if !ok {
		return
	}
	fr := frame(r, d.Sheet.Language, "")
	fr.Crumbs = []pages.Link{
		{Href: withQuery("/", r), Text: fr.Words.AllTournaments},
		{Href: withQuery(tournamentPath(code), r), Text: fr.Words.BackToTournament},
	}
	base := tournamentPath(code) + url.PathEscape(name)
	in := pages.GameInput{Sheet: d.Sheet, Table: d.Table, Game: d.Game, Result: d.Result, Rulings: d.Rulings, Today: d.Today, Ply: n,
		Step: func(n int) string { return withQuery(base+"?ply="+strconv.Itoa(n), r) },
		PDN:  base + ".pdn"}
	if s.opt.Picture != nil {
		in.Picture = func(n int) string {
			if n < 0 {
				return base + ".png"
			}
			return base + ".png?ply=" + strconv.Itoa(n)
		}
	}
	b, err := pages.Game(fr, in)
	s.page(w, r, d.Sheet.Language, b, err)
}

func (s *server) picture(w http.ResponseWriter, r *http.Request, code, name string) {
	if s.opt.Picture == nil {
		s.notFound(w, r, "")
		return
	}
	tag, modified, known := s.gameTag(r, "p", code, name)
	if known && fresh(w, r, tag, modified) {
		return
	}
	d, n, ok := s.gameAt(w, r, code, name)
	if !ok {
		return
	}
	p, last, err := position(d.Table.Variant, d.Game.Setup, d.Game.Plies[:n])
	if err != nil {
		s.failed(w, r, d.Sheet.Language, err)
		return
	}
	b, err := s.opt.Picture(p, last)
	if err != nil {
		s.failed(w, r, d.Sheet.Language, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	if !known {
		// A ruling (judge revert) may change the position after a ply: without a revision to
		// revalidate against, never kept, so the board always shows the committed game.
		w.Header().Set("Cache-Control", "no-store")
	}
	send(w, b)
}

func (s *server) gamePDN(w http.ResponseWriter, r *http.Request, code, name string) {
	d, err := s.reader.Game(code, name, s.now())
	if err != nil {
		s.failed(w, r, "", err)
		return
	}
	b, err := reading.GamePDN(d.Sheet, referee.Seat{Table: d.Table, Game: d.Game})
	if err != nil {
		s.failed(w, r, d.Sheet.Language, err)
		return
	}
	pdnHeaders(w, d.Game.Name+".pdn")
	send(w, b)
}

func (s *server) gamesPDN(w http.ResponseWriter, r *http.Request, code string) {
	in, games, err := s.reader.Tournament(code, s.now())
	if err != nil {
		s.failed(w, r, "", err)
		return
	}
	var all []byte
	for _, g := range games {
		b, err := reading.GamePDN(in.Sheet, g)
		if err != nil {
			s.failed(w, r, in.Sheet.Language, err)
			return
		}
		if len(all) > 0 {
			all = append(all, '\n')
		}
		all = append(all, b...)
	}
	pdnHeaders(w, "games.pdn")
	send(w, all)
}

func pdnHeaders(w http.ResponseWriter, name string) {
	w.Header().Set("Content-Type", "application/x-draughts-pdn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
}

func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	if err := s.opt.Store.View(func(tx *store.Tx) error { _, err := tx.Tournaments(); return err }); err != nil {
		s.log.Error("healthz", "err", err)
		http.Error(w, "store: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	if s.opt.Health != nil {
		if err := s.opt.Health(); err != nil {
			w.Header().Set("Cache-Control", "no-store")
			http.Error(w, "mailbox: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte("ok\n"))
}

// position is the position after plies of a game of variant id that began from setup (its own
// starting position, drawn by lot; "" for the variant's start), and the last of them.
func position(variant, setup string, plies []referee.Ply) (rules.Position, *rules.Move, error) {
	v, err := rules.VariantByID(variant)
	if err != nil {
		return rules.Position{}, nil, err
	}
	p := v.Start()
	if setup != "" {
		if p, err = rules.ParseFEN(v, setup); err != nil {
			return rules.Position{}, nil, err
		}
	}
	var last *rules.Move
	for i, pl := range plies {
		m, err := rules.ParseMove(&p, pl.Text)
		if err != nil {
			return rules.Position{}, nil, fmt.Errorf("ply %d %q: %w", i+1, pl.Text, err)
		}
		p = p.Play(m)
		last = &m
	}
	return p, last, nil
}

// page writes a drawn page, or the failure to draw it; nothing for a client that went away
// before it was drawn.
func (s *server) page(w http.ResponseWriter, r *http.Request, l string, b []byte, err error) {
	if err != nil && r.Context().Err() != nil {
		return
	}
	if err != nil {
		s.failed(w, r, l, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	send(w, b)
}

// failed answers a request that could not be served: 404 for what the store does not hold, and
// for a name it could not even hold (a game or a code with a NUL, a slash, bytes that are not
// UTF-8: a malformed or hostile path), neither of which is logged; anything else is postald's
// fault, logged and answered 500.
func (s *server) failed(w http.ResponseWriter, r *http.Request, l string, err error) {
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		s.notFound(w, r, l)
		return
	}
	s.log.Error("web page", "path", r.URL.Path, "err", err)
	s.plain(w, r, l, http.StatusInternalServerError, func(t *phrase.WebText) string { return t.Failed })
}

func (s *server) notFound(w http.ResponseWriter, r *http.Request, l string) {
	s.plain(w, r, l, http.StatusNotFound, func(t *phrase.WebText) string { return t.NotFound })
}

// plain answers with a short page in the request's language.
func (s *server) plain(w http.ResponseWriter, r *http.Request, l string, code int, text func(*phrase.WebText) string) {
	fr := frame(r, l, "")
	fr.Title = text(fr.Words)
	fr.Crumbs = []pages.Link{{Href: withQuery("/", r), Text: fr.Words.AllTournaments}}
	// No validators: an answer that is not the page is never revalidated as the page.
	w.Header().Del("ETag")
	w.Header().Del("Last-Modified")
	b, err := pages.Message(fr, fr.Title)
	if err != nil {
		http.Error(w, fr.Title, code)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	send(w, b)
}
