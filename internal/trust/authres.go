package trust

import (
	"errors"
	"fmt"
	"strings"
)

// Bounds of ParseAuthResults.
const (
	maxResults    = 64 // method results in one field
	maxProperties = 32 // properties of one result
)

// AuthResults is one Authentication-Results field (RFC 8601).
type AuthResults struct {
	// AuthservID names the server that wrote the field ("mx.club.example").
	AuthservID string
	// Results are the methods' results in order; empty for "none".
	Results []MethodResult
}

// MethodResult is the result of one authentication method.
type MethodResult struct {
	Method     string     // lower case: dkim, spf, dmarc, arc, ...
	Result     string     // lower case: pass, fail, softfail, neutral, none, temperror, permerror, policy
	Reason     string     // the reason=... value, if any
	Properties []Property // ptype.property=value, in order
}

// Property is one ptype.property=value of a result: {"header", "d", "club.example"}.
type Property struct {
	Type  string // lower case: smtp, header, body, policy
	Name  string // lower case: mailfrom, d, i, from, ...
	Value string // as written, unquoted
}

// Property returns the value of the property typ.name ("header", "d"), "" when absent.
func (m MethodResult) Property(typ, name string) string {
	for _, p := range m.Properties {
		if p.Type == typ && p.Name == name {
			return p.Value
		}
	}
	return ""
}

// ParseAuthResults reads the value of an Authentication-Results field:
//
//	mx.club.example; dkim=pass header.d=club.example; spf=pass smtp.mailfrom=ivan@club.example
//
// Comments and folding white space are skipped, quoted strings unquoted, keywords lower-cased.
// A result version ("dkim/1") is accepted and dropped.
func ParseAuthResults(v string) (AuthResults, error) {
	p := arParser{s: v}
	var ar AuthResults
	p.skipCFWS()
	ar.AuthservID = p.value()
	if ar.AuthservID == "" {
		return ar, p.errorf("no authserv-id")
	}
	p.skipCFWS()
	if p.digitsThenEnd() {
		p.skipCFWS() // authres-version
	}
	for {
		p.skipCFWS()
		if p.end() {
			return ar, nil
		}
		if !p.accept(';') {
			return ar, p.errorf("want ';'")
		}
		p.skipCFWS()
		if p.end() {
			return ar, nil // a trailing ';'
		}
		method := p.keyword()
		if method == "" {
			return ar, p.errorf("want a method")
		}
		p.skipCFWS()
		if p.accept('/') {
			p.skipCFWS()
			if p.keyword() == "" {
				return ar, p.errorf("want a method version")
			}
			p.skipCFWS()
		}
		if method == "none" && (p.end() || p.peek() == ';') {
			continue // no-result
		}
		if !p.accept('=') {
			return ar, p.errorf("want '=' after %s", method)
		}
		p.skipCFWS()
		res := MethodResult{Method: method, Result: p.keyword()}
		if res.Result == "" {
			return ar, p.errorf("want the result of %s", method)
		}
		if err := p.properties(&res); err != nil {
			return ar, err
		}
		if len(ar.Results) == maxResults {
			return ar, p.errorf("more than %d results", maxResults)
		}
		ar.Results = append(ar.Results, res)
	}
}

// arParser reads an Authentication-Results value from left to right.
type arParser struct {
	s string
	i int
}

func (p *arParser) end() bool { return p.i >= len(p.s) }

func (p *arParser) peek() byte {
	if p.end() {
		return 0
	}
	return p.s[p.i]
}

func (p *arParser) accept(c byte) bool {
	if p.peek() == c && !p.end() {
		p.i++
		return true
	}
	return false
}

func (p *arParser) errorf(format string, args ...any) error {
	return fmt.Errorf("authentication-results: %s at offset %d", fmt.Sprintf(format, args...), p.i)
}

// skipCFWS skips white space, line ends and comments; comments nest and may quote with '\'.
func (p *arParser) skipCFWS() {
	for !p.end() {
		switch p.s[p.i] {
		case ' ', '\t', '\r', '\n':
			p.i++
		case '(':
			depth := 0
			for !p.end() {
				c := p.s[p.i]
				p.i++
				switch c {
				case '\\':
					if !p.end() {
						p.i++
					}
				case '(':
					depth++
				case ')':
					depth--
				}
				if depth == 0 {
					break
				}
			}
		default:
			return
		}
	}
}

// digitsThenEnd consumes an authres-version: digits followed by white space, a comment, ';' or
// the end.
func (p *arParser) digitsThenEnd() bool {
	j := p.i
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	if j == p.i {
		return false
	}
	if j < len(p.s) && !strings.ContainsRune(" \t\r\n(;", rune(p.s[j])) {
		return false
	}
	p.i = j
	return true
}

