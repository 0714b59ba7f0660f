package web

import (
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postald/internal/diagram"
	"postald/internal/mailwrite"
	"postald/internal/rules"
)

// TestBrowserLetterPhone: the HTML of a letter that shows a position — the forwarded move and
// the acknowledgement, with the text diagram, its legend and the FEN — needs no scrolling
// sideways at a phone's width, in both languages: the FEN, one word longer than the screen,
// breaks; the picture shrinks to the screen.
func TestBrowserLetterPhone(t *testing.T) {
	b := newBrowser(t)
	v, err := rules.VariantByID("russian")
	if err != nil {
		t.Fatal(err)
	}
	png, err := diagram.PNG(v.Start(), diagram.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The page served: set by the test between loads, read by the server's handler, which
	// the browser may still call for a load before (its icon, a late request).
	var page atomic.Value
	page.Store("")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page.Load().(string)))
	}))
	defer srv.Close()
	toPhone := chromedp.EmulateViewport(phone, 844, chromedp.EmulateMobile)
	for _, lang := range []string{"ru", "en"} {
		golden, err := os.ReadFile("../referee/testdata/golden/" + lang + "/forward-and-ack.txt")
		if err != nil {
			t.Fatal(err)
		}
		for i, letter := range strings.Split(string(golden), "=== to ")[1:] {
			_, body, _ := strings.Cut(letter, "\n\n")
			heading := map[string]string{"ru": "Позиция:", "en": "Position:"}[lang]
			raw := mailwrite.Compose(mailwrite.Letter{From: mail.Address{Address: "moves@club.example"},
				To: []mail.Address{{Address: "p@club.example"}}, Subject: "1-2", Body: body, Date: time.Date(2026, 11, 6, 9, 0, 0, 0, time.UTC),
				Picture: &mailwrite.Picture{Name: "1-2-2.png", PNG: png, Alt: heading, Beside: []string{heading}}})
			w, err := mailwrite.Read(raw)
			if err != nil || w.HTML == "" {
				t.Fatalf("%s letter %d: no HTML part (%v)", lang, i+1, err)
			}
			if !strings.Contains(w.HTML, "FEN ") {
				t.Fatalf("%s letter %d: its HTML shows no FEN:\n%s", lang, i+1, w.HTML)
			}
			// The picture as the mail program shows it, from the letter's own part.
			html := strings.ReplaceAll(w.HTML, `src="cid:`, `data-cid="`)
			page.Store(strings.Replace(html, "<img ", `<img src="data:image/png;base64,`+base64.StdEncoding.EncodeToString(w.Picture)+`" `, 1))
			b.run("load the letter", toPhone, chromedp.Navigate(srv.URL), chromedp.WaitReady(chromedp.CSS("body")))
			if w := value(b, "width", chromedp.Evaluate[int](`window.innerWidth`)); w != phone {
				t.Fatalf("the letter is laid out %d px wide, want the phone's %d (its viewport)", w, phone)
			}
			for _, bad := range value(b, "overflow", chromedp.Evaluate[[]string](overflowing)) {
				t.Errorf("%s letter %d at %d px: %s", lang, i+1, phone, bad)
			}
			b.clean("letter")
			b.shot("phone-letter-" + lang + "-" + string(rune('1'+i)))
		}
	}
}
