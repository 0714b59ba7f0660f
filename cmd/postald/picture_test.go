package main

import (
	"bytes"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"

	"postald/internal/mailtest"
)

// TestPictureLetterThroughDovecot: the forwarded move and the acknowledgement, as Postfix
// delivered them to the players' Dovecot mailboxes, are the text first, then HTML showing the
// same text and the position as a picture by cid:; the picture is in the letter once, inline and
// named GAME-MOVE.png, so that mail programs show it and offer it as a file.
func TestPictureLetterThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	token := mailtest.Unique("picture-")
	g.send(t, g.white, "My move: 1. c3-d4", token, 0)
	for _, u := range []string{g.black, g.white} { // the forwarded move, the acknowledgement
		m := g.st.WaitMessage(t, u, "INBOX", token, 30*time.Second)
		checkPictureLetter(t, u, m.Raw, "1. c3-d4", "1-2-1.png")
	}
}

func checkPictureLetter(t *testing.T, who string, raw []byte, text, file string) {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", who, err)
	}
	type part struct {
		ct, cid, disp, name string
		body                []byte
	}
	var parts []part
	err = e.Walk(func(path []int, p *message.Entity, err error) error {
		if err != nil {
			return err
		}
		ct, _, _ := p.Header.ContentType()
		disp, params, _ := p.Header.ContentDisposition()
		x := part{ct: ct, cid: strings.Trim(p.Header.Get("Content-Id"), "<>"), disp: disp, name: params["filename"]}
		if !strings.HasPrefix(ct, "multipart/") {
			if x.body, err = io.ReadAll(p.Body); err != nil {
				return err
			}
		}
		parts = append(parts, x)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", who, err)
	}
	var kinds []string
	for _, p := range parts {
		kinds = append(kinds, p.ct)
	}
	want := "multipart/alternative text/plain multipart/related text/html image/png"
	if got := strings.Join(kinds, " "); got != want {
		t.Fatalf("%s: the letter's parts are %s, want %s", who, got, want)
	}
	plain, html, pic := parts[1], parts[3], parts[4]
	if !strings.Contains(string(plain.body), text) || !strings.Contains(string(html.body), text) {
		t.Errorf("%s: the text or the HTML lacks %q:\n%s\n%s", who, text, plain.body, html.body)
	}
	if pic.cid == "" || !strings.Contains(string(html.body), `src="cid:`+pic.cid+`"`) {
		t.Errorf("%s: the HTML does not show the inline picture <%s>:\n%s", who, pic.cid, html.body)
	}
	// A letter with the text diagram (the forwarded move) has the picture beside it: after the
	// diagram's last line (its FEN) and before any text that follows it.
	if h := string(html.body); strings.Contains(strings.ReplaceAll(string(plain.body), "\r\n", "\n"), "\nPosition:\n") {
		pos := strings.Index(h, "Position:")
		fen := strings.Index(h[pos:], "FEN ")
		img := strings.Index(h, "<img ")
		if fen < 0 || img < pos+fen || strings.Contains(h[pos+fen:img], "<pre") || !strings.Contains(h[:pos], "display: inline-block") {
			t.Errorf("%s: the picture is not beside the position:\n%s", who, h)
		}
	}
	if pic.disp != "inline" || pic.name != file {
		t.Errorf("%s: the picture's part is %s %q, want inline %q", who, pic.disp, pic.name, file)
	}
	img, err := png.Decode(bytes.NewReader(pic.body))
	if err != nil {
		t.Fatalf("%s: the picture is not a PNG: %v", who, err)
	}
	if w := img.Bounds().Dx(); w < 300 || w > 500 {
		t.Errorf("%s: the picture is %d px wide, want about 400", who, w)
	}
}
