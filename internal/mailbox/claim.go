package mailbox

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// One mailbox, one daemon. Two daemons with different stores watching one mailbox would split
// the letters between them, each deciding half of every game. So a daemon claims the mailbox it
// watches for its store (the store's instance name) before it reads a letter, and refuses to
// start when another store holds the claim. The claim lives on the IMAP server, where every
// daemon that watches the mailbox sees it: a marker message in a folder of its own
// (ClaimFolder), one per claim, carrying the X-Postald-Store and X-Postald-Mailbox fields.
//
// The claim is decided by the server's own order of the markers (their UIDs, which the server
// gives in the order it stores them), so that two daemons started at the same moment end with
// exactly one claim: each writes its marker, then reads the markers back, and the earliest
// marker holds the mailbox; the daemon whose marker is not the earliest deletes its own and is
// refused, before it reads a letter. A takeover (serve -takeover) first writes its marker like
// any claim, then deletes the markers of other stores written before it started (more than
// claimSkew before its own, by the server's clock): the retired store's. One written less than
// ClaimSettle before is a daemon started or stopped a moment ago: the takeover waits until it is
// ClaimSettle old, then deletes it, so that two takeovers started together after a store that
// has just stopped still end with exactly one of them holding the mailbox. Markers written
// within claimSkew of its own are daemons starting at the same moment, decided by the order.
// A running watcher looks at the claim every claimCheck and stops when its store no longer
// holds it, so a daemon taken over stops within seconds.
//
// A claim is not a lock of a running process: it stays when its daemon stops, so that a second
// installation started by mistake on the same mailbox is refused even while the first is down.
// Moving a tournament to another store (a restored backup keeps its instance name and so its
// claim) is done with Takeover, which replaces the claim.
//
// Earlier versions kept the claim, on servers with METADATA (RFC 5464), as the private
// annotation ClaimEntry of the watched mailbox. A server's annotation has no order that two
// writers could both see, so the claim has moved to the folder; an annotation naming another
// store is still honoured (refused unless takeover), and the store that claims the folder
// removes the annotation.

// ClaimSettle is how old another store's claim must be, by the server's clock, before a
// takeover replaces it: a takeover that finds a younger one, written before it started (a
// daemon started, or stopped, a moment ago), waits until it is that old.
const ClaimSettle = time.Minute

// claimSkew is how close to a takeover's own marker, by the server's clock, another store's
// claim is a daemon starting at the same moment: never replaced by the takeover, the two are
// decided by the order of their markers.
const claimSkew = 5 * time.Second

// claimCheck is how often a running watcher looks whether its store still holds the claim, so
// that a daemon whose claim another store took over stops within it.
const claimCheck = 20 * time.Second

// ClaimEntry is the METADATA entry that names the store watching a mailbox.
const ClaimEntry = "/private/vendor/postald/store"

// ClaimFolder holds the marker messages of the claims: its name in the server's personal
// namespace when the configuration names no folder ([imap] claims, folders.go).
const ClaimFolder = "postald-claims"

// ErrClaimed is returned when another store holds the claim on the mailbox.
var ErrClaimed = errors.New("the mailbox is watched by another postald store")

// ClaimError names the store that holds the claim.
type ClaimError struct {
	Mailbox string
	Holder  string // the other store's instance name
	Where   string // "METADATA" or the marker folder
	// Age is, for a takeover refused because the claim is younger than ClaimSettle, how old
	// the claim was by the server's clock (two daemons started at once); 0 otherwise.
	Age time.Duration
}

func (e *ClaimError) Error() string {
	if e.Age > 0 {
		return fmt.Sprintf("mailbox %s was claimed by postald store %s (%s) %v ago: another postald started on it at the same moment and holds it; "+
			"a takeover replaces only a claim older than %v: if that store is retired, start this one with -takeover again in a minute",
			e.Mailbox, e.Holder, e.Where, e.Age.Round(time.Second), ClaimSettle)
	}
	return fmt.Sprintf("mailbox %s is claimed by postald store %s (%s): another postald watches it; "+
		"start this one with -takeover only if that store is retired", e.Mailbox, e.Holder, e.Where)
}

