package referee

// Diagram returns the game's position as the text diagram postald's letters show, in the
// tournament's language, for the judge's views and the adjudication packages.
func (s Seat) Diagram() (string, error) {
	b, err := newBoard(s.Table.Variant, s.Game.Setup)
	if err != nil {
		return "", err
	}
	if err := b.replay(s.Game.Plies); err != nil {
		return "", err
	}
	return b.diagram(textFor(s.Table.lang())), nil
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
