// Package bounce reads delivery reports: the letters mail servers send back about a letter they
// could not deliver, could not deliver yet, or delivered. It is part of postald's core: it reads
// bytes and returns what they say, with no I/O, no clock and no state.
//
// Two kinds of report are read:
//
//   - RFC 3464's multipart/report with a message/delivery-status part (or RFC 6533's
//     message/global-delivery-status): what Postfix, Sendmail, Exim asked for a DSN, Exchange
//     and Outlook, Gmail and Yandex send. The per-message fields (Original-Envelope-Id,
//     Reporting-MTA, Arrival-Date, Gmail's X-Original-Message-ID) and each recipient's
//     (Final-Recipient, Original-Recipient, Action, Status, Remote-MTA, Diagnostic-Code,
//     Last-Attempt-Date, Will-Retry-Until) are taken as RFC 3464 defines them; field names in
//     any case, address and diagnostic types ("rfc822;", "smtp;") in any case.
//   - the plain-text bounces of servers that write no delivery-status part: qmail's ("Hi. This
//     is the qmail-send program at …"), Exim's without a DSN request (Mail.ru's are Exim's, with
//     a Russian preface), Sendmail's old form ("----- The following addresses had permanent fatal
//     errors -----") and Exchange 2003's ("Your message did not reach some or all of the intended
//     recipients."). Their recipients, reasons and enhanced status codes are read from the text,
//     the letter they return from what follows their separator line.
//
// A letter is a report only when it says so: a multipart/report of report-type delivery-status
// (or one holding a delivery-status part), or one of the plain-text forms sent as automatic mail
// (an empty Return-Path, an Auto-Submitted field, or a From of MAILER-DAEMON or postmaster). A
// player's letter that quotes a bounce is a player's letter. Read receipts (report-type
// disposition-notification) are not delivery reports.
//
// What a report says is not yet believed: it names the letter it is about by the envelope ID
// the sender gave it (ENVID, RFC 3461), by the letter's Message-ID in the headers it returns,
// and by the address it was sent to (a per-letter envelope sender, VERP). Anybody can write
// such a letter; whoever reads a Report decides which of these prove it is about one of his
// letters (postald: a secret only the sender knows, office/delivery.go).
//
// Reading is bounded whatever the letter holds: at most maxParts MIME parts, maxDepth levels,
// maxPartBytes of one part and maxRecipients recipients are looked at.
package bounce
