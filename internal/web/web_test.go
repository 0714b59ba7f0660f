package web

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"postald/internal/phrase"
	"postald/internal/referee"
)

// get fetches path from the rig's pages and returns the status and the body.
func (r *rig) get(path string) (int, string, http.Header) {
	r.t.Helper()
	res, err := http.Get(r.srv.URL + path)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		r.t.Fatal(err)
	}
	return res.StatusCode, string(b), res.Header
}

func (r *rig) tournamentPath() string { return "/t/" + url.PathEscape(r.sheet.Code) + "/" }

// TestRoutes: every route answers with what it should, in the tournament's language and in the
// other one, and no page shows a proposed variant.
func TestRoutes(t *testing.T) {
	r := newRig(t, true)
	line := r.play(9)
	tp := r.tournamentPath()
	for _, tc := range []struct {
		path, ctype string
		status      int
		want        []string
	}{
		{"/", "text/html", 200, []string{"Турниры по переписке", "ПТ-2026", "Первенство клуба", "6 партий", ">English<"}},
		{"/?lang=en", "text/html", 200, []string{"Correspondence tournaments", "6 games", ">Русский<"}},
		{tp, "text/html", 200, []string{"Турнирная таблица", "Партии в игре", "Иванов Пётр Сергеевич", `href="` + tp + `1-2"`, "games.pdn"}},
		{tp + "?lang=en", "text/html", 200, []string{"Crosstable", "Games in play", `href="` + tp + `1-2?lang=en"`}},
		{tp + "1-2", "text/html", 200, []string{"Партия 1-2: Иванов Пётр Сергеевич – Петров Иван", "Ход чёрных", line[8], "1-2.png?ply=9", "Штраф", "Ход не повторён в письме."}},
		{tp + "1-2?ply=3", "text/html", 200, []string{"1-2.png?ply=3", `aria-current="true">` + line[2] + "<"}},
		{tp + "1-2?ply=99", "text/html", 404, []string{"Такой страницы нет."}},
		{tp + "1-2?lang=en", "text/html", 200, []string{"Game 1-2", "Black to move", "The judge&#39;s rulings"}},
		{tp + "1-2.png?ply=2", "image/png", 200, nil},
		{tp + "1-2.pdn", "application/x-draughts-pdn", 200, []string{`[White "Иванов Пётр Сергеевич"]`, line[0]}},
		{tp + "games.pdn", "application/x-draughts-pdn", 200, []string{`[Round "1-2"]`, `[Round "4-3"]`}},
		{"/t/НЕТ/", "text/html", 404, []string{"Такой страницы нет."}},
		{tp + "9-9", "text/html", 404, nil},
		{"/nothing", "text/html", 404, nil},
		{"/healthz", "text/plain", 200, []string{"ok"}},
		{"/static/step.js", "javascript", 200, []string{"ArrowRight"}},
		{"/metrics", "text/plain", 200, []string{"postald_letters_total"}},
	} {
		status, body, h := r.get(tc.path)
		if status != tc.status || !strings.Contains(h.Get("Content-Type"), tc.ctype) {
			t.Errorf("GET %s: %d %s, want %d %s", tc.path, status, h.Get("Content-Type"), tc.status, tc.ctype)
		}
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s: no %q", tc.path, w)
			}
		}
		if strings.Contains(body, secretLabel) {
			t.Errorf("GET %s shows the proposed variant", tc.path)
		}
	}
	if got, want := r.lastPicture(), fenAfter(t, line, 2); got != want {
		t.Errorf("picture of ply 2: %s, want %s", got, want)
	}
}

// TestChannelMarks: on the game's page, in either language, a move that came on a card or in a
// call is marked after its date, the mark explained in its title; the moves by e-mail are not;
// the game's PDN follows the marked moves with a comment.
func TestChannelMarks(t *testing.T) {
	r := newRig(t, true)
	line := openLine(t, 4)
	for k := range 4 {
		r.letter("1-2", k, line)
	}
	r.via("1-2", map[int]referee.Channel{1: referee.ChannelPost, 4: referee.ChannelPhone})
	tp := r.tournamentPath()
	for _, lang := range []string{"ru", "en"} {
		ch := &phrase.For(lang).Channels
		_, body, _ := r.get(tp + "1-2?lang=" + lang)
		if n := strings.Count(body, `class="via"`); n != 2 {
			t.Errorf("%s: %d moves marked, want 2", lang, n)
		}
		for _, want := range []string{
			`<span class="via" title="` + ch.CardTitle + `">` + ch.Card + `</span></td>`,
			`<span class="via" title="` + ch.CallTitle + `">` + ch.Call + `</span></td>`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the page has no %q", lang, want)
			}
		}
	}
	_, pdn, _ := r.get(tp + "1-2.pdn")
	if want := "1. " + line[0] + " {открытка} " + line[1] + " 2. " + line[2] + " " + line[3] + " {звонок}"; !strings.Contains(pdn, want) {
		t.Errorf("the PDN has no %q:\n%s", want, pdn)
	}
}

// TestTextDiagram: without a picture the game's page shows the text diagram of the position
// after the ply asked for.
func TestTextDiagram(t *testing.T) {
	r := newRig(t, false)
	r.play(4)
	_, body, _ := r.get(r.tournamentPath() + "1-2?ply=0")
	if !strings.Contains(body, `<pre id="board-text"`) || strings.Contains(body, ".png") {
		t.Errorf("no text diagram:\n%s", body)
	}
	if status, _, _ := r.get(r.tournamentPath() + "1-2.png"); status != 404 {
		t.Errorf("picture without a Picture: %d", status)
	}
}

// TestMetrics: /metrics parses as the Prometheus text format and counts the letters decided.
func TestMetrics(t *testing.T) {
	r := newRig(t, true)
	r.play(6)
	_, body, _ := r.get("/metrics")
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("metrics do not parse: %v\n%s", err, body)
	}
	sum := func(name, label, value string) float64 {
		f := families[name]
		if f == nil {
			t.Fatalf("no %s", name)
		}
		var n float64
		for _, m := range f.GetMetric() {
			ok := label == ""
			for _, l := range m.GetLabel() {
				ok = ok || (l.GetName() == label && l.GetValue() == value)
			}
			if !ok {
				continue
			}
			switch {
			case m.Counter != nil:
				n += m.GetCounter().GetValue()
			case m.Gauge != nil:
				n += m.GetGauge().GetValue()
			case m.Histogram != nil:
				n += float64(m.GetHistogram().GetSampleCount())
			}
		}
		return n
	}
	if got := sum("postald_letters_total", "verdict", "accepted"); got != 9 { // 6 in 1-2, 3 in 4-3
		t.Errorf("letters accepted: %v, want 9\n%s", got, body)
	}
	if got := sum("postald_decision_seconds", "", ""); got != 9 {
		t.Errorf("decisions timed: %v, want 9", got)
	}
	if got := sum("postald_games", "status", "playing"); got != 4 {
		t.Errorf("games playing: %v, want 4", got)
	}
	if got := sum("postald_games", "status", "finished"); got != 2 {
		t.Errorf("games finished: %v, want 2", got)
	}
	if got := sum("postald_outbox_depth", "", ""); got < 9 {
		t.Errorf("outbox depth %v: the letters postald wrote are not counted", got)
	}
	for _, name := range []string{"postald_send_failures_total", "postald_imap_reconnects_total"} {
		if families[name] == nil {
			t.Errorf("no %s", name)
		}
	}
}
