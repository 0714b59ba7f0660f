package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"postald/internal/referee"
)

// t0 is the instant tests start from.
var t0 = time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)

// openTemp opens a new store in a temporary directory. On cleanup it closes
// it and checks bbolt's consistency and every archive chain.
func openTemp(t testing.TB) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "postald.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeChecked(t, db) })
	return db
}

// closeChecked checks db and closes it; closing twice is harmless.
func closeChecked(t testing.TB, db *DB) {
	t.Helper()
	if err := db.Check(); err != nil && !errors.Is(err, bolterrors.ErrDatabaseNotOpen) {
		t.Errorf("consistency: %v", err)
	}
	if err := db.VerifyAll(); err != nil && !errors.Is(err, bolterrors.ErrDatabaseNotOpen) {
		t.Errorf("archive: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Error(err)
	}
}

// update runs fn in a write transaction and fails the test on error.
func update(t testing.TB, db *DB, fn func(tx *Tx) error) {
	t.Helper()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// view runs fn in a read transaction and fails the test on error.
func view(t testing.TB, db *DB, fn func(tx *Tx) error) {
	t.Helper()
	if err := db.View(fn); err != nil {
		t.Fatal(err)
	}
}

// dump lists every bucket, nested bucket, sequence, key and value of the
// file, in order, one per line.
func dump(t testing.TB, db *DB) string {
	t.Helper()
	var sb strings.Builder
	var walk func(path string, b *bolt.Bucket) error
	walk = func(path string, b *bolt.Bucket) error {
		fmt.Fprintf(&sb, "%s seq=%d\n", path, b.Sequence())
		return b.ForEach(func(k, v []byte) error {
			if v == nil {
				return walk(path+"/"+hex.EncodeToString(k), b.Bucket(k))
			}
			fmt.Fprintf(&sb, "%s %x=%x\n", path, k, v)
			return nil
		})
	}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error { return walk(string(name), b) })
	})
	if err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// rawUpdate runs fn on the bbolt file at path directly, outside the store,
// as someone tampering with the file would.
func rawUpdate(t testing.TB, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// letter is a small RFC 5322 letter from a player.
func letter(msgID, body string) []byte {
	var b bytes.Buffer
	b.WriteString("From: Ivan Sidorov <ivan@example.org>\r\n")
	b.WriteString("To: moves@club.example\r\n")
	if msgID != "" {
		b.WriteString("Message-ID: <" + msgID + ">\r\n")
	}
	b.WriteString("Subject: CT-2026/1 game 3-7\r\n\r\n")
	b.WriteString(body + "\r\n")
	return b.Bytes()
}

// reply is a small RFC 5322 letter from postald, without a Message-ID.
func reply(body string) Outgoing {
	return Outgoing{
		From: "moves@club.example",
		To:   []string{"petr@example.net"},
		Raw:  []byte("From: moves@club.example\r\nTo: petr@example.net\r\nSubject: CT-2026/1 game 3-7\r\n\r\n" + body + "\r\n"),
		Game: game37, Verdict: "accepted",
	}
}

var (
	game37 = GameID{Tournament: "CT-2026/1", Game: "3-7"}
	game12 = GameID{Tournament: "CT-2026/1", Game: "1-2"}
	inbox  = func(uidvalidity, uid uint32) MessageRef {
		return MessageRef{Mailbox: "INBOX", UIDValidity: uidvalidity, UID: uid}
	}
)

func sha256Sum(b []byte) [32]byte { return sha256.Sum256(b) }

func itoa(n int) string { return strconv.Itoa(n) }

// encodeGameV1 is a game record as schema versions 1 and 2 wrote it: recordV1,
// the 2-byte format, the state. Frozen here for the files of those versions.
func encodeGameV1(st GameState) []byte {
	b := append([]byte{recordV1}, byte(st.Format>>8), byte(st.Format))
	return append(b, st.Data...)
}

// newTextLogger logs as text into w.
func newTextLogger(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }

// editEntry is the stored recordV3 entry v of chain with its header and letter changed by edit,
// its hashes kept as they were: an entry edited in the file by someone who can write it.
func (tx *Tx) editEntry(chain string, v []byte, edit func(header, raw []byte) ([]byte, []byte)) ([]byte, error) {
	if len(v) == 0 || v[0] != recordV3 {
		return nil, fmt.Errorf("entry of record version %d, want %d", v[0], recordV3)
	}
	n := len(Digest{})
	header, raw, err := tx.unpackLetter(chainTournament(chain), v[2+3*n:])
	if err != nil {
		return nil, err
	}
	header, raw = edit(bytes.Clone(header), bytes.Clone(raw))
	payload, err := tx.packLetter(chainTournament(chain), header, raw)
	if err != nil {
		return nil, err
	}
	return append(bytes.Clone(v[:2+3*n]), payload...), nil
}

// codecTx is a Tx on the raw transaction tx that can read and write packed letters, with the
// file's dictionaries.
func codecTx(tx *bolt.Tx) (*Tx, error) {
	db := &DB{path: tx.DB().Path()}
	if err := db.codec.loadDicts(tx, false); err != nil {
		return nil, err
	}
	return &Tx{tx: tx, db: db}, nil
}

// dumpState is dump without what the deep check records of itself (the chains' verified points
// and the marks of what is new): two files that hold the same state, opened a different number
// of times, differ there only.
func dumpState(t testing.TB, db *DB) string {
	t.Helper()
	var sb strings.Builder
	for line := range strings.Lines(dump(t, db)) {
		if strings.HasPrefix(line, string(bucketVerified)+" ") || strings.HasPrefix(line, string(bucketUnverified)+" ") {
			continue
		}
		// The delivery key is drawn at random by the migration each file went through.
		if strings.HasPrefix(line, string(bucketMeta)+" "+hex.EncodeToString(metaDeliveryKey)+"=") {
			continue
		}
		sb.WriteString(line)
	}
	return sb.String()
}

// ruled is the entry of a ruling of the referee's kind k, for the tests' rulings.
func ruled(k string) Entry { return GameRuling{referee.Ruling{Kind: referee.RuleKind(k)}} }
