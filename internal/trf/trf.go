// Package trf reads and writes the FIDE Tournament Report File (TRF), the file arbiters'
// programs exchange: TRF-2026 (approved 12/05/2025, applied from 01/09/2025) and the
// older TRF-2016 with JaVaFo's extensions for pairing engines, TRF(x) (XXR, XXC, XXS).
// It does no I/O of its own: Read takes the bytes, Write gives them back.
//
// What it reads:
//
//   - Every line ending: CR (TRF-2026's remark 1), LF or CR LF, mixed; the file's own
//     ending is kept and written back. A line that begins with ### is a comment.
//   - 001 player records by their fixed columns: the starting rank (pairing number) in
//     5–8, sex 10, title 11–13, name 15–47, rating 49–52, federation 54–56, FIDE number
//     58–68, birth date 70–79, points 81–84, rank 86–89, then one block of ten columns a
//     round from column 92: the opponent in 92–95 (0000 or blanks for none), the colour
//     in 97 (w, b, or - and blank for none), the result in 99.
//   - Results: 1 = 0 (played), W D L (played, under one move), + - (forfeits: paired,
//     not played), H F Z U (half-point, full-point and zero-point byes, the
//     pairing-allocated bye); a blank result is Z. Letters in either case.
//   - Tournament records: 012 the name; 142 the number of rounds (XXR in TRF(x)); 152 the
//     initial colour W or B (XXC white1/black1); 162 the points for W D L A P X (XXS in
//     TRF(x)); 240 byes F H Z of a round; 260 prohibited pairings; every other record is
//     kept as it stands and written back unchanged.
//
// A line that cannot be read is an *Error naming the line and the column.
package trf

import (
	"fmt"
	"strconv"
	"strings"
)

// Error is a line of a TRF that cannot be read: its line and column (from 1) and why.
type Error struct {
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// File is a whole TRF: its lines in order, with the records a pairing needs read out.
type File struct {
	// Lines are every line of the file in order; a player line carries its Player and
	// is written from it, every other line is written as it stands.
	Lines []Line
	// EOL is the line ending written: the first one read, or "\r\n" for a new file.
	EOL string
}

// Line is one line of the file.
type Line struct {
	Text   string  // the line as read (without its ending); unused when Player is set
	Player *Player // a 001 record
}

// Player is one 001 record.
type Player struct {
	Number     int    // starting rank, the pairing number (5–8)
	Sex        string // 10
	Title      string // 11–13
	Name       string // 15–47
	Rating     int    // 49–52; 0 for none
	Federation string // 54–56
	FIDEID     string // 58–68
	Birth      string // 70–79
	Points     Points // 81–84
	Rank       int    // 86–89; 0 for none
	Rounds     []Result
}

// Result is one round's block of a player line.
type Result struct {
	Opponent int  // the opponent's starting rank; 0 for none
	Colour   byte // 'w', 'b' or '-'
	Code     byte // '1', '=', '0', 'W', 'D', 'L', '+', '-', 'H', 'F', 'U', 'Z'
}

// Points are points in tenths: 15 is 1.5.
type Points int

func (p Points) String() string {
	sign := ""
	if p < 0 {
		sign = "-"
		p = -p
	}
	return fmt.Sprintf("%s%d.%d", sign, p/10, p%10)
}

// ParsePoints reads a number of points written like 11.5, 2, 0.5 or 1,5.
func ParsePoints(s string) (Points, error) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", "."))
	if s == "" {
		return 0, fmt.Errorf("no number")
	}
	neg := false
	if s[0] == '-' {
		neg = true
		s = s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" && !hasFrac {
		return 0, fmt.Errorf("%q is no number", s)
	}
	w := 0
	if whole != "" {
		n, err := strconv.Atoi(whole)
		if err != nil || n < 0 || strings.ContainsAny(whole, "+-") {
			return 0, fmt.Errorf("%q is no number of points", s)
		}
		w = n
	}
	f := 0
	if hasFrac {
		frac = strings.TrimRight(frac, "0")
		switch {
		case frac == "":
		case len(frac) == 1 && frac[0] >= '0' && frac[0] <= '9':
			f = int(frac[0] - '0')
		default:
			return 0, fmt.Errorf("%q: points are written in tenths at most", s)
		}
	}
	if w > 99999 {
		return 0, fmt.Errorf("%q is too many points", s)
	}
	p := Points(w*10 + f)
	if neg {
		p = -p
	}
	return p, nil
}

