package mailauth

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"
)

// SPF limits (RFC 7208, 4.6.4).
const (
	maxLookups = 10 // terms that ask the DNS
	maxVoids   = 2  // answers with no record
	maxMX      = 10 // hosts of one mx mechanism
)

// spfCheck is one evaluation of check_host (RFC 7208, 4).
type spfCheck struct {
	ctx     context.Context
	r       *net.Resolver
	ip      net.IP
	sender  string // the envelope sender, local@domain
	helo    string
	lookups int
	voids   int
}

// checkHost returns the SPF result of domain for the client, and why.
func (s *spfCheck) checkHost(domain string) (result, reason string) {
	return s.host(domain, 0)
}

func (s *spfCheck) host(domain string, depth int) (string, string) {
	if depth > maxLookups {
		return "permerror", "includes nested too deep"
	}
	txts, err := s.r.LookupTXT(s.ctx, domain)
	if err != nil && !notFound(err) {
		if temporary(err) {
			return "temperror", "SPF record of " + domain + ": " + err.Error()
		}
		return "permerror", "SPF record of " + domain + ": " + err.Error()
	}
	var records []string
	for _, t := range txts {
		if l := strings.ToLower(t); l == "v=spf1" || strings.HasPrefix(l, "v=spf1 ") {
			records = append(records, t)
		}
	}
	switch len(records) {
	case 0:
		return "none", "no SPF record for " + domain
	case 1:
	default:
		return "permerror", "more than one SPF record for " + domain
	}
	redirect := ""
	for _, term := range strings.Fields(records[0])[1:] {
		if name, value, ok := strings.Cut(term, "="); ok && !strings.ContainsAny(name, ":/") {
			if strings.EqualFold(name, "redirect") {
				redirect = value
			}
			continue // exp and unknown modifiers
		}
		qual := byte('+')
		if strings.ContainsRune("+-~?", rune(term[0])) {
			qual, term = term[0], term[1:]
		}
		match, res, why := s.mechanism(term, domain, depth)
		if res != "" {
			return res, why
		}
		if match {
			r := map[byte]string{'+': "pass", '-': "fail", '~': "softfail", '?': "neutral"}[qual]
			return r, fmt.Sprintf("%s by %q of %s", s.ip, term, domain)
		}
	}
	if redirect != "" {
		if s.lookups++; s.lookups > maxLookups {
			return "permerror", "more than 10 DNS lookups"
		}
		target, err := s.expand(redirect, domain)
		if err != nil {
			return "permerror", err.Error()
		}
		res, why := s.host(target, depth+1)
		if res == "none" {
			return "permerror", "redirect to " + target + " without an SPF record"
		}
		return res, why
	}
	return "neutral", fmt.Sprintf("no term of %s matches %s", domain, s.ip)
}

