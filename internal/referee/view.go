package referee

import "postald/internal/rules"

// Diagram returns the game's position as the text diagram postald's letters show, in the
// tournament's language, for the judge's views and the pages without the picture.
func (s Seat) Diagram() (string, error) { return s.diagram(false) }

// diagram is Diagram, its legend explaining the picture too for a letter that shows it (the
// adjudication package).
func (s Seat) diagram(picture bool) (string, error) {
	b, err := newBoard(s.Table.Variant, s.Game.Setup)
	if err != nil {
		return "", err
	}
	if err := b.replay(s.Game.Plies); err != nil {
		return "", err
	}
	return b.diagram(textFor(s.Table.lang()), picture), nil
}

// Picture returns the game's position for a diagram picture, for the judge's letters and the
// adjudication packages.
func (s Seat) Picture() (*Picture, error) {
	b, err := newBoard(s.Table.Variant, s.Game.Setup)
	if err != nil {
		return nil, err
	}
	if err := b.replay(s.Game.Plies); err != nil {
		return nil, err
	}
	return b.picture(), nil
}

// Text draws the picture's position as the letters' text diagram, in the words of lang, its
// legend explaining the picture it goes with: for a letter composed outside the referee that
// shows a position (a start letter), which shows it both ways as every other does.
func (p *Picture) Text(variant, lang string) (string, error) {
	v, err := rules.VariantByID(variant)
	if err != nil {
		return "", err
	}
	b := &board{v: v, start: p.Position, pos: p.Position}
	return b.diagram(textFor(lang), true), nil
}
