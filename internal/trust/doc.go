// Package trust decides, before a letter is read, whether postald may read it, act on it and
// answer it: who really sent it (Authentication-Results, RFC 8601), whether it is automatic mail
// that must never be answered (RFC 3834), whether it is within the size limits, and whether its
// sender writes too often. It is pure: it reads the raw bytes it is given, does no I/O, reads no
// clock (every instant is an argument) and keeps no global state.
//
// # What is checked, in the order the daemon asks
//
// Gate.Admit asks every rule below of one incoming letter, in one call, and answers whether the
// letter may be read, why it is held, whose note and which judges' notices the hourly limits
// allow, and the authentication verdict recorded with it; what it needs beyond the letter's bytes
// (the store's, the tournaments') it asks of Facts, each question only once the rules before it
// let the letter through. Gate.Answers then limits the answers written about the letter.
//
//  1. ReadHeader reads the letter's header section from the raw bytes (the body is not
//     touched): the From address, the Subject, the Message-ID, the addresses of To and Cc, the
//     Authentication-Results fields in order, and the fields that mark automatic mail. It counts
//     every field, however many, as a DKIM verifier reads them all; a header of more than
//     MaxFields fields is held as a limit, and one with two of a field RFC 5322 (3.6) allows
//     once (Single) is held (HoldTwice), so that no reader of the letter is shown a field
//     another did not see.
//  2. LoopOf: bounces, delivery reports, Auto-Submitted other than "no" (in any of its fields),
//     Precedence bulk/list/junk/auto_reply, mailing-list fields, X-Autoreply and the like, the
//     Subject a mail service gives its automatic replies (AutoReplySubject), letters that
//     carry postald's own X-Postald-* fields, letters from postald's own address and from a
//     MAILER-DAEMON are never answered, so that two programs can never answer each other forever.
//  3. Policy.Authenticate: the methods the configuration requires (dkim, spf, dmarc) must pass
//     for the From domain, aligned, in postald's own results (an AuthResults of OwnCheck that
//     package mailauth finds through the DNS: CheckOwn), or, with Server, in the receiving
//     server's field (CheckHeader), not contradicted by postald's own results.
//  4. Limiter: letters per sender per hour, answers per recipient per hour, in memory.
//  5. Limits.Check: the size of the letter, the number of its MIME parts and the length of its
//     longest line, counted on the raw bytes in one pass without a MIME parse.
//
// Each check says why as a typed value (Loop, AuthError, Excess), and a held letter keeps why
// as a Hold: a record, not words, so that every reader is told in his own language.
//
// Every letter held is listed once in the judges' daily digest: DigestDue says when it is due
// (a day after the last, or after the oldest letter waiting), Digests who is listed to whom (the
// judges of the sender's tournaments, every judge for a stranger).
//
// # Decisions where the rules are silent
//
// The correspondence rules (clauses 4.1–4.3) assume the post is honest; e-mail is not, so these
// decisions are postald's own, taken as a tournament judge would take them: never apply a move
// whose sender is in doubt, never lose a letter (doubtful letters are kept for the judge, who
// decides), and never let a program, a stranger or a flood cost the tournament anything.
//
// Which Authentication-Results field counts. Only a field whose authserv-id is the configured
// receiving server counts: the first such field from the top, with the fields of the same server
// that stand directly below it (one verifier per method writes one field each); for each method
// the first of them that reports it decides. A receiving server prepends its fields above
// everything the letter carried when it arrived, so a later field with the same authserv-id was
// written by someone else and may be forged (RFC 8601, sections 5 and 7.2). A field from that
// server that cannot be parsed fails the check; fields of other servers are ignored, readable or
// not. When the server adds no field at all, a forged one is indistinguishable from its own:
// the server must remove foreign fields, and the daemon tells the judge (Policy.Stamped) when
// letters arrive without one (docs/trust.md). A Policy that requires nothing and does not say
// FromOnly believes nobody.
//
// What "pass" means. Each method the configuration requires must have a result "pass" in that
// field, and the pass must be about the domain of the letter's From address, or anyone with a
// domain of his own could pass it:
//
//   - dkim: the signing domain (header.d, else the domain of header.i) is the From domain or a
//     parent of it (relaxed alignment: d=club.example covers mail.club.example). Without a
//     public-suffix list postald cannot tell an organisational domain, so the other direction
//     (d=mail.club.example for a From at club.example) is not accepted, and a one-label domain
//     ("example") never aligns.
//   - spf: the same relaxed alignment for the domain of smtp.mailfrom; a pass that does not name
//     smtp.mailfrom is not accepted, since it cannot be tied to the From address.
//   - dmarc: header.from, when the server names it, must be the From domain itself; DMARC is by
//     definition about that domain, so a pass without header.from is accepted.
//
// Several DKIM signatures: one aligned pass is enough.
//
// Automatic mail from a player's address (a vacation notice, a forwarding loop) is kept, never
// answered; the daemon tells the judge, once an hour at most, since a player whose mailbox
// answers by itself may be away.
//
// Rate limits count letters by the postmark (the instant the mail server received the letter),
// so that a backlog read after an outage is not mistaken for a flood; answers are counted when
// they are written. The limiter is exact (a sliding window of the last N instants per sender) and
// bounded: it tracks at most a fixed number of senders, forgetting first those whose window has
// passed, then the least recently seen. Its state is in memory, so a restart of the daemon starts
// every window afresh; that can let one more hour's letters through, never lose one.
//
// Limits are counted on the raw bytes: size (the mail server's size when the letter was fetched
// only in part), MIME parts (the message itself and every body part opened by a delimiter line of
// a boundary declared in a Content-Type field, nested messages included), and the longest line
// without its line end. A letter over a limit is kept unread; the message of a registered player
// is answered once per window with a short note.
package trust
