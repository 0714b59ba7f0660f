package bounce

import (
	"net/mail"
	"net/textproto"
	"regexp"
	"strings"
)

// The marks of the plain-text forms, and the lines after which each returns the letter.
var (
	qmailMark     = "this is the qmail-send program at"
	qmailCopy     = []string{"--- below this line is a copy of the message.", "--- below this line is a copy of the mail header.", "--- below the next line is a copy of the message."}
	eximMark      = "this message was created automatically by mail delivery software"
	eximFailed    = "the following address(es) failed:"
	eximDelayed   = "has not yet been delivered to one or more of its"
	eximCopy      = []string{"------ this is a copy of the message, including all the headers. ------", "------ this is a copy of the message's headers. ------", "------ this is a copy of the body of the message, without the headers. ------"}
	sendmailFatal = "----- the following addresses had permanent fatal errors -----"
	sendmailTrans = "----- the following addresses had transient non-fatal errors -----"
	sendmailCopy  = []string{"----- original message follows -----", "----- message header follows -----", "----- unsent message follows -----"}
	exchangeMark  = "did not reach some or all of the intended recipients"
	exchangeList  = "the following recipient(s) cannot be reached:"
)

// angleAddress is a line that is an address in angle brackets, with a colon after it (qmail)
// or alone (Sendmail).
var angleAddress = regexp.MustCompile(`^<([^<>\s]+@[^<>\s]+)>:?$`)

// bareAddress is an address alone on a line.
var bareAddress = regexp.MustCompile(`^([^<>\s@]+@[^<>\s@]+)(\s+<[^<>\s]+>)?$`)

// exchangeRecipient is Exchange 2003's recipient line: "bob@example.org on 12/7/2026 2:25 AM".
var exchangeRecipient = regexp.MustCompile(`^(\S+@\S+)\s+on\s+`)

// exchangeCode is Exchange 2003's code line: "<mx.example.org #5.1.1 smtp;550 5.1.1 User unknown>".
var exchangeCode = regexp.MustCompile(`<[^<#>]*#([245]\.[0-9]{1,3}\.[0-9]{1,3})\s*(?:[a-z]+;)?([^<>]*)>`)

// smtpAnswer is an SMTP answer quoted in a text: a reply code and what follows it.
var smtpAnswer = regexp.MustCompile(`\b([245][0-9][0-9][ -](?:[245]\.[0-9]{1,3}\.[0-9]{1,3} )?.*)$`)

// readText reads the plain-text forms from the text parts; it reports whether one was found.
func (x *reading) readText() bool {
	for _, t := range x.texts {
		low := strings.ToLower(t)
		var f Format
		switch {
		case strings.Contains(low, qmailMark):
			f = Qmail
		case strings.Contains(low, sendmailFatal) || strings.Contains(low, sendmailTrans):
			f = Sendmail
		case strings.Contains(low, eximMark):
			f = Exim
		case strings.Contains(low, exchangeMark) && strings.Contains(low, exchangeList):
			f = Exchange
		default:
			continue
		}
		x.r.Format = f
		lines := strings.Split(strings.ReplaceAll(t, "\r\n", "\n"), "\n")
		var copyAt int
		switch f {
		case Qmail:
			copyAt = x.readQmail(lines)
		case Sendmail:
			copyAt = x.readSendmail(lines)
		case Exim:
			copyAt = x.readExim(lines, strings.Contains(low, eximDelayed) || strings.HasPrefix(strings.ToLower(x.r.Subject), "warning:"))
		case Exchange:
			x.readExchange(lines)
			copyAt = len(lines)
		}
		if copyAt < len(lines) {
			x.returned([]byte(strings.Join(lines[copyAt:], "\n")))
		}
		return true
	}
	return false
}

