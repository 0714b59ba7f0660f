package web

import (
	"net/http"
	"net/http/httptest"
	"net/mail"
	"testing"

	"postald/internal/config"
	"postald/internal/office"
	"postald/internal/office/officetest"
	"postald/internal/pages"
	"postald/internal/reading"
	"postald/internal/report"
	"postald/internal/store"
)

// seasonPages is a store with the first days of a season's round robin of 20 (190 games, some
// moves in each), the office's Known of it, and its pages.
type seasonPages struct {
	db    *store.DB
	known *reading.Known
	clock *officetest.Clock
	code  string
	h     http.Handler
}

func newSeasonPages(b *testing.B, letters int) *seasonPages {
	b.Helper()
	db, err := store.OpenMemory(nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	s, err := officetest.NewSeason(officetest.SeasonOptions{Tournaments: 1, Players: 20})
	if err != nil {
		b.Fatal(err)
	}
	clock := &officetest.Clock{}
	clock.Set(s.Register)
	k, err := reading.NewKnown(db, clock.Now())
	if err != nil {
		b.Fatal(err)
	}
	limits := config.Defaults().Limits
	limits.LettersPerHour = 1 << 20
	o := office.New(office.Options{Store: db, From: mail.Address{Address: officetest.Address}, Limits: limits,
		Trust: config.Trust{FromOnly: true}, Now: clock.Now, Known: k})
	if _, err := o.Run(&office.CreateRequest{Sheet: s.Sheets[0]}); err != nil {
		b.Fatal(err)
	}
	if err := o.Sync(); err != nil {
		b.Fatal(err)
	}
	for n := 0; n < letters; {
		ev, ok := s.Next()
		if !ok {
			break
		}
		if err := officetest.Play(ev, o, db, clock); err != nil {
			b.Fatal(err)
		}
		if ev.Kind == officetest.EventLetter {
			n++
		}
	}
	return &seasonPages{db: db, known: k, clock: clock, code: s.Tournaments()[0],
		h: New(Options{Store: db, Known: k, Now: clock.Now})}
}

// BenchmarkTournamentPage: the page of a round robin of 20 (190 games) after 400 letters:
// drawn (its games kept from the page before, the report built and drawn), and served kept.
func BenchmarkTournamentPage(b *testing.B) {
	p := newSeasonPages(b, 400)
	r := reading.NewReader(p.db).WithKnown(p.known)
	b.Run("input", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.TournamentPage(p.code, p.clock.Now()); err != nil {
				b.Fatal(err)
			}
		}
	})
	in, err := r.TournamentPage(p.code, p.clock.Now())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := report.Build(in); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("draw", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := pages.Tournament(pages.NewFrame("ru", ""), in, map[string]string{}, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kept", func(b *testing.B) {
		b.ReportAllocs()
		path := tournamentPath(p.code)
		for b.Loop() {
			w := httptest.NewRecorder()
			p.h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
			if w.Code != http.StatusOK {
				b.Fatal(w.Code)
			}
		}
	})
	b.Run("game", func(b *testing.B) {
		b.ReportAllocs()
		path := tournamentPath(p.code) + "1-2"
		for b.Loop() {
			w := httptest.NewRecorder()
			p.h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
			if w.Code != http.StatusOK {
				b.Fatal(w.Code)
			}
		}
	})

}
