package mailbox

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// One mailbox, one daemon. Two daemons with different stores watching one mailbox would split
// the letters between them, each deciding half of every game. So a daemon claims the mailbox it
// watches for its store (the store's instance name) before it reads a letter, and refuses to
// start when another store holds the claim. The claim lives on the IMAP server, where every
// daemon that watches the mailbox sees it:
//
//   - with METADATA (RFC 5464), as the private annotation ClaimEntry of the watched mailbox;
//   - otherwise, as a marker message in a folder of its own (ClaimFolder), one per watched
//     mailbox, carrying the X-Postald-Store and X-Postald-Mailbox fields.
//
// A claim is not a lock of a running process: it stays when its daemon stops, so that a second
// installation started by mistake on the same mailbox is refused even while the first is down.
// Moving a tournament to another store (a restored backup keeps its instance name and so its
// claim) is done with Takeover, which replaces the claim.

// ClaimEntry is the METADATA entry that names the store watching a mailbox.
const ClaimEntry = "/private/vendor/postald/store"

// ClaimFolder holds the marker messages of claims on servers without METADATA.
const ClaimFolder = "postald-claims"

// ErrClaimed is returned when another store holds the claim on the mailbox.
var ErrClaimed = errors.New("the mailbox is watched by another postald store")

// ClaimError names the store that holds the claim.
type ClaimError struct {
	Mailbox string
	Holder  string // the other store's instance name
	Where   string // "METADATA" or the marker folder
}

func (e *ClaimError) Error() string {
	return fmt.Sprintf("mailbox %s is claimed by postald store %s (%s): another postald watches it; "+
		"start this one with -takeover only if that store is retired", e.Mailbox, e.Holder, e.Where)
}

func (e *ClaimError) Unwrap() error { return ErrClaimed }