func (e *ClaimError) Unwrap() error { return ErrClaimed }

// Claim records that the store named instance watches the mailbox of opts, or fails with a
// *ClaimError when another store holds it; takeover replaces another's claim. It first makes
// postald's folders (folders.go) where missing, as the Watcher does, so that a server that
// refuses them is known before anything runs (a *FolderError), and it reports the folder the
// claim is kept in. A Watcher with ClaimAs set claims its mailbox so at every connection; Claim
// does it once, for a command that checks before it starts.
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
	f, err := resolveFolders(c, opts)
	if err != nil {
		return "", at(StageFolders, err)
	}
	for _, key := range []string{"processed", "claims"} {
		if _, err := f.ensure(c, key); err != nil {
			return "", at(StageFolders, err)
		}
	}
	if err := claimOn(ctx, c, opts.Mailbox, f.claims, instance, takeover); err != nil {
		return "", at(StageClaim, err)
	}
	return f.claims, nil
}

// claimOn claims mailbox for instance on a logged-in connection, with the markers in the
// folder claims.
func claimOn(ctx context.Context, c *imapclient.Client, mailbox, claims, instance string, takeover bool) error {
	if instance == "" {
		return errors.New("imap: claim: no store instance")
	}
	if mailbox == "" {
		mailbox = "INBOX"
	}
	annotated := false
	if c.Caps().Has(imap.CapMetadata) {
		holder, err := metadataClaim(c, mailbox)
		if err != nil {
			return err
		}
		if holder != "" && holder != instance && !takeover {
			return &ClaimError{Mailbox: mailbox, Holder: holder, Where: "METADATA"}
		}
		annotated = holder != ""
	}
	if err := claimMarker(ctx, c, mailbox, claims, instance, takeover); err != nil {
		return err
	}
	if annotated {
		// The claim is the folder's now: the annotation of an earlier version goes.
		if err := c.SetMetadata(mailbox, map[string]*[]byte{ClaimEntry: nil}).Wait(); err != nil {
			return fmt.Errorf("imap: claim %s: remove the annotation of an earlier postald: %w", mailbox, err)
		}
	}
	return nil
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

// metadataClaim returns the store an earlier postald recorded in the mailbox's annotation.
func metadataClaim(c *imapclient.Client, mailbox string) (string, error) {
	data, err := c.GetMetadata(mailbox, []string{ClaimEntry}, nil).Wait()
	if err != nil {
		return "", fmt.Errorf("imap: claim %s: GETMETADATA: %w", mailbox, err)
	}
	if v := data.Entries[ClaimEntry]; v != nil {
		return strings.TrimSpace(string(*v)), nil
	}
	return "", nil
}

// marker is one claim marker of a mailbox, as the server stores it.
type marker struct {
	uid   imap.UID
	store string    // X-Postald-Store
	nonce string    // X-Postald-Claim: which claim wrote it
	date  time.Time // the server's INTERNALDATE: when it stored the marker
}

// claimMarker claims mailbox for instance in the marker folder (see the top of this file), which
// exists.
func claimMarker(ctx context.Context, c *imapclient.Client, mailbox, folder, instance string, takeover bool) error {
	if _, err := c.Select(folder, nil).Wait(); err != nil {
		return fmt.Errorf("imap: claim: select %s: %w", folder, err)
	}
	before, err := markers(c, mailbox, folder)
	if err != nil {
		return err
	}
	if len(before) > 0 && before[0].store == instance {
		return nil // this store's claim is the earliest: it holds the mailbox
	}
	if len(before) > 0 && !takeover {
		return &ClaimError{Mailbox: mailbox, Holder: before[0].store, Where: "folder " + folder}
	}
	nonce := rand.Text()
	if err := appendMarker(c, mailbox, folder, instance, nonce); err != nil {
		return err
	}
	after, err := markers(c, mailbox, folder)
	if err != nil {
		return err
	}
	var me *marker
	for i := range after {
		if after[i].nonce == nonce {
			me = &after[i]
		}
	}
	if me == nil {
		return fmt.Errorf("imap: claim: the marker just written to %s is not there", folder)
	}
	if takeover {
		// The claims written before this one started are replaced (this store's own older
		// ones too); a young one once it is ClaimSettle old.
		var wait time.Duration
		replaced := map[imap.UID]bool{}
		for _, m := range after {
			age := me.date.Sub(m.date)
			switch {
			case m.uid == me.uid:
			case m.store == instance || age >= ClaimSettle:
				replaced[m.uid] = true
			case age > claimSkew:
				replaced[m.uid] = true
				wait = max(wait, ClaimSettle-age)
			}
		}
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				deleteUIDs(c, imap.UIDSetNum(me.uid))
				return ctx.Err()
			case <-t.C:
			}
			if after, err = markers(c, mailbox, folder); err != nil {
				return err
			}
		}
		var old imap.UIDSet
		for _, m := range after {
			if replaced[m.uid] {
				old.AddNum(m.uid)
			}
		}
		if len(old) > 0 {
			if err := deleteUIDs(c, old); err != nil {
				// Another takeover started with this one may have deleted them first: read
				// them again and delete what is left.
				if after, err = markers(c, mailbox, folder); err != nil {
					return err
				}
				var left imap.UIDSet
				for _, m := range after {
					if replaced[m.uid] {
						left.AddNum(m.uid)
					}
				}
				if len(left) > 0 {
					if err := deleteUIDs(c, left); err != nil {
						return err
					}
				}
			}
		}
		if after, err = markers(c, mailbox, folder); err != nil {
			return err
		}
	}
	if len(after) > 0 && after[0].uid == me.uid {
		return nil
	}
	// Another claim is earlier by the server's order: it holds the mailbox, and this one goes.
	if err := deleteUIDs(c, imap.UIDSetNum(me.uid)); err != nil {
		return err
	}
	holder := after[0]
	ce := &ClaimError{Mailbox: mailbox, Holder: holder.store, Where: "folder " + folder}
	if takeover {
		ce.Age = max(me.date.Sub(holder.date), time.Second)
	}
	return ce
}

