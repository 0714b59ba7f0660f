package main

import (
	"bytes"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postald/internal/mailtest"
	"postald/internal/store"
	"postald/internal/tournament"
)

// A burst is a tournament's worth of move letters that reach the mailbox at once, as after an
// outage: the opening moves of every game, one letter per move, in the order the players sent
// them, with a few letters that the referee stops.

// burstOpenings are quiet openings of column draughts, one per game (cycling when a tournament
// has more games). Every move was checked against internal/rules: each is legal, no capture is
// ever possible for either side, and after each move the partner has at least two legal moves,
// so that no reply is forced (4.2.4) and every letter carries exactly the move it names.
var burstOpenings = [][]string{
	{"c3-b4", "f6-e5", "g3-h4", "b6-c5", "b4-a5", "a7-b6", "f2-g3", "b8-a7", "b2-c3", "e7-f6"},
	{"a3-b4", "b6-c5", "b4-a5", "c5-b4", "e3-d4", "a7-b6", "g3-f4", "f6-g5", "f2-e3", "d6-c5"},
	{"a3-b4", "h6-g5", "c3-d4", "g7-h6", "b2-c3", "b6-a5", "c1-b2", "h8-g7", "g3-f4", "a7-b6"},
	{"c3-d4", "h6-g5", "a3-b4", "b6-a5", "b2-c3", "g5-h4", "d4-c5", "f6-e5", "e3-d4", "g7-f6"},
	{"g3-f4", "f6-g5", "c3-d4", "g7-f6", "f2-g3", "h8-g7", "g3-h4", "d6-c5", "f4-e5", "e7-d6"},
	{"g3-h4", "h6-g5", "c3-d4", "b6-a5", "b2-c3", "c7-b6", "a3-b4", "b8-c7", "a1-b2", "g7-h6"},
}

// burstStops are impossible moves written instead of a game's real move (keyed by game index and
// ply). Each is stopped under 4.2.10 — the from-square is empty, or its piece has two legal moves,
// so postald cannot substitute one — with 6 penalty days (4.2.11); the player then sends the
// real move in a new letter.
var burstStops = map[[2]int]string{
	{0, 2}: "d4-e5", // no piece on d4
	{2, 5}: "b6-d4", // b6 can go to a5 or c5
	{3, 6}: "e5-f6", // no piece on e5
	{5, 9}: "d6-f4", // d6 can go to c5 or e5
}

// burstLetter is one letter of a burst.
type burstLetter struct {
	Game      string // "1-2"
	From      string // the sender's address
	To        string // his partner's address, where an accepted move is forwarded
	MessageID string // without angle brackets
	Verdict   string // what the referee must decide: accepted or rejected
	Posted    time.Time
	Raw       []byte
}

// burstPlayer is a player of a burst's tournament.
type burstPlayer struct {
	Name, Email string
}

// burst is a tournament's start sheet and its letters.
type burst struct {
	Code    string
	Start   time.Time // the start date, midnight UTC
	Players []burstPlayer
	Games   []tournament.Game
	Letters []burstLetter
	// Plies is how many moves each game has once the burst is processed.
	Plies int
}

// newBurst makes a burst for a single round-robin of players: each game plays plies moves of its
// opening, one letter per move, the games' letters interleaved (every game's first move, then
// every game's second, ...), the k-th move of each game posted on day k after start. With
// stops, the letters of burstStops come just before the move they fail to make. The letters are
// addressed to the tournament's address.
func newBurst(t testing.TB, code, address string, start time.Time, players []burstPlayer, plies int, stops bool) *burst {
	t.Helper()
	games, err := tournament.Pairings(len(players), 1)
	if err != nil {
		t.Fatal(err)
	}
	b := &burst{Code: code, Start: start, Players: players, Games: games, Plies: plies}
	n := 0
	add := func(g tournament.Game, ply int, move, verdict string) {
		white, black := players[g.White-1], players[g.Black-1]
		from, partner, prev := white, black, ""
		if ply%2 == 1 {
			from, partner = black, white
		}
		open := burstOpenings[gameIndex(games, g)%len(burstOpenings)]
		if ply > 0 {
			prev = "Received your " + plyText(ply-1, open[ply-1]) + ".\n"
		}
		n++
		id := fmt.Sprintf("%s.%s.%d@players.test", strings.ToLower(code), g.Name, n)
		posted := start.AddDate(0, 0, ply).Add(8*time.Hour + time.Duration(n)*time.Minute)
		text := fmt.Sprintf("Dear %s,\n\nTournament %s, game %s.\n%sMy move: %s\n\nRegards,\n%s\n",
			partner.Name, code, g.Name, prev, plyText(ply, move), from.Name)
		raw := "From: " + (&mail.Address{Name: from.Name, Address: from.Email}).String() +
			"\r\nTo: " + address + "\r\nSubject: " + code + " game " + g.Name +
			"\r\nDate: " + posted.Format(time.RFC1123Z) + "\r\nMessage-ID: <" + id + ">" +
			"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
			strings.ReplaceAll(text, "\n", "\r\n")
		b.Letters = append(b.Letters, burstLetter{Game: g.Name, From: from.Email, To: partner.Email, MessageID: id,
			Verdict: verdict, Posted: posted, Raw: []byte(raw)})
	}
	for ply := range plies {
		for i, g := range games {
			open := burstOpenings[i%len(burstOpenings)]
			if wrong, ok := burstStops[[2]int{i, ply}]; ok && stops {
				add(g, ply, wrong, "rejected")
			}
			add(g, ply, open[ply], "accepted")
		}
	}
	return b
}

