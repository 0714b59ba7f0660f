package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"postald/internal/langcheck"
	"postald/internal/phrase"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/tournament"
)

// The pages in a real browser: Debian's headless Chromium, driven by chromedp. scripts/test
// installs it and sets BROWSER_REQUIRED=1, which turns a missing browser into a failure; a
// developer's run without it skips. POSTALD_SHOTS names a directory for screenshots of every
// page, at a desktop's and a phone's width.

// chromium is the browser's path: $CHROMIUM, else Debian's.
func chromium(t *testing.T) string {
	t.Helper()
	path := os.Getenv("CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("BROWSER_REQUIRED") == "1" {
			t.Fatalf("BROWSER_REQUIRED=1 and no browser at %s: %v", path, err)
		}
		t.Skipf("no browser at %s (apt-get install chromium, or set CHROMIUM)", path)
	}
	return path
}

// browser is one headless Chromium with a fresh profile, and the errors its pages reported.
type browser struct {
	t   *testing.T
	ctx context.Context

	mu     sync.Mutex
	errors []string
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute) // under -race on a loaded machine
	t.Cleanup(func() { cancelT(); cancelB(); cancelA() })
	b := &browser{t: t, ctx: ctx}
	// The first action starts the browser; the console is read from then on, in a goroutine
	// of its own, every message of the kind "error" or "exception" kept.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start %s: %v", chromium(t), err)
	}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				b.mu.Lock()
				b.errors = append(b.errors, fmt.Sprintf("%s (%s:%d)", m, m.URL, m.Line+1))
				b.mu.Unlock()
			}
		}
	}()
	return b
}

// run runs actions, failing the test on an error.
func (b *browser) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// value runs an action that gives a value, failing the test on an error.
func value[T any](b *browser, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, a)
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// scripts turns the page's JavaScript off or on again.
func scripts(on bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !on})
		return err
	})
}

// clean fails the test if a page reported an error since the last call.
func (b *browser) clean(page string) {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.errors {
		b.t.Errorf("%s: %s", page, e)
	}
	b.errors = nil
}

// shot saves a screenshot of the whole page as name.png under $POSTALD_SHOTS, at a desktop's
// width and at a phone's.
func (b *browser) shot(name string) {
	b.t.Helper()
	dir := os.Getenv("POSTALD_SHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	for _, size := range []struct {
		suffix string
		w, h   int64
		mobile bool
	}{{"", 1280, 900, false}, {"-phone", 390, 844, true}} {
		opts := []chromedp.EmulateViewportOption{}
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		b.run("viewport "+name, chromedp.EmulateViewport(size.w, size.h, opts...), chromedp.Sleep(300*time.Millisecond))
		png := value(b, "screenshot "+name, chromedp.FullScreenshot(100))
		if err := os.WriteFile(filepath.Join(dir, name+size.suffix+".png"), png, 0o644); err != nil {
			b.t.Fatal(err)
		}
	}
	b.run("viewport", chromedp.EmulateViewport(1280, 900))
}

// noLatin fails the test if the visible text of the page in Russian holds an English word.
func (b *browser) noLatin(page string) {
	b.t.Helper()
	text := value(b, "text of "+page, chromedp.Evaluate[string](`document.body.innerText`))
	for _, line := range strings.Split(text, "\n") {
		// X marks the crosstable's diagonal; PDN is a format's name; moves are in the board's
		// notation (a1…h8).
		if bad := langcheck.Latin(line, "X", "PDN", "English"); len(bad) > 0 && !notation(line) {
			b.t.Errorf("%s: English %q in %q", page, bad, line)
		}
	}
}

// notation reports whether a line is a move of the list or a diagram row: squares, not words.
func notation(line string) bool {
	f := strings.Fields(line)
	for _, w := range f {
		w = strings.Trim(w, ".:-…()")
		if len(w) == 2 && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' && w[1] <= '8' {
			return true
		}
		if strings.ContainsAny(w, ":-") && len(w) == 5 {
			return true
		}
	}
	return false
}

