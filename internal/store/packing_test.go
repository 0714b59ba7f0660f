package store

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// picture is n bytes that do not compress, as a PNG's do not: the same seed gives the same
// bytes.
func picture(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// base64Lines writes data in base64 lines of width characters, each ended by eol; the last
// without its ending when !final.
func base64Lines(data []byte, width int, eol string, final bool) string {
	enc := base64.StdEncoding.EncodeToString(data)
	var sb strings.Builder
	for i := 0; i < len(enc); i += width {
		sb.WriteString(enc[i:min(i+width, len(enc))])
		if i+width < len(enc) || final {
			sb.WriteString(eol)
		}
	}
	return sb.String()
}

// pictureLetter is a letter as postald's office writes one with a picture: the text, the HTML
// with the picture inline, and the picture attached again.
func pictureLetter(to, text string, png []byte) []byte {
	b64 := base64Lines(png, 76, "\r\n", true)
	return []byte("From: \"postald\" <moves@club.example>\r\nTo: <" + to + ">\r\nSubject: CT-2026/1 game 3-7: move accepted\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b1\r\n\r\n--b1\r\n" +
		"Content-Type: multipart/alternative; boundary=b2\r\n\r\n--b2\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text + "\r\n" +
		"--b2\r\nContent-Type: multipart/related; boundary=b3\r\n\r\n--b3\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<pre>" + text + "</pre><img src=\"cid:p@x\">\r\n" +
		"--b3\r\nContent-Type: image/png\r\nContent-ID: <p@x>\r\nContent-Transfer-Encoding: base64\r\n\r\n" + b64 +
		"--b3--\r\n--b2--\r\n--b1\r\nContent-Type: image/png\r\nContent-Disposition: attachment; filename=3-7-12.png\r\nContent-Transfer-Encoding: base64\r\n\r\n" + b64 +
		"--b1--\r\n")
}

// rejoin is the letter splitLetter's segments give back.
func rejoin(t testing.TB, raw []byte) ([]byte, int) {
	t.Helper()
	segs := splitLetter(raw)
	parts := map[Digest][]byte{}
	n := 0
	for _, s := range segs {
		if s.part != nil {
			parts[s.part.digest] = s.part.data
			n++
		}
	}
	back, err := joinSegments(appendSegments(nil, segs), func(d Digest) ([]byte, error) {
		p, ok := parts[d]
		if !ok {
			return nil, fmt.Errorf("no part %s", d)
		}
		return p, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return back, n
}

// TestSplitLetter: a letter is given back byte for byte whatever its base64 looks like, and the
// runs that can be written again exactly are kept apart.
func TestSplitLetter(t *testing.T) {
	png := picture(1, 3000)
	for _, tc := range []struct {
		name  string
		raw   string
		parts int
	}{
		{"a letter of text", "From: a@b\r\n\r\nMy move: 11. c3-d4\r\n", 0},
		{"the picture inline and attached", string(pictureLetter("p@x", "accepted", png)), 2},
		{"LF line endings", "Subject: x\n\n" + base64Lines(png, 76, "\n", true) + "--b--\n", 1},
		{"lines of 64", "\r\n" + base64Lines(png, 64, "\r\n", true), 1},
		{"lines of 72, the last without its ending", "\r\n" + base64Lines(png, 72, "\r\n", false), 1},
		{"padding", "\r\n" + base64Lines(png[:2999], 76, "\r\n", true) + "\r\n", 1},
		{"two paddings", "\r\n" + base64Lines(png[:2998], 76, "\r\n", true), 1},
		{"one line", "x\r\n" + base64Lines(png, 1<<20, "\r\n", true), 1},
		{"too short to keep apart", "\r\n" + base64Lines(png[:300], 76, "\r\n", true), 0},
		{"line endings mixed: the lines after the change", "\r\n" + strings.Replace(base64Lines(png, 76, "\r\n", true), "\r\n", "\n", 5), 1},
		{"a line of another length inside: the lines after it", "\r\n" + strings.Replace(base64Lines(png, 76, "\r\n", true), "\r\n", "A\r\n", 3), 1},
		{"padding inside: the lines after it", "\r\n" + strings.Replace(base64Lines(png, 76, "\r\n", true), "A", "=", 1), 1},
		{"non-canonical last bits", "\r\n" + nonCanonical(base64Lines(png[:2999], 76, "\r\n", true)), 0},
		{"text of base64 letters", "\r\n" + strings.Repeat("Abcd", 400) + "\r\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			back, n := rejoin(t, []byte(tc.raw))
			if !bytes.Equal(back, []byte(tc.raw)) {
				t.Fatalf("not given back byte for byte")
			}
			if n != tc.parts {
				t.Errorf("%d parts kept apart, want %d", n, tc.parts)
			}
		})
	}
}

// nonCanonical changes the last data character before the padding so that its unused bits are
// set: it decodes to the same bytes, which encode back otherwise.
func nonCanonical(s string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	b := []byte(s)
	j := len(strings.TrimRight(s, "=\r\n")) - 1
	b[j] = alphabet[strings.IndexByte(alphabet, b[j])|1]
	return string(b)
}

// FuzzSplitLetter: any bytes are given back byte for byte.
func FuzzSplitLetter(f *testing.F) {
	f.Add(pictureLetter("p@x", "accepted", picture(2, 1200)))
	f.Add([]byte("\n" + base64Lines(picture(3, 900), 76, "\n", false)))
	f.Add([]byte("From: a@b\r\n\r\nMy move\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if back, _ := rejoin(t, raw); !bytes.Equal(back, raw) {
			t.Fatalf("not given back byte for byte")
		}
	})
}

// FuzzUnpack: a stored letter of any bytes reads as a letter or as damage, never a panic.
func FuzzUnpack(f *testing.F) {
	db := openTemp(f)
	var stored [][]byte
	update(f, db, func(tx *Tx) error {
		for _, raw := range [][]byte{pictureLetter("p@x", "accepted", picture(4, 1500)), letter("m@x", "My move")} {
			p, err := tx.packLetter("CT-2026/1", []byte(`{"dir":"in"}`), raw)
			if err != nil {
				return err
			}
			stored = append(stored, p)
		}
		return nil
	})
	for _, p := range stored {
		f.Add(p)
	}
	f.Add([]byte{packPlain, 3, 'a', 'b', 'c', segPart, 1, 2})
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = db.View(func(tx *Tx) error {
			if _, _, err := tx.unpackLetter("CT-2026/1", b); err != nil && !errors.Is(err, ErrDamaged) {
				t.Errorf("error %v is not damage", err)
			}
			return nil
		})
	})
}

