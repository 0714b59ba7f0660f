package store

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/tournament"
)

// TestEntries: every kind's entry is read back as its declared type, and is stored as postald
// has always stored it — its JSON, under "details" — so that every ruling's hash stays what it
// was. The JSON here is what the office wrote before the entries were typed.
func TestEntries(t *testing.T) {
	at := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	tour := GameID{Tournament: "CT-2026/1"}
	tests := []struct {
		game  GameID
		entry Entry
		kind  string
		js    string
	}{
		{game37, GameRuling{referee.Ruling{Kind: referee.RulePenalty, Side: referee.White, Days: 3, Clause: "4.3.1", Reason: "late", At: at}},
			"penalty", `{"kind":"penalty","side":"white","days":3,"clause":"4.3.1","reason":"late","at":"2026-11-20T08:00:00Z"}`},
		{game37, GameRuling{referee.Ruling{Kind: referee.RuleRevert, Letter: 4, LetterID: "a@b", LetterTime: at, Upto: 6, Clause: "4.1.7", Reason: "forged", At: at}},
			"revert", `{"kind":"revert","letter":4,"letter_id":"a@b","letter_time":"2026-11-20T08:00:00Z","upto":6,"clause":"4.1.7","reason":"forged","at":"2026-11-20T08:00:00Z"}`},
		{tour, Withdrawal{Player: 4, Played: 1, Games: 3, Clause: "1.10.2"}, "withdraw", `{"player":4,"played":1,"games":3,"clause":"1.10.2"}`},
		{tour, RoundPaired{tournament.PairedRound{Round: 2, Boards: [][2]int{{3, 1}, {2, 4}}, Bye: 5, Ends: daysclock.Date{Year: 2027, Month: 1, Day: 10}}},
			"pair", `{"round":2,"boards":[[3,1],[2,4]],"bye":5,"ends":"2027-01-10"}`},
		{tour, ReserveEntered{tournament.Substitution{Team: 1, Out: 2, In: 5, Games: [][2]string{{"2-4", "5-4"}}}},
			"reserve", `{"team":1,"out":2,"in":5,"games":[["2-4","5-4"]]}`},
		{tour, KnockoutPairing{tournament.KnockoutOpened{Round: 2, Slot: 1, A: 1, B: 4, Extra: true}}, "knockout", `{"round":2,"slot":1,"a":1,"b":4,"extra":true}`},
		{tour, KnockoutPairing{tournament.KnockoutOpened{Round: 2, Slot: 2, A: 3, Withdrew: 3}}, "knockout", `{"round":2,"slot":2,"a":3,"b":0,"withdrew":3}`},
		{tour, KnockoutWon{Winner: 3}, "knockout-won", `3`},
		{tour, SwissEnded{Rounds: 5}, "swiss-ended", `5`},
		{tour, TournamentEnded{Games: 12}, "ended", `12`},
		{tour, GameRuling{referee.Ruling{Kind: referee.RuleResend, Letter: 2, LetterTime: at, To: "p@club.example", Clause: "4.3.1", Reason: "returned", At: at}},
			"resend", `{"kind":"resend","letter":2,"letter_time":"2026-11-20T08:00:00Z","to":"p@club.example","clause":"4.3.1","reason":"returned","at":"2026-11-20T08:00:00Z"}`},
	}
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for _, tc := range tests {
			if _, err := tx.AppendRuling(Ruling{Game: tc.game, Time: at, Reason: "r", Entry: tc.entry}); err != nil {
				return err
			}
		}
		return nil
	})
	view(t, db, func(tx *Tx) error {
		rs, err := tx.Rulings(GameID{})
		if err != nil {
			return err
		}
		for i, tc := range tests {
			r := rs[i]
			if r.Kind != tc.kind || !reflect.DeepEqual(r.Entry, tc.entry) {
				t.Errorf("ruling %d read back as %s %#v, want %s %#v", r.Seq, r.Kind, r.Entry, tc.kind, tc.entry)
			}
			var rec rulingRecord
			if err := json.Unmarshal(tx.bucket(bucketRulings).Get(seqKey(r.Seq))[65:], &rec); err != nil {
				return err
			}
			if string(rec.Details) != tc.js {
				t.Errorf("ruling %d (%s) stored with details %s, want %s", r.Seq, tc.kind, rec.Details, tc.js)
			}
		}
		return nil
	})
	update(t, db, func(tx *Tx) error {
		for _, r := range []Ruling{
			{Game: game37, Time: at, Reason: "r"},
			{Game: game37, Time: at, Reason: "r", Kind: "forfeit", Entry: ruled("penalty")},
			{Game: game37, Time: at, Reason: "r", Entry: ruled("promote")},
		} {
			if _, err := tx.AppendRuling(r); !errors.Is(err, ErrInvalid) {
				t.Errorf("AppendRuling(%+v) = %v, want it refused", r, err)
			}
		}
		return nil
	})
}

// putRawRuling appends ruling js to the log as a file edited by someone who knows the layout
// would: chained after the last ruling, the head and the index kept.
func putRawRuling(t *testing.T, db *DB, g GameID, js string) uint64 {
	t.Helper()
	var seq uint64
	update(t, db, func(tx *Tx) error {
		b := tx.bucket(bucketRulings)
		var err error
		if seq, err = b.NextSequence(); err != nil {
			return err
		}
		js = strings.Replace(js, `"seq":0`, `"seq":`+itoa(int(seq)), 1)
		last, prev, err := headIn(tx.bucket(bucketMeta), metaRulingsHead)
		if err != nil || last != seq-1 {
			t.Fatalf("head %d, %v", last, err)
		}
		v, hash := chainRuling(prev, []byte(js))
		if err := b.Put(seqKey(seq), v); err != nil {
			return err
		}
		if err := tx.bucket(bucketMeta).Put(metaRulingsHead, encodeHead(seq, hash)); err != nil {
			return err
		}
		return tx.bucket(bucketRulingsIndex).Put(rulingIndexKey(g, seq), []byte{recordV1})
	})
	return seq
}

