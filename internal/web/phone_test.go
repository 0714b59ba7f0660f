package web

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"

	"postald/internal/phrase"
)

// phone is the width of the phone the pages are checked at, in CSS pixels (an iPhone 12 to 15).
const phone = 390

// overflowing lists what of the page does not fit the screen's width: the page itself when it
// is wider, an element that scrolls sideways, and every element shown (the tables' hidden
// headings aside) that reaches beyond the screen's left or right edge.
const overflowing = `(() => {
  const w = window.innerWidth, bad = [];
  const root = document.documentElement;
  if (root.scrollWidth > w) bad.push('the page is ' + root.scrollWidth + ' px wide');
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('thead')) continue;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (cs.display === 'none' || r.width === 0 && r.height === 0) continue;
    const what = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className ? '.' + el.className : '') + ' «' + el.textContent.trim().slice(0, 40) + '»';
    if (r.left < -0.5 || r.right > w + 0.5) bad.push(what + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' px');
    if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) bad.push(what + ' scrolls sideways: ' + el.scrollWidth + ' px in ' + el.clientWidth);
  }
  return bad;
})()`

// inSight lists the cells selector matches with their text, and whether each is shown whole on
// the screen's width.
func inSight(selector string) string {
	return fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(c => { const r = c.getBoundingClientRect(); return [c.textContent.trim(), r.width > 0 && r.left >= 0 && r.right <= window.innerWidth ? 'seen' : 'hidden']; })`, selector)
}

// TestBrowserPhone: at a phone's width the list of tournaments, the tournament's page and a
// game's page, in both languages, need no scrolling sideways: nothing is wider than the screen
// and nothing scrolls within it; every player's points in the crosstable and the last day to
// move in the clocks are on the screen; the picture's legend, under the board, says how the
// side to move is shown, in the page's language.
func TestBrowserPhone(t *testing.T) {
	b := newBrowser(t)
	r := newRig(t, true)
	r.play(15)
	tp := r.srv.URL + r.tournamentPath()
	toPhone := chromedp.EmulateViewport(phone, 844, chromedp.EmulateMobile)
	for _, lang := range []string{"ru", "en"} {
		q := "?lang=" + lang
		for _, p := range []struct{ name, url string }{
			{"index", r.srv.URL + "/" + q},
			{"tournament", tp + q},
			{"game", tp + "1-2" + q},
			{"game-finished", tp + "2-4" + q},
		} {
			t.Run(lang+"/"+p.name, func(t *testing.T) {
				b.run("load "+p.url, toPhone, chromedp.Navigate(p.url), chromedp.WaitReady(chromedp.CSS("body")))
				if w := value(b, "width", chromedp.Evaluate[int](`window.innerWidth`)); w != phone {
					t.Fatalf("the screen is %d px wide, want %d", w, phone)
				}
				for _, bad := range value(b, "overflow", chromedp.Evaluate[[]string](overflowing)) {
					t.Errorf("%s at %d px: %s", p.name, phone, bad)
				}
				switch p.name {
				case "tournament":
					pts := value(b, "points", chromedp.Evaluate[[][]string](inSight("#crosstable td.pts")))
					if len(pts) != len(r.sheet.Players) {
						t.Errorf("%d players' points in the crosstable, want %d", len(pts), len(r.sheet.Players))
					}
					for _, c := range pts {
						if c[0] == "" || c[1] != "seen" {
							t.Errorf("a player's points %q: %s", c[0], c[1])
						}
					}
				case "game":
					days := value(b, "last day", chromedp.Evaluate[[][]string](inSight("#clocks td.lastday")))
					seen := 0
					for _, c := range days {
						if c[0] != "" {
							seen++
							if c[1] != "seen" {
								t.Errorf("the last day %q: %s", c[0], c[1])
							}
						}
					}
					if seen != 1 {
						t.Errorf("%d last days to move in the clocks %q, want the side to move's", seen, days)
					}
					legend := value(b, "legend", chromedp.Evaluate[string](`(() => { const l = document.getElementById('board-legend'); return l && l.getBoundingClientRect().width > 0 ? l.textContent : ''; })()`))
					if want := phrase.For(lang).Picture.ToMove; legend != want {
						t.Errorf("the picture's legend %q, want %q", legend, want)
					}
				}
				if lang == "ru" {
					b.noLatin(p.name)
				}
				b.clean(p.name)
				b.shot("phone-" + lang + "-" + p.name)
			})
		}
	}
}

// TestBrowserLatinCode: the tournament's address with its code in Latin letters, as the
// letters advertise it (ZK-1 for «ЗК-1»; here PT-2026 for «ПТ-2026»), opens the tournament's
// page, and a game's address its page, in the language asked for.
func TestBrowserLatinCode(t *testing.T) {
	b := newBrowser(t)
	r := newRig(t, true)
	r.play(4)
	for _, tc := range []struct{ path, where, heading string }{
		{"/t/PT-2026/", r.tournamentPath(), "Турнир ПТ-2026 «Первенство клуба по переписке»"},
		{"/t/pt-2026/1-2?lang=en", r.tournamentPath() + "1-2?lang=en", "Game 1-2: Иванов Пётр Сергеевич – Петров Иван"},
	} {
		b.run("load "+tc.path, chromedp.Navigate(r.srv.URL+tc.path), chromedp.WaitReady(chromedp.CSS("h1")))
		loc, err := url.Parse(value(b, "location", chromedp.Location()))
		if err != nil {
			t.Fatal(err)
		}
		got := loc.EscapedPath()
		if loc.RawQuery != "" {
			got += "?" + loc.RawQuery
		}
		if got != tc.where {
			t.Errorf("%s ends at %s, want %s", tc.path, got, tc.where)
		}
		if h := value(b, "heading", chromedp.Text(chromedp.CSS("h1"))); h != tc.heading {
			t.Errorf("%s: the heading %q, want %q", tc.path, h, tc.heading)
		}
		b.clean(tc.path)
	}
}
