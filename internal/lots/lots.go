// Package lots draws the lots of a tournament — the players' numbers, which give every game its
// colours by the Berger tables, and the opening or starting position of each game — from a
// committed seed, so that anyone can check every draw afterwards.
//
// Over the board the lot is drawn in the presence of both partners (seed 003, 1.6.4: «Жеребьевка
// первого хода белых, серии начальных ходов или начальной позиции проводятся в присутствии обоих
// партнеров до начала игры»; seed 000, «Первый ход»: «Вопрос о том, кто из партнеров играет
// белыми, решается жеребьевкой перед началом соревнований»). By correspondence nobody is
// present, so the lot is made checkable instead:
//
//  1. At registration postald takes a seed of 32 bytes from a cryptographic source ([NewSeed]).
//  2. Every start letter publishes the seed's SHA-256 ([Seed.Hash]) and what was drawn, before
//     any move is played. The seed itself stays secret: a player who knew it could not change a
//     draw, but nobody can claim afterwards that it was chosen once the draws were seen.
//  3. When the tournament is finished (or when the judge says so) the seed is revealed. Anyone
//     can then check that its SHA-256 is the hash published ([Check]) and recompute every draw
//     from it with the recipe below, in a few lines of any language.
//
// What this proves: the draws published at the start are the documented function of one seed
// fixed before play, and nobody changed a draw afterwards. What it cannot prove by itself is
// that the seed was not picked among many before registration; postald makes it once, from the
// operating system's cryptographic source, in the registration's own transaction, and a
// tournament code is registered once.
//
// # The recipe
//
// The seed is written as 64 hexadecimal digits, the hash likewise. A draw has a label (UTF-8
// text: "numbers", "opening 3-7") and gives a sequence of choices, each among n possibilities
// numbered 0 to n-1:
//
//   - The c-th block of a draw (c = 0, 1, 2, …, counted across all the draw's choices) is
//     HMAC-SHA256 with the seed's 32 bytes as the key and the text LABEL:c as the message, c in
//     decimal digits ("numbers:0", "numbers:1", …).
//   - A choice among n takes the next block and reads its first 8 bytes as an unsigned
//     big-endian integer x. With r = 2^64 mod n, a block with x ≥ 2^64 − r is skipped (so that
//     every choice is equally likely: no modulo bias) and the next block is taken; otherwise
//     the choice is x mod n.
//   - An order of N items ([Seed.Order]) is the Fisher–Yates shuffle of the list 0, 1, …, N-1:
//     for i from N-1 down to 1, j is the next choice among i+1, and the items at places i and j
//     are swapped. The item at place k of the result comes k-th.
//
// In Python:
//
//	import hashlib, hmac
//
//	def draw(seed_hex, label):
//	    key, c = bytes.fromhex(seed_hex), 0
//	    def choice(n):
//	        nonlocal c
//	        while True:
//	            block = hmac.new(key, f"{label}:{c}".encode(), hashlib.sha256).digest()
//	            c += 1
//	            x = int.from_bytes(block[:8], "big")
//	            if x < 2**64 - 2**64 % n:
//	                return x % n
//	    return choice
//
//	def order(seed_hex, label, n):
//	    choice, items = draw(seed_hex, label), list(range(n))
//	    for i in range(n - 1, 0, -1):
//	        j = choice(i + 1)
//	        items[i], items[j] = items[j], items[i]
//	    return items
//
// What a tournament draws, with which labels, and how the choices map to players and openings is
// the tournament package's (tournament.Sheet.Draw) and docs/director.md's.
//
// The package is pure: no I/O but the reader handed to [NewSeed], no clock, no global state.
package lots

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"strconv"
	"strings"
)

// Seed is the secret a tournament's lots are drawn from: 32 bytes.
type Seed [32]byte

// Hash is the SHA-256 of a seed, published before play.
type Hash [sha256.Size]byte

// NewSeed reads a seed of 32 bytes from r, which should be a cryptographic source
// (crypto/rand.Reader).
func NewSeed(r io.Reader) (Seed, error) {
	var s Seed
	if _, err := io.ReadFull(r, s[:]); err != nil {
		return Seed{}, fmt.Errorf("lots: read a seed: %w", err)
	}
	return s, nil
}

// String writes the seed as 64 lowercase hexadecimal digits.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// Hash returns the seed's SHA-256: what the start letters publish.
func (s Seed) Hash() Hash { return sha256.Sum256(s[:]) }