// TestPicture_StoredOnce: the picture a decision's letters carry (the answer and the forwarded
// move, each inline and attached) is kept once for the tournament, every letter reads back byte
// for byte, and a picture of another tournament is that tournament's own.
func TestPicture_StoredOnce(t *testing.T) {
	db := openTemp(t)
	png := picture(5, 6000)
	var outs []OutboxItem
	var receipts []Receipt
	update(t, db, func(tx *Tx) error {
		before := countKeys(tx.bucket(bucketParts))
		a, err := tx.ApplyLetter(LetterOutcome{
			Ref: inbox(1, 1), MessageID: "m1@x", Raw: letter("m1@x", "My move: 11. c3-d4"), Received: t0, Now: t0,
			Game: game37, Move: 11, Verdict: "accepted",
			Outgoing: []Outgoing{
				{From: "moves@club.example", To: []string{"ivan@example.org"}, Raw: pictureLetter("ivan@example.org", "Your move is accepted", png), Game: game37, Verdict: "accepted"},
				{From: "moves@club.example", To: []string{"petr@example.org"}, Raw: pictureLetter("petr@example.org", "Your partner's move", png), Game: game37, Verdict: "accepted"},
			},
		})
		if err != nil {
			return err
		}
		outs, receipts = a.Outbox, append(receipts, a.Receipt)
		if got := countKeys(tx.bucket(bucketParts)) - before; got != 1 {
			t.Errorf("%d parts kept for one picture in two letters, each inline and attached; want 1", got)
		}
		other := GameID{Tournament: "CT-2026/2", Game: "1-2"}
		if _, err := tx.Enqueue(Outgoing{From: "moves@club.example", To: []string{"x@example.org"}, Raw: pictureLetter("x@example.org", "start", png), Game: other}, t0); err != nil {
			return err
		}
		if got := countKeys(tx.bucket(bucketParts)) - before; got != 2 {
			t.Errorf("%d parts after a letter of another tournament with the same picture, want 2", got)
		}
		return nil
	})
	path := db.Path()
	db.Close()
	db, err := Open(path, Options{CheckLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeChecked(t, db) })
	view(t, db, func(tx *Tx) error {
		for _, it := range outs {
			got, err := tx.OutboxItem(it.Seq)
			if err != nil {
				return err
			}
			if !bytes.Equal(got.Raw, it.Raw) {
				t.Errorf("outbox %d does not read back byte for byte", it.Seq)
			}
			sent, err := tx.SentLetter(OutboxItem{Seq: it.Seq, Game: it.Game, Archive: it.Archive})
			if err != nil || !bytes.Equal(sent, it.Raw) {
				t.Errorf("archive entry of outbox %d: %v, or not byte for byte", it.Seq, err)
			}
		}
		return nil
	})
	// Sent, the outbox keeps no letter; the archive still gives it back.
	update(t, db, func(tx *Tx) error {
		for _, it := range outs {
			if err := tx.MarkSent(it.Seq, t0.Add(time.Minute)); err != nil {
				return err
			}
			got, err := tx.OutboxItem(it.Seq)
			if err != nil {
				return err
			}
			if len(got.Raw) != 0 {
				t.Errorf("outbox %d keeps %d bytes once sent", it.Seq, len(got.Raw))
			}
			if sent, err := tx.SentLetter(got); err != nil || !bytes.Equal(sent, it.Raw) {
				t.Errorf("outbox %d sent: %v, or not byte for byte", it.Seq, err)
			}
		}
		return nil
	})
	if n, err := db.Verify(game37); err != nil || n != 3 {
		t.Errorf("Verify = %d, %v", n, err)
	}
	view(t, db, func(tx *Tx) error {
		return tx.ArchiveEntries(game37, 1, func(e ArchiveEntry) error {
			if e.Seq == 1 && e.Hash != receipts[0].Hash {
				t.Errorf("the receipt's hash %s, the entry's %s", receipts[0].Hash, e.Hash)
			}
			return nil
		})
	})
}