// TestEntryUnreadable: a ruling whose entry cannot be read — a kind the log does not have, a
// member its type does not have, a value of another type, details of another kind — is reported
// by every read of the log and by the check of the whole store, with its number, its kind and
// what is wrong, once the chain holds; nothing skips it. A penalty of the first schema versions
// and a resend of a tournament's letter as schema version 8 wrote it, both stored without
// details, read as what their header says.
func TestEntryUnreadable(t *testing.T) {
	b64 := func(s string) string { js, _ := json.Marshal([]byte(s)); return string(js) }
	head := `{"seq":0,"game":{"tournament":"CT-2026/1","game":"3-7"},"time":"2026-11-20T08:00:00Z",`
	for _, tc := range []struct {
		name, js, says string
	}{
		{"a kind the log does not have", head + `"kind":"promote","reason":"r","details":` + b64(`{}`) + `}`, "no entry of this kind"},
		{"a member its type does not have", head + `"kind":"withdraw","reason":"r","details":` + b64(`{"player":4,"games_left":2}`) + `}`, `unknown field "games_left"`},
		{"a value of another type", head + `"kind":"pair","reason":"r","details":` + b64(`{"round":"two"}`) + `}`, "cannot unmarshal"},
		{"details of another kind", head + `"kind":"penalty","reason":"r","details":` + b64(`{"kind":"forfeit","side":"white","clause":"4.3.1","reason":"r","at":"2026-11-20T08:00:00Z"}`) + `}`, `of kind "forfeit"`},
		{"no details where they are needed", head + `"kind":"knockout","reason":"r"}`, "no details"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openTemp(t)
			update(t, db, func(tx *Tx) error {
				_, err := tx.AppendRuling(Ruling{Game: game37, Time: t0, Reason: "first", Entry: ruled("penalty")})
				return err
			})
			seq := putRawRuling(t, db, game37, tc.js)
			check := func(what string, err error) {
				t.Helper()
				var e *EntryError
				if !errors.As(err, &e) || e.Seq != seq || !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), tc.says) {
					t.Errorf("%s: %v, want ruling %d's entry unreadable: %s", what, err, seq, tc.says)
				}
			}
			err := db.View(func(tx *Tx) error { _, err := tx.Rulings(game37); return err })
			check("Rulings of the game", err)
			err = db.View(func(tx *Tx) error { _, err := tx.Rulings(GameID{}); return err })
			check("every ruling", err)
			check("the check of the whole store", db.CheckWhole())
			check("VerifyAll", db.VerifyAll())
			if err := db.Close(); err != nil { // closed before openTemp's cleanup checks it
				t.Error(err)
			}
		})
	}
	for _, tc := range []struct{ name, kind string }{
		{"a penalty of the first schema versions", "penalty"},
		{"a resend of a tournament's letter as schema version 8 wrote it", "resend"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openTemp(t)
			putRawRuling(t, db, game37, head+`"kind":"`+tc.kind+`","clause":"4.3.1","reason":"late"}`)
			view(t, db, func(tx *Tx) error {
				rs, err := tx.Rulings(game37)
				if err != nil {
					return err
				}
				want := GameRuling{referee.Ruling{Kind: referee.RuleKind(tc.kind), Clause: "4.3.1", Reason: "late", At: time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)}}
				if len(rs) != 1 || !reflect.DeepEqual(rs[0].Entry, want) {
					t.Errorf("read as %+v, want %+v", rs, want)
				}
				return nil
			})
			if err := db.CheckWhole(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestLogOf: every record of a tournament's log (tournament.LogEntry) is recorded as an entry
// (EntryOf) and read back as the same log (LogOf), the rulings on games aside.
func TestLogOf(t *testing.T) {
	records := []tournament.LogEntry{
		tournament.PairedRound{Round: 1, Boards: [][2]int{{1, 2}}, Bye: 3},
		tournament.Substitution{Team: 1, Out: 2, In: 5, Games: [][2]string{{"2-4", "5-4"}}},
		tournament.KnockoutOpened{Round: 2, Slot: 1, A: 1, B: 4},
		tournament.Left{Player: 4, Played: 1, Games: 3, Clause: "1.10.2"},
		tournament.KnockoutWon{Winner: 1},
		tournament.SwissEnded{Rounds: 1},
	}
	var want tournament.Log
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		for i, rec := range records {
			want = want.Add(rec)
			e, err := EntryOf(rec)
			if err != nil {
				return err
			}
			if _, err := tx.AppendRuling(Ruling{Game: GameID{Tournament: "CT-2026/1"}, Time: t0, Reason: "r", Entry: e}); err != nil {
				return err
			}
			if i == 2 { // a ruling on a game between them is no record of the tournament's
				if _, err := tx.AppendRuling(Ruling{Game: game37, Time: t0, Reason: "r", Entry: ruled("penalty")}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	view(t, db, func(tx *Tx) error {
		rs, err := tx.Rulings(GameID{Tournament: "CT-2026/1"})
		if err != nil {
			return err
		}
		if got := LogOf(rs); !reflect.DeepEqual(got, want) {
			t.Errorf("LogOf = %+v, want %+v", got, want)
		}
		return nil
	})
}
