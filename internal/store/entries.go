package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"postald/internal/referee"
	"postald/internal/tournament"
)

// The entries of the rulings log. Every ruling records one Entry, of the type declared here for
// its kind: a judge's ruling on a game (GameRuling, the referee's kinds), a player's withdrawal
// (Withdrawal), a Swiss round paired (RoundPaired), a Swiss's end (SwissEnded), the end of a
// tournament that ends when its games are played (TournamentEnded), a reserve entered
// (ReserveEntered), a knockout's pairing opened, its extra games opened or a pairing lost by a
// withdrawal (KnockoutPairing), a knockout decided (KnockoutWon). The store alone encodes and decodes them
// (encodeRuling, decodeRulingJSON): whoever appends a ruling gives its entry, whoever reads one
// gets its entry back, typed, or an error that names the ruling and what cannot be read
// (*EntryError), never a ruling without it.
//
// The stored form is the one postald has always written, so that every ruling's hash stays
// what it was: the ruling's JSON with the entry's own JSON under "details", as encoding/json
// writes a byte slice (base64). A ruling of the referee's kinds stored without details (the
// stores of the first schema versions, and a resend of a tournament's letter as version 8 wrote
// it) is read as the ruling its header records: its kind, clause, reason and time.

// Entry is what one ruling of the log records; its Kind is the ruling's kind.
type Entry interface {
	Kind() string
	entry()
}

// GameRuling is a ruling on one game as the referee applied it (referee.Rule): the judge's
// rulings (penalty, forfeit, adjudicate, correct-date, leave, revert, annul, protest, resend)
// and those a withdrawal or a reserve gives a game (strike-out, refer, forfeit, annul).
// Ruling.Before is not kept: the game before a revert is the archived letter's.
type GameRuling struct {
	referee.Ruling
}

// Kind is the referee's kind of the ruling.
func (e GameRuling) Kind() string { return string(e.Ruling.Kind) }

// Withdrawal is a player who left the tournament (seed 003, 1.10): his number, the games he
// played and all of his games as the rule counted them, and the clause it gave (1.10.2, 1.10.3,
// 1.10.5). Each of his games has a GameRuling of its own.
type Withdrawal struct {
	Player int    `json:"player"`
	Played int    `json:"played"`
	Games  int    `json:"games"`
	Clause string `json:"clause,omitempty"`
}

// Kind is "withdraw".
func (Withdrawal) Kind() string { return KindWithdrawal }

// RoundPaired is a Swiss round as it was paired (tournament.PairedRound).
type RoundPaired struct {
	tournament.PairedRound
}

// Kind is "pair".
func (RoundPaired) Kind() string { return KindRoundPaired }

// ReserveEntered is a reserve the director entered in a team event (tournament.Substitution).
type ReserveEntered struct {
	tournament.Substitution
}

// Kind is "reserve".
func (ReserveEntered) Kind() string { return KindReserveEntered }

// KnockoutPairing is a knockout's pairing opened after round 1, the extra games of a tied one,
// or (Withdrew set) a pairing lost by a withdrawal (tournament.KnockoutOpened).
type KnockoutPairing struct {
	tournament.KnockoutOpened
}

// Kind is "knockout".
func (KnockoutPairing) Kind() string { return KindKnockoutPairing }

// SwissEnded records that a Swiss's last round is played and its final standings went to every
// player, the judge and the director: Rounds is the number of its rounds. Its stored form is
// that number alone.
type SwissEnded struct {
	Rounds int
}

// Kind is "swiss-ended".
func (SwissEnded) Kind() string { return KindSwissEnded }

// MarshalJSON writes the number of rounds.
func (e SwissEnded) MarshalJSON() ([]byte, error) { return []byte(strconv.Itoa(e.Rounds)), nil }

// UnmarshalJSON reads the number of rounds.
func (e *SwissEnded) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &e.Rounds) }

// TournamentEnded records that every game of a tournament that ends when its games are played
// (a round robin, a team event) is finished and its final standings went to everyone: Games is
// the number of its games. Its stored form is that number alone.
type TournamentEnded struct {
	Games int
}

// Kind is "ended".
func (TournamentEnded) Kind() string { return KindTournamentEnded }

// MarshalJSON writes the number of games.
func (e TournamentEnded) MarshalJSON() ([]byte, error) { return []byte(strconv.Itoa(e.Games)), nil }

// UnmarshalJSON reads the number of games.
func (e *TournamentEnded) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &e.Games) }

// KnockoutWon records that a knockout's final is decided and its letters went: Winner went
// through it. Its stored form is the winner's number alone.
type KnockoutWon struct {
	Winner int
}

