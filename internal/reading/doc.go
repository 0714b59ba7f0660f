// Package reading is the read side of postald's tournament office: what the committed state
// shows, read without the office that changes it. The web pages read through Reader (one read
// transaction a request, from any goroutine); the pages and the metrics read the counts the
// office keeps current (Known, told by every unit of work what it wrote: Work); the director's
// report is assembled from the store (ReportInput, ReportHTML); a game is written as PDN
// (GamePDN); a stored start sheet is parsed and its lots drawn from the seed kept with it
// (SheetOf); the tournaments' time zones are loaded once (Zones). The store's tournaments are
// kept parsed, with the players by address and their games, once per revision (Index), which the
// office reads its letters' tournaments through. The commands that only read (Query: the judge's
// views list, show, verify, quarantine and letter, the captain's list of cards, a game's PDN and
// a tournament's report file) are answered by a Desk, from any goroutine, with no office: the
// daemon answers them beside its owner goroutine, and a command that found no daemon on the store
// it opened.
//
// It changes nothing and imports nothing of the office (internal/office, which owns the unit of
// work, imports it): reading never climbs back into the room that writes.
package reading
