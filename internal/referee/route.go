package referee

import (
	"fmt"
	"strings"
	"unicode"

	"postald/internal/daysclock"
)

// route finds the seat a letter is for among seats (the games of the sender's tournaments), of
// the tournament the letter names when it names one of his: the game the letter names ("партия
// 1-2"); else the sender's only game in play; else the only one of his games in play that can
// accept the letter's moves, each tried under its own tournament's regulation and zone. It
// returns the index in seats, or -1 with the decision to send instead: a request to name the
// game (not a violation), or Ignored when the sender plays in none of the games. That
// decision's Game is empty: there is nothing to store.
func route(seats []Seat, lt letter, env Envelope) (int, Decision) {
	var mine []int
	for i := range seats {
		if _, ok := seats[i].Table.senderOf(&seats[i].Game, env); ok {
			mine = append(mine, i)
		}
	}
	if len(mine) == 0 {
		return -1, Decision{Verdict: Ignored, Clauses: []string{}, Moves: []string{}}
	}
	all := mine // every game of the sender's, whatever tournament the letter names
	// 4.2.3: the letter names its tournament (шифр); of the sender's games, those of that
	// tournament are the ones it can be about. A code that names none of them is no help.
	code := "" // the tournament the letter names, when it is one of the sender's
	if lt.Tournament != "" {
		var same []int
		for _, i := range mine {
			if strings.EqualFold(seats[i].Game.Tournament, lt.Tournament) {
				same = append(same, i)
			}
		}
		if len(same) > 0 {
			mine, code = same, seats[same[0]].Game.Tournament
		}
	}
	if name := gameName(lt.Game); name != "" {
		var named []int
		for _, i := range mine {
			if seats[i].Game.Name == name {
				named = append(named, i)
			}
		}
		if len(named) > 1 && lt.Tournament != "" {
			var same []int
			for _, i := range named {
				if strings.EqualFold(seats[i].Game.Tournament, lt.Tournament) {
					same = append(same, i)
				}
			}
			named = same
		}
		if len(named) == 1 {
			return named[0], Decision{}
		}
		if len(named) == 0 {
			if i, ok := reversedPair(seats, mine, name, lt, env); ok {
				return i, Decision{}
			}
		}
		d := askGame(seats, all, named, name, env)
		if len(named) == 0 {
			// The game named is none of his: say so, before the games he has.
			tx := textFor(d.Letters[0].Language)
			none := fmt.Sprintf(tx.AskGameNoneAny, name)
			if code != "" {
				none = fmt.Sprintf(tx.AskGameNone, name, code)
			}
			d.Letters[0].Body = strings.Replace(d.Letters[0].Body, tx.AskGame+"\n", tx.AskGame+"\n"+none+"\n", 1)
		}
		return -1, d
	}
	if lt.Partner != "" && gameName(lt.Game) == "" {
		// «Партия с Ивановым», "game with Petrov": the games against the player so named.
		var with []int
		for _, i := range mine {
			if s, ok := seats[i].Table.senderOf(&seats[i].Game, env); ok && namesPlayer(lt.Partner, seats[i].Player(s.Other()).Name) {
				with = append(with, i)
			}
		}
		if len(with) == 0 {
			return -1, askGame(seats, all, nil, "", env)
		}
		mine = with
	}
	var inPlay []int
	for _, i := range mine {
		if seats[i].Game.Status != StatusFinished {
			inPlay = append(inPlay, i)
		}
	}
	if len(inPlay) == 1 {
		return inPlay[0], Decision{}
	}
	if len(lt.Moves) > 0 {
		var fits []int
		for _, i := range inPlay {
			d := applyLetter(seats[i], lt, env)
			if d.Verdict == Accepted || d.Verdict == Corrected {
				fits = append(fits, i)
			}
		}
		if len(fits) == 1 {
			return fits[0], Decision{}
		}
	}
	return -1, askGame(seats, all, nil, "", env)
}

