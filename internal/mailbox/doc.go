// Package mailbox is postald's post office: a Watcher reads the letters that arrive in the
// tournament's IMAP mailbox and a Sender delivers postald's own letters over SMTP.
//
// # Reading
//
// A Watcher (go-imap v2) logs in, selects the watched mailbox (INBOX by default) and hands
// every message in it to a Handler, oldest first, as a Message: the mailbox, its UIDVALIDITY,
// the message's UID, its raw bytes and the server's INTERNALDATE. Only when the Handler returns
// nil is the message moved to the processed mailbox (by default Processed in the server's
// personal namespace, INBOX.Processed on Cyrus: folders.go; made when missing), with MOVE where the server has it and otherwise with COPY, STORE \Deleted and UID
// EXPUNGE, each step awaited so that a failed COPY never deletes the original. The watched
// mailbox therefore holds exactly the letters not yet processed, and a restart of postald
// simply goes on with them.
//
// Decisions a tournament's post office has to make, and how they are made here:
//
//   - Order. Letters are handled in the order the server received them (ascending UID).
//     When the Handler fails, the pass stops: the later letters wait, so that a player's
//     letters are never applied out of order. The failed letter is offered again after a
//     delay growing from RetryMin to RetryMax, or sooner when new mail arrives. A Handler
//     therefore returns errors only for transient failures (the store is unavailable); a
//     letter that can never be read is the Handler's to quarantine and answer, with nil.
//   - Exactly once. A crash between the Handler's commit and the move offers the letter
//     again, and so does a UIDVALIDITY change (the same letters under new UIDs). The Handler
//     recognises letters it has already recorded (by Message-ID) and returns nil for them;
//     the Watcher reports UIDVALIDITY changes through UIDValidityChanged before handing over
//     any message, so that the store can re-key what it keeps by UID. A change is seen at
//     every SELECT: after each reconnection and whenever an IDLE or a poll interval ends, so
//     at the latest after IdleRestart or PollInterval. (Dovecot does not always end the
//     session of a client whose selected mailbox is deleted and created again, and answers
//     its STATUS with the old value.)
//   - Waiting. With IDLE the Watcher is woken by the server's EXISTS (Dovecot sends it about
//     0.5 s after delivery); IDLE is ended and the mailbox searched again every IdleRestart
//     (25 minutes by default, before the 29 minutes after which RFC 2177 lets a server drop an
//     idle client). Without IDLE it polls every PollInterval.
//   - Failures. A dropped connection, a server restart, a refused login, a folder the server
//     will not make or a failing command end the session; the Watcher logs it with its stage
//     (StageConnect ... StageWait), tells Failed how many sessions in a row failed there, and
//     reconnects after a delay doubling from MinBackoff to MaxBackoff, reset once a mailbox is
//     selected again. Working is told when a session reads the mailbox through again. A login
//     refused in any words but a passing code (LoginRefused) and a folder refused outright
//     (FolderError, Refused) are the configuration's faults: the daemon stops on them at start.
//   - Batches. One FETCH brings up to 64 letters. With HandleBatch set, the whole batch is
//     handed over at once, so that the caller may record it in one transaction; it says how
//     many letters, from the first, it recorded, and only those are moved.
//   - Large letters. With MaxMessageBytes set, only that much of a larger message is fetched,
//     and the Message says it is truncated.
//
// # Sending
//
// A Sender (go-smtp) delivers one complete RFC 5322 message per call: implicit TLS, STARTTLS
// or, on a loopback address only, none; AUTH PLAIN when a username is configured; a private CA
// from the ca_file of the tls table. The envelope sender is the address of the configured From.
// A rejected recipient fails the whole letter (nothing is sent), so that an outbox never
// half-delivers. The connection is kept for IdleTimeout after a letter, so that a burst of
// letters shares one connection, TLS handshake and login; a kept connection the server has
// dropped is replaced without failing the letter. Failures come back as *SendError: permanent
// when the server answered MAIL, RCPT or DATA with a 5xx reply (this letter will never be
// accepted), temporary otherwise (4xx replies, network and TLS failures, and refusals before
// the letter was offered, such as a 535 to AUTH, which an operator must fix and after which
// the letter can go).
//
// Begin and Pending.Commit send a letter in two phases: Begin does everything up to the end of
// the data (RSET, MAIL, RCPT, DATA and the message), Commit sends the final dot, with which the
// server takes the letter (RFC 5321, 4.1.1.4), and Abort cuts the connection before it, so that
// nothing is delivered. A caller that records every letter as sent overlaps that record with
// the next letter's Begin and still leaves at most one letter taken by the server and not
// recorded. Send is Begin and Commit at once.
//
// Passwords are given as values: reading password_file or password_env is the caller's job.
// Plain-text connections (tls = "none") are refused for any address but a loopback one.
package mailbox
