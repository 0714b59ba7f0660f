package referee

import (
	"postald/internal/daysclock"
	"postald/internal/mailparse"
)

var _ daysclock.Date

// letter is what the referee reads of a parsed move letter: the parser's Letter reduced to the
// fields a decision rests on (see fromParsed).
type letter struct {
	Tournament string
	Game       string
	Partner    string // the partner the letter names its game by («партия с Ивановым»), as written
	// GamesNamed: the letter's text names more than one game outside sections of their own
	// (mailparse.WhatGamesNamed): its reading is doubtful (statements.go).
	GamesNamed bool
	Repeated   []letterMove
	Moves      []letterMove
	// Crossed are the sender's own moves he corrected in the letter itself (4.2.5), each
	// replaced in Moves by its correction.
	Crossed  []letterMove
	Variants []letterVariant
	Accept   *acceptance
	Draw     string // "", offer, accept, decline, claim
	// DrawShort: the draw statement is a short form of 1.13.3 («Согласен», "Agreed"), which
	// counts only while the partner's offer stands; DrawDoubt why it has no one meaning.
	DrawShort bool
	DrawDoubt string
	DrawWords quote // where the draw statement stands, quoted in the answers
	Resign    bool
	// ResignDoubt: why the resignation has no one meaning (a condition); ResignWords where it
	// stands.
	ResignDoubt string
	ResignWords quote
	Dates       []daysclock.Date
	Time        *Time
	Problems    []letterProblem // what the parser could not read as notation
	// Leave is the leave notice as written (its years perhaps left out, completed from the day
	// the letter was sent); the door sets leave, the leave as the player's across his games.
	Leave   *mailparse.Leave
	leave   *leaveStatement
	Protest string // the protest's paragraph; "" when none
	// ProtestQuoted are the moves the protest mentions (never the sender's moves, 4.1.12);
	// ProtestUnsure those on a line of their own inside it, which may be quoted or meant.
	ProtestQuoted, ProtestUnsure []letterMove
	Questions                    []question
	Withdrawal                   string // the paragraph in which the sender leaves the tournament
	Away                         bool   // an out-of-office text: no leave notice
	Text                         string // the letter's own text, as written, for forwarding
	// section: the letter is a section of a letter about several games (mailparse), its Text
	// the section with the other sections' lines empty.
	section bool
	// Tablebase is a claim that the endgame database settles the game (endgame.go), read by
	// its own recognizer from the letter's text; nil when none.
	Tablebase *mailparse.TablebaseClaim
	// FilesRead are the names of the files attached whose text was read as the letter's (its
	// own text stated nothing of play); FilesUnread those of the files not read: postald does
	// not read their kind, or the letter's own text stated play or a leave.
	FilesRead, FilesUnread []string
	// SubjectMove is a move written in the Subject only (mailparse): never played.
	SubjectMove string
}

// question is a question or a request of a letter: its sentence, what it asks about where its
// words tell (mailparse.Topic), the moves it mentions (never the sender's).
type question struct {
	Text   string
	About  []mailparse.Topic
	Quoted []letterMove
	Line   int
}

// quote is where a statement stands in a letter: its line and the line as written. An outcome
// that cannot be undone names the words it rests on (statements.go).
type quote struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

// letterMove is one move as a letter writes it.
type letterMove struct {
	Number int    // the move number written; 0 when none
	Side   Side   // white for "12. x", black for "12... x"; "" when the letter does not tell
	Text   string // the move, look-alike letters mapped
	Line   int    // line in the letter, 1-based
	Raw    string // the text as written, for letters back
	Bad    bool   // the parser could not read it as full notation (abbreviated or unreadable)
}

// written returns the move as the letter wrote it, for quoting back.
func (m letterMove) written() string {
	if m.Raw != "" {
		return m.Raw
	}
	return m.Text
}

type letterVariant struct {
	Label   string
	Written string // the label as the letter writes it (mailparse.Variant.Written)
	Moves   []letterMove
	Line    int
}

// shown is the label as postald's letters name the variant: as its proposer wrote it.
func (v letterVariant) shown() string { return shownLabel(v.Label, v.Written) }

// acceptance is a variant accepted in writing (4.2.13).
type acceptance struct {
	Label     string
	Written   string       // the label as the letter writes it
	Until     int          // the number of the first changed move; 0 when not stated
	Inclusive bool         // "до N-го хода включительно": the first changed move is N+1
	Moves     []letterMove // the accepted moves written out, both sides', in order
	Declined  []letterMove // the variant's moves named after "вместо" / "instead of": never played
	Line      int
	Text      string
}

