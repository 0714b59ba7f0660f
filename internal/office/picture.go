package office

import (
	"fmt"
	"strings"

	"postald/internal/diagram"
	"postald/internal/mailwrite"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/tournament"
)

// picture is the diagram a letter about game shows of p, in the words of lang where the picture
// is not shown; nil when there is none to show. A position the drawing cannot take goes without
// its picture: the letter's text has the text diagram.
func picture(p *referee.Picture, game, lang string) *mailwrite.Picture {
	if p == nil {
		return nil
	}
	png, err := diagram.PNG(p.Position, diagram.Options{Last: p.Last})
	if err != nil {
		return nil
	}
	move := "start"
	if p.Ply > 0 {
		move = fmt.Sprint((p.Ply + 1) / 2) // the move number of the last ply: ply 9 is White's 5th move
	}
	tx := &phrase.For(lang).Referee
	return &mailwrite.Picture{Name: game + "-" + move + ".png", PNG: png,
		Alt: strings.TrimSuffix(tx.PosHead, ":"),
		// The headings of the letters' text diagrams: the picture stands beside the one it shows.
		Beside: []string{tx.PosHead, tx.JudgedHead, tx.Asides.AnswerPosition, strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(tx.AdjudicationSteps.PackagePosition), "%s"))}}
}

// startPicture is the starting position for the start letter of a player who has White in a
// game: he makes the first move (4.2.3), and the picture shows him the squares' names. In a
// tournament that draws openings by lot (1.6.4) it is the position after the drawn moves of the
// first game in which he is on move after them, the last drawn move marked.
func startPicture(sh *tournament.Sheet, to string) *mailwrite.Picture {
	p, ok := sh.PlayerByEmail(to)
	if !ok {
		return nil // the judge's and the director's letters
	}
	return startPictureOf(sh, p)
}

// startPictureOf is startPicture for player p.
func startPictureOf(sh *tournament.Sheet, p tournament.Player) *mailwrite.Picture {
	return startPictureIn(sh, p, sh.GamesOf(p.Number))
}

// startPictureIn is startPictureOf among games: those of a round's letter.
func startPictureIn(sh *tournament.Sheet, p tournament.Player, games []tournament.Game) *mailwrite.Picture {
	on, game := startPosition(sh, p, games)
	if on == nil {
		return nil
	}
	pic := picture(on, game, sh.LanguageOf(p.Number))
	if pic != nil {
		pic.Name = "start.png"
	}
	return pic
}

// startDiagram is the text diagram of the position startPictureIn draws, in player p's words,
// under its heading: the start letter shows it both ways, as every letter that shows a position
// does (README). "" when there is no picture.
func startDiagram(sh *tournament.Sheet, p tournament.Player, games []tournament.Game) string {
	on, _ := startPosition(sh, p, games)
	if on == nil {
		return ""
	}
	lang := sh.LanguageOf(p.Number)
	text, err := on.Text(sh.Variant, lang)
	if err != nil {
		return ""
	}
	return phrase.For(lang).Referee.PosHead + "\n" + text
}

// startPosition is the position of the start letter's picture and the game it is of: the first
// of games in which p is on move at the start; nil when there is none.
func startPosition(sh *tournament.Sheet, p tournament.Player, games []tournament.Game) (*referee.Picture, string) {
	for _, g := range games {
		on := &referee.Picture{}
		if line, _, drawn := sh.Opening(g.Name); drawn {
			if (line.ToMove() == referee.White) != (g.White == p.Number) {
				continue
			}
			pos, last, err := line.Position(sh.Variant)
			if err != nil {
				return nil, ""
			}
			on.Position, on.Last, on.Ply = pos, last, len(line.Moves)
		} else if g.White != p.Number {
			continue
		} else {
			v, err := rules.VariantByID(sh.Variant)
			if err != nil {
				return nil, ""
			}
			on.Position = v.Start()
		}
		return on, g.Name
	}
	return nil, ""
}

// pictures are the pictures drawn for the letters of one decision, by position and last move:
// a diagram takes milliseconds to draw, and the letters of a move show the same position.
type pictures map[string]*mailwrite.Picture

func (ps pictures) of(p *referee.Picture, game, lang string) *mailwrite.Picture {
	if p == nil {
		return nil
	}
	key := fmt.Sprintf("%s %s %s %d", p.Position.FEN(), game, lang, p.Ply)
	if p.Last != nil {
		key += fmt.Sprintf(" %d-%d", p.Last.From(), p.Last.To())
	}
	if pic, ok := ps[key]; ok {
		return pic
	}
	pic := picture(p, game, lang)
	ps[key] = pic
	return pic
}

// readerLanguage is the language of the letters to address to: a player's own, else the
// tournament's (the judge, the director).
func readerLanguage(sh *tournament.Sheet, to string) string {
	if p, ok := sh.PlayerByEmail(to); ok {
		return sh.LanguageOf(p.Number)
	}
	return sh.Language
}
