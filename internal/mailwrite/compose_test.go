package mailwrite

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	pngenc "image/png"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"github.com/google/go-cmp/cmp"
)

func TestComposeReadsBack(t *testing.T) {
	l := Letter{
		From:       mail.Address{Name: "Турнирный секретарь", Address: "moves@club.example"},
		To:         []mail.Address{{Name: "Петров Пётр", Address: "petrov@mail.example"}},
		Subject:    "СТ-2026/1 партия 1-2: ход 12. g3:e5",
		Body:       "Здравствуйте!\nХод 12. g3:e5 принят.\nстрока с = и длинным текстом " + strings.Repeat("ж", 60) + "\n",
		MessageID:  "7.1-2.st-2026-1@postald",
		InReplyTo:  "abc@mail.example",
		References: []string{"start.1-2@postald", "abc@mail.example"},
		Date:       time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC),
		Game:       "СТ-2026/1/1-2",
		Verdict:    "corrected",
		Clauses:    []string{"4.2.10", "4.2.14"},
		Time:       "4/9",
	}
	raw := Compose(l)
	if !bytes.Equal(raw, Compose(l)) {
		t.Fatal("Compose is not deterministic: a resend would differ")
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("ReadMessage: %v", err)
	}
	dec := new(mimeDecoder)
	got := map[string]string{
		"Subject":           dec.header(m.Header.Get("Subject")),
		"X-Postald-Game":    dec.header(m.Header.Get("X-Postald-Game")),
		"X-Postald-Verdict": m.Header.Get("X-Postald-Verdict"),
		"X-Postald-Clause":  m.Header.Get("X-Postald-Clause"),
		"X-Postald-Time":    m.Header.Get("X-Postald-Time"),
		"Auto-Submitted":    m.Header.Get("Auto-Submitted"),
		"Message-ID":        m.Header.Get("Message-ID"),
		"In-Reply-To":       m.Header.Get("In-Reply-To"),
		"References":        m.Header.Get("References"),
	}
	want := map[string]string{
		"Subject":           l.Subject,
		"X-Postald-Game":    l.Game,
		"X-Postald-Verdict": "corrected",
		"X-Postald-Clause":  "4.2.10,4.2.14",
		"X-Postald-Time":    "4/9",
		"Auto-Submitted":    "auto-replied",
		"Message-ID":        "<7.1-2.st-2026-1@postald>",
		"In-Reply-To":       "<abc@mail.example>",
		"References":        "<start.1-2@postald> <abc@mail.example>",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("headers (-want +got):\n%s", diff)
	}
	to, err := m.Header.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Address != "petrov@mail.example" || to[0].Name != "Петров Пётр" {
		t.Errorf("To = %v, %v", to, err)
	}
	body := dec.body(t, m)
	if body != strings.ReplaceAll(l.Body, "\n", "\r\n") {
		t.Errorf("body = %q, want %q", body, l.Body)
	}
	for _, line := range strings.Split(string(raw), "\r\n") {
		if len(line) > 78 {
			t.Errorf("line longer than 78 octets: %q", line)
		}
	}
}

func TestComposeAttachment(t *testing.T) {
	l := Letter{
		From:        mail.Address{Address: "moves@club.example"},
		To:          []mail.Address{{Address: "td@club.example"}},
		Subject:     "report",
		Body:        "see the attachment",
		MessageID:   "r.1@postald",
		Date:        time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC),
		Attachments: []Attachment{{Name: "1-2.pdn", ContentType: "application/x-draughts-pdn", Data: []byte("[GameType \"25\"]\n1. c3-d4 *\n")}},
	}
	raw := string(Compose(l))
	for _, want := range []string{"multipart/mixed", `filename=1-2.pdn`, `[GameType "25"]`, "\r\n--postald-"} {
		if !strings.Contains(raw, want) {
			t.Errorf("composed letter lacks %q:\n%s", want, raw)
		}
	}
}

type mimeDecoder struct{}

func (mimeDecoder) header(s string) string {
	d, err := new(mime.WordDecoder).DecodeHeader(s)
	if err != nil {
		return "undecodable: " + s
	}
	return d
}

