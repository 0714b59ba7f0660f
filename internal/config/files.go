package config

import (
	"fmt"
	"io/fs"
	"os"
)

// FileProblem is a file of a configuration that someone other than its owner may read, or that
// cannot be looked at: the configuration file itself or a password file it names.
type FileProblem struct {
	// Key names the file by its key ("[imap] password_file"); "" for the configuration file.
	Key  string
	Path string
	Mode fs.FileMode // its permissions, when it could be looked at
	Err  error       // why it could not be looked at; nil when it could
}

// String says the problem in English, as serve logs it.
func (p FileProblem) String() string {
	what := p.Key
	if what == "" {
		what = "the configuration file"
	}
	if p.Err != nil {
		return fmt.Sprintf("%s %s: %v", what, p.Path, p.Err)
	}
	return fmt.Sprintf("%s %s has mode %04o: readable by group or others; run chmod go-rwx %s (see docs/trust.md, \"Files\")",
		what, p.Path, p.Mode, p.Path)
}

// FileChecks lists the files of a configuration that someone other than their owner may read:
// the configuration file at path itself and the password files it names. A file that cannot be
// looked at is reported too. `postald serve` logs each as a warning; `postald check-config`
// fails on any. stat is os.Stat unless a test gives its own.
func FileChecks(path string, c *Config, stat func(string) (fs.FileInfo, error)) []FileProblem {
	if stat == nil {
		stat = os.Stat
	}
	files := []struct{ key, path string }{{"", path}}
	if c != nil {
		for _, s := range []struct {
			name string
			srv  Server
		}{{"imap", c.IMAP}, {"smtp", c.SMTP}} {
			if s.srv.PasswordFile != "" {
				files = append(files, struct{ key, path string }{"[" + s.name + "] password_file", s.srv.PasswordFile})
			}
		}
	}
	var out []FileProblem
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f.path] {
			continue
		}
		seen[f.path] = true
		fi, err := stat(f.path)
		if err != nil {
			out = append(out, FileProblem{Key: f.key, Path: f.path, Err: err})
			continue
		}
		if m := fi.Mode().Perm(); m&0o044 != 0 {
			out = append(out, FileProblem{Key: f.key, Path: f.path, Mode: m})
		}
	}
	return out
}

// FileProblems is FileChecks, each problem said in English.
func FileProblems(path string, c *Config, stat func(string) (fs.FileInfo, error)) []string {
	var out []string
	for _, p := range FileChecks(path, c, stat) {
		out = append(out, p.String())
	}
	return out
}