// keyword reads a Keyword (letters, digits, '-', '_') and lower-cases it.
func (p *arParser) keyword() string {
	j := p.i
	for j < len(p.s) && isKeywordByte(p.s[j]) {
		j++
	}
	k := strings.ToLower(p.s[p.i:j])
	p.i = j
	return k
}

func isKeywordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// value reads a quoted string or a run of bytes up to white space, a comment, ';' or a quote.
func (p *arParser) value() string {
	if p.peek() == '"' {
		p.i++
		var b strings.Builder
		for !p.end() {
			c := p.s[p.i]
			p.i++
			switch c {
			case '\\':
				if !p.end() {
					b.WriteByte(p.s[p.i])
					p.i++
				}
			case '"':
				return b.String()
			default:
				b.WriteByte(c)
			}
		}
		return b.String() // an unterminated quote ends with the field
	}
	j := p.i
	for j < len(p.s) && !strings.ContainsRune(" \t\r\n();\"", rune(p.s[j])) {
		j++
	}
	v := p.s[p.i:j]
	p.i = j
	return v
}

// properties reads the reasonspec and propspecs after a method's result.
func (p *arParser) properties(res *MethodResult) error {
	for {
		p.skipCFWS()
		if p.end() || p.peek() == ';' {
			return nil
		}
		typ := p.keyword()
		if typ == "" {
			return p.errorf("want a property after %s=%s", res.Method, res.Result)
		}
		p.skipCFWS()
		name := ""
		if typ != "reason" {
			if !p.accept('.') {
				return p.errorf("want '.' after %s", typ)
			}
			p.skipCFWS()
			name = p.keyword()
			if name == "" {
				return p.errorf("want a property name after %s.", typ)
			}
			p.skipCFWS()
		}
		if !p.accept('=') {
			return p.errorf("want '=' after %s", typ)
		}
		p.skipCFWS()
		v := p.value()
		if typ == "reason" {
			res.Reason = v
			continue
		}
		if len(res.Properties) == maxProperties {
			return p.errorf("more than %d properties", maxProperties)
		}
		res.Properties = append(res.Properties, Property{Type: typ, Name: name, Value: v})
	}
}

// Policy is the configuration's [trust] table: the receiving server whose
// Authentication-Results field is trusted and the methods that must pass in it, or FromOnly.
type Policy struct {
	AuthservID string
	Require    []string // any of dkim, spf, dmarc
	// FromOnly believes the From address alone (a closed test setup). A Policy that neither
	// requires a method nor says FromOnly authenticates nobody.
	FromOnly bool
	// Server: the receiving server's field decides, and postald's own results may only
	// contradict it (Authenticate); otherwise postald's own results decide.
	Server bool
}

// AuthError says why a letter's sender is not authenticated, as a typed record: the judge's
// notice and the sender's note word it in the tournament's language (internal/phrase), Error in
// English for the log and the store.
type AuthError struct {
	Fault  AuthFault `json:"fault"`
	Server string    `json:"server,omitempty"` // the receiving server (authserv-id): no field, unreadable
	Method string    `json:"method,omitempty"` // the required method that did not pass
	Result string    `json:"result,omitempty"` // not passed: the method's result (fail, none, softfail, ...)
	Domain string    `json:"domain,omitempty"` // misaligned: the domain the pass is about
	From   string    `json:"from,omitempty"`   // misaligned: the From domain
	Detail string    `json:"detail,omitempty"` // unreadable: why the field cannot be read; own: the reason of the result
	// Own: the result is postald's own check's (Server is then OwnCheck); contradicted: the
	// receiving server passed the method, postald's own check found Result.
	Own bool `json:"own,omitempty"`
}

// AuthFault is which way a sender is not authenticated.
type AuthFault string

const (
	AuthNoField    AuthFault = "no-field"   // no field of the receiving server
	AuthUnreadable AuthFault = "unreadable" // the receiving server's field cannot be read
	AuthNotPassed  AuthFault = "not-passed" // the method reports another result than pass
	AuthNoResult   AuthFault = "no-result"  // the method is not reported at all
	AuthMisaligned AuthFault = "misaligned" // a pass about another domain than the From's
	// AuthContradicted: the receiving server passed the method, postald's own check failed it.
	AuthContradicted AuthFault = "contradicted"
)