// Claim records that the store named instance watches the mailbox of opts, or fails with a
// *ClaimError when another store holds it; takeover replaces another's claim. It reports how the
// claim is kept ("METADATA" or the marker folder). A Watcher with ClaimAs set claims its mailbox
// so at every connection; Claim does it once, for a command that checks before it starts.
func Claim(ctx context.Context, opts IMAPOptions, instance string, takeover bool) (string, error) {
	cfg, err := tlsFor(opts)
	if err != nil {
		return "", err
	}
	c, err := dialIMAP(opts, cfg, nil, nil)
	if err != nil {
		return "", err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	return claimOn(c, opts.Mailbox, instance, takeover)
}

// claimOn claims mailbox for instance on a logged-in connection.
func claimOn(c *imapclient.Client, mailbox, instance string, takeover bool) (string, error) {
	if instance == "" {
		return "", errors.New("imap: claim: no store instance")
	}
	if mailbox == "" {
		mailbox = "INBOX"
	}
	if c.Caps().Has(imap.CapMetadata) {
		return "METADATA", claimMetadata(c, mailbox, instance, takeover)
	}
	return ClaimFolder, claimMarker(c, mailbox, instance, takeover)
}

// tlsFor returns the TLS configuration of opts, as NewWatcher makes it.
func tlsFor(opts IMAPOptions) (*tls.Config, error) {
	if err := checkTLS(opts.TLS, opts.Address); err != nil {
		return nil, fmt.Errorf("imap: %w", err)
	}
	if opts.TLS == TLSNone {
		return nil, nil
	}
	cfg, err := tlsConfig(opts.Address, opts.CAFile)
	if err != nil {
		return nil, fmt.Errorf("imap: %w", err)
	}
	return cfg, nil
}

func claimMetadata(c *imapclient.Client, mailbox, instance string, takeover bool) error {
	data, err := c.GetMetadata(mailbox, []string{ClaimEntry}, nil).Wait()
	if err != nil {
		return fmt.Errorf("imap: claim %s: GETMETADATA: %w", mailbox, err)
	}
	if v := data.Entries[ClaimEntry]; v != nil && len(*v) > 0 && string(*v) != instance && !takeover {
		return &ClaimError{Mailbox: mailbox, Holder: string(*v), Where: "METADATA"}
	}
	val := []byte(instance)
	if err := c.SetMetadata(mailbox, map[string]*[]byte{ClaimEntry: &val}).Wait(); err != nil {
		return fmt.Errorf("imap: claim %s: SETMETADATA: %w", mailbox, err)
	}
	return nil
}

func claimMarker(c *imapclient.Client, mailbox, instance string, takeover bool) error {
	if err := ensureMailbox(c, ClaimFolder); err != nil {
		return err
	}
	if _, err := c.Select(ClaimFolder, nil).Wait(); err != nil {
		return fmt.Errorf("imap: claim: select %s: %w", ClaimFolder, err)
	}
	uids, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{
		{Key: "X-Postald-Mailbox", Value: mailbox}}}, nil).Wait()
	if err != nil {
		return fmt.Errorf("imap: claim: search %s: %w", ClaimFolder, err)
	}
	var mine, others imap.UIDSet
	holder := ""
	if all := uids.AllUIDs(); len(all) > 0 {
		hdr := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
		msgs, err := c.Fetch(imap.UIDSetNum(all...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{hdr}}).Collect()
		if err != nil {
			return fmt.Errorf("imap: claim: fetch %s: %w", ClaimFolder, err)
		}
		for _, m := range msgs {
			h, err := mail.ReadMessage(bytes.NewReader(append(m.FindBodySection(hdr), '\r', '\n')))
			if err != nil || !strings.EqualFold(strings.TrimSpace(h.Header.Get("X-Postald-Mailbox")), mailbox) {
				continue // a search match on another mailbox's name (a prefix of it)
			}
			if s := strings.TrimSpace(h.Header.Get("X-Postald-Store")); s == instance {
				mine.AddNum(m.UID)
			} else {
				others.AddNum(m.UID)
				holder = s
			}
		}
	}
	if holder != "" && !takeover {
		return &ClaimError{Mailbox: mailbox, Holder: holder, Where: "folder " + ClaimFolder}
	}
	if len(others) > 0 {
		if err := deleteUIDs(c, others); err != nil {
			return err
		}
	}
	if len(mine) > 0 {
		return nil
	}
	now := time.Now().UTC()
	raw := "From: postald <postald@localhost>\r\nDate: " + now.Format(time.RFC1123Z) +
		"\r\nSubject: postald watches " + mailbox + "\r\nX-Postald-Mailbox: " + mailbox +
		"\r\nX-Postald-Store: " + instance + "\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		"This message records that the postald store " + instance + " watches the mailbox " + mailbox + ".\r\n" +
		"A postald with another store refuses to watch it. Delete this message only to retire that store.\r\n"
	cmd := c.Append(ClaimFolder, int64(len(raw)), nil)
	if _, err := cmd.Write([]byte(raw)); err != nil {
		return fmt.Errorf("imap: claim: append: %w", err)
	}
	if err := cmd.Close(); err != nil {
		return fmt.Errorf("imap: claim: append: %w", err)
	}
	if _, err := cmd.Wait(); err != nil {
		return fmt.Errorf("imap: claim: append: %w", err)
	}
	return nil
}

// deleteUIDs removes messages of the selected mailbox.
func deleteUIDs(c *imapclient.Client, uids imap.UIDSet) error {
	flags := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagDeleted}, Silent: true}
	if err := c.Store(uids, flags, nil).Close(); err != nil {
		return fmt.Errorf("imap: claim: flag the old claim: %w", err)
	}
	if c.Caps().Has(imap.CapUIDPlus) {
		if err := c.UIDExpunge(uids).Close(); err != nil {
			return fmt.Errorf("imap: claim: expunge the old claim: %w", err)
		}
		return nil
	}
	if err := c.Expunge().Close(); err != nil {
		return fmt.Errorf("imap: claim: expunge the old claim: %w", err)
	}
	return nil
}
