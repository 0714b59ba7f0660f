package trust

import (
	"bytes"
	"fmt"
)

// maxBoundaries bounds the boundaries Measure remembers; a letter declaring more is over any
// sensible part limit anyway.
const maxBoundaries = 1024

// Limits bound what postald reads of a letter; a zero field is no limit.
type Limits struct {
	MaxBytes     int64 // the whole letter
	MaxParts     int   // MIME entities: the message and each of its body parts
	MaxLineBytes int   // one line, without its line end
}

// Size is what Measure counts.
type Size struct {
	Bytes       int64 // the whole letter
	Parts       int   // MIME entities: 1 for a single-part letter
	LongestLine int   // bytes of the longest line, without its line end
}

// Excess is a limit a letter is over.
type Excess struct {
	What string // "size", "parts", "line", or "partial" (only Got of its Max bytes could be fetched)
	Got  int64  // what the letter has (for parts: at least this many)
	Max  int64  // the limit
}

func (e *Excess) Error() string {
	switch e.What {
	case "size":
		return fmt.Sprintf("letter of %d bytes is over the limit of %d", e.Got, e.Max)
	case "parts":
		return fmt.Sprintf("letter of more than %d MIME parts", e.Max)
	case "partial":
		return fmt.Sprintf("only %d of the letter's %d bytes could be fetched", e.Got, e.Max)
	default:
		return fmt.Sprintf("a line of %d bytes is over the limit of %d", e.Got, e.Max)
	}
}

// Check measures raw against l and returns the first limit it is over, or nil. size is the
// letter's whole size when raw holds only its beginning (the mail server's size); otherwise 0.
// It stops reading at the first limit passed.
func (l Limits) Check(raw []byte, size int64) *Excess {
	n := max(int64(len(raw)), size)
	if l.MaxBytes > 0 && n > l.MaxBytes {
		return &Excess{What: "size", Got: n, Max: l.MaxBytes}
	}
	_, e := measure(raw, l)
	return e
}

// Measure counts the size, MIME parts and longest line of raw in one pass.
func Measure(raw []byte) Size {
	s, _ := measure(raw, Limits{})
	return s
}

// measure is one pass over the lines of raw. A part is counted for the message itself and for
// every line "--boundary" (not the closing "--boundary--") of a boundary declared before it in a
// Content-Type field; only lines of a Content-Type field are searched for the parameter, so a
// line costs a comparison of its first bytes unless it is one of them.
func measure(raw []byte, l Limits) (Size, *Excess) {
	s := Size{Bytes: int64(len(raw)), Parts: 1}
	var boundaries map[string]struct{}
	inContentType := false
	for len(raw) > 0 {
		var line []byte
		line, raw = nextLine(raw)
		if len(line) > s.LongestLine {
			s.LongestLine = len(line)
			if l.MaxLineBytes > 0 && len(line) > l.MaxLineBytes {
				return s, &Excess{What: "line", Got: int64(len(line)), Max: int64(l.MaxLineBytes)}
			}
		}
		switch {
		case len(line) == 0:
			inContentType = false
		case line[0] == ' ' || line[0] == '\t':
			// a continuation line: still the same field
		case len(line) >= 13 && (line[0] == 'C' || line[0] == 'c') && bytes.EqualFold(line[:13], []byte("content-type:")):
			inContentType = true
		default:
			inContentType = false
		}
		if inContentType {
			if b := boundaryParam(line); b != "" && len(boundaries) < maxBoundaries {
				if boundaries == nil {
					boundaries = map[string]struct{}{}
				}
				boundaries[b] = struct{}{}
			}
			continue
		}
		if len(line) < 3 || line[0] != '-' || line[1] != '-' || boundaries == nil {
			continue
		}
		rest := bytes.TrimRight(line[2:], " \t")
		if _, ok := boundaries[string(rest)]; !ok {
			continue // a closing delimiter, or a line that only starts with "--"
		}
		s.Parts++
		if l.MaxParts > 0 && s.Parts > l.MaxParts {
			return s, &Excess{What: "parts", Got: int64(s.Parts), Max: int64(l.MaxParts)}
		}
	}
	return s, nil
}

// boundaryParam returns the value of a boundary= parameter on a line of a Content-Type field.
func boundaryParam(line []byte) string {
	const key = "boundary"
	for i := 0; i+len(key) < len(line); i++ {
		c := line[i]
		if c != 'b' && c != 'B' || !bytes.EqualFold(line[i:i+len(key)], []byte(key)) {
			continue
		}
		if i > 0 && isKeywordByte(line[i-1]) {
			continue // part of another word
		}
		j := i + len(key)
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		if j >= len(line) || line[j] != '=' {
			continue
		}
		j++
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		if j < len(line) && line[j] == '"' {
			end := bytes.IndexByte(line[j+1:], '"')
			if end < 0 {
				return string(line[j+1:])
			}
			return string(line[j+1 : j+1+end])
		}
		k := j
		for k < len(line) && line[k] != ';' && line[k] != ' ' && line[k] != '\t' {
			k++
		}
		return string(line[j:k])
	}
	return ""
}
