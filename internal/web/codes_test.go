package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestLatinCode: the tournament's pages answer under the code's Latin spelling, in any case and
// copied by its looks, as letters and commands read it: the request is sent to the same page
// under the code itself, its file and query kept; a code that fits no tournament is a page not
// found.
func TestLatinCode(t *testing.T) {
	r := newRig(t, true)
	r.play(4)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tp := r.tournamentPath() // /t/%D0%9F%D0%A2-2026/: «ПТ-2026»
	for _, tc := range []struct{ path, location string }{
		{"/t/PT-2026/", tp},
		{"/t/pt-2026/", tp},
		{"/t/%D0%BF%D1%82-2026/", tp}, // «пт-2026», in small letters
		{"/t/PT-2026/?lang=en", tp + "?lang=en"},
		{"/t/PT-2026/1-2", tp + "1-2"},
		{"/t/PT-2026/1-2?ply=3&lang=en", tp + "1-2?ply=3&lang=en"},
		{"/t/PT-2026/1-2.png?ply=2", tp + "1-2.png?ply=2"},
		{"/t/PT-2026/1-2.pdn", tp + "1-2.pdn"},
		{"/t/PT-2026/games.pdn", tp + "games.pdn"},
	} {
		res, err := client.Get(r.srv.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusFound || res.Header.Get("Location") != tc.location {
			t.Errorf("GET %s: %d to %q, want 302 to %q", tc.path, res.StatusCode, res.Header.Get("Location"), tc.location)
		}
	}
	// Followed, the Latin address opens the tournament's page and the game's.
	for path, want := range map[string]string{
		"/t/PT-2026/":    "Турнир ПТ-2026 «Первенство клуба по переписке»",
		"/t/PT-2026/1-2": "Партия 1-2: Иванов Пётр Сергеевич – Петров Иван",
	} {
		status, body, _ := r.get(path)
		if status != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d, want the page with %q", path, status, want)
		}
	}
	for _, path := range []string{"/t/ZK-1/", "/t/PT-2027/", "/t/PT-2026/9-9"} {
		if status, body, _ := r.get(path); status != http.StatusNotFound || !strings.Contains(body, "Такой страницы нет.") {
			t.Errorf("GET %s: %d, want a page not found", path, status)
		}
	}
	// The code itself is served without a detour.
	res, err := client.Get(r.srv.URL + tp + "?lang=" + url.QueryEscape("en"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET %s: %d, want 200", tp, res.StatusCode)
	}
}
