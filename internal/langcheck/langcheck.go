// Package langcheck finds English in Russian texts: the tests of the phrase tables and of the
// golden letters and reports use it, so that an English word in a Russian letter fails them.
package langcheck

import (
	"regexp"
	"strings"
)

// Allowed are the Latin words a Russian text of postald may hold: its name, the formats and
// header fields it names, the settings a judge or administrator types.
var Allowed = map[string]bool{
	"postald": true, "PDN": true, "FEN": true, "Message-ID": true, "Authentication-Results": true,
	"authserv_id": true, "trust": true, "docs/trust.md": true, "HTML": true, "UTF-8": true,
	// The lots' letters: the hash and the function they are drawn with, and the labels of the
	// draws, which whoever checks them types.
	"SHA-256": true, "HMAC-SHA256": true, "numbers": true, "opening": true,
	"knockout": true,
}

var (
	verb    = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)
	address = regexp.MustCompile(`[^\s<>()«»"',;]+@[^\s<>()«»"',;]+`)
	header  = regexp.MustCompile(`\bX-Postald-[A-Za-z-]+`)
	// a digest or a seed: 16 hexadecimal digits or more (the lots' hash, a receipt's sha256).
	digest = regexp.MustCompile(`\b[0-9a-f]{16,}\b`)
	// square names and moves: c3, c3-d4, c3:e5:g3, a1xc3; with a move number "1." before.
	square = regexp.MustCompile(`\b[a-h](10|[1-9])([-:x][a-h](10|[1-9]))*\b`)
	latin  = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_./-]*[A-Za-z0-9]|[A-Za-z]`)
)

// Latin returns the Latin words of s that are not allowed: not in Allowed or extra, not a square
// name or move, an e-mail address, an X-Postald header, a digest or a format verb (%s, %[2]d).
func Latin(s string, extra ...string) []string {
	s = verb.ReplaceAllString(s, " ")
	s = address.ReplaceAllString(s, " ")
	s = header.ReplaceAllString(s, " ")
	s = digest.ReplaceAllString(s, " ")
	s = square.ReplaceAllString(s, " ")
	var bad []string
	for _, w := range latin.FindAllString(s, -1) {
		w = strings.TrimRight(w, ".")
		if Allowed[w] || contains(extra, w) {
			continue
		}
		bad = append(bad, w)
	}
	return bad
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

// CommandWords are the Latin words a Russian text of postald's command line may hold besides
// Allowed: what the judge, the captain, the director or the administrator types — the commands
// and the judge's, the values of flags and arguments (white, black, quarantine, the variants'
// ids, the languages) — and the names of the formats, protocols and header fields a command
// names.
var CommandWords = map[string]bool{
	// postald's commands and the judge's.
	"serve": true, "demo": true, "tournament": true, "create": true, "judge": true, "report": true, "export": true,
	"card": true, "cards": true, "simulate": true, "crosstable": true, "pair": true, "parse": true, "check": true,
	"perft": true, "diagram": true, "backup": true, "archive": true, "prune": true, "check-config": true, "version": true,
	"help": true, "list": true, "show": true, "verify": true, "quarantine": true, "letter": true, "penalty": true,
	"correct-date": true, "forfeit": true, "adjudicate": true, "leave": true, "annul": true, "withdraw": true,
	"protest": true, "revert": true, "reserve": true, "lots": true, "reveal": true, "resend": true,
	"endgame": true, "build": true, "probe": true, "nice": true, "echo": true,
	// Values typed.
	"white": true, "black": true, "ru": true, "en": true, "true": true, "false": true, "post": true, "phone": true,
	"russian": true, "international": true, "column": true, "lasca": true, "international-giveaway": true,
	"russian-giveaway": true, "column-giveaway": true, "lasca-giveaway": true, "dkim": true, "spf": true, "dmarc": true,
	"own": true, "server": true, "implicit": true, "starttls": true, "none": true, "debug": true,
	"username": true, "scoring": true, "tiebreaks": true, "rounds": true, "player": true, "game": true, "system": true,
	// Formats, protocols, programs and fields.
	"IMAP": true, "SMTP": true, "TLS": true, "DNS": true, "DKIM": true, "SPF": true, "DMARC": true, "JSON": true, "TOML": true,
	"PDF": true, "PNG": true, "TRF": true, "TRF-2026": true, "RFC": true, "mbox": true, "bbolt": true, "GameType": true,
	"From": true, "To": true, "Date": true, "Return-Path": true, "SHA-256": true, "sha256": true, "XXR": true,
	"XXC": true, "XXS": true, "C.04.3": true, "go": true, "doc": true, "chmod": true, "go-rwx": true,
	"IDLE": true, "MOVE": true, "COPY": true, "UIDPLUS": true, "NAMESPACE": true, "Cyrus": true, "idled": true,
	// Keys of the configuration named alone.
	"require": true, "path": true, "from": true,
}

var (
	cmdFlag    = regexp.MustCompile(`(^|[\s(\[|"'«,;])-{1,2}[a-z][a-z0-9-]*`)
	cmdKey     = regexp.MustCompile(`\[+[a-z_]+\]+( [a-z_]+\b)?|\b[a-z]+(_[a-z]+)+\b|\$[A-Z_]+`)
	cmdPath    = regexp.MustCompile(`[A-Za-zА-Яа-яЁё0-9_~-]*([./][A-Za-zА-Яа-яЁё0-9_~*-]+)+/?`)
	cmdQuoted  = regexp.MustCompile(`"[^"\n]*"|'[^'\n]*'|\{[^}\n]*\}`)
	cmdCapital = regexp.MustCompile(`\b[A-Z]\b|\b[0-9]+(ms|s|m|h)\b`) // a placeholder; a duration typed (20s)
	cmdTRF     = regexp.MustCompile(`TRF\(x\)`)
	cmdHex     = regexp.MustCompile(`\b[0-9a-f]*[0-9][0-9a-f]{5,}\b`) // a hash or a seed typed, or its beginning
)

// Command returns the Latin words of s, a Russian text of the command line, that are neither
// allowed by Latin nor one of CommandWords, a flag (-config), a configuration key ([store] path,
// retain_raw_days, $POSTALD_CONFIG), a file or path (start.toml, /etc/postald), a placeholder of
// one capital letter (N), a hash or seed in hexadecimal, or text quoted as a program writes it ("depth K: COUNT").
func Command(s string, extra ...string) []string {
	s = header.ReplaceAllString(s, " ")
	s = cmdQuoted.ReplaceAllString(s, " ")
	s = cmdTRF.ReplaceAllString(s, " ")
	s = cmdHex.ReplaceAllString(s, " ")
	s = verb.ReplaceAllString(s, " ")
	s = cmdFlag.ReplaceAllString(s, "$1 ")
	s = cmdKey.ReplaceAllString(s, " ")
	s = address.ReplaceAllString(s, " ")
	s = cmdPath.ReplaceAllStringFunc(s, func(p string) string {
		if strings.ContainsAny(p, "./") && !strings.HasSuffix(p, ".") {
			return " "
		}
		return p
	})
	s = cmdCapital.ReplaceAllString(s, " ")
	var bad []string
	for _, w := range Latin(s, extra...) {
		if !CommandWords[w] {
			bad = append(bad, w)
		}
	}
	return bad
}