// Kind is "knockout-won".
func (KnockoutWon) Kind() string { return KindKnockoutWon }

// MarshalJSON writes the winner's number.
func (e KnockoutWon) MarshalJSON() ([]byte, error) { return []byte(strconv.Itoa(e.Winner)), nil }

// UnmarshalJSON reads the winner's number.
func (e *KnockoutWon) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &e.Winner) }

func (GameRuling) entry()      {}
func (Withdrawal) entry()      {}
func (RoundPaired) entry()     {}
func (SwissEnded) entry()      {}
func (TournamentEnded) entry() {}
func (ReserveEntered) entry()  {}
func (KnockoutPairing) entry() {}
func (KnockoutWon) entry()     {}

// The kinds of the entries about a tournament (the referee's kinds are a GameRuling's).
const (
	KindWithdrawal      = "withdraw"
	KindRoundPaired     = "pair"
	KindSwissEnded      = "swiss-ended"
	KindTournamentEnded = "ended"
	KindReserveEntered  = "reserve"
	KindKnockoutPairing = "knockout"
	KindKnockoutWon     = "knockout-won"
)

// gameRulingKinds are the referee's kinds a GameRuling records.
var gameRulingKinds = []referee.RuleKind{referee.RulePenalty, referee.RuleForfeit, referee.RuleAdjudicate, referee.RuleCorrect,
	referee.RuleLeave, referee.RuleRevert, referee.RuleAnnul, referee.RuleProtest, referee.RuleStrikeOut, referee.RuleRefer, referee.RuleResend}

// newEntry returns a new entry of kind, to decode into; false for a kind the log does not have.
func newEntry(kind string) (Entry, bool) {
	switch kind {
	case KindWithdrawal:
		return &Withdrawal{}, true
	case KindRoundPaired:
		return &RoundPaired{}, true
	case KindSwissEnded:
		return &SwissEnded{}, true
	case KindTournamentEnded:
		return &TournamentEnded{}, true
	case KindReserveEntered:
		return &ReserveEntered{}, true
	case KindKnockoutPairing:
		return &KnockoutPairing{}, true
	case KindKnockoutWon:
		return &KnockoutWon{}, true
	}
	if slices.Contains(gameRulingKinds, referee.RuleKind(kind)) {
		return &GameRuling{}, true
	}
	return nil, false
}

// Details returns the JSON of the ruling's entry, as the log stores it (for a view that shows
// it as recorded); nil for none.
func (r Ruling) Details() json.RawMessage {
	if r.Entry == nil {
		return nil
	}
	js, err := json.Marshal(r.Entry)
	if err != nil {
		return nil
	}
	return js
}

// LogOf reads the tournament's own records among rulings (RoundPaired, SwissEnded, TournamentEnded, ReserveEntered,
// KnockoutPairing, Withdrawal, KnockoutWon) as the core's log of the tournament, in order; the
// rulings on games are not the tournament's log.
func LogOf(rulings []Ruling) tournament.Log {
	var log tournament.Log
	for _, ru := range rulings {
		switch e := ru.Entry.(type) {
		case RoundPaired:
			log = log.Add(e.PairedRound)
		case SwissEnded:
			log = log.Add(tournament.SwissEnded{Rounds: e.Rounds})
		case TournamentEnded:
			log = log.Add(tournament.Ended{Games: e.Games})
		case ReserveEntered:
			log = log.Add(e.Substitution)
		case KnockoutPairing:
			log = log.Add(e.KnockoutOpened)
		case Withdrawal:
			if e.Player > 0 && !slices.Contains(log.Withdrawn, e.Player) {
				log = log.Add(tournament.Left{Player: e.Player})
			}
		case KnockoutWon:
			log = log.Add(tournament.KnockoutWon{Winner: e.Winner})
		}
	}
	return log
}

// EntryOf is the entry of the rulings log that records e, a record of the tournament's log.
func EntryOf(e tournament.LogEntry) (Entry, error) {
	switch e := e.(type) {
	case tournament.PairedRound:
		return RoundPaired{PairedRound: e}, nil
	case tournament.SwissEnded:
		return SwissEnded{Rounds: e.Rounds}, nil
	case tournament.Ended:
		return TournamentEnded{Games: e.Games}, nil
	case tournament.Substitution:
		return ReserveEntered{Substitution: e}, nil
	case tournament.KnockoutOpened:
		return KnockoutPairing{KnockoutOpened: e}, nil
	case tournament.Left:
		return Withdrawal{Player: e.Player, Played: e.Played, Games: e.Games, Clause: e.Clause}, nil
	case tournament.KnockoutWon:
		return KnockoutWon{Winner: e.Winner}, nil
	}
	return nil, fmt.Errorf("no entry of the rulings log records a %T", e)
}

