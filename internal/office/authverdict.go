package office

import (
	"fmt"
	"strings"

	"postald/internal/trust"
)

// authVerdict is the authentication verdict postald records with an inbound letter, for the
// judge (`judge show`, `judge letter`): what the configured trust made of the letter's From
// address, and what the trusted receiving server said of it.
//
//	pass: dkim, dmarc aligned with club.example (mx.club.example: dkim=pass spf=pass dmarc=pass)
//	fail: not authenticated: dkim: fail (mx.club.example: dkim=fail spf=none)
//	none: no authentication required ([trust]); the From address alone is believed
func (o *Office) authVerdict(raw []byte) string {
	h := trust.ReadHeader(raw)
	pol := trust.Policy{AuthservID: o.opt.Trust.AuthservID, Require: o.opt.Trust.Require}
	said := ""
	if pol.AuthservID != "" {
		said = " (" + serverSays(h.AuthResults, pol.AuthservID) + ")"
	}
	if len(pol.Require) == 0 {
		return "none: no authentication required ([trust]); the From address alone is believed" + said
	}
	if err := pol.Check(h.AuthResults, h.From); err != nil {
		return "fail: " + err.Error() + said
	}
	return fmt.Sprintf("pass: %s aligned with %s%s", strings.Join(pol.Require, ", "), trust.Domain(h.From), said)
}

// serverSays sums up the first Authentication-Results field of server: "mx.example: dkim=pass
// spf=fail".
func serverSays(fields []string, server string) string {
	for _, f := range fields {
		ar, err := trust.ParseAuthResults(f)
		if !strings.EqualFold(ar.AuthservID, server) {
			continue
		}
		if err != nil {
			return server + ": unreadable"
		}
		var rs []string
		for _, r := range ar.Results {
			rs = append(rs, r.Method+"="+r.Result)
		}
		if len(rs) == 0 {
			rs = []string{"none"}
		}
		return server + ": " + strings.Join(rs, " ")
	}
	return "no Authentication-Results of " + server
}
