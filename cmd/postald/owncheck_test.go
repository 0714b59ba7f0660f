package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/store"
)

// ownCheckGame is a trustGame whose daemon checks DKIM, SPF and DMARC itself ([trust] verdict
// "own", the default) through a DNS server of the test that publishes the players' domain's
// DKIM key, an SPF record that allows no client (every test letter comes from 127.0.0.1, as a
// stranger's would) and a DMARC record: a letter passes by its signature alone.
func ownCheckGame(t *testing.T) (*trustGame, *mailtest.DKIMKey) {
	t.Helper()
	g, key, _ := ownCheckGameWith(t, trustSheet)
	return g, key
}

// ownCheckGameWith is ownCheckGame with the start sheet sheet writes and the configuration
// adjusted; it returns the test's DNS server too.
func ownCheckGameWith(t *testing.T, sheet func(*trustGame) string, adjust ...func(*config.Config)) (*trustGame, *mailtest.DKIMKey, *mailtest.DNS) {
	t.Helper()
	st := mailtest.Load(t)
	dns := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, st.Domain, "club2026")
	key.Publish(dns)
	dns.TXT(st.Domain, "v=spf1 -all")
	dns.TXT("_dmarc."+st.Domain, "v=DMARC1; p=reject")
	g := startTrustGameWith(t, config.Trust{AuthservID: st.AuthservID, Require: []string{"dmarc"}, Resolver: dns.Addr}, sheet, adjust...)
	return g, key, dns
}

// moveLetter is a player's letter as his mail program writes it.
func (g *trustGame) moveLetter(from, token, text string) []byte {
	st := g.st
	return []byte("From: " + st.Address(from) + "\r\nTo: " + st.Address(st.Tournament) + "\r\nSubject: " + g.code + " game 1-2\r\n" +
		"Date: " + time.Now().Format(time.RFC1123Z) + "\r\nMessage-ID: <" + token + "@" + st.Domain + ">\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\nTournament " + g.code + ", game 1-2.\r\n" + text + "\r\n")
}