// after returns the index of the first line after the first line that is one of marks (lower
// case, trimmed), or len(lines) when none is.
func after(lines []string, marks []string) int {
	for i, l := range lines {
		l = strings.ToLower(strings.TrimSpace(l))
		for _, m := range marks {
			if l == m {
				return i + 1
			}
		}
	}
	return len(lines)
}

// add appends a recipient read from a text, its status and words taken from reason.
func (x *reading) add(addr, reason string, a Action) {
	if len(x.r.Recipients) >= maxRecipients || addr == "" {
		return
	}
	reason = strings.Join(strings.Fields(reason), " ")
	rc := Recipient{Address: strings.ToLower(addr), Action: a, Status: findStatus(reason), Diagnostic: reason}
	if m := smtpAnswer.FindStringSubmatch(reason); m != nil {
		rc.Diagnostic = strings.TrimSpace(m[1])
	}
	if rc.Status == "" && a == Failed {
		rc.Status = "5.0.0"
	}
	if rc.Status == "" && a == Delayed {
		rc.Status = "4.0.0"
	}
	x.r.Recipients = append(x.r.Recipients, rc)
}

// readQmail reads qmail-send's bounce: "<address>:" lines, each followed by its reason up to an
// empty line. It returns the index of the line where the returned letter begins.
func (x *reading) readQmail(lines []string) int {
	end := after(lines, qmailCopy)
	stop := end
	if end < len(lines) {
		stop = end - 1
	}
	for i := 0; i < stop; i++ {
		m := angleAddress.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil || !strings.HasSuffix(strings.TrimSpace(lines[i]), ":") {
			continue
		}
		var reason []string
		j := i + 1
		for ; j < stop && strings.TrimSpace(lines[j]) != ""; j++ {
			if r := strings.TrimSpace(lines[j]); !strings.HasPrefix(r, "Giving up on ") {
				reason = append(reason, r)
			}
		}
		x.add(m[1], strings.Join(reason, " "), Failed)
		i = j
	}
	return end
}

// readExim reads Exim's bounce (and its delay warning): after the line that lists the failed
// addresses, each address indented by two spaces, its reason indented further. X-Failed-Recipients
// names them too, but without reasons.
func (x *reading) readExim(lines []string, delayed bool) int {
	end := after(lines, eximCopy)
	stop := end
	if end < len(lines) {
		stop = end - 1
	}
	a := Failed
	if delayed {
		a = Delayed
	}
	start := 0
	for i, l := range lines[:stop] {
		low := strings.ToLower(l)
		if strings.Contains(low, eximFailed) || strings.Contains(low, eximDelayed) {
			start = i + 1
			break
		}
	}
	for i := start; i < stop; i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "    ") {
			continue
		}
		m := bareAddress.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		var reason []string
		j := i + 1
		for ; j < stop && strings.HasPrefix(lines[j], "    "); j++ {
			r := strings.TrimSpace(lines[j])
			r = strings.TrimPrefix(r, "Delay reason: ")
			reason = append(reason, r)
		}
		x.add(m[1], strings.Join(reason, " "), a)
		i = j - 1
	}
	return end
}

// readSendmail reads Sendmail's old bounce: after the line heading the addresses, each address
// in angle brackets, its reason in parentheses on the next lines; the transcript that follows
// gives the server's answer when the reason does not.
func (x *reading) readSendmail(lines []string) int {
	end := after(lines, sendmailCopy)
	stop := end
	if end < len(lines) {
		stop = end - 1
	}
	a := Failed
	for i := 0; i < stop; i++ {
		low := strings.ToLower(strings.TrimSpace(lines[i]))
		switch low {
		case sendmailFatal:
			a = Failed
			continue
		case sendmailTrans:
			a = Delayed
			continue
		}
		if strings.HasPrefix(low, "----- transcript of session follows") {
			break
		}
		m := angleAddress.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil {
			continue
		}
		var reason []string
		j := i + 1
		for ; j < stop && strings.TrimSpace(lines[j]) != "" && (lines[j][0] == ' ' || lines[j][0] == '\t'); j++ {
			r := strings.TrimSpace(lines[j])
			r = strings.TrimSuffix(strings.TrimPrefix(r, "(reason: "), ")")
			reason = append(reason, r)
		}
		x.add(m[1], strings.Join(reason, " "), a)
		i = j - 1
	}
	// The transcript's last answer for a recipient without a reason of his own.
	for i := range x.r.Recipients {
		rc := &x.r.Recipients[i]
		if rc.Diagnostic != "" {
			continue
		}
		for _, l := range lines[:stop] {
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "<<< ") && strings.Contains(strings.ToLower(t), rc.Address) {
				rc.Diagnostic = strings.TrimPrefix(t, "<<< ")
				if s := findStatus(rc.Diagnostic); s != "" {
					rc.Status = s
				}
			}
		}
	}
	return end
}