// Players returns the player records in the order of the file.
func (f *File) Players() []*Player {
	var ps []*Player
	for _, l := range f.Lines {
		if l.Player != nil {
			ps = append(ps, l.Player)
		}
	}
	return ps
}

// records returns the non-player lines whose tag is tag, with their line numbers.
func (f *File) records(tag string) (texts []string, lines []int) {
	for i, l := range f.Lines {
		if l.Player == nil && tagOf(l.Text) == tag {
			texts = append(texts, l.Text)
			lines = append(lines, i+1)
		}
	}
	return texts, lines
}

// tagOf is the record's tag: its first three characters, or its first word for the
// TRF(x) records (XXR, XXC, XXS); "###" for a comment.
func tagOf(line string) string {
	if strings.HasPrefix(line, "###") {
		return "###"
	}
	if len(line) < 3 {
		return strings.TrimSpace(line)
	}
	return line[:3]
}

// Read reads a TRF. Every line ending is accepted. The error is an *Error.
func Read(data []byte) (*File, error) {
	f := &File{}
	text := string(data)
	// The first line ending decides what Write writes.
	if i := strings.IndexAny(text, "\r\n"); i >= 0 {
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			f.EOL = "\r\n"
		} else {
			f.EOL = text[i : i+1]
		}
	} else {
		f.EOL = "\r\n"
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return f, nil
	}
	seen := map[int]int{}
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		if col := badByte(raw); col > 0 {
			return nil, &Error{n, col, "a control character in the line"}
		}
		if tagOf(raw) == "001" {
			p, err := parsePlayer(raw, n)
			if err != nil {
				return nil, err
			}
			if prev, dup := seen[p.Number]; dup {
				return nil, &Error{n, 5, fmt.Sprintf("starting rank %d is also on line %d", p.Number, prev)}
			}
			seen[p.Number] = n
			f.Lines = append(f.Lines, Line{Player: p})
			continue
		}
		f.Lines = append(f.Lines, Line{Text: raw})
	}
	// The tournament records a pairing reads are checked here, so that a mistake in
	// them is reported by its line before anything is paired.
	if _, err := f.Rounds(); err != nil {
		return nil, err
	}
	if _, err := f.InitialColour(); err != nil {
		return nil, err
	}
	if _, err := f.Scoring(); err != nil {
		return nil, err
	}
	if _, err := f.Byes(); err != nil {
		return nil, err
	}
	if _, err := f.Prohibited(); err != nil {
		return nil, err
	}
	for _, p := range f.Players() {
		for r, res := range p.Rounds {
			if res.Opponent != 0 {
				if _, ok := seen[res.Opponent]; !ok {
					return nil, &Error{seen[p.Number], blockColumn(r), fmt.Sprintf("round %d: opponent %d has no 001 line", r+1, res.Opponent)}
				}
				if res.Opponent == p.Number {
					return nil, &Error{seen[p.Number], blockColumn(r), fmt.Sprintf("round %d: the player is his own opponent", r+1)}
				}
			}
		}
	}
	return f, nil
}

func badByte(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c == 0x7f {
			return i + 1
		}
	}
	return 0
}

// field returns columns from..to (from 1, inclusive) of line, blanks where it is short.
func field(line []rune, from, to int) string {
	if from > len(line) {
		return ""
	}
	if to > len(line) {
		to = len(line)
	}
	return string(line[from-1 : to])
}

func blockColumn(r int) int { return 92 + 10*r }

