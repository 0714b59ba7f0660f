package web

import (
	"net/http"
	"net/url"

	"postald/internal/store"
	"postald/internal/tournament"
)

// canonical answers a request for a tournament's pages written with its code spelt otherwise —
// in Latin letters as the letters advertise it (/t/ZK-1/ for «ЗК-1»), in another case, copied
// by its looks — by sending it to the same page under the code itself (302), as letters and
// the judge's commands read such a code (tournament.LookupCode). A registered code, or one that
// fits no tournament or more than one, goes on to next as it is. The redirect is not kept by
// browsers: a code freed by archiving may be another tournament's later.
func (s *server) canonical(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		written := r.PathValue("code")
		if s.known != nil {
			if _, _, ok := s.known.Tournament(written); ok {
				next(w, r) // a code the office counts is a tournament's own: nothing to read
				return
			}
		}
		var codes []string
		err := s.opt.Store.View(func(tx *store.Tx) (err error) { codes, err = tx.Tournaments(); return err })
		if err != nil { // the page's own read says what is wrong
			next(w, r)
			return
		}
		code, ok := tournament.LookupCode(codes, written)
		if !ok || code == written {
			next(w, r)
			return
		}
		target := tournamentPath(code)
		if file := r.PathValue("file"); file != "" {
			target += url.PathEscape(file)
		}
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusFound)
	}
}
