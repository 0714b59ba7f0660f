package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
)

// runVersion prints what the binary was built from: the module's version, the VCS revision and
// time (and "modified" when the tree had uncommitted changes) and the Go version, as
// runtime/debug.ReadBuildInfo reports them.
func runVersion(_ context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "version")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf(env.text().Errors.NoArguments, "version")
	}
	info, ok := debug.ReadBuildInfo()
	writeVersion(env.stdout, info, ok)
	return nil
}

// writeVersion writes the version line of info: "postald VERSION (revision REV, TIME[, modified]) GO",
// the same in every language: a line for programs, which scripts and bug reports quote.
func writeVersion(w io.Writer, info *debug.BuildInfo, ok bool) {
	if !ok || info == nil {
		fmt.Fprintln(w, "postald (no build information)")
		return
	}
	version := info.Main.Version
	if version == "" {
		version = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	fmt.Fprintf(w, "postald %s", version)
	if rev != "" {
		fmt.Fprintf(w, " (revision %s", rev)
		if at != "" {
			fmt.Fprintf(w, ", %s", at)
		}
		if modified {
			fmt.Fprint(w, ", modified")
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintf(w, " %s\n", info.GoVersion)
}