type letterProblem struct {
	Line int
	Text string
	What string
}

// Draw words of a letter.
const (
	drawOffer   = "offer"
	drawAccept  = "accept"
	drawDecline = "decline"
	drawClaim   = "claim"
)

// fromParsed reduces a parsed letter to what the referee reads.
func fromParsed(l *mailparse.Letter) letter {
	if l == nil {
		return letter{}
	}
	lt := letter{
		Tournament:  l.Tournament,
		Game:        l.Game,
		Repeated:    movesOf(l.Repeated),
		Moves:       movesOf(l.Moves),
		Crossed:     movesOf(l.Crossed),
		Partner:     l.Partner,
		Draw:        string(l.Draw.Kind),
		DrawShort:   l.Draw.Short,
		DrawDoubt:   l.Draw.Doubt,
		DrawWords:   quote{Line: l.Draw.Line, Text: l.Draw.Where.Text},
		Resign:      l.Resign,
		ResignDoubt: l.ResignDoubt,
		ResignWords: quote{Line: l.ResignAt.Line, Text: l.ResignAt.Text},
		Dates:       l.DateValues(),
		Text:        l.Text,
	}
	if c, ok := mailparse.TablebaseClaimIn(l.Text); ok {
		lt.Tablebase = c
		if l.Draw.Kind == mailparse.DrawClaim && l.Draw.Line == c.Line {
			// "Tablebase draw claim", «требую признать ничью по базе окончаний»: the line is the
			// tablebase claim (endgame.go), not a claim of a draw by repetition or move count.
			lt.Draw = ""
		}
	}
	for _, v := range l.Variants {
		lt.Variants = append(lt.Variants, letterVariant{Label: v.Label, Written: v.Written, Moves: movesOf(v.Moves), Line: v.Line})
	}
	if a := l.AcceptVariant; a != nil {
		lt.Accept = &acceptance{Label: a.Label, Written: a.Written, Until: a.Until, Inclusive: a.Inclusive,
			Moves: movesOf(a.Moves), Declined: movesOf(a.Declined), Line: a.Line, Text: a.Text}
	}
	if l.Time != nil {
		lt.Time = &Time{White: l.Time.White, Black: l.Time.Black}
	}
	if l.Leave != nil {
		lv := *l.Leave
		lt.Leave = &lv
	}
	if l.Protest != nil {
		lt.Protest = l.Protest.Text
		if lt.Protest == "" {
			lt.Protest = l.Protest.Where.Text
		}
		lt.ProtestQuoted, lt.ProtestUnsure = movesOf(l.Protest.Quoted), movesOf(l.Protest.Unsure)
	}
	for _, q := range l.Questions {
		lt.Questions = append(lt.Questions, question{Text: q.Text, About: q.About, Quoted: movesOf(q.Quoted), Line: q.Line})
	}
	if w := l.Withdrawal; w != nil {
		lt.Withdrawal = w.Text
		if lt.Withdrawal == "" {
			lt.Withdrawal = w.Where.Text
		}
	}
	lt.Away = l.Away != nil
	lt.SubjectMove = l.SubjectMove
	for _, a := range l.Attachments {
		name := a.Name
		if name == "" {
			name = a.Type
		}
		if a.Read {
			lt.FilesRead = append(lt.FilesRead, name)
		} else {
			lt.FilesUnread = append(lt.FilesUnread, name)
		}
	}
	for _, p := range l.Problems {
		lt.Problems = append(lt.Problems, letterProblem{Line: p.Line, Text: p.Text, What: p.What})
		if p.What == mailparse.WhatGamesNamed {
			lt.GamesNamed = true
		}
	}
	return lt
}

func movesOf(ms []mailparse.Move) []letterMove {
	out := make([]letterMove, 0, len(ms))
	for _, m := range ms {
		lm := letterMove{Number: m.Number, Text: m.Notation, Line: m.Line, Raw: m.Text,
			Bad: m.Abbreviated || m.Unreadable}
		if m.Number > 0 {
			lm.Side = White
			if m.Black {
				lm.Side = Black
			}
		}
		out = append(out, lm)
	}
	return out
}

// shown is the label as the acceptance writes it.
func (a *acceptance) shown() string { return shownLabel(a.Label, a.Written) }

// shownLabel is a variant's label as written when it is known (letters.md: А/Б or A/B, as the
// player wrote them), else the label postald matches by.
func shownLabel(label, written string) string {
	if written != "" {
		return written
	}
	return label
}

// labelOr returns the label the acceptance names, "" for none.
func (a *acceptance) labelOr() string {
	if a == nil {
		return ""
	}
	return a.Label
}