// reversedPair finds the game a letter means by name, the pair of its players written in the
// other order («партия 1-3» for game 3-1: a player thinks of "me against him"), when no game of
// the sender's has that name. A judge reads it so when the pair is one game of the sender's
// among mine and the letter's moves play there as written (Accepted); otherwise the name may
// be a slip of a digit (1-3 for 1-2), and a move played in a game he did not mean cannot be
// taken back: he is asked (4.2.3: the letter names its game).
func reversedPair(seats []Seat, mine []int, name string, lt letter, env Envelope) (int, bool) {
	w, b, ok := strings.Cut(name, "-")
	if !ok || len(lt.Moves) == 0 {
		return -1, false
	}
	rev := b + "-" + w
	found := -1
	for _, i := range mine {
		if seats[i].Game.Name != rev {
			continue
		}
		if found >= 0 {
			return -1, false // the pair plays more than one game of his (two tournaments)
		}
		found = i
	}
	if found < 0 || seats[found].Game.Status == StatusFinished {
		return -1, false
	}
	if d := applyLetter(seats[found], lt, env); d.Verdict != Accepted {
		return -1, false
	}
	return found, true
}

// namesPlayer reports whether written, a word of a letter that names a player («с Ивановым»,
// "with Petrov"), names the player called name: it is one of his name's words, or such a word
// with a Russian case ending («Иванов» → «Ивановым», «Сидорова» → «Сидоровой», «Горький» →
// «Горьким»), in any case, ё read as е.
func namesPlayer(written, name string) bool {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "ё", "е") }
	w := []rune(norm(strings.Trim(written, ".,;:!?()«»\"'")))
	if len(w) < 3 {
		return false
	}
	for _, part := range strings.FieldsFunc(norm(name), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
		p := []rune(part)
		if len(p) < 3 {
			continue
		}
		if string(p) == string(w) {
			return true
		}
		stem := p
		for _, end := range []string{"ий", "ый", "ой", "ая", "яя", "а", "я", "ь", "й"} {
			if e := []rune(end); len(stem) > len(e)+2 && strings.HasSuffix(string(stem), end) {
				stem = stem[:len(stem)-len(e)]
				break
			}
		}
		if len(w) >= len(stem) && string(w[:len(stem)]) == string(stem) && len(w)-len(stem) <= 3 {
			return true
		}
	}
	return false
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
// It is written in the sender's language, as the first of his tournaments knows him.
func askGame(seats []Seat, all, named []int, name string, env Envelope) Decision {
	first := seats[all[0]]
	loc := first.Table.zone()
	g := first.Game
	lang := first.Table.lang()
	number := 0
	if s, ok := first.SideOf(env.From); ok {
		p := first.Player(s)
		lang, number = first.Table.languageOf(p), p.Number // the sender's language (letters.md)
	}
	tx := textFor(lang)
	var b strings.Builder
	b.WriteString(fmt.Sprintf(tx.NoticeIntro, tx.date(daysclock.DateOf(env.Received, loc))) + "\n")
	b.WriteString(tx.AskGame + "\n")
	if len(named) > 1 {
		var codes []string
		for _, i := range named {
			codes = append(codes, seats[i].Game.Tournament)
		}
		b.WriteString(fmt.Sprintf(tx.AskGameNamed, name, strings.Join(codes, ", ")) + "\n")
	}
	var list []string
	example := -1
	for _, i := range all {
		h := seats[i]
		if h.Game.Status == StatusFinished {
			continue
		}
		partner := h.Player(White)
		if s, ok := h.SideOf(env.From); ok && s == White {
			partner = h.Player(Black)
		}
		list = append(list, fmt.Sprintf(tx.AskGameItem, h.Game.Tournament, h.Game.Name, partner.Name))
		if example < 0 && (name == "" || h.Game.Name == name) {
			example = i
		}
	}
	if len(list) > 0 {
		if example < 0 {
			example = all[0]
			for _, i := range all {
				if seats[i].Game.Status != StatusFinished {
					example = i
					break
				}
			}
		}
		b.WriteString("\n" + tx.AskGameList + "\n" + strings.Join(list, "\n") + "\n\n")
		line := fmt.Sprintf(tx.GameLine, seats[example].Game.Tournament, seats[example].Game.Name)
		b.WriteString(fmt.Sprintf(tx.AskGameLine, line) + "\n")
	}
	return Decision{
		Verdict: Notice, Clauses: []string{}, Moves: []string{},
		Letters: []Outgoing{{Role: ToSender, To: env.From, Player: number, Language: lang, Kind: KindAskGame,
			Subject: fmt.Sprintf(tx.SubjAskGame, g.Tournament), Body: b.String(), Verdict: Notice,
			Game: g.Tournament + "/", InReplyTo: env.MessageID}},
	}
}
