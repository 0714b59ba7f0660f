package mailauth

import (
	"bytes"
	"net"
	"net/mail"
	"strings"
)

// envelope is what the receiving server recorded of how a letter reached it.
type envelope struct {
	returnPath string // the envelope sender, lower case; "" for <> or none
	ip         net.IP // the client, from the receiving server's Received field; nil when none
	helo       string // the name the client gave in HELO/EHLO
}

// maxHeaderFields bounds the fields looked at, as trust.ReadHeader does.
const maxHeaderFields = 2000

// readEnvelope reads the topmost Return-Path and the sender's hop from raw's header section: the
// topmost Received field written "by" one of receivers (case-insensitive) that records a client
// from outside the receiving server (see hop).
func readEnvelope(raw []byte, receivers []string) envelope {
	var e envelope
	seenReturnPath, seenReceived := false, false
	fields := 0
	var name string
	var value strings.Builder
	flush := func() {
		if name == "" {
			return
		}
		v := value.String()
		switch {
		case strings.EqualFold(name, "Return-Path") && !seenReturnPath:
			seenReturnPath = true
			if a, err := mail.ParseAddress(strings.TrimSpace(v)); err == nil {
				e.returnPath = strings.ToLower(a.Address)
			} else if s := strings.Trim(strings.TrimSpace(v), "<>"); strings.Contains(s, "@") && !strings.ContainsAny(s, " \t") {
				e.returnPath = strings.ToLower(s)
			}
		case strings.EqualFold(name, "Received") && !seenReceived && len(receivers) > 0:
			if r, ok := readReceived(v, receivers); ok && !r.internal {
				seenReceived = true
				e.ip, e.helo = r.ip, r.helo
			}
		}
		name = ""
		value.Reset()
	}
	for len(raw) > 0 && fields < maxHeaderFields {
		line, rest, _ := bytes.Cut(raw, []byte("\n"))
		raw = rest
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			if name != "" && value.Len() < 8<<10 {
				value.WriteByte(' ')
				value.Write(bytes.TrimSpace(line))
			}
			continue
		}
		flush()
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			continue
		}
		fields++
		name = strings.TrimSpace(string(line[:colon]))
		value.Write(bytes.TrimSpace(line[colon+1:]))
	}
	flush()
	return e
}

// received is what a Received field of the receiving server records.
type received struct {
	ip       net.IP // the client's address; nil when the field names none
	helo     string // the name the client gave in HELO/EHLO, lower case
	protocol string // the word after "with": ESMTPS, esmtpsa, LMTP, LMTPA, local ...
	rdns     string // the client's host name as the server verified it; "" when unknown
	// internal: the field records a hand-over inside the receiving server, not the letter's
	// arrival from outside (see hop).
	internal bool
}

// The sender's hop. A receiving server's own hand-overs stand above the field of the letter's
// arrival: its delivery to the mailbox (LMTP to Dovecot or Cyrus, which often runs under the same
// host name), a content filter's re-injection from 127.0.0.1, a local program's submission (a
// field without "from"). The hop is the topmost field of the receiver that records none of these:
// a "with" protocol of LMTP or local delivery, a client on a loopback address, or no client
// clause, make a field internal, and so does a client whose verified host name is one of the
// receiver's (a backup MX relaying to the main one). Fields below the hop were written before the receiver took the
// letter and may be forged; only someone with access to the receiving machine itself can make it
// write a field that looks internal.
//
// The forms of the MTAs, as they write them:
//
//	Postfix   from HELO (RDNS [IP]) by HOST (Postfix) with ESMTPS id ...        RDNS "unknown" without one
//	Sendmail  from HELO (RDNS [IP]) by HOST (8.17.1/8.17.1) with ESMTP id ...   "(may be forged)" may follow the IP
//	Exim      from RDNS ([IP]:PORT helo=HELO) by HOST with esmtps ...           no helo= when HELO is RDNS;
//	          from [IP] (port=PORT helo=HELO) by HOST with esmtp ...            without a verified RDNS
//	Dovecot   from HELO ([IP]) by HOST with LMTP id ...                         delivery: internal
//	Cyrus     from HELO ([unix socket]) by HOST (Cyrus 3.6.1) with LMTPA; ...   delivery: internal
//
// The client's address is the one in brackets inside the comment after the first word (the first
// word is the client's own HELO, which may itself be an address literal it chose), or, in Exim's
// form without a comment address, the first word in brackets, which Exim writes from the
// connection; a helo= or ident= value is the client's own and never read as its address.

