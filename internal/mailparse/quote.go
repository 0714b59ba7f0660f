package mailparse

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Quoted replies, forwarded copies and signatures: only the new text of a letter counts.

var (
	// "-----Original Message-----", "---- Исходное сообщение ----", "---------- Forwarded
	// message ---------", "-------- Пересылаемое сообщение --------", "-------- Перенаправленное
	// сообщение --------" (Thunderbird).
	reCutRule = regexp.MustCompile(`^[-=_*\s]{2,}(?:original message|forwarded message|исходное сообщение|пересылаемое сообщение|перенаправленное сообщение|пересланное сообщение|оригинальное сообщение|message d'origine|ursprüngliche nachricht)[-=_*\s]{2,}$`)
	// Apple Mail and a few others.
	reCutLine = regexp.MustCompile(`^(?:begin forwarded message:|начало переадресованного сообщения:|forwarded message:?|пересылаемое сообщение:?)$`)
	// "On Mon, 16 Nov 2026 at 10:00, Peter <p@x> wrote:", "16.11.2026 10:00, Пётр пишет:",
	// "Пётр написал(а):", "Пётр писал:".
	reAttribEnd = regexp.MustCompile(`(?:wrote|writes|написал|написала|написал\(а\)|написали|пишет|писал|писала|писал\(а\)|пишут)\s*:$`)
	// Yandex and Mail.ru: "16.11.2026, 10:00, "Пётр" <p@x>:", "Понедельник, 16 ноября 2026,
	// 10:00 +03:00 от Пётр <p@x>:".
	reAttribAddr = regexp.MustCompile(`\d.*<[^<>@\s]+@[^<>\s]+>\s*:$`)
	// Outlook's header block of the quoted letter.
	reOutlookFrom  = regexp.MustCompile(`^\*?(?:from|от|от кого)\s*:\*?\s`)
	reOutlookField = regexp.MustCompile(`^\*?(?:sent|date|to|cc|subject|отправлено|дата|кому|копия|тема)\s*:`)
	reUnderscores  = regexp.MustCompile(`^_{8,}$`)
)

// isQuoted reports whether a line is quoted with ">" (any depth, any spacing).
func isQuoted(trimmed string) bool { return strings.HasPrefix(trimmed, ">") }

// isSignatureRule reports the "-- " line that starts a signature (RFC 3676 4.3); clients that
// strip trailing spaces send "--".
func isSignatureRule(line string) bool {
	return line == "-- " || line == "--" || line == "-- \r"
}

// attributionAt reports whether lines[i] (with a wrapped second line) introduces a quoted
// letter, and how many lines it takes.
func attributionAt(lines []string, i int) (n int, ok bool) {
	t := strings.TrimSpace(lines[i])
	if t == "" || len(t) > 400 || !strings.HasSuffix(t, ":") && !strings.HasPrefix(t, "On ") && !strings.HasPrefix(t, "on ") && !strings.Contains(t, "@") {
		return 0, false
	}
	t = strings.ToLower(t)
	if reAttribEnd.MatchString(t) || reAttribAddr.MatchString(t) {
		return 1, true
	}
	// Gmail wraps "On … <p@x>\nwrote:".
	if (strings.HasPrefix(t, "on ") || strings.Contains(t, "@")) && i+1 < len(lines) {
		next := strings.ToLower(strings.TrimSpace(lines[i+1]))
		if reAttribEnd.MatchString(next) && len(next) < 80 {
			return 2, true
		}
	}
	return 0, false
}

// outlookBlockAt reports an Outlook header block ("From: …", then "Sent:", "To:",
// "Subject:") starting at lines[i].
func outlookBlockAt(lines []string, i int) bool {
	t := strings.TrimSpace(lines[i])
	if r, _ := utf8.DecodeRuneInString(t); !strings.ContainsRune("*FfОо", r) {
		return false
	}
	if !reOutlookFrom.MatchString(strings.ToLower(clip(t, 400))) {
		return false
	}
	fields := 0
	for k := i + 1; k < len(lines) && k <= i+6; k++ {
		if reOutlookField.MatchString(strings.ToLower(strings.TrimSpace(lines[k]))) {
			fields++
		}
	}
	return fields >= 2
}

// newText returns the lines of a decoded body that the writer wrote now: quoted lines,
// attributions, the quoted or forwarded letter under a separator and the signature after
// "-- " are dropped. See the package doc for the decisions.
func newText(lines []string) []string {
	out := make([]string, 0, len(lines))
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		t := strings.TrimSpace(line)
		if isQuoted(t) {
			continue
		}
		lower := strings.ToLower(clip(t, 400))
		switch {
		case isSignatureRule(line):
			return out
		case reCutRule.MatchString(lower), reCutLine.MatchString(lower):
			return out
		case reUnderscores.MatchString(t) && nextNonBlank(lines, i+1) >= 0 && outlookBlockAt(lines, nextNonBlank(lines, i+1)):
			return out
		case outlookBlockAt(lines, i):
			return out
		}
		if n, ok := attributionAt(lines, i); ok {
			k := nextNonBlank(lines, i+n)
			if k >= 0 && isQuoted(strings.TrimSpace(lines[k])) {
				// The quote is marked: drop the attribution; the quoted lines go by themselves,
				// and text after them (a bottom-posted answer) still counts.
				i += n - 1
				continue
			}
			// An unmarked quote follows: everything below is the old letter.
			return out
		}
		out = append(out, line)
	}
	return out
}

func nextNonBlank(lines []string, i int) int {
	for ; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return i
		}
	}
	return -1
}
