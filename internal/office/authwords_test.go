package office

import (
	"testing"

	"postald/internal/langcheck"
	"postald/internal/trust"
)

// TestAuthVerdictIn: every form of verdict authVerdict records reads back in English as it was
// recorded, and in Russian without an English word but the methods' results and the failure's
// own words; a verdict of another form is shown as it is.
func TestAuthVerdictIn(t *testing.T) {
	tail := " (postald: dkim=pass spf=fail dmarc=pass; mx.club.example: dkim=pass spf=pass dmarc=pass)"
	for _, c := range []struct{ v, ru string }{
		{trust.AuthNone, "не требуется ([trust]): верят одному адресу From"},
		{trust.AuthNone + " (mx.club.example: dkim=pass)", "не требуется ([trust]): верят одному адресу From (mx.club.example: dkim=pass)"},
		{"pass: dmarc aligned with club.example " + trust.AuthByOwn + tail,
			"пройдена: dmarc, согласовано с доменом club.example, по собственной проверке postald" + tail},
		{"pass: dkim, spf aligned with club.example by mx.club.example" + trust.AuthNotContradicted + tail,
			"пройдена: dkim, spf, согласовано с доменом club.example, по полю сервера mx.club.example; собственная проверка postald ему не противоречит" + tail},
		{"pass: dkim aligned with club.example by mx.club.example" + tail,
			"пройдена: dkim, согласовано с доменом club.example, по полю сервера mx.club.example" + tail},
		{"fail: dkim: fail (body hash did not verify)" + tail, "не пройдена: dkim: fail (body hash did not verify)" + tail},
		{CardAuth, "введено секретарём"},
		{"something else", "something else"},
	} {
		if got := AuthVerdictIn("en", c.v); got != c.v && c.v != CardAuth {
			t.Errorf("AuthVerdictIn(en, %q) = %q, want it as recorded", c.v, got)
		}
		got := AuthVerdictIn("ru", c.v)
		if got != c.ru {
			t.Errorf("AuthVerdictIn(ru, %q) = %q, want %q", c.v, got, c.ru)
		}
		if c.v != "something else" && c.v[:5] != "fail:" {
			if bad := langcheck.Command(got, "postald", "dkim", "spf", "dmarc", "pass", "fail"); len(bad) > 0 {
				t.Errorf("AuthVerdictIn(ru, %q) holds English %q", c.v, bad)
			}
		}
	}
}
