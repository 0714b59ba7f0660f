package referee

import (
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
)

// Route finds the game a letter is for among games (those of the sender's tournaments), of the
// tournament the letter names when it names one of his: the game the letter names ("партия
// 1-2"); else the sender's only game in play; else the only one of his
// games in play that can accept the letter's moves. It returns the index in games, or -1 with the
// decision to send instead: a request to name the game (not a violation), or Ignored when the
// sender plays in none of the games. That decision's Game is empty: there is nothing to store.
func Route(games []Game, l *mailparse.Letter, env Envelope, reg Regulation, loc *time.Location) (int, Decision) {
	lt := fromParsed(l)
	var mine []int
	for i := range games {
		if _, ok := games[i].SideOf(env.From); ok {
			mine = append(mine, i)
		}
	}
	if len(mine) == 0 {
		return -1, Decision{Verdict: Ignored, Clauses: []string{}, Moves: []string{}}
	}
	all := mine // every game of the sender's, whatever tournament the letter names
	// 4.2.3: the letter names its tournament (шифр); of the sender's games, those of that
	// tournament are the ones it can be about. A code that names none of them is no help.
	if lt.Tournament != "" {
		var same []int
		for _, i := range mine {
			if strings.EqualFold(games[i].Tournament, lt.Tournament) {
				same = append(same, i)
			}
		}
		if len(same) > 0 {
			mine = same
		}
	}
	if name := gameName(lt.Game); name != "" {
		var named []int
		for _, i := range mine {
			if games[i].Name == name {
				named = append(named, i)
			}
		}
		if len(named) > 1 && lt.Tournament != "" {
			var same []int
			for _, i := range named {
				if strings.EqualFold(games[i].Tournament, lt.Tournament) {
					same = append(same, i)
				}
			}
			named = same
		}
		if len(named) == 1 {
			return named[0], Decision{}
		}
		return -1, askGame(games, all, named, name, env, loc)
	}
	var inPlay []int
	for _, i := range mine {
		if games[i].Status != StatusFinished {
			inPlay = append(inPlay, i)
		}
	}
	if len(inPlay) == 1 {
		return inPlay[0], Decision{}
	}
	if len(lt.Moves) > 0 {
		var fits []int
		for _, i := range inPlay {
			d := applyLetter(games[i], lt, env, reg, loc)
			if d.Verdict == Accepted || d.Verdict == Corrected {
				fits = append(fits, i)
			}
		}
		if len(fits) == 1 {
			return fits[0], Decision{}
		}
	}
	return -1, askGame(games, all, nil, "", env, loc)
}

// gameName normalises a game as a letter names it: "1-2", "01-02" and "0102" are game 1-2.
func gameName(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	var a, b int
	if n, err := fmt.Sscanf(s, "%d-%d", &a, &b); err == nil && n == 2 {
		return fmt.Sprintf("%d-%d", a, b)
	}
	if len(s) == 4 {
		if n, err := fmt.Sscanf(s, "%2d%2d", &a, &b); err == nil && n == 2 {
			return fmt.Sprintf("%d-%d", a, b)
		}
	}
	return s
}

// askGame is the answer to a letter whose game cannot be told: please name it. It lists the
// sender's games in play (all: his games in every tournament) with the tournament's code and
// the partner, and shows the line that names one (4.2.3: the letter names the tournament and
// the game). named are the games of the name the letter gave (name), in several tournaments.
func askGame(games []Game, all, named []int, name string, env Envelope, loc *time.Location) Decision {
	loc = locOr(loc)
	g := games[all[0]]
	tx := textFor(g.Language)
	if s, ok := g.SideOf(env.From); ok {
		tx = g.textOf(s) // the sender's language (letters.md)
	}
	var b strings.Builder
	b.WriteString(fmt.Sprintf(tx.NoticeIntro, tx.date(daysclock.DateOf(env.Received, loc))) + "\n")
	b.WriteString(tx.AskGame + "\n")
	if len(named) > 1 {
		var codes []string
		for _, i := range named {
			codes = append(codes, games[i].Tournament)
		}
		b.WriteString(fmt.Sprintf(tx.AskGameNamed, name, strings.Join(codes, ", ")) + "\n")
	}
	var list []string
	example := -1
	for _, i := range all {
		h := games[i]
		if h.Status == StatusFinished {
			continue
		}
		partner := h.White
		if s, ok := h.SideOf(env.From); ok && s == White {
			partner = h.Black
		}
		list = append(list, fmt.Sprintf(tx.AskGameItem, h.Tournament, h.Name, partner.Name))
		if example < 0 && (name == "" || h.Name == name) {
			example = i
		}
	}
	if len(list) > 0 {
		if example < 0 {
			example = all[0]
			for _, i := range all {
				if games[i].Status != StatusFinished {
					example = i
					break
				}
			}
		}
		b.WriteString("\n" + tx.AskGameList + "\n" + strings.Join(list, "\n") + "\n\n")
		line := fmt.Sprintf(tx.GameLine, games[example].Tournament, games[example].Name)
		b.WriteString(fmt.Sprintf(tx.AskGameLine, line) + "\n")
	}
	return Decision{
		Verdict: Notice, Clauses: []string{}, Moves: []string{},
		Letters: []Outgoing{{Role: ToSender, To: env.From, Kind: KindAskGame,
			Subject: fmt.Sprintf(tx.SubjAskGame, g.Tournament), Body: b.String(), Verdict: Notice,
			Game: g.Tournament + "/", InReplyTo: env.MessageID}},
	}
}
