package mailauth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/emersion/go-msgauth/dmarc"
	"golang.org/x/net/publicsuffix"

	"postald/internal/trust"
)

// MaxSignatures is the number of DKIM signatures of one letter that are verified.
const MaxSignatures = 5

// DefaultTimeout bounds one letter's check: every DNS question it asks.
const DefaultTimeout = 20 * time.Second

// Checker checks letters. Its zero value asks the system's resolver and knows no receiving
// server (so SPF is none for every letter).
type Checker struct {
	// Resolver answers the DNS questions; nil is net.DefaultResolver.
	Resolver *net.Resolver
	// Receiver is the receiving server's name as it writes it in the "by" clause of its
	// Received field: the authserv-id of [trust].
	Receiver string
	// Hosts are the receiving server's host names as it writes them in the "by" clause of its
	// Received fields ([trust] receiver); empty: Receiver.
	Hosts []string
	// Timeout bounds one letter's check; 0 is DefaultTimeout.
	Timeout time.Duration
	// Now is the clock a signature's expiry (x=) is read against; nil is time.Now.
	Now func() time.Time
}

// NewResolver returns a resolver that asks the DNS server at addr ("host:port") only; "" is
// the system's resolver.
func NewResolver(addr string) *net.Resolver {
	if addr == "" {
		return net.DefaultResolver
	}
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}}
}

// Check returns what postald's own check finds of raw: one dkim result per signature (none
// without one), the spf result and the dmarc result, as trust.AuthResults of trust.OwnCheck.
func (c *Checker) Check(ctx context.Context, raw []byte) trust.AuthResults {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	r := c.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	txt := func(name string) ([]string, error) { return r.LookupTXT(ctx, name) }
	ar := trust.AuthResults{AuthservID: trust.OwnCheck}

	// DKIM (RFC 6376).
	var dkims []trust.MethodResult
	verifs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{LookupTXT: txt, MaxVerifications: MaxSignatures})
	if err != nil && !errors.Is(err, dkim.ErrTooManySignatures) {
		dkims = append(dkims, trust.MethodResult{Method: "dkim", Result: "permerror", Reason: err.Error()})
	}
	counts := fieldCounts(raw, covered...)
	for _, v := range verifs {
		res := trust.MethodResult{Method: "dkim", Result: "pass", Properties: []trust.Property{
			{Type: "header", Name: "d", Value: v.Domain}, {Type: "header", Name: "i", Value: v.Identifier}}}
		switch {
		case v.Err == nil && !v.Expiration.IsZero() && c.now().After(v.Expiration):
			res.Result, res.Reason = "fail", "the signature expired on "+v.Expiration.UTC().Format(time.RFC3339)
		case v.Err == nil && uncovered(v.HeaderKeys, counts) != "":
			res.Result, res.Reason = "fail", uncovered(v.HeaderKeys, counts)
		case v.Err == nil:
		case dkim.IsTempFail(v.Err):
			res.Result, res.Reason = "temperror", v.Err.Error()
		case dkim.IsPermFail(v.Err):
			res.Result, res.Reason = "permerror", v.Err.Error()
		default:
			res.Result, res.Reason = "fail", v.Err.Error()
		}
		dkims = append(dkims, res)
	}
	if len(dkims) == 0 {
		dkims = append(dkims, trust.MethodResult{Method: "dkim", Result: "none", Reason: "the letter has no DKIM signature"})
	}
	ar.Results = append(ar.Results, dkims...)

	// SPF (RFC 7208) of the envelope sender, for the client the receiving server names.
	hosts := c.Hosts
	if len(hosts) == 0 && c.Receiver != "" {
		hosts = []string{c.Receiver}
	}
	h := readEnvelope(raw, hosts)
	spf := trust.MethodResult{Method: "spf", Result: "none"}
	sender := h.returnPath
	if sender == "" && h.helo != "" {
		sender = "postmaster@" + h.helo
	}
	switch {
	case h.ip == nil:
		spf.Reason = "no Received field of the receiving server " + orNone(strings.Join(hosts, ", ")) + " names a client from outside"
	case trust.Domain(sender) == "":
		spf.Reason = "no envelope sender"
	default:
		s := &spfCheck{ctx: ctx, r: r, ip: h.ip, sender: sender, helo: h.helo}
		spf.Result, spf.Reason = s.checkHost(trust.Domain(sender))
		spf.Properties = []trust.Property{{Type: "smtp", Name: "mailfrom", Value: sender}}
	}
	ar.Results = append(ar.Results, spf)

	// DMARC (RFC 7489) of the From domain.
	ar.Results = append(ar.Results, checkDMARC(txt, trust.ReadHeader(raw).From, dkims, spf))
	return ar
}

// covered are the fields postald reads from a letter that its signature must cover, every
// instance of them (RFC 6376, 5.4.2: a field listed once in h= signs only the bottom-most one,
// so one more written above it would be unsigned): the sender, what the letter is about and
// which letter it is.
var covered = []string{"From", "Subject", "Message-ID"}

