package referee

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