func (e *AuthError) Error() string {
	if e.Own || e.Fault == AuthContradicted {
		return e.ownError()
	}
	switch e.Fault {
	case AuthNoField:
		return "not authenticated: no Authentication-Results field from " + e.Server
	case AuthUnreadable:
		return fmt.Sprintf("not authenticated: the field of %s cannot be read: %s", e.Server, e.Detail)
	case AuthNoResult:
		return "not authenticated: " + e.Method + ": no result"
	case AuthMisaligned:
		return fmt.Sprintf("not authenticated: %s: pass for %q, not for %s", e.Method, e.Domain, e.From)
	}
	return "not authenticated: " + e.Method + ": " + e.Result
}

// ErrNoFrom is returned by Policy.Check when the letter has no readable From address to
// authenticate.
var ErrNoFrom = errors.New("not authenticated: no readable From address")

// ErrNoPolicy is returned by Policy.Check when the policy neither requires a method nor says
// FromOnly: [trust] is not set, and no letter is believed.
var ErrNoPolicy = errors.New("not authenticated: [trust] requires nothing and does not say from_only = true; see docs/trust.md")

// Check authenticates from, the letter's From address, by the Authentication-Results fields
// (top first) of its header, taken as adjacent. CheckHeader is the same with the fields'
// positions.
func (p Policy) Check(fields []string, from string) error {
	return p.check(fields, nil, from)
}

// CheckHeader authenticates h.From by h's Authentication-Results fields: the topmost field
// written by p.AuthservID, and the fields of the same server directly below it (a server that
// runs one verifier per method writes one field each), must report an aligned pass for every
// required method. For each method only the first of those fields that reports it counts. It
// returns nil for FromOnly.
func (p Policy) CheckHeader(h Header) error {
	return p.check(h.AuthResults, h.AuthResultsAt, h.From)
}

func (p Policy) check(fields []string, at []int, from string) error {
	if p.FromOnly {
		return nil
	}
	if len(p.Require) == 0 || p.AuthservID == "" {
		return ErrNoPolicy
	}
	dom := Domain(from)
	if dom == "" {
		return ErrNoFrom
	}
	block, err := p.block(fields, at)
	if err != nil {
		return err
	}
	for _, m := range p.Require {
		m = strings.ToLower(m)
		ar := block[0]
		for _, b := range block {
			if b.reports(m) {
				ar = b
				break
			}
		}
		if err := checkMethod(ar, m, dom); err != nil {
			return err
		}
	}
	return nil
}

// Stamped reports whether any of the fields is written by p.AuthservID: a letter without one
// did not pass through the receiving server's verifier, so a forged field in such a letter
// would look like the server's own.
func (p Policy) Stamped(fields []string) bool {
	for _, f := range fields {
		if ar, _ := ParseAuthResults(f); p.AuthservID != "" && strings.EqualFold(ar.AuthservID, p.AuthservID) {
			return true
		}
	}
	return false
}

func (ar AuthResults) reports(method string) bool {
	for _, r := range ar.Results {
		if r.Method == method {
			return true
		}
	}
	return false
}

// block returns the topmost field written by the trusted server and those of the same server
// that follow it directly (adjacent header fields; all following ones when at is nil).
func (p Policy) block(fields []string, at []int) ([]AuthResults, error) {
	var block []AuthResults
	for i, f := range fields {
		ar, err := ParseAuthResults(f)
		ours := strings.EqualFold(ar.AuthservID, p.AuthservID)
		if block != nil {
			adjacent := at == nil || (i < len(at) && at[i] == at[i-1]+1)
			if !ours || !adjacent || err != nil {
				break
			}
			block = append(block, ar)
			continue
		}
		if !ours {
			continue // another server's field; an unreadable one cannot be ours either
		}
		if err != nil {
			return nil, &AuthError{Fault: AuthUnreadable, Server: p.AuthservID, Detail: err.Error()}
		}
		block = append(block, ar)
	}
	if block == nil {
		return nil, &AuthError{Fault: AuthNoField, Server: p.AuthservID}
	}
	return block, nil
}

// checkMethod finds an aligned pass of method in ar.
func checkMethod(ar AuthResults, method, dom string) error {
	fault := &AuthError{Fault: AuthNoResult, Method: method}
	for _, r := range ar.Results {
		if r.Method != method {
			continue
		}
		if r.Result != "pass" {
			fault = &AuthError{Fault: AuthNotPassed, Method: method, Result: r.Result}
			continue
		}
		d, ok := aligned(r, dom)
		if ok {
			return nil
		}
		fault = &AuthError{Fault: AuthMisaligned, Method: method, Domain: d, From: dom}
	}
	return fault
}

