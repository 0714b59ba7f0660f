package main

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"postald/internal/mailtest"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/store"
)

// TestAttachedLetterThroughStack plays letters sent as files through the real Dovecot and
// Postfix. Petrov writes his reply in a word processor and sends it as a Word document under a
// line that says so: his move is played, Ivanov's forward carries it, and Petrov's answer names
// the file read. Ivanov then sends his move as a PDF, which postald does not read: nothing is
// played or charged, and his answer names the file and asks for the move in the text.
func TestAttachedLetterThroughStack(t *testing.T) {
	g := pairAfterFirstMove(t)
	ivanov, petrov := g.white, g.black

	g.at(t, 3)
	docx := mailtest.Unique("docx-")
	g.sendMIME(t, petrov, "Re: "+g.code+" партия 1-2", mailtest.Attached("Добрый день!\n\nХод во вложении.",
		mailtest.File{Name: "Ход 1.docx", Type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
			Data: mailtest.Docx("Ваш ход 1. c3-d4 получил.", "Мой ход: 1... f6-g5", "С уважением, Пётр")}), docx)
	if fwd := bodyText(t, g.st.WaitMessage(t, ivanov, "INBOX", docx, 30*time.Second).Raw); !strings.Contains(fwd, "Мой ход: 1... f6-g5") {
		t.Errorf("Ivanov's forward does not carry the move written in the document:\n%s", fwd)
	}
	if ack := bodyText(t, g.st.WaitMessage(t, petrov, "INBOX", docx, 30*time.Second).Raw); !strings.Contains(ack, "«Ход 1.docx»") {
		t.Errorf("Petrov's answer does not name the document read:\n%s", ack)
	}
	load := func() referee.Game {
		t.Helper()
		var gm referee.Game
		if err := g.db.View(func(tx *store.Tx) (err error) {
			gm, err = loadStored(tx, store.GameID{Tournament: g.code, Game: "1-2"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return gm
	}
	before := load()
	if moves := before.MoveList(); len(moves) != 2 || moves[1] != "1... f6-g5" {
		t.Fatalf("game 1-2 after the document: %v", moves)
	}
	// The judge sees what postald read: judge letter shows the document's text.
	var v reading.GameView
	g.judgeJSON(t, &v, "show", "--json", g.code+"/1-2")
	seq := uint64(0)
	for _, l := range v.Letters {
		if strings.HasPrefix(l.MessageID, docx) {
			seq = l.Seq
		}
	}
	if text := g.judge(t, "letter", g.code+"/1-2", strconv.FormatUint(seq, 10)); seq == 0 || !strings.Contains(text, "Мой ход: 1... f6-g5") {
		t.Errorf("judge letter does not show the document's text (letter #%d):\n%s", seq, text)
	}

	g.at(t, 5)
	pdf := mailtest.Unique("pdf-")
	g.sendMIME(t, ivanov, "Re: "+g.code+" партия 1-2", mailtest.Attached("Ход во вложении.\nИван",
		mailtest.File{Name: "ход.pdf", Type: "application/pdf", Data: []byte("%PDF-1.4\n%%EOF\n")}), pdf)
	notice := bodyText(t, g.st.WaitMessage(t, ivanov, "INBOX", pdf, 30*time.Second).Raw)
	if !strings.Contains(notice, "«ход.pdf»") || !strings.Contains(notice, "штраф не начисляется") {
		t.Errorf("Ivanov's answer does not name the PDF or says a penalty is charged:\n%s", notice)
	}
	after := load()
	if len(after.MoveList()) != 2 || after.Time() != before.Time() {
		t.Errorf("the PDF changed the game: moves %v, time %v (before %v)", after.MoveList(), after.Time(), before.Time())
	}
	if err := g.db.VerifyAll(); err != nil {
		t.Errorf("archive: %v", err)
	}
}
