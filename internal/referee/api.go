package referee

import (
	"time"

	"postald/internal/mailparse"
)

// Apply decides one letter against a game: the verdict, the clauses, the moves put on the board,
// the days charged, the letters to send and the game's new state. env.Received is the postmark
// (relay mode: postald's own receipt is the post office's stamp, 4.3.1); loc is the zone of the
// regulation, whose calendar days count. Apply does no I/O and reads no clock; g is not changed.
func Apply(g Game, l *mailparse.Letter, env Envelope, reg Regulation, loc *time.Location) Decision {
	return applyLetter(g, fromParsed(l), env, reg, loc)
}