func parsePlayer(raw string, n int) (*Player, error) {
	line := []rune(strings.ReplaceAll(raw, "\t", " "))
	p := &Player{}
	num, err := strconv.Atoi(strings.TrimSpace(field(line, 4, 8)))
	if err != nil || num < 1 || num > 9999 {
		return nil, &Error{n, 5, fmt.Sprintf("the starting rank %q is not a number from 1 to 9999", strings.TrimSpace(field(line, 4, 8)))}
	}
	p.Number = num
	p.Sex = strings.TrimSpace(field(line, 10, 10))
	p.Title = strings.TrimSpace(field(line, 11, 13))
	p.Name = strings.TrimRight(field(line, 15, 47), " ")
	p.Name = strings.TrimLeft(p.Name, " ")
	if s := strings.TrimSpace(field(line, 49, 52)); s != "" {
		r, err := strconv.Atoi(s)
		if err != nil || r < 0 {
			return nil, &Error{n, 49, fmt.Sprintf("the rating %q is not a number", s)}
		}
		p.Rating = r
	}
	p.Federation = strings.TrimSpace(field(line, 54, 56))
	p.FIDEID = strings.TrimSpace(field(line, 58, 68))
	p.Birth = strings.TrimSpace(field(line, 70, 79))
	if s := strings.TrimSpace(field(line, 80, 84)); s != "" {
		pts, err := ParsePoints(s)
		if err != nil {
			return nil, &Error{n, 81, fmt.Sprintf("the points %q: %v", s, err)}
		}
		p.Points = pts
	}
	if s := strings.TrimSpace(field(line, 86, 89)); s != "" {
		r, err := strconv.Atoi(s)
		if err != nil || r < 0 {
			return nil, &Error{n, 86, fmt.Sprintf("the rank %q is not a number", s)}
		}
		p.Rank = r
	}
	if s := field(line, 90, 91); strings.TrimSpace(s) != "" {
		return nil, &Error{n, 90, fmt.Sprintf("%q where columns 90–91 must be blank", s)}
	}
	for r := 0; blockColumn(r) <= len(line); r++ {
		c := blockColumn(r)
		block := field(line, c-2, c+7)
		if strings.TrimSpace(block) == "" {
			p.Rounds = append(p.Rounds, Result{Colour: '-', Code: 'Z'})
			continue
		}
		if s := field(line, c-2, c-1); strings.TrimSpace(s) != "" {
			return nil, &Error{n, c - 2, fmt.Sprintf("round %d: %q where the columns before the opponent must be blank", r+1, s)}
		}
		res := Result{}
		if s := strings.TrimSpace(field(line, c, c+3)); s != "" {
			o, err := strconv.Atoi(s)
			if err != nil || o < 0 || o > 9999 {
				return nil, &Error{n, c, fmt.Sprintf("round %d: the opponent %q is not a starting rank", r+1, s)}
			}
			res.Opponent = o
		}
		if s := field(line, c+4, c+4); strings.TrimSpace(s) != "" {
			return nil, &Error{n, c + 4, fmt.Sprintf("round %d: %q where column %d must be blank", r+1, s, c+4)}
		}
		switch s := strings.ToLower(field(line, c+5, c+5)); s {
		case "w", "b", "-":
			res.Colour = s[0]
		case "", " ":
			res.Colour = '-'
		default:
			return nil, &Error{n, c + 5, fmt.Sprintf("round %d: the colour %q is not w, b or -", r+1, s)}
		}
		if s := field(line, c+6, c+6); strings.TrimSpace(s) != "" {
			return nil, &Error{n, c + 6, fmt.Sprintf("round %d: %q where column %d must be blank", r+1, s, c+6)}
		}
		code := strings.ToUpper(field(line, c+7, c+7))
		switch code {
		case "", " ":
			res.Code = 'Z'
		case "1", "=", "0", "W", "D", "L", "+", "-", "H", "F", "U", "Z":
			res.Code = code[0]
		default:
			return nil, &Error{n, c + 7, fmt.Sprintf("round %d: the result %q is none of 1 = 0 W D L + - H F U Z", r+1, code)}
		}
		if err := checkResult(res); err != "" {
			return nil, &Error{n, c, fmt.Sprintf("round %d: %s", r+1, err)}
		}
		p.Rounds = append(p.Rounds, res)
	}
	// Trailing rounds without anything are not rounds.
	for len(p.Rounds) > 0 {
		last := p.Rounds[len(p.Rounds)-1]
		c := blockColumn(len(p.Rounds) - 1)
		if last.Opponent == 0 && last.Code == 'Z' && strings.TrimSpace(field(line, c-2, c+7)) == "" {
			p.Rounds = p.Rounds[:len(p.Rounds)-1]
			continue
		}
		break
	}
	if len(p.Rounds) == 0 {
		p.Rounds = nil
	}
	return p, nil
}

