package main

import (
	"context"
	"errors"
	"io"

	"postald/internal/daemon"
)

func runExport(ctx context.Context, env *cmdEnv, args []string) error {
	return errors.New("not built yet")
}

func exportMain(ctx context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int {
	return 2
}
