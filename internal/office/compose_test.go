package office

import (
	"bytes"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"
	"time"

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