// readReceived reads a Received value written by one of receivers; ok is false for another
// server's field.
func readReceived(v string, receivers []string) (r received, ok bool) {
	words := strings.Fields(stripDate(v))
	by := -1
	for i, w := range words {
		if strings.EqualFold(w, "by") && i+1 < len(words) && isReceiver(strings.TrimSuffix(words[i+1], ";"), receivers) {
			by = i
			break
		}
	}
	if by < 0 {
		return r, false
	}
	for i := by + 2; i+1 < len(words); i++ {
		if strings.EqualFold(words[i], "with") {
			r.protocol = strings.TrimSuffix(words[i+1], ";")
			break
		}
	}
	if by == 0 || !strings.EqualFold(words[0], "from") || by < 2 {
		r.internal = true // no client: a local program's submission
		return r, true
	}
	first := words[1]
	r.helo = strings.ToLower(strings.Trim(first, "[]"))
	comment := words[2:by]
	var at int
	exim := false // a helo= value: Exim's form, whose first word is the verified host name
	for _, w := range comment {
		if _, ok := cutFold(strings.Trim(w, "()"), "helo="); ok {
			r.helo, exim = strings.ToLower(strings.Trim(strings.Trim(w, "()")[5:], "[]")), true
		}
	}
	r.ip, at = commentAddress(comment)
	switch {
	case r.ip == nil && strings.HasPrefix(first, "["):
		r.ip = literal(first) // Exim's form: the address is the first word
	case r.ip != nil && at == 0 && exim && strings.HasPrefix(comment[0], "(["):
		// Exim: "RDNS ([IP] helo=HELO)". Without helo= the same shape is Sendmail's "HELO ([IP])"
		// for a client without a host name, or Dovecot's: the first word is then the client's
		// own, and never taken for a verified name.
		r.rdns = first
	case r.ip != nil && at > 0:
		r.rdns = strings.TrimLeft(comment[at-1], "(") // Postfix's, Sendmail's: "(RDNS [IP])"
	}
	r.rdns = strings.ToLower(strings.TrimSuffix(r.rdns, "."))
	if r.rdns == "unknown" || strings.Contains(strings.ToLower(strings.Join(comment, " ")), "may be forged") {
		r.rdns = ""
	}
	p := strings.ToLower(r.protocol)
	r.internal = strings.HasPrefix(p, "lmtp") || strings.HasPrefix(p, "local") ||
		(r.ip != nil && r.ip.IsLoopback()) || (r.rdns != "" && isReceiver(r.rdns, receivers))
	return r, true
}

// isReceiver reports whether name is one of receivers, case-insensitive.
func isReceiver(name string, receivers []string) bool {
	for _, r := range receivers {
		if strings.EqualFold(name, r) {
			return true
		}
	}
	return false
}

// cutFold is strings.CutPrefix without regard to case.
func cutFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// commentAddress returns the first address in brackets among the words of a from clause's
// comment, and the word's place, skipping the client's own helo= and ident= values; or, failing
// that, a word in parentheses that is an address (Microsoft's servers write
// "(2603:10b6:5:1a8::26)").
func commentAddress(words []string) (net.IP, int) {
	for i, w := range words {
		low := strings.ToLower(strings.TrimLeft(w, "("))
		if strings.HasPrefix(low, "helo=") || strings.HasPrefix(low, "ident=") {
			continue
		}
		b := strings.IndexByte(w, '[')
		if b < 0 {
			continue
		}
		if ip := literal(w[b:]); ip != nil {
			return ip, i
		}
	}
	for i, w := range words {
		if strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") {
			if ip := net.ParseIP(strings.Trim(w, "()")); ip != nil {
				return ip, i
			}
		}
	}
	return nil, -1
}

// literal reads an address literal at the start of w: "[192.0.2.1]", "[IPv6:2001:db8::1]",
// "[192.0.2.1]:25"; nil when it is none.
func literal(w string) net.IP {
	if !strings.HasPrefix(w, "[") {
		return nil
	}
	j := strings.IndexByte(w, ']')
	if j < 0 {
		return nil
	}
	lit := w[1:j]
	if v6, ok := cutFold(lit, "IPv6:"); ok {
		lit = v6
	}
	return net.ParseIP(lit)
}

// stripDate drops the "; date" of a Received value.
func stripDate(v string) string {
	if i := strings.LastIndexByte(v, ';'); i >= 0 {
		return v[:i]
	}
	return v
}
