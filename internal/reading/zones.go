package reading

import (
	"fmt"
	"sync"
	"time"
)

// Zones loads each tournament's time zone once; the core packages take the loaded
// *time.Location as an argument and never read the zone database themselves.
type Zones struct {
	mu    sync.Mutex
	zones map[string]*time.Location
}

func (z *Zones) Get(name string) (*time.Location, error) {
	z.mu.Lock()
	defer z.mu.Unlock()
	if loc, ok := z.zones[name]; ok {
		return loc, nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("time zone %q: %w", name, err)
	}
	if z.zones == nil {
		z.zones = make(map[string]*time.Location)
	}
	z.zones[name] = loc
	return loc, nil
}
