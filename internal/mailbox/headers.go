package mailbox

import (
	"context"
	"fmt"

	"github.com/emersion/go-imap/v2"
)

// LatestHeaders logs in as opts say and reads the header fields named of the last n letters of
// the processed mailbox (the letters postald handled) and of the watched one, read-only, newest
// last: what check-config reads of the receiving server's work (Authentication-Results). A
// mailbox that does not exist (nothing processed yet) has none.
func LatestHeaders(ctx context.Context, opts IMAPOptions, n int, fields ...string) ([][]byte, error) {
	cfg, err := tlsFor(opts)
	if err != nil {
		return nil, err
	}
	c, err := dialIMAP(opts, cfg, nil, nil)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	var out [][]byte
	for _, name := range []string{orDefault(opts.Processed, "Processed"), orDefault(opts.Mailbox, "INBOX")} {
		data, err := c.Select(name, &imap.SelectOptions{ReadOnly: true}).Wait()
		if err != nil {
			continue // no such mailbox: nothing read from it
		}
		if data.NumMessages == 0 {
			continue
		}
		from := uint32(1)
		if data.NumMessages > uint32(n) {
			from = data.NumMessages - uint32(n) + 1
		}
		var set imap.SeqSet
		set.AddRange(from, data.NumMessages)
		section := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, HeaderFields: fields, Peek: true}
		msgs, err := c.Fetch(set, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
		if err != nil {
			return out, fmt.Errorf("imap: fetch the headers of %s: %w", name, err)
		}
		for _, m := range msgs {
			if h := m.FindBodySection(section); len(h) > 0 {
				out = append(out, h)
			}
		}
	}
	return out, c.Logout().Wait()
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
