package pdn

import (
	"bufio"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// runeSource turns the bytes of a PDN file into runes. Valid UTF-8 passes
// through; a byte that is not part of a valid UTF-8 sequence is read in a
// legacy single-byte code page. The code page is chosen once per file, at the
// first such byte, from a sample of what follows: Windows-1251 when the
// undecodable bytes come in runs (Russian words are written wholly in high
// bytes), Windows-1252 when they stand alone among ASCII letters (accented
// letters of French, Dutch or Polish names).
type runeSource struct {
	br      *bufio.Reader
	legacy  *charmap.Charmap // nil until the first undecodable byte
	line    int              // 1-based line of the next rune
	started bool             // a rune has been read: a BOM is no longer expected
	err     error            // sticky read error other than io.EOF
}

// sampleSize is how far ahead the code page guess looks.
const sampleSize = 4096

func newRuneSource(r io.Reader) *runeSource {
	return &runeSource{br: bufio.NewReaderSize(r, sampleSize), line: 1}
}

// next returns the next rune. It returns io.EOF at the end of the input and
// the underlying reader's error otherwise.
func (s *runeSource) next() (rune, error) {
	for {
		r, err := s.decode()
		if err != nil {
			return 0, err
		}
		first := !s.started
		s.started = true
		if r == '\uFEFF' && first {
			continue // byte order mark
		}
		if r == '\n' {
			s.line++
		}
		return r, nil
	}
}

func (s *runeSource) decode() (rune, error) {
	if s.err != nil {
		return 0, s.err
	}
	b, err := s.br.ReadByte()
	if err != nil {
		if err != io.EOF {
			s.err = err
		}
		return 0, err
	}
	if b < utf8.RuneSelf {
		return rune(b), nil
	}
	// Look at the whole sequence b starts: UnreadByte cannot fail right
	// after ReadByte.
	_ = s.br.UnreadByte()
	seq, _ := s.br.Peek(utf8.UTFMax)
	r, n := utf8.DecodeRune(seq)
	if r != utf8.RuneError || n > 1 {
		_, _ = s.br.Discard(n)
		return r, nil
	}
	_, _ = s.br.Discard(1)
	if s.legacy == nil {
		s.legacy = guessCodePage(b, s.br)
	}
	return s.legacy.DecodeByte(b), nil
}

// guessCodePage chooses the legacy code page of a file whose byte b (already
// consumed) is not UTF-8, looking at the bytes buffered after it.
func guessCodePage(b byte, br *bufio.Reader) *charmap.Charmap {
	sample, _ := br.Peek(sampleSize)
	high, paired := 1, 0 // b itself is high
	prevHigh := true
	for _, c := range sample {
		isHigh := c >= 0x80
		if isHigh {
			high++
			if prevHigh {
				paired++
			}
		}
		prevHigh = isHigh
	}
	if 2*paired >= high {
		return charmap.Windows1251
	}
	return charmap.Windows1252
}
