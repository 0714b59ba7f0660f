package tournament

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"

	"postald/internal/referee"
)

// Stage is a stage of a mixed competition (seed 003, 1.2: «смешанная, при которой на разных
// этапах применяются разные системы»): a tournament of its own system whose players are the
// first Places of the tournament After, the stage before, by its final places, numbered by them
// (1 the winner: the seeding of a Swiss or a knockout, C.04.2). The zero Stage is no stage.
type Stage struct {
	After  string
	Places int
}

// stageFile is the [stage] table of a start sheet.
type stageFile struct {
	After  string `toml:"after"`
	Places int    `toml:"places"`
}

// checkStage reads the [stage] table: a stage names the stage before and how many of its places
// go on; a sheet that lists its players has as many as that (the registration lists them from
// the stage before, Qualified).
func checkStage(ps *problems, f stageFile, s *Sheet) {
	s.Stage = Stage{After: strings.TrimSpace(f.After), Places: f.Places}
	switch {
	case s.Stage == Stage{}:
		return
	case s.Stage.After == "":
		ps.add("stage.after", "missing: the code of the tournament of the stage before, whose places give this stage's players")
	case strings.EqualFold(s.Stage.After, s.Code):
		ps.add("stage.after", "%q is this tournament: name the stage before", s.Stage.After)
	}
	switch {
	case s.Stage.Places < 2:
		ps.add("stage.places", "%d: at least the first 2 places of the stage before go on", s.Stage.Places)
	case len(s.Players) > 0 && len(s.Players) != s.Stage.Places:
		ps.add("stage.places", "%d, but the sheet lists %d players: leave the [[player]] tables out, postald takes them from the stage before", s.Stage.Places, len(s.Players))
	}
}

// StageOf reads the [stage] table of start sheet data alone: the stage, how many [[player]]
// tables the sheet has, and false when it names no stage before. A sheet that does not parse
// is for ParseSheet to refuse.
func StageOf(data []byte) (Stage, int, bool) {
	var f struct {
		Stage  stageFile  `toml:"stage"`
		Player []struct{} `toml:"player"`
	}
	if _, err := toml.Decode(string(data), &f); err != nil || strings.TrimSpace(f.Stage.After) == "" {
		return Stage{}, 0, false
	}
	return Stage{After: strings.TrimSpace(f.Stage.After), Places: f.Stage.Places}, len(f.Player), true
}

// Qualified returns the numbers of the players of a finished stage who go on to the next by
// their places in standings (in the order of places): the first places of them, a player who
// withdrew (1.10) left out and the next place taking his. It refuses when the cut falls inside
// a place shared by players nothing separates: who of them goes on is the judges' to decide
// (an extra match, 1.13), and when the stage has fewer players than places: an *InvalidError
// naming stage.places.
func Qualified(standings []Standing, places int) ([]int, error) {
	var in []Standing
	for _, s := range standings {
		if !s.Withdrawn && !s.StruckOut {
			in = append(in, s)
		}
	}
	if len(in) < places {
		return nil, &InvalidError{Problems: []Problem{NewProblem("stage.places", "%d places go on, but the stage before has %d players who did not withdraw", places, len(in))}}
	}
	if places < len(in) && in[places-1].Place != "" && in[places-1].Place == in[places].Place {
		return nil, &InvalidError{Problems: []Problem{NewProblem("stage.places", "place %s is shared by %s and %s, and the cut after place %d falls inside it: the judges decide who goes on (an extra match, 1.13), then name the players in the sheet", in[places].Place, in[places-1].Name, in[places].Name, places)}}
	}
	out := make([]int, places)
	for i := range out {
		out[i] = in[i].Number
	}
	return out, nil
}

// StagePlayers writes the [[player]] tables of a stage's players, each with his number in the
// stage, his name, addresses, language and channel as the stage before had them, after a
// comment naming where they come from.
func StagePlayers(after string, players []Player) ([]byte, error) {
	type playerOut struct {
		Number   int    `toml:"number"`
		Name     string `toml:"name"`
		Email    string `toml:"email,omitempty"`
		Language string `toml:"language,omitempty"`
		Channel  string `toml:"channel,omitempty"`
		Postal   string `toml:"postal_address,omitempty"`
		Phone    string `toml:"phone,omitempty"`
		Rating   int    `toml:"rating,omitempty"`
	}
	var out struct {
		Player []playerOut `toml:"player"`
	}
	for _, p := range players {
		ch := string(p.Channel)
		if p.Channel == referee.ChannelEmail {
			ch = ""
		}
		out.Player = append(out.Player, playerOut{Number: p.Number, Name: p.Name, Email: p.Email, Language: p.Language,
			Channel: ch, Postal: strings.Join(p.PostalAddress, "\n"), Phone: p.Phone, Rating: p.Rating})
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "\n# The players of this stage: the first %d places of %s, numbered by them.\n", len(players), after)
	if err := toml.NewEncoder(&b).Encode(out); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// StandIns completes the start sheet data of a later stage that lists no players with stand-ins
// for them, for a dry run before the stage before is over (postald simulate): the player who
// will take place k, named so in the sheet's language («1-е место в СТ-1»), at an address of the
// reserved domain .invalid that no letter can reach (RFC 2606). It returns data as it is, and
// false, for a sheet that is no such stage.
func StandIns(data []byte) ([]byte, bool, error) {
	st, players, ok := StageOf(data)
	if !ok || players > 0 || st.Places < 2 {
		return data, false, nil
	}
	var f struct {
		Tournament struct {
			Language string `toml:"language"`
		} `toml:"tournament"`
	}
	toml.Decode(string(data), &f) // a sheet that does not parse is for ParseSheet to refuse
	lang := f.Tournament.Language
	if !isLanguage(lang) {
		lang = Russian
	}
	stand := make([]Player, st.Places)
	for k := range stand {
		stand[k] = Player{Number: k + 1, Name: words(lang).StandIn(k+1, st.After),
			Email: fmt.Sprintf("place%d@stand-in.invalid", k+1), Channel: referee.ChannelEmail}
	}
	extra, err := StagePlayers(st.After, stand)
	if err != nil {
		return nil, false, err
	}
	return append(append([]byte{}, data...), extra...), true, nil
}
