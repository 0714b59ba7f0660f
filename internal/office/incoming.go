package office

import "time"

// Incoming is a letter as it reaches the office: where it lies in the watched mailbox, its
// bytes, and when the server received it. The shell that watches the mailbox (internal/mailbox,
// internal/daemon) fills it in from what it fetched; the office needs nothing else of a letter.
type Incoming struct {
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	// Raw is the letter as the server stores it (RFC 5322, CRLF line ends).
	Raw []byte
	// InternalDate is the instant the server received the letter (IMAP INTERNALDATE): its
	// postmark.
	InternalDate time.Time
	// Size is the whole letter's size in bytes; Truncated says that Raw holds only its first
	// bytes (the watcher's limit), which the pre-checks hold as over the size limit.
	Size      int64
	Truncated bool
}