// aligned reports whether a passing result is about the From domain dom, and the domain it is
// about.
func aligned(r MethodResult, dom string) (string, bool) {
	switch r.Method {
	case "dkim":
		d := strings.ToLower(strings.TrimSuffix(r.Property("header", "d"), "."))
		if d == "" {
			d = Domain(r.Property("header", "i"))
		}
		return d, relaxed(dom, d)
	case "spf":
		d := Domain(r.Property("smtp", "mailfrom"))
		return d, relaxed(dom, d)
	case "dmarc":
		hf := r.Property("header", "from")
		if hf == "" {
			return dom, true
		}
		d := hf
		if strings.Contains(hf, "@") {
			d = Domain(hf)
		}
		d = strings.ToLower(strings.TrimSuffix(d, "."))
		return d, d == dom
	}
	return "", true // a method postald does not know: its pass is taken as it is
}

// relaxed reports whether domain d covers the From domain dom: the same domain or a parent of it
// with at least two labels.
func relaxed(dom, d string) bool {
	if d == "" || !strings.Contains(d, ".") {
		return false
	}
	return dom == d || strings.HasSuffix(dom, "."+d)
}

// OwnCheck is the authserv-id of postald's own results (a verifier's name, never a field of a
// letter): AuthResults built by postald's own check carry it.
const OwnCheck = "postald"

func (e *AuthError) ownError() string {
	detail := ""
	if e.Detail != "" {
		detail = " (" + e.Detail + ")"
	}
	switch e.Fault {
	case AuthContradicted:
		return fmt.Sprintf("not authenticated: the receiving server passed %s, but postald's own check finds %s%s", e.Method, e.Result, detail)
	case AuthNoResult:
		return "not authenticated by postald's own check: " + e.Method + ": no result" + detail
	case AuthMisaligned:
		return fmt.Sprintf("not authenticated by postald's own check: %s: pass for %q, not for %s", e.Method, e.Domain, e.From)
	}
	return "not authenticated by postald's own check: " + e.Method + ": " + e.Result + detail
}

// Authenticate decides whether h.From is the letter's sender, given own, the results of
// postald's own check of the letter (postald's DKIM verification, the SPF of its envelope
// sender, DMARC; AuthservID OwnCheck).
//
//   - By default postald's own results decide: every required method must have an aligned pass
//     in own (CheckOwn). A field the letter brings, forged or the receiving server's, counts for
//     nothing, so a server that neither strips foreign fields nor stamps its own cannot make a
//     forgery look genuine.
//   - With Server, the receiving server's field decides (CheckHeader), and postald's own
//     results may only contradict it: a required method the server passed and postald's own
//     check finds fail, softfail or permerror is not authenticated (a none, a neutral or a
//     temporary failure of postald's check contradicts nothing).
func (p Policy) Authenticate(h Header, own AuthResults) error {
	if p.FromOnly {
		return nil
	}
	if !p.Server {
		return p.CheckOwn(own, h.From)
	}
	if err := p.CheckHeader(h); err != nil {
		return err
	}
	return p.contradicted(own)
}

// CheckOwn authenticates from by postald's own results: an aligned pass of every required method.
func (p Policy) CheckOwn(own AuthResults, from string) error {
	if p.FromOnly {
		return nil
	}
	if len(p.Require) == 0 {
		return ErrNoPolicy
	}
	dom := Domain(from)
	if dom == "" {
		return ErrNoFrom
	}
	for _, m := range p.Require {
		m = strings.ToLower(m)
		if err := checkMethod(own, m, dom); err != nil {
			var ae *AuthError
			if errors.As(err, &ae) {
				ae.Own, ae.Server = true, OwnCheck
				ae.Detail = own.reason(m, ae.Result)
			}
			return err
		}
	}
	return nil
}

// contradicted returns the contradiction of a required method by postald's own results.
func (p Policy) contradicted(own AuthResults) error {
methods:
	for _, m := range p.Require {
		m = strings.ToLower(m)
		var definite *MethodResult
		for i, r := range own.Results {
			if r.Method != m {
				continue
			}
			switch r.Result {
			case "pass":
				continue methods // one pass of postald's own (a DKIM signature of several) agrees
			case "fail", "softfail", "permerror":
				if definite == nil {
					definite = &own.Results[i]
				}
			}
		}
		if definite != nil {
			return &AuthError{Fault: AuthContradicted, Server: OwnCheck, Method: m, Result: definite.Result, Detail: definite.Reason, Own: true}
		}
	}
	return nil
}

// reason is the reason of the first result of method with the given result, "" when none says.
func (ar AuthResults) reason(method, result string) string {
	for _, r := range ar.Results {
		if r.Method == method && (result == "" || r.Result == result) && r.Reason != "" {
			return r.Reason
		}
	}
	return ""
}
