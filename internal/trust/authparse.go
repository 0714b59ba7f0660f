package trust

import (
	"regexp"
	"strconv"
)

// The forms AuthError.Error writes, each read back by ParseAuthError.
var authForms = []struct {
	re   *regexp.Regexp
	read func(m []string) *AuthError
}{
	{regexp.MustCompile(`^not authenticated: no Authentication-Results field from (.+)$`),
		func(m []string) *AuthError { return &AuthError{Fault: AuthNoField, Server: m[1]} }},
	{regexp.MustCompile(`^not authenticated: the field of (\S+) cannot be read: (.*)$`),
		func(m []string) *AuthError { return &AuthError{Fault: AuthUnreadable, Server: m[1], Detail: m[2]} }},
	{regexp.MustCompile(`^not authenticated: the receiving server passed (\S+), but postald's own check finds (\S+)(?: \((.*)\))?$`),
		func(m []string) *AuthError {
			return &AuthError{Fault: AuthContradicted, Method: m[1], Result: m[2], Detail: m[3], Own: true, Server: OwnCheck}
		}},
	{regexp.MustCompile(`^not authenticated( by postald's own check)?: (\S+): pass for ("(?:[^"\\]|\\.)*"), not for (.+)$`),
		func(m []string) *AuthError {
			d, err := strconv.Unquote(m[3])
			if err != nil {
				return nil
			}
			a := &AuthError{Fault: AuthMisaligned, Method: m[2], Domain: d, From: m[4], Own: m[1] != ""}
			if a.Own {
				a.Server = OwnCheck
			}
			return a
		}},
	{regexp.MustCompile(`^not authenticated by postald's own check: (\S+): no result(?: \((.*)\))?$`),
		func(m []string) *AuthError {
			return &AuthError{Fault: AuthNoResult, Method: m[1], Detail: m[2], Own: true, Server: OwnCheck}
		}},
	{regexp.MustCompile(`^not authenticated by postald's own check: (\S+): (\S+)(?: \((.*)\))?$`),
		func(m []string) *AuthError {
			return &AuthError{Fault: AuthNotPassed, Method: m[1], Result: m[2], Detail: m[3], Own: true, Server: OwnCheck}
		}},
	{regexp.MustCompile(`^not authenticated: (\S+): no result$`),
		func(m []string) *AuthError { return &AuthError{Fault: AuthNoResult, Method: m[1]} }},
	{regexp.MustCompile(`^not authenticated: (\S+): (\S+)$`),
		func(m []string) *AuthError { return &AuthError{Fault: AuthNotPassed, Method: m[1], Result: m[2]} }},
}

// ParseAuthError reads back what AuthError.Error wrote, as the archive keeps it in a letter's
// authentication verdict, so that the judge's views word it in the tournament's language; false
// for any other text.
func ParseAuthError(s string) (*AuthError, bool) {
	for _, f := range authForms {
		if m := f.re.FindStringSubmatch(s); m != nil {
			if a := f.read(m); a != nil && a.Error() == s {
				return a, true
			}
		}
	}
	return nil, false
}
