package main

import (
	"context"
	"errors"
)

func runExport(ctx context.Context, env *cmdEnv, args []string) error {
	return errors.New("not built yet")
}
