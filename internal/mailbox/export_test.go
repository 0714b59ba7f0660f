package mailbox

import "io"

// SetDebug makes w write its IMAP protocol trace to out.
func SetDebug(w *Watcher, out io.Writer) { w.debug = out }
