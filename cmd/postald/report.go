package main

import (
	"context"
	"errors"
	"io"

	"postald/internal/daemon"
)

func runReport(ctx context.Context, env *cmdEnv, args []string) error {
	return errors.New("not built yet")
}

func reportMain(ctx context.Context, args []string, out io.Writer, cenv *daemon.ControlEnv) int {
	return 2
}
