package trf

import (
	"fmt"
	"strconv"
	"strings"
)

// Records returns the lines whose tag (their first three characters) is tag, and
// their line numbers from 1.
func (f *File) Records(tag string) (texts []string, lines []int) { return f.records(tag) }

// words splits a record after its tag into its words, each with the column it begins at.
func words(line string) (ws []string, cols []int) {
	rs := []rune(line)
	i := 3
	for i < len(rs) {
		for i < len(rs) && (rs[i] == ' ' || rs[i] == '\t') {
			i++
		}
		if i >= len(rs) {
			break
		}
		j := i
		for j < len(rs) && rs[j] != ' ' && rs[j] != '\t' {
			j++
		}
		ws = append(ws, string(rs[i:j]))
		cols = append(cols, i+1)
		i = j
	}
	return ws, cols
}

// Rounds is the tournament's number of rounds: record 142 (TRF-2026) or XXR (TRF(x));
// 0 when the file gives none.
func (f *File) Rounds() (int, error) {
	rounds, from := 0, 0
	for _, tag := range []string{"142", "XXR"} {
		texts, lines := f.records(tag)
		for i, t := range texts {
			ws, cols := words(t)
			if len(ws) != 1 {
				return 0, &Error{lines[i], 4, fmt.Sprintf("record %s wants one number of rounds", tag)}
			}
			n, err := strconv.Atoi(ws[0])
			if err != nil || n < 1 || n > 999 {
				return 0, &Error{lines[i], cols[0], fmt.Sprintf("the number of rounds %q is not a number from 1 to 999", ws[0])}
			}
			if rounds != 0 && n != rounds {
				return 0, &Error{lines[i], cols[0], fmt.Sprintf("%d rounds, but line %d says %d", n, from, rounds)}
			}
			rounds, from = n, lines[i]
		}
	}
	return rounds, nil
}

// InitialColour is the colour of the initial-colour rule: 'w' or 'b' from record 152
// (TRF-2026: W or B) or XXC (TRF(x): white1 or black1); 0 when the file gives none.
func (f *File) InitialColour() (byte, error) {
	var colour byte
	from := 0
	for _, tag := range []string{"152", "XXC"} {
		texts, lines := f.records(tag)
		for i, t := range texts {
			ws, cols := words(t)
			var c byte
			for j, w := range ws {
				switch strings.ToLower(w) {
				case "w", "white", "white1":
					c = 'w'
				case "b", "black", "black1":
					c = 'b'
				case "rank":
					// JaVaFo's XXC rank (initial ranking by rating) says nothing of colour.
				default:
					return 0, &Error{lines[i], cols[j], fmt.Sprintf("the initial colour %q is none of W, B, white1, black1", w)}
				}
			}
			if c == 0 {
				continue
			}
			if colour != 0 && c != colour {
				return 0, &Error{lines[i], 5, fmt.Sprintf("the initial colour %c, but line %d gives %c", c, from, colour)}
			}
			colour, from = c, lines[i]
		}
	}
	return colour, nil
}

// Scoring is the points of every result, in tenths.
type Scoring struct {
	Win, Draw, Loss         Points // a game played
	ForfeitWin, ForfeitLoss Points // + and -
	FullBye, HalfBye        Points // F and H
	ZeroBye                 Points // Z, and an absence
	PAB                     Points // U, the pairing-allocated bye
	Unknown                 Points // X: a game whose result is not known
}

// DefaultScoring is 1, ½, 0; a bye of the pairing and a full-point bye count as a win.
func DefaultScoring() Scoring {
	return Scoring{Win: 10, Draw: 5, Loss: 0, ForfeitWin: 10, ForfeitLoss: 0,
		FullBye: 10, HalfBye: 5, ZeroBye: 0, PAB: 10, Unknown: 5}
}

// Scoring reads record 162 (TRF-2026: W D L A P X, each followed by its points) or
// XXS (TRF(x): WW=1 BW=1 WD=0.5 …); without either, DefaultScoring.
func (f *File) Scoring() (Scoring, error) {
	s := DefaultScoring()
	pabSet, xSet := false, false
	texts, lines := f.records("162")
	for i, t := range texts {
		ws, cols := words(t)
		// Position 6 holds the code and 7–10 its points; a code and its number may
		// also stand as two words, or run together ("W1.0").
		for j := 0; j < len(ws); j++ {
			code, val, col := ws[j], "", cols[j]
			if len(code) > 1 {
				code, val = code[:1], code[1:]
			} else if j+1 < len(ws) {
				val = ws[j+1]
				j++
			}
			p, err := ParsePoints(val)
			if err != nil {
				return s, &Error{lines[i], col, fmt.Sprintf("the points of %s: %v", code, err)}
			}
			switch strings.ToUpper(code) {
			case "W":
				s.Win, s.ForfeitWin, s.FullBye = p, p, p
				if !pabSet {
					s.PAB = p
				}
			case "D":
				s.Draw, s.HalfBye = p, p
				if !xSet {
					s.Unknown = p
				}
			case "L":
				s.Loss = p
			case "A":
				s.ZeroBye, s.ForfeitLoss = p, p
			case "P":
				s.PAB, pabSet = p, true
			case "X":
				s.Unknown, xSet = p, true
			default:
				return s, &Error{lines[i], col, fmt.Sprintf("the result code %q is none of W D L A P X", code)}
			}
		}
	}
	texts, lines = f.records("XXS")
	for i, t := range texts {
		ws, cols := words(t)
		for j, w := range ws {
			code, val, ok := strings.Cut(w, "=")
			if !ok {
				return s, &Error{lines[i], cols[j], fmt.Sprintf("%q is not CODE=POINTS", w)}
			}
			p, err := ParsePoints(val)
			if err != nil {
				return s, &Error{lines[i], cols[j], fmt.Sprintf("the points of %s: %v", code, err)}
			}
			switch strings.ToUpper(code) {
			case "W", "WW", "BW":
				s.Win = p
				if !pabSet {
					s.PAB = p
				}
			case "D", "WD", "BD":
				s.Draw = p
			case "WL", "BL":
				s.Loss = p
			case "FW":
				s.ForfeitWin = p
			case "FL":
				s.ForfeitLoss = p
			case "FPB":
				s.FullBye = p
			case "HPB":
				s.HalfBye = p
			case "ZPB":
				s.ZeroBye = p
			case "PAB":
				s.PAB, pabSet = p, true
			default:
				return s, &Error{lines[i], cols[j], fmt.Sprintf("the result code %q is none of W D WW BW WD BD WL BL FW FL FPB HPB ZPB PAB", code)}
			}
		}
	}
	return s, nil
}

