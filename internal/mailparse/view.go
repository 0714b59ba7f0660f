package mailparse

import (
	"encoding/json"
	"fmt"
	"time"

	"postald/internal/daysclock"
)

// View is the machine-readable form of a Letter printed by "postald parse": the fixed JSON
// fields of the letter format, in its order, then postald's additions (draw_reason, protest,
// leave, header). Lists are always present (empty when the letter has none); other fields the
// letter lacks are omitted, except resign.
type View struct {
	Tournament    string          `json:"tournament,omitempty"`
	Game          string          `json:"game,omitempty"`
	Repeated      []string        `json:"repeated"`
	Moves         []string        `json:"moves"`
	Variants      []VariantView   `json:"variants"`
	AcceptVariant *AcceptanceView `json:"accept_variant,omitempty"`
	Draw          DrawKind        `json:"draw,omitempty"`
	Resign        bool            `json:"resign"`
	Dates         []string        `json:"dates"`
	Time          *TimeView       `json:"time,omitempty"`
	Problems      []ProblemView   `json:"problems"`
	DrawReason    string          `json:"draw_reason,omitempty"`
	// DrawShort: the draw statement is a short form of 1.13.3 («Согласен», "Agreed"), which
	// counts only while an offer stands; DrawDoubt and ResignDoubt: why the statement has no
	// one meaning (postald asks).
	DrawShort   bool   `json:"draw_short,omitempty"`
	DrawDoubt   string `json:"draw_doubt,omitempty"`
	ResignDoubt string `json:"resign_doubt,omitempty"`
	// Crossed are the writer's own moves he corrected in the letter itself (4.2.5).
	Crossed []string `json:"crossed,omitempty"`
	Protest string   `json:"protest,omitempty"`
	// ProtestQuoted are the moves the protest mentions, ProtestUnsure those on a line of
	// their own inside it (asides.go).
	ProtestQuoted []string       `json:"protest_quoted,omitempty"`
	ProtestUnsure []string       `json:"protest_unsure,omitempty"`
	Questions     []QuestionView `json:"questions,omitempty"`
	Withdrawal    string         `json:"withdrawal,omitempty"`
	Away          string         `json:"away,omitempty"` // the out-of-office line
	Leave         *LeaveView     `json:"leave,omitempty"`
	// Partner is the partner the letter names its game by («партия с Ивановым»).
	Partner string `json:"partner,omitempty"`
	// Sections are the parts of a letter about several games, each as a letter about its game
	// (without its header); the letter's own fields then hold what is the player's.
	Sections []View `json:"sections,omitempty"`
	// SubjectMove is a move written in the Subject of a letter that is no reply: never played.
	SubjectMove string `json:"subject_move,omitempty"`
	// Attachments are the files attached to the letter; read: their text was read as the
	// letter's (attached.go).
	Attachments []AttachmentView `json:"attachments,omitempty"`
	Header      HeaderView       `json:"header"`
}

// AttachmentView is an attached file in a View.
type AttachmentView struct {
	Name string `json:"name,omitempty"`
	Type string `json:"type"`
	Read bool   `json:"read"`
}

// QuestionView is a question in a View: its sentence, what it asks about, the moves it quotes.
type QuestionView struct {
	Text   string   `json:"text"`
	About  []Topic  `json:"about,omitempty"`
	Quoted []string `json:"quoted,omitempty"`
}

// VariantView is a variant in a View.
type VariantView struct {
	Label string   `json:"label"`
	Moves []string `json:"moves"`
}

// AcceptanceView is an acceptance in a View: the label, the first changed move (until),
// whether it is included, whether the acceptance is partial, the accepted moves written out
// and the declined move(s) after "вместо" / "instead of", normalised like every move.
type AcceptanceView struct {
	Label     string   `json:"label"`
	Until     int      `json:"until,omitempty"`
	Inclusive bool     `json:"inclusive,omitempty"`
	Partial   bool     `json:"partial,omitempty"`
	Moves     []string `json:"moves,omitempty"`
	Declined  []string `json:"declined,omitempty"`
}

// TimeView is the time fraction in a View.
type TimeView struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// ProblemView is a problem in a View.
type ProblemView struct {
	Line int    `json:"line"`
	Text string `json:"text"`
	What string `json:"what"`
}

// leaveDay writes a day of a leave notice: "2026-12-20", "--01-15" (ISO 8601's day without its
// year) when the letter does not write the year, "" when none.
func leaveDay(d daysclock.Date) string {
	switch {
	case d.IsZero():
		return ""
	case d.Year == 0:
		return fmt.Sprintf("--%02d-%02d", int(d.Month), d.Day)
	}
	return d.String()
}

