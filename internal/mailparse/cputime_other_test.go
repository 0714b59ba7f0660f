//go:build !unix

package mailparse

import "time"

func cpuTime() time.Duration { return 0 }