func gameIndex(games []tournament.Game, g tournament.Game) int {
	for i, x := range games {
		if x.Name == g.Name {
			return i
		}
	}
	return -1
}

// plyText numbers a move as a letter writes it: "3. b4-a5" for White, "3... a7-b6" for Black.
func plyText(ply int, move string) string {
	if ply%2 == 0 {
		return fmt.Sprintf("%d. %s", ply/2+1, move)
	}
	return fmt.Sprintf("%d... %s", ply/2+1, move)
}

// sheet is the burst's start sheet. The regulation counts days in UTC, so that no deadline of a
// game falls while a test runs.
func (b *burst) sheet(address, judge, director string) string {
	var s strings.Builder
	fmt.Fprintf(&s, "[tournament]\ncode = %q\nname = \"burst\"\nvariant = \"column\"\nstart = %s\nend = %s\n"+
		"language = \"en\"\naddress = %q\njudge = %q\ndirector = %q\n\n[regulation]\nzone = \"UTC\"\n",
		b.Code, b.Start.Format(time.DateOnly), b.Start.AddDate(1, 0, 0).Format(time.DateOnly), address, judge, director)
	for i, p := range b.Players {
		fmt.Fprintf(&s, "\n[[player]]\nnumber = %d\nname = %q\nemail = %q\n", i+1, p.Name, p.Email)
	}
	return s.String()
}

// stackPlayers returns n players of the stack with their addresses.
func stackPlayers(t testing.TB, st *mailtest.Stack, n int) []burstPlayer {
	t.Helper()
	users := st.Players()
	if len(users) < n {
		t.Fatalf("the mail stack has %d players, want %d", len(users), n)
	}
	ps := make([]burstPlayer, n)
	for i, u := range users[:n] {
		ps[i] = burstPlayer{Name: strings.ToUpper(u[:1]) + u[1:], Email: st.Address(u)}
	}
	return ps
}

// appendLetters puts letters into a mailbox of user's, as the mail server delivers them: each
// with its postmark as the IMAP INTERNALDATE, so that decisions do not depend on when postald
// reads them.
func appendLetters(t testing.TB, c *imapclient.Client, mailbox string, letters []burstLetter) {
	t.Helper()
	for _, l := range letters {
		cmd := c.Append(mailbox, int64(len(l.Raw)), &imap.AppendOptions{Time: l.Posted})
		if _, err := cmd.Write(l.Raw); err != nil {
			t.Fatalf("append %s: %v", l.MessageID, err)
		}
		if err := cmd.Close(); err != nil {
			t.Fatalf("append %s: %v", l.MessageID, err)
		}
		if _, err := cmd.Wait(); err != nil {
			t.Fatalf("append %s: %v", l.MessageID, err)
		}
	}
}

// mailboxSize returns how many messages a mailbox holds.
func mailboxSize(t testing.TB, c *imapclient.Client, mailbox string) int {
	t.Helper()
	st, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		t.Fatalf("status %s: %v", mailbox, err)
	}
	return int(*st.NumMessages)
}

// stackFiles writes what a postald serving the stack needs into dir: the passwords and the
// configuration, watching inbox and moving letters to processed. It returns the configuration's
// path.
func stackFiles(t testing.TB, st *mailtest.Stack, dir, inbox, processed string) string {
	t.Helper()
	pass := filepath.Join(dir, "moves.pass")
	if err := os.WriteFile(pass, []byte(st.Password(st.Tournament)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	user := st.Address(st.Tournament)
	cfg := fmt.Sprintf(`[store]
path = %q
open_timeout = "10s"

[imap]
address = %q
tls = "starttls"
username = %q
password_file = %q
mailbox = %q
processed = %q

[smtp]
address = %q
tls = "starttls"
username = %q
password_file = %q
from = "Secretary <%s>"

[tls]
ca_file = %q

[control]
socket = %q

[daemon]
poll_interval = "1s"

[trust]
from_only = true   # a closed test setup: the test appends the letters to the mailbox itself

[delivery]
notify = false     # no reports: they would pile up in the tournament's INBOX, which no run watches
`, filepath.Join(dir, "postald.db"), st.IMAPAddr, user, pass, inbox, processed,
		st.SubmissionAddr, user, pass, user, st.CAFile, filepath.Join(dir, "control.sock"))
	path := filepath.Join(dir, "postald.toml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// copiesOf counts, among the letters of user's INBOX from UID from on, those whose Message-ID
// contains instance (the store's random name, part of every Message-ID postald gives), by
// Message-ID.
func copiesOf(t testing.TB, c *imapclient.Client, instance string, from imap.UID) map[string]int {
	t.Helper()
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatalf("examine INBOX: %v", err)
	}
	var since imap.UIDSet
	since.AddRange(from, 0) // from:*
	sd, err := c.UIDSearch(&imap.SearchCriteria{
		UID:    []imap.UIDSet{since},
		Header: []imap.SearchCriteriaHeaderField{{Key: "Message-ID", Value: instance}},
	}, nil).Wait()
	if err != nil {
		t.Fatalf("search INBOX: %v", err)
	}
	n := map[string]int{}
	uids := sd.AllUIDs()
	if len(uids) == 0 {
		return n
	}
	sec := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, HeaderFields: []string{"Message-ID"}, Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		t.Fatalf("fetch INBOX: %v", err)
	}
	for _, m := range msgs {
		h, err := mail.ReadMessage(bytes.NewReader(append(m.FindBodySection(sec), "\r\n"...)))
		if err != nil {
			t.Fatalf("message %d: %v", m.UID, err)
		}
		if id := store.NormalizeMessageID(h.Header.Get("Message-ID")); strings.Contains(id, instance) {
			n[id]++
		}
	}
	return n
}
