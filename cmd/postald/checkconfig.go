package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"postald/internal/config"
)

// runCheckConfig is `postald check-config -config FILE`: the configuration, the trust
// settings and the permissions of the files it names, each reported on a line of its own
// ("ok" or "FAIL"); exit status 1 when anything fails, 0 when all is well.
func runCheckConfig(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "check-config")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	path := configPath(env.config)
	failed := 0
	report := func(problem string, ok string) {
		if problem != "" {
			failed++
			fmt.Fprintf(env.stdout, "FAIL %s\n", problem)
			return
		}
		fmt.Fprintf(env.stdout, "ok   %s\n", ok)
	}
	cfg, err := config.Load(path, config.OSEnv())
	if err != nil {
		report(err.Error(), "")
		// The file's own mode is worth knowing even when it does not parse.
		for _, p := range config.FileProblems(path, nil, nil) {
			report(p, "")
		}
		return exitError{1}
	}
	report("", "configuration "+path+" parses")
	if err := cfg.Trust.Problem(); err != nil {
		report(err.Error(), "")
	} else if cfg.Trust.FromOnly {
		report("", "[trust] from_only = true: the From header alone is believed (a closed test setup only; see "+config.TrustDoc+")")
	} else {
		report("", fmt.Sprintf("[trust] letters must carry an Authentication-Results field of %s with an aligned pass of %v", cfg.Trust.AuthservID, cfg.Trust.Require))
	}
	files := config.FileProblems(path, cfg, nil)
	for _, p := range files {
		report(p, "")
	}
	if len(files) == 0 {
		report("", "the configuration and password files are readable by their owner only")
	}
	report(storeProblem(cfg.Store.Path), "[store] "+cfg.Store.Path+": owner-only, or to be created so")
	if cfg.Control.Socket != "" {
		dir := filepath.Dir(cfg.Control.Socket)
		p := ""
		if _, err := os.Stat(dir); err == nil {
			p = socketDirProblem(dir)
		}
		report(p, "[control] socket directory "+dir+": owner-only, or to be created so")
	}
	if failed > 0 {
		fmt.Fprintf(env.stdout, "%d problem(s)\n", failed)
		return exitError{1}
	}
	return nil
}

// storeProblem says what is wrong with the store file, "" when nothing: it may not exist yet
// (serve creates it 0600), but if it does, only its owner may read it.
func storeProblem(path string) string {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(filepath.Dir(path)); err != nil {
			return fmt.Sprintf("[store] path %s: its directory: %v", path, err)
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf("[store] path %s: %v", path, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Sprintf("[store] path %s: not a regular file", path)
	}
	if m := fi.Mode().Perm(); m&0o077 != 0 {
		return fmt.Sprintf("[store] path %s has mode %04o: run chmod 600 %s (serve tightens it itself)", path, m, path)
	}
	return ""
}
