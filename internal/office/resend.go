package office

import (
	"errors"
	"fmt"
	"net/mail"
	"postald/internal/reading"
	"strings"
	"time"

	"postald/internal/referee"
	"postald/internal/store"
)

// ResendRequest: `judge resend GAME N [-to ADDRESS]`, letter N of a game's archive (one postald
// sent) sent again, to the address it went to or to Address, as a ruling (4.1.10: with its clause,
// 4.3.1 unless the judge names another, and its reason). GAME may be a tournament's own chain,
// "CODE/", for a letter of the tournament's (a start letter). The letter goes as it was, under
// RFC 5322's Resent-* fields; its delivery is followed as any letter's, and when it brings a
// player the move his game waits for since a failed delivery, his clock starts when it reaches
// him (delivery.go).
type ResendRequest struct {
	Game   string `json:"game"`
	Letter uint64 `json:"letter"`
	To     string `json:"to,omitempty"`
	Clause string `json:"clause,omitempty"`
	Reason string `json:"reason"`
}

func (ResendRequest) Name() string { return "resend" }

func (ResendRequest) Changes() bool { return true }

func (c ResendRequest) run(o *Office) (any, error) {
	if !strings.HasSuffix(c.Game, "/") {
		if err := o.game(&c.Game); err != nil {
			return nil, err
		}
	} else {
		code := strings.TrimSuffix(c.Game, "/")
		if err := o.code(&code); err != nil {
			return nil, err
		}
		c.Game = code + "/"
	}
	return replied(o.resend(c))
}

// Resent says that letter Letter of Game was sent again to To, as outbox item Outbox.
type Resent struct {
	Game   store.GameID `json:"game"`
	Letter uint64       `json:"letter"`
	To     string       `json:"to"`
	Outbox uint64       `json:"outbox"`
}

// errResendReason is the error of a resend without its reason.
var errResendReason = errors.New("resend needs GAME N and -reason (4.1.10)")

// resend sends a letter again by the judge's ruling.
func (o *Office) resend(req ResendRequest) (*Resent, error) {
	if strings.TrimSpace(req.Reason) == "" {
		return nil, errResendReason
	}
	if req.Letter == 0 {
		return nil, fmt.Errorf("letter number 0: want the number judge show gives it")
	}
	clause := req.Clause
	if clause == "" {
		clause = "4.3.1"
	}
	if req.To != "" {
		a, err := mail.ParseAddress(req.To)
		if err != nil || a.Name != "" || !strings.Contains(a.Address, "@") {
			return nil, fmt.Errorf("-to %q: want an e-mail address, name@domain.example", req.To)
		}
		req.To = a.Address
	}
	now := o.now()
	var done Resent
	err := o.update(func(tx *store.Tx) error {
		var id store.GameID
		var err error
		if code, ok := strings.CutSuffix(req.Game, "/"); ok {
			id = store.GameID{Tournament: code}
			if _, err := o.sheet(tx, code); err != nil {
				return err
			}
		} else if id, err = reading.FindGame(tx, req.Game); err != nil {
			return err
		}
		e, _, _, err := reading.Archived(tx, id, req.Letter)
		if err != nil {
			return err
		}
		if e.Direction != store.Out || e.Outbox == 0 {
			return fmt.Errorf("letter #%d of %s is not one postald sent: judge show %s lists them", req.Letter, id.Key(), id.Key())
		}
		it, err := tx.OutboxItem(e.Outbox)
		if err != nil {
			return err
		}
		to := req.To
		if to == "" {
			if len(it.To) == 0 {
				return fmt.Errorf("letter #%d of %s was a card: name the address with -to", req.Letter, id.Key())
			}
			to = it.To[0]
		}
		sent, err := tx.ResendLetter(store.Resend{Of: it.Seq, To: to}, now)
		if err != nil {
			return err
		}
		done = Resent{Game: id, Letter: req.Letter, To: to, Outbox: sent.Seq}
		at := it.Done
		if at.IsZero() {
			at = e.Time
		}
		return o.resendRuling(tx, id, it, req, clause, to, at, now)
	})
	if err != nil {
		return nil, err
	}
	return &done, nil
}

// resendRuling records the ruling of a resend: for a game through the referee (referee.Rule,
// the letters to both players, the judge and the director), for a tournament's letter in the
// rulings log alone.
func (o *Office) resendRuling(tx *store.Tx, id store.GameID, it store.OutboxItem, req ResendRequest, clause, to string, at, now time.Time) error {
	r := referee.Ruling{Kind: referee.RuleResend, Letter: req.Letter, LetterTime: at, To: to,
		Clause: clause, Reason: req.Reason, At: now}
	if id.Game == "" {
		// A tournament's letter: the ruling as it was made, on no game.
		if _, err := tx.AppendRuling(store.Ruling{Game: id, Time: now, Clause: clause, Reason: req.Reason, Entry: store.GameRuling{Ruling: r}}); err != nil {
			return err
		}
		o.work.Ruled(id.Tournament)
		return nil
	}
	_, sh, st, err := o.openGame(tx, id.Key())
	if err != nil {
		return err
	}
	if it.Brings != nil {
		r.Side = referee.Side(it.Brings.Side)
	}
	return o.applyRuling(tx, sh, id, st, r, now)
}