// LeaveView is a leave notice in a View; dates are omitted when not given, and a day without
// its year is written "--MM-DD".
type LeaveView struct {
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// HeaderView holds the header facts in a View.
type HeaderView struct {
	From            string   `json:"from,omitempty"`
	Subject         string   `json:"subject,omitempty"`
	MessageID       string   `json:"message_id,omitempty"`
	InReplyTo       []string `json:"in_reply_to,omitempty"`
	References      []string `json:"references,omitempty"`
	Date            string   `json:"date,omitempty"` // RFC 3339
	AutoSubmitted   string   `json:"auto_submitted,omitempty"`
	Precedence      string   `json:"precedence,omitempty"`
	ListID          string   `json:"list_id,omitempty"`
	ReturnPathEmpty bool     `json:"return_path_empty,omitempty"`
	XAutoreply      string   `json:"x_autoreply,omitempty"`
	Postald         []string `json:"x_postald,omitempty"` // "Name: value"
	ContentType     string   `json:"content_type,omitempty"`
	ReportType      string   `json:"report_type,omitempty"`
}

func moveStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// View returns the machine-readable form of l.
func (l *Letter) View() View {
	v := View{
		Tournament:  l.Tournament,
		Game:        l.Game,
		Repeated:    moveStrings(l.Repeated),
		Moves:       moveStrings(l.Moves),
		Variants:    make([]VariantView, len(l.Variants)),
		Draw:        l.Draw.Kind,
		DrawReason:  l.Draw.Reason,
		DrawShort:   l.Draw.Short,
		DrawDoubt:   l.Draw.Doubt,
		ResignDoubt: l.ResignDoubt,
		Crossed:     moveStrings(l.Crossed),
		Resign:      l.Resign,
		Dates:       make([]string, len(l.Dates)),
		Problems:    make([]ProblemView, len(l.Problems)),
	}
	for i, va := range l.Variants {
		v.Variants[i] = VariantView{Label: va.Label, Moves: moveStrings(va.Moves)}
	}
	if a := l.AcceptVariant; a != nil {
		v.AcceptVariant = &AcceptanceView{Label: a.Label, Until: a.Until, Inclusive: a.Inclusive, Partial: a.Partial}
		if len(a.Moves) > 0 {
			v.AcceptVariant.Moves = moveStrings(a.Moves)
		}
		if len(a.Declined) > 0 {
			v.AcceptVariant.Declined = moveStrings(a.Declined)
		}
	}
	for i, d := range l.Dates {
		v.Dates[i] = d.Date.String()
	}
	if t := l.Time; t != nil {
		v.Time = &TimeView{White: t.White, Black: t.Black}
	}
	for i, p := range l.Problems {
		v.Problems[i] = ProblemView{Line: p.Line, Text: p.Text, What: p.What}
	}
	if p := l.Protest; p != nil {
		v.Protest = p.Text
		if len(p.Quoted) > 0 {
			v.ProtestQuoted = moveStrings(p.Quoted)
		}
		if len(p.Unsure) > 0 {
			v.ProtestUnsure = moveStrings(p.Unsure)
		}
	}
	for _, q := range l.Questions {
		qv := QuestionView{Text: q.Text, About: q.About}
		if len(q.Quoted) > 0 {
			qv.Quoted = moveStrings(q.Quoted)
		}
		v.Questions = append(v.Questions, qv)
	}
	if w := l.Withdrawal; w != nil {
		v.Withdrawal = w.Text
	}
	v.SubjectMove = l.SubjectMove
	for _, a := range l.Attachments {
		v.Attachments = append(v.Attachments, AttachmentView{Name: a.Name, Type: a.Type, Read: a.Read})
	}
	if a := l.Away; a != nil {
		v.Away = a.Text
	}
	if lv := l.Leave; lv != nil {
		v.Leave = &LeaveView{}
		v.Leave.From, v.Leave.To = leaveDay(lv.From), leaveDay(lv.To)
	}
	v.Partner = l.Partner
	for _, p := range l.Parts {
		pv := p.View()
		pv.Header = HeaderView{}
		v.Sections = append(v.Sections, pv)
	}
	h := l.Header
	v.Header = HeaderView{
		From:            h.From,
		Subject:         h.Subject,
		MessageID:       h.MessageID,
		InReplyTo:       h.InReplyTo,
		References:      h.References,
		AutoSubmitted:   h.AutoSubmitted,
		Precedence:      h.Precedence,
		ListID:          h.ListID,
		ReturnPathEmpty: h.ReturnPathEmpty,
		XAutoreply:      h.XAutoreply,
		ContentType:     h.ContentType,
		ReportType:      h.ReportType,
	}
	if !h.Date.IsZero() {
		v.Header.Date = h.Date.Format(time.RFC3339)
	}
	for _, f := range h.Postald {
		v.Header.Postald = append(v.Header.Postald, f.Name+": "+f.Value)
	}
	return v
}

// MarshalJSON encodes l as its View.
func (l *Letter) MarshalJSON() ([]byte, error) { return json.Marshal(l.View()) }