// TestBrowser: every page loads in Chromium with no console error, in both languages; the
// crosstable's cells are those `postald crosstable` computes from the same results; the step
// through the moves (buttons, arrow keys, a move clicked; and without JavaScript, plain links)
// shows the position after the move chosen.
func TestBrowser(t *testing.T) {
	b := newBrowser(t)
	r := newRig(t, true)
	line := r.play(15)
	tp := r.srv.URL + r.tournamentPath()

	// The watch on the console sees an error, so that its silence on the pages means something.
	b.run("probe", chromedp.Navigate(`data:text/html,<script>console.error("probe")</script>`))
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		b.mu.Lock()
		seen := len(b.errors) > 0
		b.errors = nil
		b.mu.Unlock()
		if seen {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a console.error was not seen")
		}
	}

	for _, p := range []struct{ name, url string }{
		{"index", r.srv.URL + "/"},
		{"index-en", r.srv.URL + "/?lang=en"},
		{"tournament", tp},
		{"tournament-en", tp + "?lang=en"},
		{"game", tp + "1-2"},
		{"game-en", tp + "1-2?lang=en&ply=7"},
		{"game-finished", tp + "2-4"},
	} {
		b.run("load "+p.name, chromedp.Navigate(p.url), chromedp.WaitReady(chromedp.CSS("body")))
		if !strings.HasSuffix(p.name, "-en") {
			b.noLatin(p.name)
		}
		b.shot(p.name)
		b.clean(p.name)
	}

	t.Run("crosstable", func(t *testing.T) {
		b.run("tournament", chromedp.Navigate(tp), chromedp.WaitReady(chromedp.CSS("#crosstable")))
		cells := value(b, "crosstable", chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll('#crosstable tr')).map(tr => Array.from(tr.children).map(c => c.textContent))`))
		want := cliCrosstable(t, r)
		if fmt.Sprint(cells) != fmt.Sprint(want) {
			t.Errorf("crosstable on the page:\n%q\nwant, as postald crosstable computes it:\n%q", cells, want)
		}
	})

	t.Run("step", func(t *testing.T) {
		n := len(line)
		b.run("game", chromedp.Navigate(tp+"1-2"), chromedp.WaitReady(chromedp.CSS("#board-img")))
		r.wantBoard(b, n, line)
		b.run("left", chromedp.KeyEvent(kb.ArrowLeft))
		r.wantBoard(b, n-1, line)
		b.run("left", chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft))
		r.wantBoard(b, n-3, line)
		b.run("click move 3", chromedp.Click(chromedp.CSS(`#moves a[data-ply="3"]`)))
		r.wantBoard(b, 3, line)
		b.run("right", chromedp.KeyEvent(kb.ArrowRight))
		r.wantBoard(b, 4, line)
		b.run("first", chromedp.Click(chromedp.CSS(`#steps a[data-step="first"]`)))
		r.wantBoard(b, 0, line)
		b.run("next", chromedp.Click(chromedp.CSS(`#steps a[data-step="next"]`)))
		r.wantBoard(b, 1, line)
		b.run("end", chromedp.Click(chromedp.CSS(`#steps a[data-step="last"]`)))
		r.wantBoard(b, n, line)
		url := value(b, "url", chromedp.Location())
		if !strings.Contains(url, "ply="+strconv.Itoa(n)) {
			t.Errorf("address after the steps: %s", url)
		}
		b.shot("game-step")
		b.clean("step")
	})

	t.Run("no-script", func(t *testing.T) {
		b.run("no script", scripts(false), chromedp.Navigate(tp+"1-2?ply=2"), chromedp.WaitReady(chromedp.CSS("#board-img")))
		r.wantBoard(b, 2, line)
		b.run("link 5", chromedp.Click(chromedp.CSS(`#moves a[data-ply="5"]`)), chromedp.WaitReady(chromedp.CSS(`#moves td.current a[data-ply="5"]`)))
		r.wantBoard(b, 5, line)
		b.run("prev", chromedp.Click(chromedp.CSS(`#steps a[data-step="prev"]`)), chromedp.WaitReady(chromedp.CSS(`#moves td.current a[data-ply="4"]`)))
		r.wantBoard(b, 4, line)
		b.run("script on", scripts(true))
		b.clean("no-script")
	})
}

// TestBrowserChannels: in Chromium a move that came on a card or in a call shows its mark after
// its date, with the mark's explanation as its tooltip, in the page's language, and the step
// through the moves is not disturbed by it.
func TestBrowserChannels(t *testing.T) {
	b := newBrowser(t)
	r := newRig(t, true)
	line := openLine(t, 4)
	for k := range 4 {
		r.letter("1-2", k, line)
	}
	r.via("1-2", map[int]referee.Channel{1: referee.ChannelPost, 4: referee.ChannelPhone})
	tp := r.srv.URL + r.tournamentPath()
	const marks = `Array.from(document.querySelectorAll('#moves td.ply')).map(td => { const v = td.querySelector('.via'); return [td.querySelector('a').getAttribute('data-ply'), v ? v.textContent : '', v ? v.title : '', v ? getComputedStyle(v).display : '']; })`
	for _, lang := range []string{"ru", "en"} {
		ch := &phrase.For(lang).Channels
		b.run("game "+lang, chromedp.Navigate(tp+"1-2?lang="+lang), chromedp.WaitReady(chromedp.CSS("#board-img")))
		got := value(b, "marks", chromedp.Evaluate[[][]string](marks))
		want := [][]string{{"1", ch.Card, ch.CardTitle, "inline"}, {"2", "", "", ""}, {"3", "", "", ""}, {"4", ch.Call, ch.CallTitle, "inline"}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: the moves' marks %q, want %q", lang, got, want)
		}
		if lang == "ru" {
			b.noLatin("game-channels")
		}
		b.run("click move 1", chromedp.Click(chromedp.CSS(`#moves a[data-ply="1"]`)))
		r.wantBoard(b, 1, line)
		b.shot("game-channels-" + lang)
		b.clean("game-channels-" + lang)
	}
}