// mechanism evaluates one mechanism. res, when set, ends the evaluation (an error).
func (s *spfCheck) mechanism(term, domain string, depth int) (match bool, res, why string) {
	name, arg, _ := strings.Cut(term, ":")
	name = strings.ToLower(name)
	cidr4, cidr6 := 32, 128
	if name == "a" || name == "mx" || strings.HasPrefix(name, "a/") || strings.HasPrefix(name, "mx/") {
		// "a/24", "mx:host/24//64": the CIDR lengths follow the domain.
		rest := ""
		if i := strings.IndexByte(term, '/'); i >= 0 {
			rest = term[i:]
			term = term[:i]
			name, arg, _ = strings.Cut(term, ":")
			name = strings.ToLower(name)
		}
		var err error
		if cidr4, cidr6, err = dualCIDR(rest); err != nil {
			return false, "permerror", err.Error()
		}
	}
	ask := func() bool {
		s.lookups++
		return s.lookups <= maxLookups
	}
	target := domain
	if arg != "" && name != "ip4" && name != "ip6" {
		t, err := s.expand(arg, domain)
		if err != nil {
			return false, "permerror", err.Error()
		}
		target = t
	}
	switch name {
	case "all":
		return true, "", ""
	case "ip4", "ip6":
		n := arg
		if !strings.Contains(n, "/") {
			if name == "ip4" {
				n += "/32"
			} else {
				n += "/128"
			}
		}
		_, ipnet, err := net.ParseCIDR(n)
		if err != nil {
			return false, "permerror", "bad " + term
		}
		return ipnet.Contains(s.ip), "", ""
	case "include":
		if arg == "" {
			return false, "permerror", "include without a domain"
		}
		if !ask() {
			return false, "permerror", "more than 10 DNS lookups"
		}
		switch r, why := s.host(target, depth+1); r {
		case "pass":
			return true, "", ""
		case "fail", "softfail", "neutral":
			return false, "", ""
		case "temperror":
			return false, "temperror", why
		default:
			return false, "permerror", "include:" + target + ": " + why
		}
	case "a":
		if !ask() {
			return false, "permerror", "more than 10 DNS lookups"
		}
		ok, res, why := s.hostMatches(target, cidr4, cidr6)
		return ok, res, why
	case "mx":
		if !ask() {
			return false, "permerror", "more than 10 DNS lookups"
		}
		mxs, err := s.r.LookupMX(s.ctx, target)
		if res, why := s.dnsFault(target, err); res != "" {
			return false, res, why
		}
		for i, mx := range mxs {
			if i == maxMX {
				return false, "permerror", "more than 10 MX hosts for " + target
			}
			if ok, res, why := s.hostMatches(strings.TrimSuffix(mx.Host, "."), cidr4, cidr6); ok || res != "" {
				return ok, res, why
			}
		}
		return false, "", ""
	case "exists":
		if !ask() {
			return false, "permerror", "more than 10 DNS lookups"
		}
		ips, err := s.r.LookupIP(s.ctx, "ip4", target)
		if res, why := s.dnsFault(target, err); res != "" {
			return false, res, why
		}
		return len(ips) > 0, "", ""
	case "ptr":
		if !ask() {
			return false, "permerror", "more than 10 DNS lookups"
		}
		return s.ptrMatches(target), "", ""
	}
	return false, "permerror", "unknown mechanism " + term
}

// ptrMatches is the ptr mechanism (RFC 7208, 5.5; discouraged, still published by some senders):
// the client's address names a host — one of its PTR names, at most 10, whose own addresses
// include the client's (the name validated) — that is target or under it. A DNS error on the
// PTR lookup fails to match, as one on a name's addresses leaves that name out; neither counts
// as a void answer.
func (s *spfCheck) ptrMatches(target string) bool {
	names, err := s.r.LookupAddr(s.ctx, s.ip.String())
	if err != nil {
		return false
	}
	network := "ip4"
	if s.ip.To4() == nil {
		network = "ip6"
	}
	target = strings.ToLower(strings.TrimSuffix(target, "."))
	for i, name := range names {
		if i == maxMX { // the same limit of 10 as MX hosts (5.5)
			break
		}
		name = strings.ToLower(strings.TrimSuffix(name, "."))
		if name != target && !strings.HasSuffix(name, "."+target) {
			continue
		}
		ips, err := s.r.LookupIP(s.ctx, network, name)
		if err != nil {
			continue
		}
		for _, ip := range ips {
			if ip.Equal(s.ip) {
				return true
			}
		}
	}
	return false
}

// hostMatches reports whether an address of host is the client's, within the CIDR lengths.
func (s *spfCheck) hostMatches(host string, cidr4, cidr6 int) (bool, string, string) {
	network := "ip4"
	if s.ip.To4() == nil {
		network = "ip6"
	}
	ips, err := s.r.LookupIP(s.ctx, network, host)
	if res, why := s.dnsFault(host, err); res != "" {
		return false, res, why
	}
	for _, ip := range ips {
		bits, size := cidr4, 32
		if network == "ip6" {
			bits, size = cidr6, 128
		}
		if net.IP.Equal(ip.Mask(net.CIDRMask(bits, size)), s.ip.Mask(net.CIDRMask(bits, size))) {
			return true, "", ""
		}
	}
	return false, "", ""
}

