package referee_test

import (
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/office"
	"postald/internal/referee"
)

// The letter generator through the office: every letter of a game goes to an office.Simulation,
// what postald simulate runs — the trust checks, the reader, the referee's door, the answers,
// the archive, the ticks of time, the captain's cards and postings — and the decision it
// records is checked against the model as the referee's own would be.

// simulate makes the game's simulation: its start sheet written from the game's table.
func (gm *lgGame) simulate() {
	sim, err := office.NewSimulation(gm.sheet(), nil)
	if err != nil {
		gm.t.Fatalf("lettergen seed %d game %d: the simulation: %v\n%s", gm.st.seed, gm.index, err, gm.sheet())
	}
	gm.sim = sim
}

// sheet writes the start sheet of the game's tournament: its table and regulation as TOML.
func (gm *lgGame) sheet() []byte {
	t := gm.table
	var b strings.Builder
	fmt.Fprintf(&b, "[tournament]\ncode = %q\nname = \"Lettergen\"\nvariant = %q\nstart = %s\nend = %s\nlanguage = %q\n",
		t.Code, t.Variant, t.Start, t.End, t.Language)
	fmt.Fprintf(&b, "address = %q\njudge = %q\ndirector = %q\n", t.Address, t.Judge, t.Director)
	captain := false
	for _, p := range t.Players {
		captain = captain || p.Channel.Captain()
	}
	if captain {
		b.WriteString("postal_address = \"Турнирный секретарь, а/я 1, Москва\"\nphone = \"+7 495 000-00-01\"\n")
	}
	reg := t.Regulation
	fmt.Fprintf(&b, "\n[regulation]\nzone = \"Europe/Moscow\"\ncontrol_days = %d\npost_days = %d\n", reg.ControlDays, reg.PostDays)
	for _, p := range t.Players {
		fmt.Fprintf(&b, "\n[[player]]\nnumber = %d\nname = %q\n", p.Number, p.Name)
		if p.Email != "" {
			fmt.Fprintf(&b, "email = %q\n", p.Email)
		}
		switch p.Channel {
		case referee.ChannelPost:
			b.WriteString("channel = \"post\"\npostal_address = \"ул. Садовая, 5, Тверь\"\n")
		case referee.ChannelPhone:
			b.WriteString("channel = \"phone\"\nphone = \"+7 900 000-00-02\"\n")
		}
	}
	return []byte(b.String())
}

// simulated hands the simulation side s's letter raw: as it came by e-mail, or, for a card or a
// call (env.Via), as the captain's entry postald archives it (office.CaptainEntry).
func (gm *lgGame) simulated(s int, raw string, env referee.Envelope) (referee.Decision, error) {
	if env.Via.Captain() {
		head, body, _ := strings.Cut(raw, "\r\n\r\n")
		var h []string
		for _, line := range strings.Split(head, "\r\n") {
			if !strings.HasPrefix(line, "From: ") {
				h = append(h, line)
			}
		}
		h = append(h, "From: captain@club.example", "X-Postald-Game: "+gm.table.Code+"/1-2", "X-Postald-Side: "+string(lgSideOf(s)),
			"X-Postald-Via: "+string(env.Via), "X-Postald-Postmark: "+env.Postmark.String())
		raw = strings.Join(h, "\r\n") + "\r\n\r\n" + body
	}
	step, err := gm.sim.Letter([]byte(raw))
	switch {
	case err != nil:
		return referee.Decision{}, err
	case step.Err != nil:
		return referee.Decision{}, step.Err
	case step.Letter.Kind == "":
		return referee.Decision{}, fmt.Errorf("the office decided nothing of the letter (held: %q)", step.Letter.Held)
	case step.Letter.Held != "":
		return referee.Decision{}, fmt.Errorf("the office held the letter: %s", step.Letter.Held)
	}
	return step.Letter.Decision, nil
}

// simulatedPosting has the captain record, in the simulation, that he posted on the day on the
// cards to side t (the X-Postald-Posted entry of postald simulate).
func (gm *lgGame) simulatedPosting(t int, on daysclock.Date) (referee.Decision, error) {
	at := on.Start(lgMoscow).Add(8 * time.Hour)
	if gm.now.After(at) {
		at = gm.now
	}
	raw := "From: captain@club.example\r\nTo: moves@club.example\r\nSubject: posted\r\nDate: " + at.Format(time.RFC1123Z) +
		"\r\nMessage-ID: <lg-posted-" + fmt.Sprint(gm.index, "-", gm.letters) + "@club.example>\r\nX-Postald-Game: " + gm.table.Code + "/1-2" +
		"\r\nX-Postald-Side: " + string(lgSideOf(t)) + "\r\nX-Postald-Posted: " + on.String() + "\r\n\r\nposted\r\n"
	step, err := gm.sim.Letter([]byte(raw))
	switch {
	case err != nil:
		return referee.Decision{}, err
	case step.Err != nil:
		return referee.Decision{}, step.Err
	case step.Letter.Kind != office.DonePosted:
		return referee.Decision{}, fmt.Errorf("no clock started by the posting (%d cards posted)", postedCount(step))
	}
	return step.Letter.Decision, nil
}

func postedCount(step office.Step) int {
	if step.Posted == nil {
		return 0
	}
	return step.Posted.Posted
}