// uncovered says which field of covered the letter has more often than the signature's h=
// lists it (counts: how often the letter has each), or "" when the signature covers them all.
func uncovered(signed []string, counts []int) string {
	for i, name := range covered {
		n := 0
		for _, k := range signed {
			if strings.EqualFold(strings.TrimSpace(k), name) {
				n++
			}
		}
		if counts[i] > n {
			if n == 0 {
				return "the signature does not cover the " + name + " field"
			}
			return fmt.Sprintf("the signature covers %d of the letter's %d %s fields", n, counts[i], name)
		}
	}
	return ""
}

// fieldCounts counts how often the header of raw has each field of names (case-insensitive),
// over the whole header, as a DKIM verifier reads it.
func fieldCounts(raw []byte, names ...string) []int {
	counts := make([]int, len(names))
	for len(raw) > 0 {
		var line []byte
		line, raw, _ = bytes.Cut(raw, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			continue
		}
		name, _, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		name = bytes.TrimRight(name, " \t")
		for i, n := range names {
			if strings.EqualFold(string(name), n) {
				counts[i]++
			}
		}
	}
	return counts
}

// Answers reports whether the resolver answers a question about name at all: with its
// records, or with "no such name"; false for a failure that may pass (SERVFAIL, a timeout, no
// server). The daemon asks it of postald's own domain when a letter's check failed for now, to
// tell an outage of the resolver from a letter whose domain does not answer.
func (c *Checker) Answers(ctx context.Context, name string) bool {
	r := c.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	_, err := r.LookupTXT(ctx, name)
	return err == nil || notFound(err)
}

func (c *Checker) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func orNone(s string) string {
	if s == "" {
		return "(none configured)"
	}
	return s
}

// checkDMARC evaluates the DMARC record of the From domain against the DKIM and SPF results.
func checkDMARC(txt func(string) ([]string, error), from string, dkims []trust.MethodResult, spf trust.MethodResult) trust.MethodResult {
	dom := trust.Domain(from)
	res := trust.MethodResult{Method: "dmarc", Result: "none", Properties: []trust.Property{{Type: "header", Name: "from", Value: dom}}}
	if dom == "" {
		res.Reason = "no From domain"
		return res
	}
	opts := &dmarc.LookupOptions{LookupTXT: txt}
	rec, err := dmarc.LookupWithOptions(dom, opts)
	if errors.Is(err, dmarc.ErrNoPolicy) {
		if org := orgDomain(dom); org != dom {
			rec, err = dmarc.LookupWithOptions(org, opts)
		}
	}
	switch {
	case errors.Is(err, dmarc.ErrNoPolicy):
		res.Reason = "no DMARC record for " + dom
		return res
	case dmarc.IsTempFail(err) || temporary(err):
		res.Result, res.Reason = "temperror", err.Error()
		return res
	case err != nil:
		res.Result, res.Reason = "permerror", err.Error()
		return res
	}
	// RFC 7489, 3.1: strict alignment is the same domain; relaxed, the same organizational
	// domain, so that a neighbour under a public suffix (another club under spb.ru) never aligns.
	alignedTo := func(d string, mode dmarc.AlignmentMode) bool {
		d = strings.ToLower(strings.TrimSuffix(d, "."))
		if mode == dmarc.AlignmentStrict || d == "" {
			return d != "" && d == strings.ToLower(dom)
		}
		return strings.Contains(d, ".") && orgDomain(d) == orgDomain(dom)
	}
	for _, r := range dkims {
		if r.Result == "pass" && alignedTo(r.Property("header", "d"), rec.DKIMAlignment) {
			res.Result, res.Reason = "pass", "DKIM signature of "+r.Property("header", "d")
			return res
		}
	}
	if spf.Result == "pass" && alignedTo(trust.Domain(spf.Property("smtp", "mailfrom")), rec.SPFAlignment) {
		res.Result, res.Reason = "pass", "SPF of "+spf.Property("smtp", "mailfrom")
		return res
	}
	res.Result = "fail"
	res.Reason = fmt.Sprintf("neither a DKIM signature nor the SPF of the envelope sender passes for %s (policy %s)", dom, rec.Policy)
	// Why not, in the words of the checks: a signature that broke in transit says so here.
	for _, r := range dkims {
		if r.Result != "pass" && r.Result != "none" {
			res.Reason += fmt.Sprintf("; DKIM signature of %s: %s", orNone(r.Property("header", "d")), r.Reason)
		}
	}
	if spf.Result != "pass" && spf.Reason != "" {
		res.Reason += "; SPF: " + spf.Result + ", " + spf.Reason
	}
	return res
}

// orgDomain is dom's organizational domain (RFC 7489, 3.2): its public suffix by the Public
// Suffix List and one label more ("club.example.com" → "example.com", "club.spb.ru" →
// "club.spb.ru", since anyone may register under spb.ru); dom itself when it is a suffix.
func orgDomain(dom string) string {
	dom = strings.ToLower(strings.TrimSuffix(dom, "."))
	if org, err := publicsuffix.EffectiveTLDPlusOne(dom); err == nil {
		return org
	}
	return dom
}

// temporary reports a DNS error that may pass.
func temporary(err error) bool {
	var de *net.DNSError
	if errors.As(err, &de) {
		return de.IsTemporary || de.IsTimeout
	}
	return errors.Is(err, context.DeadlineExceeded)
}

// notFound reports a DNS answer that the name has no record.
func notFound(err error) bool {
	var de *net.DNSError
	return errors.As(err, &de) && de.IsNotFound
}