// dnsFault turns a DNS error into a result: "" for none or a void answer within the limit.
func (s *spfCheck) dnsFault(name string, err error) (string, string) {
	switch {
	case err == nil:
		return "", ""
	case notFound(err):
		if s.voids++; s.voids > maxVoids {
			return "permerror", "more than 2 void DNS answers"
		}
		return "", ""
	case temporary(err):
		return "temperror", name + ": " + err.Error()
	}
	return "permerror", name + ": " + err.Error()
}

// dualCIDR reads "/24", "//64", "/24//64".
func dualCIDR(s string) (int, int, error) {
	c4, c6 := 32, 128
	if s == "" {
		return c4, c6, nil
	}
	v4, v6, both := strings.Cut(s, "//")
	if !both {
		v4, v6 = s, ""
	} else if v4 == "" {
		v4 = ""
	}
	var err error
	if v4 = strings.TrimPrefix(v4, "/"); v4 != "" {
		if c4, err = strconv.Atoi(v4); err != nil || c4 < 0 || c4 > 32 {
			return 0, 0, fmt.Errorf("bad CIDR length %q", s)
		}
	}
	if v6 != "" {
		if c6, err = strconv.Atoi(v6); err != nil || c6 < 0 || c6 > 128 {
			return 0, 0, fmt.Errorf("bad CIDR length %q", s)
		}
	}
	return c4, c6, nil
}

// expand expands the macros of a domain-spec (RFC 7208, 7).
func (s *spfCheck) expand(spec, domain string) (string, error) {
	if !strings.Contains(spec, "%") {
		return strings.TrimSuffix(spec, "."), nil
	}
	var b strings.Builder
	for i := 0; i < len(spec); i++ {
		c := spec[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(spec) {
			return "", fmt.Errorf("bad macro in %q", spec)
		}
		i++
		switch spec[i] {
		case '%':
			b.WriteByte('%')
			continue
		case '_':
			b.WriteByte(' ')
			continue
		case '-':
			b.WriteString("%20")
			continue
		case '{':
		default:
			return "", fmt.Errorf("bad macro in %q", spec)
		}
		end := strings.IndexByte(spec[i:], '}')
		if end < 0 || end < 2 {
			return "", fmt.Errorf("bad macro in %q", spec)
		}
		m := spec[i+1 : i+end]
		i += end
		v, err := s.macro(m, domain)
		if err != nil {
			return "", err
		}
		b.WriteString(v)
	}
	return strings.TrimSuffix(b.String(), "."), nil
}

// macro expands one macro body: a letter, digits, "r", delimiters.
func (s *spfCheck) macro(m, domain string) (string, error) {
	local, senderDom, _ := strings.Cut(s.sender, "@")
	var v string
	switch m[0] | 0x20 {
	case 's':
		v = s.sender
	case 'l':
		v = local
	case 'o':
		v = senderDom
	case 'd':
		v = domain
	case 'h':
		v = s.helo
	case 'v':
		v = "in-addr"
		if s.ip.To4() == nil {
			v = "ip6"
		}
	case 'i':
		if ip4 := s.ip.To4(); ip4 != nil {
			v = ip4.String()
		} else {
			var parts []string
			for _, c := range s.ip.To16() {
				parts = append(parts, strconv.FormatInt(int64(c>>4), 16), strconv.FormatInt(int64(c&15), 16))
			}
			v = strings.Join(parts, ".")
		}
	default:
		return "", fmt.Errorf("unknown macro letter in %%{%s}", m)
	}
	rest := m[1:]
	n := 0
	for len(rest) > 0 && rest[0] >= '0' && rest[0] <= '9' {
		n = n*10 + int(rest[0]-'0')
		rest = rest[1:]
	}
	reverse := false
	if len(rest) > 0 && (rest[0]|0x20) == 'r' {
		reverse, rest = true, rest[1:]
	}
	delims := "."
	if rest != "" {
		if strings.Trim(rest, ".-+,/_=") != "" {
			return "", fmt.Errorf("bad delimiters in %%{%s}", m)
		}
		delims = rest
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune(delims, r) })
	if reverse {
		for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
			parts[i], parts[j] = parts[j], parts[i]
		}
	}
	if n > 0 && n < len(parts) {
		parts = parts[len(parts)-n:]
	}
	return strings.Join(parts, "."), nil
}