// String writes the hash as 64 lowercase hexadecimal digits.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// ParseSeed reads a seed written as 64 hexadecimal digits, in either case; spaces and line breaks
// between the digits (a seed copied from a letter, in groups) are ignored.
func ParseSeed(text string) (Seed, error) {
	var s Seed
	if err := parseHex(text, s[:]); err != nil {
		return Seed{}, fmt.Errorf("seed: %w", err)
	}
	return s, nil
}

// ParseHash reads a hash written as 64 hexadecimal digits, as ParseSeed reads a seed.
func ParseHash(text string) (Hash, error) {
	var h Hash
	if err := parseHex(text, h[:]); err != nil {
		return Hash{}, fmt.Errorf("hash: %w", err)
	}
	return h, nil
}

// parseHex reads len(out)*2 hexadecimal digits of text into out, ignoring white space.
func parseHex(text string, out []byte) error {
	digits := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\r', '\n':
			return -1
		}
		return r
	}, text)
	if len(digits) != 2*len(out) {
		return fmt.Errorf("%d characters: want %d hexadecimal digits", len([]rune(digits)), 2*len(out))
	}
	if _, err := hex.Decode(out, []byte(digits)); err != nil {
		return fmt.Errorf("%q is not hexadecimal: want the digits 0-9 and a-f", digits)
	}
	return nil
}

// ErrMismatch is wrapped by Check's error: the seed is not the one whose hash was published.
var ErrMismatch = errors.New("the seed does not match the hash published")

// Check reports whether seed is the seed whose hash was published: an error wrapping
// ErrMismatch, naming both hashes, when its SHA-256 is not h.
func Check(seed Seed, h Hash) error {
	if got := seed.Hash(); !hmac.Equal(got[:], h[:]) {
		return fmt.Errorf("%w: its SHA-256 is %s, the hash published %s", ErrMismatch, got, h)
	}
	return nil
}

// Draw is one draw of a seed: the sequence of choices of one label (see the package
// documentation). A Draw is used by one goroutine.
type Draw struct {
	mac    hash.Hash // HMAC-SHA256 keyed with the seed
	msg    []byte    // "LABEL:" and the counter of the block being made
	prefix int       // the length of "LABEL:"
	sum    []byte
	next   uint64 // the counter of the next block
}

// Draw starts the draw labelled label.
func (s Seed) Draw(label string) *Draw {
	msg := append([]byte(label), ':')
	return &Draw{mac: hmac.New(sha256.New, s[:]), msg: msg, prefix: len(msg)}
}

// Restart makes d the draw labelled label, from its first block: Seed.Draw(label) without a new
// HMAC, for a caller that makes many draws of one seed.
func (d *Draw) Restart(label string) {
	d.msg = append(append(d.msg[:0], label...), ':')
	d.prefix, d.next = len(d.msg), 0
}

// Blocks returns how many blocks the draw has used so far, the skipped ones included.
func (d *Draw) Blocks() uint64 { return d.next }

// block returns the first 8 bytes of the next block as an unsigned big-endian integer.
func (d *Draw) block() uint64 {
	d.msg = strconv.AppendUint(d.msg[:d.prefix], d.next, 10)
	d.next++
	d.mac.Reset()
	d.mac.Write(d.msg)
	d.sum = d.mac.Sum(d.sum[:0])
	return binary.BigEndian.Uint64(d.sum[:8])
}

// Choice returns the next choice among n (0 to n-1), every one equally likely. n must be at
// least 1: a choice among nothing is a caller's mistake, and Choice then returns 0 and uses no
// block.
func (d *Draw) Choice(n int) int {
	if n < 1 {
		return 0
	}
	m := uint64(n)
	r := (^uint64(0)%m + 1) % m // 2^64 mod n
	for {
		x := d.block()
		// 2^64 − r as an unsigned 64-bit number is -r; with r = 0 every block is taken.
		if r == 0 || x < -r {
			return int(x % m)
		}
	}
}

// Order returns an order of n items drawn with label: the Fisher–Yates shuffle of 0 … n-1 (see
// the package documentation); the item at place k of the result comes k-th.
func (s Seed) Order(label string, n int) []int {
	items := make([]int, max(n, 0))
	for i := range items {
		items[i] = i
	}
	d := s.Draw(label)
	for i := n - 1; i >= 1; i-- {
		j := d.Choice(i + 1)
		items[i], items[j] = items[j], items[i]
	}
	return items
}