// Of is the points a result gives.
func (s Scoring) Of(r Result) Points {
	switch r.Code {
	case '1', 'W':
		return s.Win
	case '=', 'D':
		return s.Draw
	case '0', 'L':
		return s.Loss
	case '+':
		return s.ForfeitWin
	case '-':
		return s.ForfeitLoss
	case 'F':
		return s.FullBye
	case 'H':
		return s.HalfBye
	case 'U':
		return s.PAB
	}
	return s.ZeroBye
}

// Bye is one 240 record: players who do not play a round and get the bye's points.
type Bye struct {
	Kind    byte // 'F', 'H' or 'Z'
	Round   int
	Players []int
	Line    int
}

// Byes reads the 240 records.
func (f *File) Byes() ([]Bye, error) {
	var byes []Bye
	texts, lines := f.records("240")
	for i, t := range texts {
		ws, cols := words(t)
		if len(ws) < 3 {
			return nil, &Error{lines[i], 5, "a 240 record wants the kind of bye, the round and at least one player"}
		}
		b := Bye{Line: lines[i]}
		switch k := strings.ToUpper(ws[0]); k {
		case "F", "H", "Z":
			b.Kind = k[0]
		default:
			return nil, &Error{lines[i], cols[0], fmt.Sprintf("the bye %q is none of F, H, Z", ws[0])}
		}
		r, err := strconv.Atoi(ws[1])
		if err != nil || r < 1 || r > 999 {
			return nil, &Error{lines[i], cols[1], fmt.Sprintf("the round %q is not a number from 1 to 999", ws[1])}
		}
		b.Round = r
		for j := 2; j < len(ws); j++ {
			p, err := strconv.Atoi(ws[j])
			if err != nil || p < 1 || p > 9999 {
				return nil, &Error{lines[i], cols[j], fmt.Sprintf("the player %q is not a starting rank", ws[j])}
			}
			if !f.hasPlayer(p) {
				return nil, &Error{lines[i], cols[j], fmt.Sprintf("player %d has no 001 line", p)}
			}
			b.Players = append(b.Players, p)
		}
		byes = append(byes, b)
	}
	return byes, nil
}

// Prohibition is one 260 record: players who must not meet in rounds First..Last.
type Prohibition struct {
	First, Last int
	Players     []int
	Line        int
}

// Prohibited reads the 260 records.
func (f *File) Prohibited() ([]Prohibition, error) {
	var out []Prohibition
	texts, lines := f.records("260")
	for i, t := range texts {
		ws, cols := words(t)
		if len(ws) < 4 {
			return nil, &Error{lines[i], 5, "a 260 record wants the first and last round and at least two players"}
		}
		pr := Prohibition{Line: lines[i]}
		for j, dst := range []*int{&pr.First, &pr.Last} {
			r, err := strconv.Atoi(ws[j])
			if err != nil || r < 1 || r > 999 {
				return nil, &Error{lines[i], cols[j], fmt.Sprintf("the round %q is not a number from 1 to 999", ws[j])}
			}
			*dst = r
		}
		if pr.Last < pr.First {
			return nil, &Error{lines[i], cols[1], fmt.Sprintf("the last round %d comes before the first, %d", pr.Last, pr.First)}
		}
		for j := 2; j < len(ws); j++ {
			p, err := strconv.Atoi(ws[j])
			if err != nil || p < 1 || p > 9999 {
				return nil, &Error{lines[i], cols[j], fmt.Sprintf("the player %q is not a starting rank", ws[j])}
			}
			if !f.hasPlayer(p) {
				return nil, &Error{lines[i], cols[j], fmt.Sprintf("player %d has no 001 line", p)}
			}
			pr.Players = append(pr.Players, p)
		}
		out = append(out, pr)
	}
	return out, nil
}

func (f *File) hasPlayer(n int) bool {
	for _, p := range f.Players() {
		if p.Number == n {
			return true
		}
	}
	return false
}

// Name is the tournament's name, record 012.
func (f *File) Name() string {
	texts, _ := f.records("012")
	if len(texts) == 0 {
		return ""
	}
	return strings.TrimSpace(string([]rune(texts[0])[3:]))
}