// markers returns the claim markers of mailbox in the selected marker folder, in the server's
// order.
func markers(c *imapclient.Client, mailbox, folder string) ([]marker, error) {
	uids, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{
		{Key: "X-Postald-Mailbox", Value: mailbox}}}, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("imap: claim: search %s: %w", folder, err)
	}
	all := uids.AllUIDs()
	if len(all) == 0 {
		return nil, nil
	}
	hdr := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(all...), &imap.FetchOptions{UID: true, InternalDate: true,
		BodySection: []*imap.FetchItemBodySection{hdr}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("imap: claim: fetch %s: %w", folder, err)
	}
	var ms []marker
	for _, m := range msgs {
		h, err := mail.ReadMessage(bytes.NewReader(append(m.FindBodySection(hdr), '\r', '\n')))
		if err != nil || !strings.EqualFold(strings.TrimSpace(h.Header.Get("X-Postald-Mailbox")), mailbox) {
			continue // a search match on another mailbox's name (a prefix of it)
		}
		st := strings.TrimSpace(h.Header.Get("X-Postald-Store"))
		if st == "" {
			continue
		}
		ms = append(ms, marker{uid: m.UID, store: st, nonce: strings.TrimSpace(h.Header.Get("X-Postald-Claim")), date: m.InternalDate})
	}
	slices.SortFunc(ms, func(a, b marker) int { return cmp.Compare(a.uid, b.uid) })
	return ms, nil
}

// appendMarker writes a claim marker of instance on mailbox.
func appendMarker(c *imapclient.Client, mailbox, folder, instance, nonce string) error {
	now := time.Now().UTC()
	raw := "From: postald <postald@localhost>\r\nDate: " + now.Format(time.RFC1123Z) +
		"\r\nSubject: postald watches " + mailbox + "\r\nX-Postald-Mailbox: " + mailbox +
		"\r\nX-Postald-Store: " + instance + "\r\nX-Postald-Claim: " + nonce +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		"This message records that the postald store " + instance + " watches the mailbox " + mailbox + ".\r\n" +
		"A postald with another store refuses to watch it. Delete this message only to retire that store.\r\n"
	cmd := c.Append(folder, int64(len(raw)), nil)
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
