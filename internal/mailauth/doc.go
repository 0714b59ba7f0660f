// Package mailauth is postald's own check of who sent a letter: it verifies the letter's DKIM
// signatures (RFC 6376, with github.com/emersion/go-msgauth), the SPF record of its envelope
// sender (RFC 7208) for the client that handed it to the receiving server, and the DMARC record
// (RFC 7489) of its From domain against those two, through a DNS resolver of the configuration
// ([trust] resolver, else the system's). It writes what it found as an Authentication-Results
// record of its own (trust.AuthResults with the authserv-id trust.OwnCheck), which package trust
// judges as it judges the receiving server's field: aligned with the From domain, for the
// methods [trust] requires.
//
// It is of the shell: it asks the DNS. It is asked before a letter's transaction (the daemon
// calls Office.Authenticate), so that a slow DNS never holds the store.
//
// # Decisions where the RFCs leave a choice
//
//   - The client of SPF is the one the receiving server names in the sender's hop: the
//     topmost Received field written "by" one of its host names ([trust] receiver, else the
//     authserv-id) that records a client from outside it. Its own hand-overs above that field
//     are passed over: the delivery to the mailbox over LMTP (Dovecot and Cyrus, often under the
//     same host name), a re-injection from a loopback address or by a local program, a relay
//     from another of its host names (envelope.go). The client is the address in brackets of
//     the "from" clause's comment, and the HELO name is the first word, or Exim's helo= value;
//     Postfix's, Exim's and Sendmail's forms are read as they write them. Fields below the hop
//     were written by others and are not believed. A letter without such a field (put into the
//     mailbox by other means) has SPF none.
//   - The envelope sender is the topmost Return-Path, which the delivering server writes; an
//     empty one (a bounce) is checked as postmaster@ the HELO name (RFC 7208, 2.4).
//   - SPF's "ptr" mechanism (which RFC 7208, 5.5, says not to use) never matches; macros are
//     expanded for the letters s, l, o, d, i, h, v, with their transformers; "exp" is ignored.
//     At most 10 terms that ask the DNS, and 2 void answers, as RFC 7208, 4.6.4, says.
//   - DMARC's organizational domain, without a public-suffix list, is the From domain's last
//     two labels: the record is looked up at the From domain, then there. Relaxed alignment
//     is the same domain or a parent of at least two labels, as package trust aligns.
//   - DKIM: at most MaxSignatures signatures are verified; a result per signature. A signature
//     that verifies but whose h= does not list every From, Subject and Message-ID field the
//     letter has (as many times as it has them) fails: a field listed once signs only the
//     bottom-most one (RFC 6376, 5.4.2), and postald reads those fields, so one written above
//     would be unsigned.
//   - Answers reports whether the resolver answers at all (a question about postald's own
//     domain): the daemon tells a letter whose domain does not answer from an outage.
//   - A DNS failure that may pass (a timeout, SERVFAIL) is temperror: package trust does not
//     count it as a pass, and the daemon keeps the letter in the mailbox to try again later.
package mailauth
