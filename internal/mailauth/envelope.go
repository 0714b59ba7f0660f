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

// readEnvelope reads the topmost Return-Path and the topmost Received field written "by"
// receiver (case-insensitive), from raw's header section.
func readEnvelope(raw []byte, receiver string) envelope {
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
		case strings.EqualFold(name, "Received") && !seenReceived && receiver != "":
			if ip, helo, ok := receivedBy(v, receiver); ok {
				seenReceived = true
				e.ip, e.helo = ip, helo
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

// receivedBy reads a Received value written by receiver: "from HELO (rdns [IP]) by receiver
// ...". It returns the client's address and HELO name.
func receivedBy(v, receiver string) (net.IP, string, bool) {
	words := strings.Fields(stripDate(v))
	by := -1
	for i, w := range words {
		if strings.EqualFold(w, "by") && i+1 < len(words) && strings.EqualFold(strings.TrimSuffix(words[i+1], ";"), receiver) {
			by = i
			break
		}
	}
	if by < 0 || len(words) < 2 || !strings.EqualFold(words[0], "from") {
		return nil, "", false
	}
	helo := strings.ToLower(strings.Trim(words[1], "[]"))
	// The client's address: the first bracketed literal of the from clause (before "by").
	from := strings.Join(words[1:by], " ")
	for {
		i := strings.IndexByte(from, '[')
		if i < 0 {
			return nil, helo, true // the receiving server's field, without the client's address
		}
		j := strings.IndexByte(from[i:], ']')
		if j < 0 {
			return nil, helo, true
		}
		lit := strings.TrimPrefix(strings.TrimPrefix(from[i+1:i+j], "IPv6:"), "ipv6:")
		if ip := net.ParseIP(lit); ip != nil {
			return ip, helo, true
		}
		from = from[i+j:]
	}
}

// stripDate drops the "; date" of a Received value.
func stripDate(v string) string {
	if i := strings.LastIndexByte(v, ';'); i >= 0 {
		return v[:i]
	}
	return v
}