// readExchange reads Exchange 2003's bounce: after "The following recipient(s) cannot be
// reached:", each "address on DATE" line, its reason on the lines below, and a code line
// "<server #5.1.1 smtp;550 …>".
func (x *reading) readExchange(lines []string) {
	start := len(lines)
	for i, l := range lines {
		if strings.Contains(strings.ToLower(l), exchangeList) {
			start = i + 1
			break
		}
	}
	for i := start; i < len(lines); i++ {
		m := exchangeRecipient.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil {
			continue
		}
		var reason []string
		status, words := "", ""
		j := i + 1
		for ; j < len(lines); j++ {
			t := strings.TrimSpace(lines[j])
			if t == "" || exchangeRecipient.MatchString(t) {
				break
			}
			if c := exchangeCode.FindStringSubmatch(t); c != nil {
				status, words = c[1], strings.TrimSpace(c[2])
				continue
			}
			reason = append(reason, t)
		}
		if _, err := mail.ParseAddress(m[1]); err != nil {
			continue
		}
		if words == "" {
			words = strings.Join(reason, " ")
		}
		x.add(m[1], words, Failed)
		if status != "" {
			x.r.Recipients[len(x.r.Recipients)-1].Status = status
		}
		i = j - 1
	}
}

// vendorOf tells the server that wrote a report from its marks: its header, its delivery-status
// fields as read, its texts.
func vendorOf(h mail.Header, r *Report, texts []string) string {
	from := strings.ToLower(h.Get("From"))
	reporter := strings.ToLower(r.Reporter)
	var text strings.Builder
	for _, t := range texts {
		text.WriteString(strings.ToLower(t))
	}
	all := text.String()
	has := func(name string) bool { return len(h[textproto.CanonicalMIMEHeaderKey(name)]) > 0 }
	switch {
	case strings.Contains(from, "googlemail.com") || strings.Contains(from, "@google.com") ||
		strings.HasSuffix(reporter, "googlemail.com") || strings.HasSuffix(reporter, "google.com"):
		return "gmail"
	case has("X-Yandex-Uniq") || has("X-Yandex-Front") || strings.Contains(from, "yandex.") ||
		strings.Contains(reporter, "yandex."):
		return "yandex"
	case strings.Contains(from, "mail.ru") || strings.Contains(reporter, "mail.ru") || strings.Contains(all, "mail.ru"):
		return "mailru"
	case r.Format == Exchange || has("X-MS-Exchange-Message-Is-Ndr") || strings.Contains(all, "diagnostic information for administrators") ||
		strings.Contains(reporter, "outlook.com"):
		return "exchange"
	case r.Format == Qmail:
		return "qmail"
	case r.Format == Sendmail || strings.Contains(all, sendmailFatal) || strings.Contains(all, "----- transcript of session follows -----"):
		return "sendmail"
	case r.Format == Exim || has("X-Failed-Recipients") || strings.Contains(all, eximMark):
		return "exim"
	case strings.Contains(all, "this is the mail system at host"):
		return "postfix"
	}
	return ""
}