// heldReason returns the reason the letter with token in its Message-ID is held for, waiting
// for it to be decided.
func (g *trustGame) heldReason(t *testing.T, token string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var reason string
		g.db.View(func(tx *store.Tx) error {
			q, err := tx.QuarantinedInbound()
			for _, in := range q {
				if strings.HasPrefix(in.MessageID, token) {
					reason = in.Reason
				}
			}
			return err
		})
		if reason != "" {
			return reason
		}
		if time.Now().After(deadline) {
			t.Fatalf("the letter %s is not held after 30s", token)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestOwnCheckThroughPostfix: postald checks the signatures itself. A player's letter signed by
// his domain's key, sent through Postfix, is decided; a forged resignation carrying a forged
// Authentication-Results field in the receiving server's name, put into the mailbox where the
// server strips nothing and stamps nothing, is held; a signed letter whose text was changed in
// transit is held, and the judge is told why. `judge show` reports both verdicts.
func TestOwnCheckThroughPostfix(t *testing.T) {
	g, key := ownCheckGame(t)
	st := g.st

	// The genuine letter, through Postfix, which stamps auth=none (no AUTH) above the signature.
	genuine := mailtest.Unique("signed-")
	g.sendUnauthenticated(t, st.Address(g.white), st.Address(st.Tournament), key.Sign(t, g.moveLetter(g.white, genuine, "My move: 1. c3-b4")))
	g.toDaemon(t, st.WaitMessage(t, st.Tournament, "INBOX", genuine, 30*time.Second))
	if ack := st.WaitMessage(t, g.white, "INBOX", genuine, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Fatalf("the signed letter: verdict %q, want accepted", ack.Header("X-Postald-Verdict"))
	}

	// The forgery, straight into the mailbox with a forged field of the receiving server.
	forged := mailtest.Unique("forged-")
	raw := append([]byte("Authentication-Results: "+st.AuthservID+"; dkim=pass header.d="+st.Domain+"; dmarc=pass header.from="+st.Domain+"\r\n"),
		g.moveLetter(g.black, forged, "I resign.")...)
	st.Append(t, st.Tournament, g.inbox, raw)
	if reason := g.heldReason(t, forged); !strings.Contains(reason, "postald's own check") || !strings.Contains(reason, "dmarc: fail") {
		t.Errorf("the forgery is held for %q, want postald's own dmarc fail", reason)
	}
	if res, n := g.game(t); res != "*" || n != 1 {
		t.Errorf("after the forged resignation: result %q, %d moves; want the game in play", res, n)
	}

	// A signed letter whose text a list changed on its way: the signature no longer verifies.
	broken := mailtest.Unique("broken-")
	signed := key.Sign(t, g.moveLetter(g.white, broken, "My move: 2. b4-a5"))
	signed = bytes.Replace(signed, []byte("b4-a5"), []byte("b4-c5"), 1)
	g.sendUnauthenticated(t, st.Address(g.white), st.Address(st.Tournament), signed)
	g.toDaemon(t, st.WaitMessage(t, st.Tournament, "INBOX", broken, 30*time.Second))
	if reason := g.heldReason(t, broken); !strings.Contains(reason, "body hash") {
		t.Errorf("the letter changed in transit is held for %q, want the signature's body hash named", reason)
	}
	notice := waitNotice(t, st, "judge", g.code+": letter held from "+st.Address(g.white), broken, 30*time.Second)
	if !strings.Contains(notice, "postald's own check") || !strings.Contains(notice, "body hash") {
		t.Errorf("the judge's notice does not say why:\n%s", notice)
	}

	// Both verdicts in judge show, and in its JSON.
	for _, args := range [][]string{{"show", g.code + "/1-2"}, {"show", "-json", g.code + "/1-2"}} {
		var out bytes.Buffer
		if code, err := controlCall(g.cfg.Control.Socket, append([]string{"judge"}, args...), &out); err != nil || code != 0 {
			t.Fatalf("judge %v: %d %v", args, code, err)
		}
		if s := out.String(); !strings.Contains(s, "by postald's own check") || !strings.Contains(s, "postald: dkim=pass") || !strings.Contains(s, st.AuthservID+": auth=none") {
			t.Errorf("judge %v does not report both verdicts:\n%s", args, s)
		}
	}
}

// TestServerVerdictThroughDovecot: with [trust] verdict = "server", the receiving server's
// stamped pass decides unless postald's own check contradicts it: a letter whose signature
// broke, stamped dkim=pass, is held; one without a signature, stamped pass, is decided.
func TestServerVerdictThroughDovecot(t *testing.T) {
	st := mailtest.Load(t)
	dns := mailtest.StartDNS(t)
	key := mailtest.NewDKIMKey(t, st.Domain, "club2026")
	key.Publish(dns)
	g := startTrustGame(t, config.Trust{AuthservID: st.AuthservID, Require: []string{"dkim"}, Verdict: config.VerdictServer, Resolver: dns.Addr})
	stamp := []byte("Authentication-Results: " + st.AuthservID + "; dkim=pass header.d=" + st.Domain + "\r\n")

	broken := mailtest.Unique("broken-")
	signed := key.Sign(t, g.moveLetter(g.white, broken, "My move: 1. c3-b4"))
	st.Append(t, st.Tournament, g.inbox, append(stamp, bytes.Replace(signed, []byte("c3-b4"), []byte("c3-d4"), 1)...))
	if reason := g.heldReason(t, broken); !strings.Contains(reason, "the receiving server passed dkim, but postald's own check finds fail") {
		t.Errorf("a stamped pass with a broken signature is held for %q, want the contradiction", reason)
	}
	plain := mailtest.Unique("stamped-")
	st.Append(t, st.Tournament, g.inbox, append(stamp, g.moveLetter(g.white, plain, "My move: 1. c3-b4")...))
	if ack := st.WaitMessage(t, g.white, "INBOX", plain, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Errorf("a stamped pass without a signature: verdict %q, want accepted", ack.Header("X-Postald-Verdict"))
	}
}