// checkResult refuses a block that says two things at once.
func checkResult(r Result) string {
	played := r.Code == '1' || r.Code == '=' || r.Code == '0' || r.Code == 'W' || r.Code == 'D' || r.Code == 'L'
	switch {
	case played && r.Opponent == 0:
		return fmt.Sprintf("the result %c of a game without an opponent", r.Code)
	case played && r.Colour == '-':
		return fmt.Sprintf("the result %c of a game without a colour", r.Code)
	case (r.Code == 'H' || r.Code == 'F' || r.Code == 'U' || r.Code == 'Z') && r.Opponent != 0:
		return fmt.Sprintf("the bye %c with an opponent", r.Code)
	case (r.Code == 'H' || r.Code == 'F' || r.Code == 'U' || r.Code == 'Z') && r.Colour != '-':
		return fmt.Sprintf("the bye %c with a colour", r.Code)
	}
	return ""
}

// Played tells whether the block is a game played over the board.
func (r Result) Played() bool {
	switch r.Code {
	case '1', '=', '0', 'W', 'D', 'L':
		return r.Opponent != 0
	}
	return false
}

// Write renders the file: every line as read, player lines from their fields.
func Write(f *File) []byte {
	eol := f.EOL
	if eol == "" {
		eol = "\r\n"
	}
	var b strings.Builder
	for _, l := range f.Lines {
		if l.Player != nil {
			b.WriteString(FormatPlayer(l.Player))
		} else {
			b.WriteString(l.Text)
		}
		b.WriteString(eol)
	}
	return []byte(b.String())
}

// FormatPlayer writes a 001 record in its fixed columns, without trailing blanks.
func FormatPlayer(p *Player) string {
	line := make([]rune, 91+10*len(p.Rounds))
	for i := range line {
		line[i] = ' '
	}
	put := func(from int, s string, right bool, width int) {
		rs := []rune(s)
		if len(rs) > width {
			rs = rs[:width]
		}
		start := from - 1
		if right {
			start += width - len(rs)
		}
		copy(line[start:], rs)
	}
	put(1, "001", false, 3)
	put(5, strconv.Itoa(p.Number), true, 4)
	put(10, p.Sex, false, 1)
	put(11, p.Title, true, 3)
	put(15, p.Name, false, 33)
	if p.Rating > 0 {
		put(49, strconv.Itoa(p.Rating), true, 4)
	}
	put(54, p.Federation, false, 3)
	put(58, p.FIDEID, true, 11)
	put(70, p.Birth, false, 10)
	// Points are right-aligned to column 84; a total of 100 or more takes column 80 too.
	put(80, p.Points.String(), true, 5)
	if p.Rank > 0 {
		put(86, strconv.Itoa(p.Rank), true, 4)
	}
	for r, res := range p.Rounds {
		c := blockColumn(r)
		if res.Opponent == 0 {
			put(c, "0000", false, 4)
		} else {
			put(c, strconv.Itoa(res.Opponent), true, 4)
		}
		put(c+5, string(rune(res.Colour)), false, 1)
		put(c+7, string(rune(res.Code)), false, 1)
	}
	return strings.TrimRight(string(line), " ")
}
