package mailbox

import (
	"errors"
	"fmt"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// postald keeps two folders of its own on the IMAP server beside the watched mailbox: the one
// decided letters are moved to (IMAPOptions.Processed) and the one that holds the claims
// (IMAPOptions.Claims, claim.go). A name the configuration gives is used as given. A name it
// leaves out is postald's default (DefaultProcessed, ClaimFolder) made where the server keeps
// the user's own folders: in its personal namespace (RFC 2342), with the namespace's prefix.
// Dovecot's default has none, so the folders are "Processed" and "postald-claims" at the top;
// Cyrus and Courier keep a user's folders under "INBOX." and refuse a folder beside INBOX, so
// there they are "INBOX.Processed" and "INBOX.postald-claims". A server that does not offer
// NAMESPACE is taken to have a personal namespace without a prefix.
//
// A folder the server refuses to make is a FolderError naming the setting that names it, so
// that the administrator knows what to change.

// DefaultProcessed is the processed letters' folder, in the personal namespace, when the
// configuration names none.
const DefaultProcessed = "Processed"

// Namespace is the server's personal namespace: where a user's own folders are made.
type Namespace struct {
	Prefix string // "" on Dovecot's default, "INBOX." on Cyrus and Courier
	Delim  rune   // the hierarchy separator; 0 when the server has none (a flat namespace)
}

// personalNamespace asks the server where a user's folders go: NAMESPACE where it is offered,
// otherwise LIST "" "" for the hierarchy separator, with no prefix.
func personalNamespace(c *imapclient.Client) (Namespace, error) {
	if c.Caps().Has(imap.CapNamespace) {
		data, err := c.Namespace().Wait()
		if err != nil {
			return Namespace{}, fmt.Errorf("imap: namespace: %w", err)
		}
		if len(data.Personal) > 0 {
			ns := Namespace{Prefix: data.Personal[0].Prefix, Delim: data.Personal[0].Delim}
			// A prefix names a folder whose children are the user's: "INBOX" with "." is "INBOX.".
			if ns.Prefix != "" && ns.Delim != 0 && !strings.HasSuffix(ns.Prefix, string(ns.Delim)) {
				ns.Prefix += string(ns.Delim)
			}
			return ns, nil
		}
		// No personal namespace at all: folders can be made nowhere, which CREATE will say.
	}
	boxes, err := c.List("", "", nil).Collect()
	if err != nil {
		return Namespace{}, fmt.Errorf("imap: list the hierarchy separator: %w", err)
	}
	var ns Namespace
	if len(boxes) > 0 {
		ns.Delim = boxes[0].Delim
	}
	return ns, nil
}

// folders are the names of postald's folders on a server.
type folders struct {
	processed, claims string
	// defaulted says which names are postald's defaults rather than the configuration's.
	processedDefault, claimsDefault bool
	ns                              Namespace
}

// resolveFolders returns the folder names of opts on the server of c: the configured ones as
// given, the others in the personal namespace.
func resolveFolders(c *imapclient.Client, opts IMAPOptions) (folders, error) {
	f := folders{processed: opts.Processed, claims: opts.Claims}
	if f.processed != "" && f.claims != "" {
		return f, nil
	}
	ns, err := personalNamespace(c)
	if err != nil {
		return f, err
	}
	f.ns = ns
	if f.processed == "" {
		f.processed, f.processedDefault = ns.Prefix+DefaultProcessed, true
	}
	if f.claims == "" {
		f.claims, f.claimsDefault = ns.Prefix+ClaimFolder, true
	}
	return f, nil
}

// FolderError says that one of postald's folders cannot be made or used on the server, and
// which setting names it.
type FolderError struct {
	// Key is the setting of the imap table that names the folder: "processed" or "claims".
	Key string
	// Name is the folder's name; Default says it is postald's default in the server's personal
	// namespace (Prefix), the configuration naming none.
	Name    string
	Default bool
	Prefix  string
	Err     error // the server's answer
}

func (e *FolderError) Error() string {
	if e.Default {
		return fmt.Sprintf("imap: the folder %q (postald's default for [imap] %s, in the server's personal namespace %q) cannot be made: %v; "+
			"set [imap] %s to a folder this server allows", e.Name, e.Key, e.Prefix, e.Err, e.Key)
	}
	return fmt.Sprintf("imap: the folder %q of [imap] %s cannot be made: %v; set [imap] %s to a folder this server allows, "+
		"or leave it out for postald's default in the server's personal namespace", e.Name, e.Key, e.Err, e.Key)
}

func (e *FolderError) Unwrap() error { return e.Err }

// ensure makes the folder of setting key unless it exists, and reports whether it made
// it; a refusal is a *FolderError.
func (f folders) ensure(c *imapclient.Client, key string) (created bool, err error) {
	name, def := f.processed, f.processedDefault
	if key == "claims" {
		name, def = f.claims, f.claimsDefault
	}
	created, err = ensureMailbox(c, name)
	if err != nil {
		return false, &FolderError{Key: key, Name: name, Default: def, Prefix: f.ns.Prefix, Err: err}
	}
	return created, nil
}

// ensureMailbox creates mailbox unless it exists, and reports whether it did.
func ensureMailbox(c *imapclient.Client, mailbox string) (bool, error) {
	boxes, err := c.List("", mailbox, nil).Collect()
	if err != nil {
		return false, fmt.Errorf("list %s: %w", mailbox, err)
	}
	if len(boxes) > 0 {
		return false, nil
	}
	if err := c.Create(mailbox, nil).Wait(); err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
			return false, nil
		}
		return false, fmt.Errorf("create %s: %w", mailbox, err)
	}
	return true, nil
}

// Refused reports whether err is a server's definite NO (a refusal no retry mends: a folder
// the server does not allow, a login it rejects), as opposed to a failure that may pass (a
// lost connection, a server answering NO [UNAVAILABLE] or [INUSE] for the moment).
func Refused(err error) bool {
	var ie *imap.Error
	if !errors.As(err, &ie) || ie.Type != imap.StatusResponseTypeNo {
		return false
	}
	switch ie.Code {
	case imap.ResponseCodeUnavailable, imap.ResponseCodeInUse, imap.ResponseCodeServerBug,
		imap.ResponseCodeLimit, imap.ResponseCodeOverQuota:
		return false
	}
	return true
}

// name returns the name of the folder of setting key.
func (f folders) name(key string) string {
	if key == "claims" {
		return f.claims
	}
	return f.processed
}
