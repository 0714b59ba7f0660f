package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), &cmdEnv{stdout: &out, stderr: &errOut}, []string{"version"})
	if code != 0 {
		t.Fatalf("postald version: exit %d, stderr %q", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "postald ") || strings.Count(out.String(), "\n") != 1 {
		t.Fatalf("postald version printed %q, want one line starting \"postald \"", out.String())
	}
	if info, ok := debug.ReadBuildInfo(); ok && !strings.Contains(out.String(), info.GoVersion) {
		t.Errorf("postald version printed %q, want the Go version %s in it", out.String(), info.GoVersion)
	}
	if code := run(context.Background(), &cmdEnv{stdout: &out, stderr: &errOut}, []string{"version", "extra"}); code == 0 {
		t.Error("postald version extra: exit 0, want a failure")
	}
}

func TestVersionLine(t *testing.T) {
	info := &debug.BuildInfo{
		GoVersion: "go1.26.0",
		Main:      debug.Module{Path: "postald", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "aba2cb1"},
			{Key: "vcs.time", Value: "2026-12-01T10:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	for _, tc := range []struct {
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{info, true, "postald v1.2.3 (revision aba2cb1, 2026-12-01T10:00:00Z, modified) go1.26.0\n"},
		{&debug.BuildInfo{GoVersion: "go1.26.0"}, true, "postald (devel) go1.26.0\n"},
		{nil, false, "postald (no build information)\n"},
	} {
		var b bytes.Buffer
		writeVersion(&b, tc.info, tc.ok)
		if b.String() != tc.want {
			t.Errorf("writeVersion = %q, want %q", b.String(), tc.want)
		}
	}
}