// wantBoard fails the test unless the page shows the position after ply n of line: the
// picture's address asks for it, it loaded, and the picture drawn last is of that position;
// the move is marked and named under the board.
func (r *rig) wantBoard(b *browser, n int, line []string) {
	r.t.Helper()
	// Asked from Go, not by a polling script in the page: the page may have its scripts off.
	check := fmt.Sprintf(`(() => { const i = document.getElementById('board-img'); return !!i && i.complete && i.naturalWidth > 0 && i.src.endsWith('.png?ply=%d'); })()`, n)
	for deadline := time.Now().Add(20 * time.Second); !value(b, "board", chromedp.Evaluate[bool](check)); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			r.t.Fatalf("the board after ply %d did not load", n)
		}
	}
	// The picture the browser shows was drawn of the position after ply n: just now, or when
	// it first asked for it (a reload of the same picture is answered 304, drawing nothing).
	if want := fenAfter(r.t, line, n); !r.drew(want) {
		r.t.Errorf("after ply %d the picture shown is not of %s; the pictures drawn: %v", n, want, r.drawn())
	}
	current := value(b, "marked move", chromedp.Evaluate[string](`(() => { const c = document.querySelector('#moves td.current a'); return c ? c.textContent : ''; })()`))
	caption := value(b, "caption", chromedp.Text(chromedp.CSS("#board-caption")))
	want := ""
	if n > 0 {
		want = line[n-1]
	}
	if current != want {
		r.t.Errorf("after ply %d the move marked is %q, want %q", n, current, want)
	}
	if n > 0 && !strings.Contains(caption, line[n-1]) {
		r.t.Errorf("after ply %d the caption is %q", n, caption)
	}
}

// TestBrowserTextDiagram: without a picture the step keys load the page at the next ply, whose
// text diagram is the position after it.
func TestBrowserTextDiagram(t *testing.T) {
	b := newBrowser(t)
	r := newRig(t, false)
	r.play(6)
	tp := r.srv.URL + r.tournamentPath()
	b.run("game", chromedp.Navigate(tp+"1-2?ply=2"), chromedp.WaitReady(chromedp.CSS("#board-text")))
	b.run("right", chromedp.KeyEvent(kb.ArrowRight), chromedp.WaitReady(chromedp.CSS(`#moves td.current a[data-ply="3"]`)))
	text := value(b, "diagram", chromedp.Evaluate[string](`document.getElementById('board-text').textContent`))
	d, err := reading.NewReader(r.db).Game(r.sheet.Code, "1-2", r.clock())
	if err != nil {
		t.Fatal(err)
	}
	g := referee.Seat{Table: d.Table, Game: d.Game}
	g.Plies = g.Plies[:3]
	want, err := g.Diagram()
	if err != nil {
		t.Fatal(err)
	}
	if text != want {
		t.Errorf("diagram after ply 3:\n%s\nwant\n%s", text, want)
	}
	b.shot("game-text")
	b.clean("text diagram")
}

// cliCrosstable is the crosstable `postald crosstable` prints for the tournament's results as
// they stand, header first: the results file of formats.md written from the store, read back by
// tournament.ParseResults and computed by tournament.Compute, as the command does.
func cliCrosstable(t *testing.T, r *rig) [][]string {
	t.Helper()
	in, _, err := reading.NewReader(r.db).Tournament(r.sheet.Code, r.clock())
	if err != nil {
		t.Fatal(err)
	}
	var f strings.Builder
	fmt.Fprintf(&f, "scoring = %q\nrounds = %d\ntiebreaks = [", r.sheet.Regulation.Scoring, r.sheet.Rounds)
	for i, tb := range r.sheet.Regulation.Tiebreaks {
		if i > 0 {
			f.WriteString(", ")
		}
		fmt.Fprintf(&f, "%q", tb)
	}
	f.WriteString("]\n")
	for _, p := range r.sheet.Players {
		fmt.Fprintf(&f, "\n[[player]]\nnumber = %d\nname = %q\n", p.Number, p.Name)
	}
	for _, g := range in.Games {
		if !g.Result.Finished() {
			continue
		}
		w, bl, err := tournament.ParseGameName(g.Name)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&f, "\n[[game]]\nwhite = %d\nblack = %d\nresult = %q\n", w, bl, g.Result.String())
	}
	table, err := tournament.ParseResults([]byte(f.String()))
	if err != nil {
		t.Fatalf("results file:\n%s\n%v", f.String(), err)
	}
	ct, err := tournament.Compute(table)
	if err != nil {
		t.Fatal(err)
	}
	text := ct.Text(r.sheet.Language)
	rows := append([][]string{ct.Header(r.sheet.Language)}, ct.Rows()...)
	for _, row := range rows[1:] {
		if !strings.Contains(text, row[2]) {
			t.Errorf("postald crosstable's text has no %q:\n%s", row[2], text)
		}
	}
	return rows
}
