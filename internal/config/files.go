package config

import (
	"fmt"
	"io/fs"
	"os"
)

// FileProblems lists the files of a configuration that someone other than their owner may
// read: the configuration file at path itself and the password files it names. A file that
// cannot be looked at is reported too. `postald serve` logs each as a warning; `postald
// check-config` fails on any. stat is os.Stat unless a test gives its own.
func FileProblems(path string, c *Config, stat func(string) (fs.FileInfo, error)) []string {
	if stat == nil {
		stat = os.Stat
	}
	files := []struct{ what, path string }{{"the configuration file", path}}
	if c != nil {
		for _, s := range []struct {
			name string
			srv  Server
		}{{"imap", c.IMAP}, {"smtp", c.SMTP}} {
			if s.srv.PasswordFile != "" {
				files = append(files, struct{ what, path string }{"[" + s.name + "] password_file", s.srv.PasswordFile})
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f.path] {
			continue
		}
		seen[f.path] = true
		fi, err := stat(f.path)
		if err != nil {
			out = append(out, fmt.Sprintf("%s %s: %v", f.what, f.path, err))
			continue
		}
		if m := fi.Mode().Perm(); m&0o044 != 0 {
			out = append(out, fmt.Sprintf("%s %s has mode %04o: readable by group or others; run chmod go-rwx %s (see docs/trust.md, \"Files\")",
				f.what, f.path, m, f.path))
		}
	}
	return out
}
