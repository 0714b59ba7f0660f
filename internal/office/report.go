package office

import (
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/report"
	"postald/internal/store"
	"postald/internal/tournament"
)

// ReportRequest: `report`, the director's report of every tournament (or of Tournament),
// printed, or with Send put in the outbox for each director.
type ReportRequest struct {
	Tournament string `json:"tournament,omitempty"`
	Send       bool   `json:"send,omitempty"`
}

func (ReportRequest) Name() string { return "report" }

func (ReportRequest) Changes() bool { return true }

func (c ReportRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.report(c))
}

// ReportReply holds one report per tournament, in code order.
type ReportReply struct {
	Reports []TournamentReport `json:"reports"`
}

// TournamentReport is one tournament's report: its text and HTML, or, when it was sent, to whom.
type TournamentReport struct {
	Code     string `json:"code"`
	Text     string `json:"text,omitempty"`
	HTML     string `json:"html,omitempty"`
	Queued   bool   `json:"queued,omitempty"`
	Director string `json:"director,omitempty"`
}

// ErrNoTournament is returned when a report is asked of a store with no tournament.
var ErrNoTournament = errors.New("no tournament in the store")

// report draws up the director's report of every tournament (or of req.Tournament) and gives
// it, or puts it in the outbox for each director (req.Send), in one transaction. On a failure
// the reply holds the reports drawn up before it; with Send none went, and the reply says so:
// the transaction that would have queued them was rolled back.
func (o *Office) report(req ReportRequest) (*ReportReply, error) {
	rep := &ReportReply{}
	err := o.update(func(tx *store.Tx) error {
		codes := []string{req.Tournament}
		if req.Tournament == "" {
			var err error
			if codes, err = tx.Tournaments(); err != nil {
				return err
			}
		}
		if len(codes) == 0 {
			return ErrNoTournament
		}
		for _, code := range codes {
			r, err := o.tournamentReport(tx, code, o.now())
			if err != nil {
				return err
			}
			if req.Send {
				if err := mailReport(tx, o.opt.From, r, o.now()); err != nil {
					return err
				}
				rep.Reports = append(rep.Reports, TournamentReport{Code: code, Queued: true, Director: r.sheet.Director})
				continue
			}
			rep.Reports = append(rep.Reports, TournamentReport{Code: code, Text: r.text, HTML: r.html})
		}
		return nil
	})
	if err != nil && req.Send {
		for i := range rep.Reports {
			rep.Reports[i].Queued = false // rolled back with the rest: nothing was queued
		}
	}
	return rep, err
}

// drawnReport is a tournament's report as text and HTML, with every game as PDN.
type drawnReport struct {
	sheet      *tournament.Sheet
	day        daysclock.Date // the day it was drawn up, in the tournament's zone
	text, html string
	pdn        map[string][]byte // by game name
}

// tournamentReport draws up the director's report of one tournament from the store.
func (o *Office) tournamentReport(tx *store.Tx, code string, now time.Time) (*drawnReport, error) {
	sh, err := o.sheet(tx, code)
	if err != nil {
		return nil, err
	}
	loc, err := o.zones.Get(sh.Regulation.Zone)
	if err != nil {
		return nil, err
	}
	r := &drawnReport{sheet: sh, day: daysclock.DateOf(now, loc), pdn: map[string][]byte{}}
	in, err := reading.ReportInput(tx, sh, loc, now, &o.cache.chunks, o.opt.Endgames, func(g referee.Game) error {
		b, err := reading.GamePDN(sh, referee.Seat{Table: sh.Table(loc), Game: g})
		if err != nil {
			return err
		}
		r.pdn[g.Name] = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	if r.text, err = report.Text(in); err != nil {
		return nil, err
	}
	if r.html, err = reading.ReportHTML(in); err != nil {
		return nil, err
	}
	return r, nil
}

// mailReport puts the report in the outbox for the tournament's director: the text in the
// letter, the HTML and every game as PDN attached.
func mailReport(tx *store.Tx, from mail.Address, r *drawnReport, now time.Time) error {
	sh := r.sheet
	if sh.Director == "" {
		return fmt.Errorf("tournament %s has no director to send the report to", sh.Code)
	}
	// The day in the tournament's zone, written as its letters write dates (18.11.2026).
	book := phrase.For(sh.Language)
	subject := fmt.Sprintf(book.Office.ReportSubject, sh.Code, book.Referee.Date(r.day))
	l := mailwrite.Letter{
		From:    from,
		To:      []mail.Address{{Address: sh.Director}},
		Subject: subject,
		Body:    r.text,
		Date:    now,
		Game:    sh.Code + "/",
		Verdict: string(referee.Notice),
		Attachments: []mailwrite.Attachment{
			{Name: "report.html", ContentType: "text/html; charset=utf-8", Data: []byte(r.html)},
		},
	}
	names := make([]string, 0, len(r.pdn))
	for name := range r.pdn {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		l.Attachments = append(l.Attachments, mailwrite.Attachment{Name: name + ".pdn", ContentType: "application/x-draughts-pdn; charset=utf-8", Data: r.pdn[name]})
	}
	_, err := tx.Enqueue(store.Outgoing{From: from.Address, To: []string{sh.Director}, Raw: mailwrite.Compose(l),
		Game: store.GameID{Tournament: sh.Code}, Verdict: string(referee.Notice)}, now)
	return err
}
