package endgame

import (
	"fmt"
	"sync"

	"postald/internal/rules"
)

// Space is the set of endgame positions of one variant: its board, its
// materials and their indexes. It is safe for concurrent use.
type Space struct {
	v        *rules.Variant
	base     *rules.Variant
	b        *board
	giveaway bool
	mu       sync.Mutex
	ix       [1 << 12]*indexer // by Material.code
}

// NewSpace returns the space of variant v: russian, international or
// either giveaway form. Tower variants have none (see the package
// documentation).
func NewSpace(v *rules.Variant) (*Space, error) {
	b, err := boardOf(v)
	if err != nil {
		return nil, err
	}
	return &Space{v: v, base: v.Base(), b: b, giveaway: v.Giveaway()}, nil
}

// Variant returns the variant.
func (sp *Space) Variant() *rules.Variant { return sp.v }

// Giveaway reports whether the side that cannot move wins.
func (sp *Space) Giveaway() bool { return sp.giveaway }

// Materials returns the materials of at most pieces pieces in build order
// (see [Material]).
func (sp *Space) Materials(pieces int) []Material { return sp.b.materials(pieces) }

// Size returns the number of positions of material m.
func (sp *Space) Size(m Material) uint64 { return sp.indexer(m).Size() }

// Fits reports whether material m has room on the board.
func (sp *Space) Fits(m Material) bool { return m.valid() && m.Pieces() <= maxPieces && sp.b.fits(m) }

func (sp *Space) indexer(m Material) *indexer {
	c := m.code()
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.ix[c] == nil {
		sp.ix[c] = newIndexer(sp.b, m)
	}
	return sp.ix[c]
}

// Locate returns the material and the index of a position of the space's
// variant, from the side to move's point of view. ok is false when a side
// has no piece (the game is over) or the position does not belong to the
// variant.
func (sp *Space) Locate(p *rules.Position) (m Material, i uint64, ok bool) {
	if p.Variant() != sp.v {
		return m, 0, false
	}
	c := sp.b.canonical(p.Bits())
	m = c.material()
	if !m.valid() || m.Pieces() > maxPieces {
		return m, 0, false
	}
	return m, sp.indexer(m).index(c), true
}

// Position returns position i of material m with the side to move given:
// the inverse of Locate.
func (sp *Space) Position(m Material, i uint64, toMove rules.Color) (rules.Position, error) {
	if !sp.Fits(m) || i >= sp.Size(m) {
		return rules.Position{}, fmt.Errorf("no position %d of material %v", i, m)
	}
	c := sp.indexer(m).position(i)
	x := c.rulesBits()
	if toMove == rules.Black {
		x = rules.Bits{Occ: [2]uint64{sp.b.flip(x.Occ[1]), sp.b.flip(x.Occ[0])}, Kings: sp.b.flip(x.Kings), Side: rules.Black}
	}
	p, ok := sp.v.FromBits(x)
	if !ok {
		return rules.Position{}, fmt.Errorf("position %d of material %v is not a position of %s", i, m, sp.v.ID())
	}
	return p, nil
}