// TestPicture_PartDamaged: a part kept apart that is changed in the file breaks every letter
// that uses it, and the whole check names it.
func TestPicture_PartDamaged(t *testing.T) {
	db := openTemp(t)
	png := picture(6, 5000)
	update(t, db, func(tx *Tx) error {
		_, err := tx.Enqueue(Outgoing{From: "moves@club.example", To: []string{"ivan@example.org"}, Raw: pictureLetter("ivan@example.org", "accepted", png), Game: game37}, t0)
		return err
	})
	path := db.Path()
	db.Close()
	rawUpdate(t, path, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketParts).Cursor()
		k, v := c.First()
		v = bytes.Clone(v)
		v[len(v)/2] ^= 1
		return tx.Bucket(bucketParts).Put(bytes.Clone(k), v)
	})
	db, err := Open(path, Options{SkipCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.Verify(game37)
	var ce *ChainError
	if !errors.As(err, &ce) || ce.Seq != 1 || !strings.Contains(err.Error(), "part") {
		t.Errorf("Verify with a part changed: %v, want the chain broken at entry 1 by its part", err)
	}
	if err := db.View(func(tx *Tx) error { _, err := tx.OutboxItem(1); return err }); !errors.Is(err, ErrDamaged) {
		t.Errorf("the outbox's letter with a part changed: %v, want damage", err)
	}
	if err := db.CheckWhole(); !errors.Is(err, ErrDamaged) {
		t.Errorf("CheckWhole with a part changed: %v, want damage", err)
	}
}

// TestPacked_Smaller: letters kept packed take a fraction of their bytes.
func TestPacked_Smaller(t *testing.T) {
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		var raw, stored int
		for i := range 20 {
			m := pictureLetter("ivan@example.org", fmt.Sprintf("Tournament CT-2026/1, game 3-7.\r\nYour letter of 2026-12-%02d is accepted.\r\nOn the board: %d. c3-d4", i+1, i+1), picture(uint64(i), 5000))
			it, err := tx.Enqueue(Outgoing{From: "moves@club.example", To: []string{"ivan@example.org"}, Raw: m, Game: game37}, t0)
			if err != nil {
				return err
			}
			raw += len(it.Raw)
			stored += len(tx.bucket(bucketArchive).Bucket([]byte(game37.Key())).Get(seqKey(it.Archive)))
			stored += len(tx.bucket(bucketOutbox).Get(seqKey(it.Seq)))
		}
		parts := 0
		tx.bucket(bucketParts).ForEach(func(_, v []byte) error { parts += len(v); return nil })
		t.Logf("20 letters of %d bytes in all: %d stored in the entries and the outbox, %d in their parts", raw, stored, parts)
		if stored+parts > raw/2 {
			t.Errorf("20 letters of %d bytes take %d bytes and %d of parts", raw, stored, parts)
		}
		return nil
	})
}
