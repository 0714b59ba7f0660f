// Package mailwrite writes the letters postald sends as RFC 5322 messages, and reads them back:
// the reverse of package mailparse, which reads the letters players write.
//
// A Letter (its addresses, subject, plain text, the X-Postald-* fields of letters.md, the
// threading fields, files to attach and the picture of the position it shows) is written by
// Compose as UTF-8: a single text/plain part, or, with a picture, multipart/alternative of the
// text and an HTML copy with the picture inline (multipart/related, cid:), the picture once, in
// a part that carries its file name so that mail programs also offer it as a file to save; with
// files to attach, all of it in multipart/mixed before them. Header text is written as RFC 2047 encoded words
// cut only at spaces (EncodeText), a name as one encoded word (EncodeAddress), and every field
// folded at 78 octets where it can be (Field), so that Go's net/mail, Python's email and mutt
// read names and subjects back as written. The Message-ID is stable: the same letter written
// again has the same one, so that a retry after a crash is recognisable. Read reads a letter
// Compose wrote back into its subject, text, files and picture.
//
// The package knows nothing of games or tournaments: the office (package office) fills the
// Letter from the referee's decisions.
package mailwrite