// EntryError is a ruling whose entry cannot be read: a kind the log does not have, or details
// that are not its kind's entry. The ruling is intact (its hash holds); this postald cannot say
// what it records.
type EntryError struct {
	Seq  uint64
	Kind string
	Err  error
}

func (e *EntryError) Error() string {
	return fmt.Sprintf("rulings log: ruling %d, of kind %q: its entry cannot be read: %v", e.Seq, e.Kind, e.Err)
}

func (e *EntryError) Unwrap() error { return e.Err }

// Is makes an EntryError match ErrDamaged: the log holds what postald cannot read.
func (e *EntryError) Is(target error) bool { return target == ErrDamaged }

// rulingRecord is a ruling as stored: its header and its entry's JSON.
type rulingRecord struct {
	Seq     uint64    `json:"seq"`
	Game    GameID    `json:"game"`
	Time    time.Time `json:"time"`
	Kind    string    `json:"kind"`
	Clause  string    `json:"clause,omitempty"`
	Reason  string    `json:"reason"`
	Judge   string    `json:"judge,omitempty"`
	Details []byte    `json:"details,omitempty"`
}

// encodeRuling is the stored JSON of r, whose entry gives its kind.
func encodeRuling(r Ruling) ([]byte, error) {
	if r.Entry == nil {
		return nil, invalidf("ruling on %s: no entry", r.Game)
	}
	kind := r.Entry.Kind()
	if _, ok := newEntry(kind); !ok {
		return nil, invalidf("ruling on %s: no entry of kind %q", r.Game, kind)
	}
	details, err := json.Marshal(r.Entry)
	if err != nil {
		return nil, fmt.Errorf("ruling on %s: its %s entry: %w", r.Game, kind, err)
	}
	return json.Marshal(rulingRecord{Seq: r.Seq, Game: r.Game, Time: r.Time, Kind: kind, Clause: r.Clause, Reason: r.Reason,
		Judge: r.Judge, Details: details})
}

// decodeRulingJSON reads a stored ruling's JSON and its entry, strictly: a member its entry's
// type does not have, or a value of another type, is an *EntryError.
func decodeRulingJSON(js []byte) (Ruling, error) {
	var rec rulingRecord
	if err := json.Unmarshal(js, &rec); err != nil {
		return Ruling{}, fmt.Errorf("ruling: %w", err)
	}
	r := Ruling{Seq: rec.Seq, Game: rec.Game, Time: rec.Time, Kind: rec.Kind, Clause: rec.Clause, Reason: rec.Reason, Judge: rec.Judge}
	fail := func(err error) (Ruling, error) { return r, &EntryError{Seq: rec.Seq, Kind: rec.Kind, Err: err} }
	e, ok := newEntry(rec.Kind)
	switch {
	case !ok:
		return fail(fmt.Errorf("no entry of this kind is known"))
	case len(rec.Details) == 0:
		g, isRuling := e.(*GameRuling)
		if !isRuling {
			return fail(fmt.Errorf("no details"))
		}
		// A ruling of the first schema versions, stored without details: its header is all
		// it records.
		g.Ruling = referee.Ruling{Kind: referee.RuleKind(rec.Kind), Clause: rec.Clause, Reason: rec.Reason, At: rec.Time}
	default:
		dec := json.NewDecoder(bytes.NewReader(rec.Details))
		dec.DisallowUnknownFields()
		if err := dec.Decode(e); err != nil {
			return fail(err)
		}
		if dec.More() {
			return fail(fmt.Errorf("more than one value"))
		}
		if g, isRuling := e.(*GameRuling); isRuling && string(g.Ruling.Kind) != rec.Kind {
			return fail(fmt.Errorf("its details are of kind %q", g.Ruling.Kind))
		}
	}
	r.Entry = deref(e)
	return r, nil
}

// deref returns the entry a decoded pointer points to, so that a ruling's entry is a value of
// its declared type.
func deref(e Entry) Entry {
	switch e := e.(type) {
	case *GameRuling:
		return *e
	case *Withdrawal:
		return *e
	case *RoundPaired:
		return *e
	case *SwissEnded:
		return *e
	case *TournamentEnded:
		return *e
	case *ReserveEntered:
		return *e
	case *KnockoutPairing:
		return *e
	case *KnockoutWon:
		return *e
	}
	return e
}