func (mimeDecoder) body(t *testing.T, m *mail.Message) string {
	t.Helper()
	if m.Header.Get("Content-Transfer-Encoding") != "quoted-printable" {
		t.Fatalf("Content-Transfer-Encoding = %q", m.Header.Get("Content-Transfer-Encoding"))
	}
	b, err := io.ReadAll(quotedprintable.NewReader(m.Body))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestComposeWithPicture: a letter with a diagram is text first, then HTML naming the inline
// picture by cid:; the picture is in the letter once, inline and named, so that a mail program
// shows it in the HTML and offers it as a file; files to attach follow in multipart/mixed.
func TestComposeWithPicture(t *testing.T) {
	var png bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 4, 3))
	if err := pngenc.Encode(&png, img); err != nil {
		t.Fatal(err)
	}
	letter := func(attach []Attachment) Letter {
		return Letter{From: mail.Address{Name: "Секретарь", Address: "moves@club.example"},
			To: []mail.Address{{Address: "ivan@club.example"}}, Subject: "ЗК-1: партия 1-2, ход 5",
			Body: "Ваш ход 5. c3-d4 переслан партнёру.\n\nПозиция:\n 8    b   b\n", MessageID: "m@x",
			Date:        time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC),
			Picture:     &Picture{Name: "1-2-5.png", PNG: png.Bytes(), Alt: "Позиция:"},
			Attachments: attach}
	}
	pdn := []Attachment{{Name: "1-2.pdn", ContentType: "application/x-chess-pdn", Data: []byte("[Event \"x\"]\n")}}
	for _, c := range []struct {
		name   string
		attach []Attachment
		want   []string // the parts, depth first
		files  []string // what Read lists
		pic    string   // the path of the picture's part
	}{
		{"picture alone", nil,
			[]string{"0 multipart/alternative", "0.0 text/plain", "0.1 multipart/related", "0.1.0 text/html", "0.1.1 image/png"},
			[]string{"1-2-5.png"}, "0.1"},
		{"picture and a file", pdn,
			[]string{"0 multipart/mixed", "0.0 multipart/alternative", "0.0.0 text/plain", "0.0.1 multipart/related",
				"0.0.1.0 text/html", "0.0.1.1 image/png", "0.1 application/x-chess-pdn"},
			[]string{"1-2-5.png", "1-2.pdn"}, "0.0.1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := letter(c.attach)
			raw := Compose(l)
			if !bytes.Equal(raw, Compose(l)) {
				t.Error("the same letter is written twice differently")
			}
			parts := walkMIME(t, raw)
			var kinds []string
			for _, p := range parts {
				kinds = append(kinds, p.path+" "+p.contentType)
			}
			if diff := cmp.Diff(c.want, kinds); diff != "" {
				t.Fatalf("MIME structure (-want +got):\n%s", diff)
			}
			byPath := map[string]mimePart{}
			for _, p := range parts {
				byPath[p.path] = p
			}
			text := strings.TrimSuffix(c.pic, ".1") + ".0"
			if got := string(byPath[text].body); got != strings.ReplaceAll(l.Body, "\n", "\r\n") {
				t.Errorf("the plain text is %q", got)
			}
			inline, html := byPath[c.pic+".1"], string(byPath[c.pic+".0"].body)
			cid := strings.Trim(inline.header.Get("Content-Id"), "<>")
			if cid == "" || !strings.Contains(html, `src="cid:`+cid+`"`) {
				t.Errorf("the HTML does not show the inline picture <%s>:\n%s", cid, html)
			}
			if !strings.Contains(html, "Ваш ход 5. c3-d4 переслан партнёру.") {
				t.Errorf("the HTML lacks the letter's text:\n%s", html)
			}
			disp, params, _ := inline.header.ContentDisposition()
			_, typeParams, _ := inline.header.ContentType()
			if disp != "inline" || params["filename"] != "1-2-5.png" || typeParams["name"] != "1-2-5.png" {
				t.Errorf("the picture's part is %s %v, type %v; want inline, named 1-2-5.png", disp, params, typeParams)
			}
			if !bytes.Equal(inline.body, png.Bytes()) {
				t.Error("the picture's part is not the picture")
			}
			// Once: the picture's base64 appears in the letter a single time.
			b64 := base64.StdEncoding.EncodeToString(png.Bytes())
			if n := strings.Count(strings.ReplaceAll(string(raw), "\r\n", ""), b64); n != 1 {
				t.Errorf("the picture is in the letter %d times, want once", n)
			}
			w, err := Read(raw)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.files, w.Files); diff != "" {
				t.Errorf("Read's files (-want +got):\n%s", diff)
			}
			if !bytes.Equal(w.Picture, png.Bytes()) || w.Text != strings.ReplaceAll(l.Body, "\n", "\r\n") || w.Subject != l.Subject {
				t.Errorf("Read gives picture %d bytes, text %q, subject %q", len(w.Picture), w.Text, w.Subject)
			}
			for _, line := range strings.Split(string(raw), "\r\n") {
				if len(line) > 78 {
					t.Errorf("line longer than 78 octets: %q", line)
				}
			}
		})
	}
}

