package store_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"postald/internal/store"
)

func ExampleOpen() {
	dir, err := os.MkdirTemp("", "postald")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	db, err := store.Open(filepath.Join(dir, "postald.db"), store.Options{Timeout: 5 * time.Second})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	// A second postald on the same file gives up after its timeout.
	_, err = store.Open(db.Path(), store.Options{Timeout: 10 * time.Millisecond})
	fmt.Println(strings.HasPrefix(err.Error(), "store is in use by another postald (pid "))
	// Output: true
}

func ExampleDB_ProcessLetter() {
	dir, err := os.MkdirTemp("", "postald")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(filepath.Join(dir, "postald.db"), store.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	received := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
	game := store.GameID{Tournament: "CT-2026/1", Game: "3-7"}
	next := received.AddDate(0, 0, 3)
	outcome := store.LetterOutcome{
		Ref:       store.MessageRef{Mailbox: "INBOX", UIDValidity: 7, UID: 41},
		MessageID: "<a1@example.org>",
		Raw:       []byte("From: ivan@example.org\r\nSubject: CT-2026/1 game 3-7\r\n\r\nMy move: 12. g3:e5\r\n"),
		Received:  received,
		Now:       received.Add(time.Second),
		Game:      game, Move: 12, Verdict: "accepted",
		State:     &store.GameState{Format: 1, Data: []byte(`{"moves":["12. g3:e5"]}`)},
		NextEvent: &next,
		Outgoing: []store.Outgoing{{
			From: "moves@club.example", To: []string{"petr@example.net"}, Game: game, Move: 12, Verdict: "accepted",
			Raw: []byte("From: moves@club.example\r\nTo: petr@example.net\r\nSubject: CT-2026/1 game 3-7\r\n\r\n12. g3:e5\r\n"),
		}},
	}
	a, err := db.ProcessLetter(outcome)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.Inbound.State, a.Receipt.Chain, a.Receipt.Seq, len(a.Outbox))

	// After a crash the same letter is fetched again: nothing is applied twice.
	again, err := db.ProcessLetter(outcome)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(again.Duplicate)

	n, err := db.Verify(game)
	fmt.Println(n, err)
	// Output:
	// done CT-2026/1/3-7 1 1
	// true
	// 2 <nil>
}
