package referee

// Diagram returns the game's position as the text diagram postald's letters show, for the
// judge's views and the adjudication packages.
func (g *Game) Diagram() (string, error) {
	b, err := newBoard(g.Variant)
	if err != nil {
		return "", err
	}
	if err := b.replay(g.Plies); err != nil {
		return "", err
	}
	return b.diagram(textFor(g.Language)), nil
}

// Picture returns the game's position for a diagram picture, for the judge's letters and the
// adjudication packages.
func (g *Game) Picture() (*Picture, error) {
	b, err := newBoard(g.Variant)
	if err != nil {
		return nil, err
	}
	if err := b.replay(g.Plies); err != nil {
		return nil, err
	}
	return b.picture(), nil
}