type mimePart struct {
	path, contentType string
	header            message.Header
	body              []byte
}

// walkMIME lists every part of a letter, depth first, with its decoded body.
func walkMIME(t *testing.T, raw []byte) []mimePart {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out []mimePart
	var walk func(e *message.Entity, path string)
	walk = func(e *message.Entity, path string) {
		ct, _, _ := e.Header.ContentType()
		p := mimePart{path: path, contentType: ct, header: e.Header}
		mr := e.MultipartReader()
		if mr == nil {
			p.body, err = io.ReadAll(e.Body)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
			return
		}
		out = append(out, p)
		for i := 0; ; i++ {
			part, err := mr.NextPart()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			walk(part, fmt.Sprintf("%s.%d", path, i))
		}
	}
	walk(e, "0")
	return out
}

// TestPictureBesideItsPosition: in the HTML the picture stands right after the text diagram it
// shows — the block its heading begins — and before the text that follows; a letter whose text
// has no such diagram has it after its text. The plain text is the letter's, as written.
func TestPictureBesideItsPosition(t *testing.T) {
	var png bytes.Buffer
	if err := pngenc.Encode(&png, image.NewGray(image.Rect(0, 0, 4, 3))); err != nil {
		t.Fatal(err)
	}
	body := "Ваш ход 5. c3-d4 переслан партнёру.\nПозиция:\n 8    ч   ч\n 1  б   б\n    a b c d\nFEN W:Wa1:Bb8\n\nСекретарь турнира\n"
	for _, c := range []struct {
		name    string
		beside  []string
		diagram bool // the picture beside the diagram, not after the text
	}{
		{"beside its diagram", []string{"Итоговая позиция:", "Позиция:"}, true},
		{"a heading the text does not have", []string{"Position:"}, false},
		{"no heading", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := Letter{From: mail.Address{Address: "moves@club.example"}, To: []mail.Address{{Address: "ivan@club.example"}},
				Subject: "ЗК-1: партия 1-2, ход 5", Body: body, MessageID: "m@x", Date: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC),
				Picture: &Picture{Name: "1-2-5.png", PNG: png.Bytes(), Alt: "Позиция", Beside: c.beside}}
			var html, text string
			for _, p := range walkMIME(t, Compose(l)) {
				switch p.contentType {
				case "text/html":
					html = string(p.body)
				case "text/plain":
					text = string(p.body)
				}
			}
			if text != strings.ReplaceAll(body, "\n", "\r\n") {
				t.Errorf("the plain text is %q", text)
			}
			at := func(s string) int {
				i := strings.Index(html, s)
				if i < 0 {
					t.Fatalf("the HTML lacks %q:\n%s", s, html)
				}
				return i
			}
			heading, fen, sign, img := at("Позиция:"), at("FEN W:Wa1:Bb8"), at("Секретарь турнира"), at(`<img src="cid:`)
			if c.diagram {
				if !(heading < fen && fen < img && img < sign) {
					t.Errorf("the picture is not right after its diagram (heading %d, FEN %d, picture %d, text after %d):\n%s", heading, fen, img, sign, html)
				}
				if !strings.Contains(html[:img], "display: inline-block") {
					t.Errorf("the diagram and the picture are not side by side:\n%s", html)
				}
			} else if img < sign {
				t.Errorf("without its diagram the picture is not after the text:\n%s", html)
			}
		})
	}
}
