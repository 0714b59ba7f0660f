package reading

import (
	"errors"
	"fmt"

	"postald/internal/lots"
	"postald/internal/store"
	"postald/internal/tournament"
)

// SheetOf parses a stored start sheet and draws its lots from the seed kept with it.
func SheetOf(raw store.Sheet) (*tournament.Sheet, error) {
	sh, err := tournament.ParseSheet(raw.Data)
	if err != nil {
		return nil, err
	}
	switch {
	case raw.Lot == nil && sh.NeedsLot():
		return nil, errors.New("its start sheet draws by lot, and no seed is kept with it")
	case raw.Lot == nil:
		return sh, nil
	case !sh.NeedsLot():
		return nil, errors.New("a seed is kept with a start sheet that draws nothing by lot")
	}
	seed, err := lots.ParseSeed(raw.Lot.Seed)
	if err != nil {
		return nil, fmt.Errorf("the seed kept with it: %w", err)
	}
	if err := sh.Draw(seed); err != nil {
		return nil, err
	}
	return sh, nil
}
