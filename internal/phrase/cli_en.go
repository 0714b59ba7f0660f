package phrase

import (
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/plural"
)

// enCite cites one clause (CLIText.Clause).
var enCite = citer(func(c string) string { return "clause " + c },
	func(c string) string { return "clause " + c + " of the competition rules" })

// englishCLI is postald's command line in English.
var englishCLI = CLIText{
	Clause:  enCite,
	Clauses: lister("clauses", enCite),
	Date:    daysclock.Date.String,

	Help: HelpText{
		Synopsis: "usage: postald [-skip-check] [-config FILE] <command> [flags] [arguments]",
		Commands: "commands:",
		More: "postald COMMAND -h prints a command's usage with an example; -config FILE (or\n" +
			"$POSTALD_CONFIG) may stand before the command, after it or after its arguments.",
		Example: "example:\n  postald judge list -config /etc/postald/postald.toml",
		Summaries: CommandSummaries{
			Serve:       "run the daemon: watch the mailbox, referee letters, send replies",
			Demo:        "play a short game by letters on embedded mail servers and print every letter",
			Tournament:  "tournament create -sheet START.toml [-force]: register a tournament and send the start letters; tournament reserve: enter a team's reserve",
			Judge:       "the judge's rulings and views (list, show, penalty, forfeit, ...)",
			Report:      "the director's report",
			Export:      "export -game GAME: a game as PDN; export -trf: a Swiss as a FIDE tournament report file",
			Card:        "card -game GAME -from SIDE [-postmark DATE] FILE: enter a card or call of a player by post or telephone",
			Cards:       "cards [-print DIR] [-posted DATE] [SEQ ...]: the cards to post and calls to make; print them, record them posted",
			Simulate:    "simulate -sheet START.toml LETTERS.mbox: the referee without the post",
			Crosstable:  "crosstable [-json] FILE: standings and tie-breaks of a results file of any system",
			Pair:        "pair -dutch FILE.trf [-p OUT]: the next Swiss round of a TRF by the FIDE Dutch system",
			Parse:       "parse FILE: a move letter as JSON",
			Check:       "check [-variant V] FILE.pdn: replay every game of a PDN file",
			Perft:       "perft -variant V -depth N [-fen F]: count legal move sequences",
			Diagram:     "diagram -variant V -fen F [-last MOVE] -o FILE.png: a position as a picture",
			Backup:      "backup FILE: a consistent, checked copy of the store, while the daemon runs or not",
			Archive:     "archive CODE: move a finished tournament to an archive file of its own; -list lists them",
			Prune:       "prune [CODE]: drop archived letters' raw bytes after [store] retain_raw_days (clause 4.1.13)",
			CheckConfig: "check-config: the configuration, trust, file permissions, IMAP and SMTP logins; exit 1 on a problem",
			Version:     "the module version and VCS revision this binary was built from",
			Endgame:     "endgame build|probe: endgame databases: build them, look positions up",
			Lots:        "lots verify [-tournament CODE]: recompute the lots (numbers, openings) from their seed; lots reveal",
		},
		Usage: "usage:",
		Flags: "flags:",
		Value: "VALUE", Number: "N", Duration: "DURATION", Default: "(default %s)",
		ConfigFlag: "  -config FILE\n" +
			"    \tthe configuration file (default $POSTALD_CONFIG or %s); it may stand\n" +
			"    \tbefore the command, after it or after the arguments\n",
	},

	Usage: UsageText{
		Serve: `usage: postald serve [-config FILE] [-debug] [-takeover]

Runs the daemon: watches the mailbox, referees the letters, sends the replies and the
reminders, keeps the clocks. It stops at start when a login to IMAP or SMTP is refused.

example:
  postald serve -config /etc/postald/postald.toml
`,
		Demo: `usage: postald demo [-v]

Plays a short game by letters on embedded mail servers and prints every letter.

example:
  postald demo
`,
		Tournament: `usage: postald tournament create [-config FILE] -sheet START.toml [-force]
       postald tournament reserve [-config FILE] [TOURNAMENT] PLAYER RESERVE -reason TEXT

create registers a tournament from its start sheet (players, variant, dates, regulation, its
system and teams), pairs the games by the Berger tables (a Swiss and a knockout their first
round) and sends every player his start letter. The sheet is checked first: an end date already
past, a start after the end, a player without an address, an address or a number twice, a zero
or negative setting are refused with the key named; -force registers what is only unusual (an
end date already past, for a tournament entered late).

reserve enters a team's reserve for one of its players (clause 1.14.2 of the competition
rules): the games without a move go to the reserve (with board_order = "moved-up", the players
below move up a board), each old game annulled and a new one opened, and every player
concerned, the captain, the judge and the director get a letter.

examples:
  postald tournament create -config /etc/postald/postald.toml -sheet zk-1.toml
  postald tournament reserve KCH-2026 2 7 -reason "Petrov is ill"
`,
		Report: `usage: postald report [-config FILE] [-tournament CODE] [-html] [-send]

The director's report of each tournament (or of one), in the tournament's language:
standings, games in play, oversteps, rulings. -send mails it to each tournament's director
instead of printing it.

examples:
  postald report -tournament ZK-1
  postald report -send -config /etc/postald/postald.toml
`,
		Export: `usage: postald export [-config FILE] -game GAME
       postald export [-config FILE] -trf [-tournament CODE]

Writes one game as PDN. GAME is TOURNAMENT/W-B, or W-B when there is one tournament.
With -trf, writes a Swiss tournament as a FIDE tournament report file (TRF-2026) of its
finished rounds, which postald pair -dutch and the arbiters' programs read.

examples:
  postald export -game ZK-1/1-2 > zk1-1-2.pdn
  postald export -trf -tournament SW-2026 > sw2026.trf
`,
		Card: `usage: postald card [-config FILE] -game GAME -from SIDE [-postmark YYYY-MM-DD]
                   [-received YYYY-MM-DD] [-registered] [-phone] FILE|-

Enters a card (or, with -phone, a call) of a player by post or telephone, its text as written
on the card or noted from the call, read from FILE or from standard input. postald decides it
exactly like a letter: the same reader, referee, clauses, answers, archive and receipt.
SIDE is white, black or the player's number. -postmark is the date on the card's postmark
(for registered mail, -registered and the date on the post office's receipt; for a call, its
day): the sending date its moves are charged to (clause 4.3.1). Without -postmark (an illegible
postmark) the sending date the player wrote counts. -received is the day the card reached
the captain (default today). Dates in an order no card can have (a postmark after the day the
card was received, a reply the card says was sent before the move it answers was received)
are refused, the card with them, naming the dates and what to enter. Works while the daemon
runs (through its control socket) and when it does not.

examples:
  postald card -game ZK-1/2-5 -from black -postmark 2026-12-03 -received 2026-12-05 card.txt
  postald card -game 2-5 -from 5 -phone -postmark 2026-12-04 - < call.txt
`,
		Cards: `usage: postald cards [-config FILE] [-tournament CODE] [-json]
                    [-print DIR] [-posted YYYY-MM-DD] [SEQ ...]

Lists the cards to post and the calls to make: every letter postald would send to a player by
post or telephone waits here for the captain. -print DIR writes each card as a PDF (and
cards.pdf with all of them) to post in a window envelope. -posted records that the captain
posted these cards (made these calls) on that date, which is their postmark: a card that brings
a player the move he must answer starts his clock then, post_days later for a card (clause
4.3.1). SEQ, the numbers the list shows, limits -print and -posted to these cards; -posted
needs them, or -print in the same command, so that a card written since the last print is
never recorded as posted.

examples:
  postald cards
  postald cards -print /tmp/cards -posted 2026-12-06
  postald cards -posted 2026-12-06 14 15 17
`,
		Simulate: `usage: postald simulate [-letters] [-seed SEED] -sheet START.toml LETTERS.mbox

Replays an mbox file of letters through the referee, with no network and no store: one JSON
line per letter, then one line per game. A letter with X-Postald-Via (post, phone) is a card or
call the captain entered, with X-Postald-Game, X-Postald-Side, X-Postald-Postmark,
X-Postald-Registered and X-Postald-Card-Received, as postald archives them; one with
X-Postald-Posted (a date) records that the captain posted the card or made the call that
brings X-Postald-Side his move. Date is when the captain entered it. A sheet that draws by lot
([lots]) is drawn from a new seed, or from -seed (64 hexadecimal digits) to draw as another
registration did.

example:
  postald simulate -sheet start.toml letters.mbox
`,
		Crosstable: `usage: postald crosstable [-json] [-lang ru|en] FILE

Standings and tie-breaks from a results file of any system (TOML: scoring, tiebreaks, rounds,
the players with [[player]] and the games with [[game]]; a system, its [[team]] tables and
team_points, a Swiss's [[bye]] tables; docs/director.md): a round robin's crosstable, a Swiss's
standings with its rounds, a team event's standings, matches and board results. The headings
are in the command line's language unless -lang names one.

example:
  postald crosstable -lang en results.toml
`,
		Parse: `usage: postald parse FILE

Prints a move letter (an RFC 5322 message; - for the standard input) as JSON.

example:
  postald parse letter.eml
`,
		Check: `usage: postald check [-variant V] FILE.pdn

Replays every game of a PDN file and prints one line per game that does not
replay, then a count:

  game N: move K (TEXT): REASON
  checked G games: B bad

N counts games from 1 in file order, K counts half-moves from 1 (move 0 is a
problem before the first move: an unknown GameType or a bad FEN), TEXT is the
move as written. Exit status: 0 when every game replays, 1 when any does
not, 2 when the file cannot be read. These lines are for programs too: they
are the same in every language.

Without -variant each game's GameType tag decides (25 russian, 20
international, 98 international-giveaway, 42 column, 43 lasca, 44
russian-giveaway, 45 column-giveaway, 46 lasca-giveaway). A game without
GameType is read as russian when its moves (or its FEN) name squares like
c3, and as international when they are numbers.

example:
  postald check -variant russian games.pdn
`,
		Pair: `usage: postald pair -dutch [-p OUT] FILE.trf
       postald pair -dutch -check FILE.trf

Pairs the next round of a Swiss tournament by the FIDE Dutch system (C.04.3, as applied
from 1 July 2025), from a FIDE tournament report file of the rounds played so far:
TRF-2026 (142 rounds, 152 initial colour, 162 points, 240 byes, 260 prohibited pairs) or
TRF(x) (XXR, XXC, XXS), with any line ending. The round paired is the first in which
nobody is paired; a player whose column of that round holds a bye (0000 - H, F or Z), or
who has a 240 record for it, is not paired.

OUT (- or no -p: the standard output) gets what the FIDE-endorsed engines write: the
number of pairs on the first line, then WHITE BLACK by pairing numbers, one pair a line
in board order, and P 0 for the pairing-allocated bye of player P. A file that cannot
be read is refused with its line and column; exit status 1, and 2 for a wrong command.

-check pairs every round of the file again from the rounds before it, as an arbiter
checks another program's pairings, and prints one line a round: that it is as paired, or
the pairs in which the file and the Dutch system differ; exit status 1 when any differs.

examples:
  postald pair -dutch round4.trf -p round5.txt
  postald pair -dutch -check final.trf
`,
		Perft: `usage: postald perft [-variant V] [-depth N] [-fen F]

Counts the legal move sequences from a position, printing "depth K: COUNT" for K = 1..N
(the same in every language: a line for programs).

example:
  postald perft -variant russian -depth 6
`,
		Diagram: `usage: postald diagram [-variant V] [-fen F] [-last MOVE] [-width N] -o FILE.png

Draws a position as a PNG picture: White at the bottom, the coordinates in
the variant's notation, the side to move in the right margin, towers seen
from the side (go doc postald/internal/diagram tells how to read one).

Without -fen the variant's start position is drawn. With -last the move is
read in the variant's notation against the -fen position, played, and the
position after it is drawn with the move marked (its squares in blue, a
capture's path and the squares it jumped). -o - writes the PNG to the
standard output.

example:
  postald diagram -variant column -fen 'W:Wc3(wb),a1:Bd4(bw),f8' -last c3:e5 -o after.png
`,
		Backup: `usage: postald backup [-config FILE] FILE

Writes a consistent copy of the store to FILE, which must not exist, and checks the copy
(bbolt's consistency check, every hash chain, every sealed record) before it takes the name.
While the daemon runs, the daemon writes the copy (through the control socket) and goes on
working; otherwise the store is opened read-only here. See "Backups and restore" in
docs/admin.md for restoring.

example:
  postald backup /var/backups/postald/store-2026-12-01.db
`,
		Archive: `usage: postald archive [-config FILE] CODE
       postald archive [-config FILE] -list

Moves the finished tournament CODE out of the store into an archive file of its own, in the
directory archive beside the store: its sheet, its games, every letter of its archive (raw),
its events and its letters sent, the records of the letters received, and a copy of its
rulings. A tournament with a game still in play, or a letter still to send, is refused, with
the games named. The file is written, fsynced and checked before the store drops anything; a
crash on the way leaves the store as it was, and the command run again completes the move.
judge show, judge list -tournament, judge letter, judge verify, export and report -tournament
read an archived tournament as before (name its games TOURNAMENT/W-B); nothing of it changes
any more. -list lists the archived tournaments and their files. See "How the store grows" in
docs/admin.md.

examples:
  postald archive ZK-1
  postald archive -list -config /etc/postald/postald.toml
`,
		Prune: `usage: postald prune [-config FILE] [CODE]

Drops the raw bytes of the letters of every archived tournament (or of CODE) once [store]
retain_raw_days have passed since the later of its last letter and its archiving: never less
than 30 days (clause 4.1.13: the correspondence is kept a month after the results), and 0,
the default, keeps them for ever. Each letter's header, verdict, the game before it, its hash
and the SHA-256 of its bytes stay, so that judge verify still checks the archive and every
receipt; judge show marks the letters pruned. The archive file is rewritten beside the old one,
checked, and takes its place in one step. A tournament still within its retention is named
with the day its letters may go.

examples:
  postald prune
  postald prune ZK-1 -config /etc/postald/postald.toml
`,
		CheckConfig: `usage: postald check-config [-config FILE] [-offline] [-timeout D]

Checks the configuration: the file parses, the trust settings, the permissions of the files it
names, the store, a login to IMAP and to SMTP with the configured credentials and the watched
mailbox (selected read-only; nothing is changed). Each check is reported on a line of its own
("ok" or "FAIL"), a refused login in the server's own words. With postald's own check of
the senders, the resolver it asks ([trust] resolver) must answer. The exit status is 1 when
any fails. -offline leaves out the mail servers and the resolver.

example:
  postald check-config -config /etc/postald/postald.toml
`,
		Version: `usage: postald version

Prints the module version and VCS revision this binary was built from.

example:
  postald version
`,
		Endgame: `usage: postald endgame build -variant V -pieces N -dir DIR [-workers N] [-memory MIB]
       postald endgame probe -variant V [-dir DIR] [-json] [FEN ...]

Endgame databases built by retrograde analysis on postald's own rules engine: the
verdict of every position of at most N pieces for the side to move (win, draw or
loss) and its distance, the moves to the end of the game with best play. postald
endgame build -h and postald endgame probe -h tell more.

examples:
  postald endgame build -variant russian -pieces 6 -dir /var/lib/postald/endgame
  postald endgame probe -variant russian -dir /var/lib/postald/endgame 'W:WKa1,Kc1,Ke1:BKh8'
`,
		EndgameBuild: `usage: postald endgame build -variant V -pieces N -dir DIR [-workers N] [-memory MIB]

Builds the verdict of every position of at most N pieces (men and kings, either side
to move) of variant V: russian, international, or their giveaway forms. Captures are
compulsory with the variant's own capture and promotion rules, exactly as the referee
applies them. Every material (the men and kings of each side) is a file of its own,
DIR/V/MATERIAL.egdb, written whole or not at all; its format and checksums are in the
package documentation of internal/tablebase and in docs/admin.md. The build shows its
progress on the standard error, uses every core, and can be stopped (Ctrl-C) and run
again: the files already written are checked and kept. Large builds take hours: run
them in the background, under nice -n 19.

example:
  postald endgame build -variant international -pieces 5 -dir /var/lib/postald/endgame
`,
		EndgameProbe: `usage: postald endgame probe -variant V [-dir DIR] [-json] [FEN ...]

Looks positions up, given as FEN on the command line or one a line on the standard
input, and prints one line each (the same in every language, for programs):
FEN<TAB>VERDICT<TAB>MOVE, the verdict for the side to move (win, draw, loss; ? for a
position the database does not hold) and a move that keeps it (- where there is none).
-json prints {"fen","verdict","move","line"} with the principal line played to the
game's end, the distance in moves and the verdict under the counting draw rules (2.6).
The files are checked when they are opened; exit status 1 when a line is no position.

example:
  postald endgame probe -variant russian -dir /var/lib/postald/endgame 'W:WKa1,Kc1,Ke1:BKh8'
`,
		Lots: `usage: postald lots verify [-config FILE] [-tournament CODE] [-hash HASH]
       postald lots verify -sheet START.toml -seed SEED -hash HASH
       postald lots reveal [-config FILE] [-tournament CODE] -reason TEXT

The lots a tournament draws before play (clause 1.6.4 of the competition rules: the players'
numbers, which give the colours, and the openings) are drawn from a secret seed whose SHA-256
every start letter publishes. The seed is revealed when the last game is finished, or by the
judge with lots reveal (which tells every player, the judge and the director, with the reason).

lots verify recomputes every draw from the seed kept in the store, checks the seed against the
hash published (and against -hash, the hash a start letter gave), and checks that every game
began as drawn; it prints every draw, and the seed once it is revealed. With -sheet it needs no
store: anyone who has the start sheet, the revealed seed and the hash of a start letter
recomputes the draws; a seed whose SHA-256 is not the hash is refused. The exit status is 1
when anything does not verify. docs/director.md gives the recipe, for checking with any
other program.

examples:
  postald lots verify -tournament ZK-1
  postald lots verify -sheet zk-1.toml -seed 3f9a0c6b… -hash 66687aad…
  postald lots reveal -tournament ZK-1 -reason "a protest about the draw of game 3-7"
`,
		Judge: `usage: postald judge [-config FILE] <command> [flags] [arguments]

views:
  list [-json] [-tournament CODE]       games with status, whose move, clocks, oversteps
  show [-json] GAME                     one game: position, moves with dates, clocks, letters
  verify [GAME]                         check the tamper-evident archive of a game (or all)
  quarantine [-json]                    the letters held and never applied, with the reason
  letter [-raw] GAME N                  letter N of the game's archive (N as show numbers them):
                                        envelope sender, From, authentication, decision, headers, text
                                        (GAME quarantine: letter N of the quarantine, as it numbers them)

rulings (each takes -clause and -reason, clause 4.1.10; both players, the judge and the director
are told; protest's -clause defaults to 4.1.12, withdraw's to the one clause 1.10 of the
competition rules gives):
  penalty GAME SIDE DAYS                add penalty days (negative DAYS removes them)
  correct-date GAME SIDE DAYS           correct a player's accrued days (clause 4.3.1)
  forfeit GAME SIDE                     SIDE loses the game (time overstep, discipline)
  adjudicate GAME RESULT                the result of an unfinished game: 1-0, 0-1, 1/2-1/2
  leave GAME SIDE FROM TO               grant leave: the clock stops from FROM to TO (YYYY-MM-DD)
  annul GAME                            annul the game: it ends without a result and counts for no one
  withdraw [TOURNAMENT] PLAYER          a player leaves the tournament (clause 1.10 of the
                                        competition rules)
  protest GAME -reason DECISION         record a protest and its decision (clause 4.1.12;
                                        -decision is the same flag)
  revert GAME N                         put the game back as it was before letter N (a forged or
                                        misread letter): board, clocks, variants, draw offer, status;
                                        every letter stays in the archive, marked as reverted
  resend GAME N [-to ADDRESS]          send letter N (one postald sent) again, to its address or
                                        ADDRESS; -clause defaults to 4.3.1

GAME is TOURNAMENT/W-B (or W-B when there is one tournament); SIDE is white, black or
the player's number. Flags may stand before or after the arguments; postald judge COMMAND -h
prints a command's usage with an example.

examples:
  postald judge list -config /etc/postald/postald.toml
  postald judge penalty ZK-1/2-4 black 2 -clause 4.2.11 -reason "move not repeated"
`,
		JudgeList: `usage: postald judge list [-config FILE] [-json] [-tournament CODE]

The games with their status, whose move it is, the clocks and the oversteps; each game's row
in its tournament's language.

example:
  postald judge list -tournament ZK-1
`,
		JudgeShow: `usage: postald judge show [-config FILE] [-json] GAME

One game, in its tournament's language: the position, the moves with their dates, the clocks,
the rulings, the letters. GAME is TOURNAMENT/W-B, or W-B when there is one tournament.

example:
  postald judge show ZK-1/3-7
`,
		JudgeVerify: `usage: postald judge verify [-config FILE] [GAME]

Checks the tamper-evident archive of a game, or of every game, record and ruling.

example:
  postald judge verify ZK-1/3-7
`,
		JudgeQuarantine: `usage: postald judge quarantine [-config FILE] [-json]

The letters held and never applied, each with the reason.

example:
  postald judge quarantine
`,
		JudgeLetter: `usage: postald judge letter [-config FILE] [-raw] GAME N

Letter N of the game's archive (N as judge show numbers them): envelope sender, From,
authentication, decision, header and text. GAME quarantine: letter N of the quarantine.

examples:
  postald judge letter ZK-1/3-7 4
  postald judge letter quarantine 2 -raw
`,
		JudgePenalty: `usage: postald judge penalty [-config FILE] GAME SIDE DAYS -clause CLAUSE -reason TEXT

Adds DAYS penalty days to SIDE's clock (a negative DAYS takes them back). SIDE is white, black
or the player's number.

example:
  postald judge penalty ZK-1/3-7 black 6 -clause 4.2.11 -reason "move not repeated"
`,
		JudgeCorrect: `usage: postald judge correct-date [-config FILE] GAME SIDE DAYS -clause CLAUSE -reason TEXT

Corrects SIDE's accrued days by DAYS (positive adds, negative gives back), without touching his
penalty days (clause 4.3.1). SIDE is white, black or the player's number.

example:
  postald judge correct-date 3-7 7 -2 -clause 4.3.1 -reason "the letter was held up by a server"
`,
		JudgeForfeit: `usage: postald judge forfeit [-config FILE] GAME SIDE -clause CLAUSE -reason TEXT

SIDE loses the game. SIDE is white, black or the player's number.

example:
  postald judge forfeit 3-7 black -clause 4.3.1 -reason "time overstep"
`,
		JudgeAdjudicate: `usage: postald judge adjudicate [-config FILE] GAME RESULT -clause CLAUSE -reason TEXT

The result of an unfinished game: 1-0, 0-1 or 1/2-1/2 (clause 4.3.2; clause 1.10.4 of the
competition rules).

example:
  postald judge adjudicate 3-7 1/2-1/2 -clause 4.3.2 -reason "the position is level"
`,
		JudgeLeave: `usage: postald judge leave [-config FILE] GAME SIDE FROM TO -clause CLAUSE -reason TEXT

Grants SIDE leave from FROM to TO (YYYY-MM-DD, both days included): his clock stops on those
days. SIDE is white, black or the player's number.

example:
  postald judge leave 3-7 white 2026-12-01 2026-12-15 -clause 4.1.3 -reason "illness"
`,
		JudgeAnnul: `usage: postald judge annul [-config FILE] GAME -clause CLAUSE -reason TEXT

The game ends without a result and counts for neither player (clause 4.1.7).

example:
  postald judge annul 3-7 -clause 4.1.7 -reason "the game was played with the wrong colours"
`,
		JudgeWithdraw: `usage: postald judge withdraw [-config FILE] [TOURNAMENT] PLAYER -reason TEXT [-clause CLAUSE]

PLAYER (his number) leaves the tournament (clause 1.10 of the competition rules). -clause may
be left out: the rules give it (1.10.2 with fewer than half of his games played, else 1.10.3);
a -clause given must be 1.10 or the one the rules give.

example:
  postald judge withdraw ZK-1 5 -reason "withdrew for reasons of health"
`,
		JudgeProtest: `usage: postald judge protest [-config FILE] GAME (-reason | -decision) DECISION [-clause CLAUSE]

Records a protest and the judge's decision on it (clause 4.1.12), told to both players, the
judge and the director. -reason is the decision (-decision is the same flag); -clause defaults
to 4.1.12.

example:
  postald judge protest 3-7 -reason "protest rejected: the move was written right (clause 4.2.2)"
`,
		JudgeRevert: `usage: postald judge revert [-config FILE] GAME N -clause CLAUSE -reason TEXT

Puts the game back as it was before letter N (N as judge show numbers them): board, clocks,
variants, draw offer, status. Every letter stays in the archive, marked as reverted.

example:
  postald judge revert 3-7 5 -clause 4.1.7 -reason "a forged letter"
`,
	},

	Flags: FlagText{
		JSON:             "print JSON",
		Tournament:       "only this tournament",
		Debug:            "log at debug level",
		Takeover:         "move the claim on the watched mailbox to this store (only when the store that holds it is retired)",
		Verbose:          "log what the daemon does",
		Sheet:            "the start sheet (TOML)",
		Force:            "register a sheet that is only unusual (an end date already past)",
		Send:             "mail the report to each tournament's director instead of printing it",
		HTML:             "print HTML instead of plain text",
		Game:             "the game: TOURNAMENT/W-B, or W-B when there is one tournament",
		Clause:           "the clause the ruling rests on (clause 4.1.10), e.g. 4.3.1",
		Reason:           "the reason, told to both players",
		ClauseWithdraw:   "the clause; by default the one clause 1.10 of the competition rules gives (1.10.2 or 1.10.3)",
		ReasonWithdraw:   "the reason, told to every partner",
		Decision:         "the decision on the protest, told to both players",
		SameAsReason:     "the same as -reason",
		ClauseProtest:    "the clause",
		Raw:              "print the letter byte for byte as archived",
		Letters:          "add to each line the letters postald sent, as their readers read them",
		Lang:             "the language of the text headings, ru or en (default: the command line's)",
		CrosstableJSON:   `print {"standings":[...]} instead of the text crosstable`,
		Offline:          "check the files only: no login to the mail servers",
		Timeout:          "how long each server may take to answer",
		CardGame:         "the game: TOURNAMENT/W-B, or W-B when one tournament has it",
		CardFrom:         "whose card: white, black or the player's number",
		Postmark:         "the postmark's date (registered mail: the receipt's; a call: its day)",
		Received:         "the day the card reached the captain (default today)",
		Registered:       "registered mail: -postmark is the date on the post office's receipt",
		Phone:            "a call, not a card",
		CardsTournament:  "only the cards of this tournament",
		CardsJSON:        "print the cards as JSON",
		Print:            "write each card as a PDF into this directory",
		Posted:           "record that the cards were posted (the calls made) on this date",
		List:             "list the archived tournaments and their files",
		Variant:          "variant id (russian, international, column, lasca, or one of them with -giveaway)",
		Depth:            "deepest depth to count",
		FEN:              "start position in postald's FEN (default: the variant's start position)",
		DiagramVariant:   "variant id (russian, international, column, lasca, or one of them with -giveaway)",
		DiagramFEN:       "the position in postald's FEN (default: the variant's start position)",
		Last:             "a move to play from the -fen position and mark, in the variant's notation (c3:e5, 32-28)",
		TRF:              "a Swiss tournament as a FIDE tournament report file (TRF-2026), its finished rounds",
		ExportTournament: "with -trf: the tournament's code (default: the store's one tournament)",
		Seed:             "the seed of the sheet's lots, 64 hexadecimal digits (by default a new one): the numbers and openings it draws",
		ReserveReason:    "reserve: why the reserve comes in (required)",
		LotsTournament:   "the tournament (by default the store's only one)",
		LotsHash:         "the SHA-256 of the seed as a start letter published it",
		LotsSheet:        "verify: the start sheet (TOML), to verify without a store",
		LotsSeed:         "verify -sheet: the revealed seed, 64 hexadecimal digits",
		LotsReason:       "reveal: why the judge reveals the seed before the end",
		Out:              "the PNG file to write (- for the standard output)",
		Dutch:            "the FIDE Dutch system (C.04.3); the only system postald pairs by",
		PairOut:          "the file the pairing is written to; - for the standard output",
		PairCheck:        "pair every round of the file again and print where it differs",
		CheckVariant:     "replay every game in this variant, whatever its GameType (russian, international, column, lasca, or one of them with -giveaway)",
		Width:            "width of the picture in pixels (%d to %d)",
	},

	Words: CLIWords{
		White: "white", Black: "black", WhiteToMove: "white to move", BlackToMove: "black to move",
		Posting: "%s, waiting for the post", Playing: "playing", Finished: "finished", Adjudication: "awaiting adjudication",
		In: "in", Out: "out", None: "(none)", Quarantine: "quarantine",
		Accepted: "accepted", Corrected: "corrected", Rejected: "rejected", Notice: "notice", Ignored: "ignored",
		Ruling: "ruling", Quarantined: "quarantined",
		ByForced: "forced, written by the partner", ByPostald: "forced, played by postald", ByVariant: "from a variant",
		BySubstituted: "the only move of its square", ByLot: "drawn by lot",
		FromPostmark: "by the postmark", FromReceipt: "by the post office's receipt", FromWritten: "as the card says it was sent",
		FromArrival: "the day the card was received", CardAuth: "entered by the captain",
		AuthNone:            "none: no authentication required ([trust]); the From address alone is believed",
		AuthPassOwn:         "pass: %s aligned with %s by postald's own check",
		AuthPassServer:      "pass: %s aligned with %s by %s",
		AuthNotContradicted: ", not contradicted by postald's own check",
		AuthFail:            "fail: %s",
	},

	Judge: JudgeText{
		ListHead:     "GAME\tWHITE\tBLACK\tSTATUS\tMOVES\tDAYS\tPENALTY\tLAST DAY\tOVERSTEP",
		ListFinished: "%s %s",
		ListOverstep: func(side string, days int, on daysclock.Date, limit, move int) string {
			return fmt.Sprintf("%s %s on %s (at most %s by move %d)", side, enDay.count(days), on, enDayOf.count(limit), move)
		},
		VerifyAll:      "every archive chain, game record and ruling verifies",
		VerifyArchived: "archived tournament %s: its archive file verifies, its rulings are the log's",
		VerifyGame: func(game string, letters int) string {
			return fmt.Sprintf("%s: %s, the chain verifies", game, enLetter.count(letters))
		},
		VerifyPruned: func(game string, pruned int) string {
			return fmt.Sprintf("%s: %s pruned after their retention: their headers, verdicts and hashes verify, their raw bytes are gone", game, enLetter.count(pruned))
		},
		VerifyPrunedOld: func(n int) string {
			return fmt.Sprintf("%d of them archived before schema 5: their hashes are kept as stored and checked by the links on both sides", n)
		},
		QuarantineHead: "RECEIVED\tFROM\tMESSAGE-ID\tARCHIVE\tREASON",
		RuleDone:       "ruling recorded: %s (%s)",
		Annulled:       "annulled (%s)",
		ProtestDone:    "the decision on the protest recorded",
		Told:           "the players, the judge and the director are told",
		Withdrawal: func(player, played, games int) string {
			return fmt.Sprintf("player %d withdrawn with %d of %s played", player, played, enGame.count(games))
		},
		StruckOut: func(ended int) string {
			return fmt.Sprintf("his results are struck out and %s annulled (clause 1.10.2 of the competition rules)", enUnfinished.count(ended))
		},
		Stands: func(lost, referred int) string {
			return fmt.Sprintf("%s lost, %s sent to adjudication (clauses 1.10.3 and 1.10.4 of the competition rules)",
				enWithoutMove.count(lost), enBegun.count(referred))
		},
		Reverted: func(game string, letter int, clause string, upto int) string {
			return fmt.Sprintf("%s: put back as it was before letter #%d (%s); letters #%d to #%d stay in the archive, marked as reverted",
				game, letter, clause, letter, upto)
		},
		Undone: "undone with it: rulings %s, recorded after the letter",
	},

	Show: ShowText{
		Status: "status: %s  result: %s  days (white/black): %s  penalty days: %s",
		NextControl: func(move, days int, last daysclock.Date) string {
			return fmt.Sprintf("next control: move %d, %s; last day %s", move, enDay.count(days), last)
		},
		Overstep: "overstep: %s",
		Moves:    "moves:",
		Variants: "variants proposed:",
		Variant:  "%s by %s: %s",
		Rulings:  "rulings:",
		Letters:  "letters:",
		Pruned:   "(pruned: the raw letter dropped after its retention)",
		Reverted: "REVERTED by ruling #%d",
		Faults:   "stopped for: %s",
		Fault:    "%s \"%s\"",
		Words:    "the decision rests on the letter's words: line %d, \"%s\"",
		Asked:    "the letter reads two ways: postald asked the player; nothing played, nothing charged",
		Also:     "the letter is archived with game %s (a letter about several games)",
		From:     "from: %s  envelope: %s\n        authentication: %s",
		To:       "to: %s",
		Loses:    "loses",
		Leave:    "leave %s",
		Days:     func(n int) string { return enDay.signed(n) },
		Lifted:   func(n int) string { return "lifted, " + enDay.count(n) },
	},

	Letter: LetterText{
		Received: "%s letter #%d, received", Sent: "%s letter #%d, sent by postald",
		ReceivedAt: "received:\t%s", Enqueued: "enqueued:\t%s", MessageID: "message-id:\t%s",
		Envelope: "envelope sender:\t%s\t(Return-Path, as the receiving server recorded it)",
		From:     "from:\t%s", Auth: "authentication:\t%s", To: "to:\t%s", Decision: "decision:\t%s", Sum: "sha256:\t%s",
		RevertedBy: "reverted:\tby ruling #%d of %s (%s): %s",
		Kept:       "game before it:\tkept (judge revert %s %d puts it back)",
		SubjectDamaged: "subject:\tdamaged by a mail server (its letters in another script replaced by X or ?): " +
			"not read for the tournament or the game",
		Header: "── header ──", Text: "── text ──",
	},

	Cards: CardsText{
		Again:   "this card of %s in %s was entered before, on %s: %s; nothing changed",
		Entered: "%s %s: %s, sent %s (%s): %s",
		Clauses: " (%s)",
		Receipt: "receipt %s",
		Queued: func(letters, cards int) string {
			return fmt.Sprintf("%s by e-mail, %s queued (postald cards)", enLetter.count(letters), enCardOrCall.count(cards))
		},
		None:        "no card to post, no call to make",
		Item:        "#%s  %s  %s  to %d. %s",
		Call:        ", call %s",
		NotPrinted:  "#%s  %s  NOT PRINTED: %s",
		Printed:     "#%s  %s  to %s: %s",
		NonePrinted: "no card to print",
		Fault:       "to %s: %s",
		All:         func(n int, file string) string { return fmt.Sprintf("%s in %s", enCard.count(n), file) },
		Unprinted: func(n int, seqs string) string {
			return fmt.Sprintf("%s could not be printed (%s, named above with why): correct what is named and print them again", enCard.count(n), seqs)
		},
		Posted: func(n int, on daysclock.Date) string {
			return fmt.Sprintf("%s recorded as posted on %s", enCardOrCall.count(n), on)
		},
		Clock:     "  the clock of %s, %s, runs from %s",
		PDFTitle:  "postald cards",
		RidesWith: "    + #%d  %s (in the same envelope)",
		Waits:     "#%s  %s  waits for the next card to %d. %s: %s (it asks no reply)",
		Rider:     "— and: %s —",
	},

	Store: StoreText{
		Created: "created a new postald store: %s",
		Migrated: func(path string, from, to int) string {
			return fmt.Sprintf("the store %s is brought up to date: schema %d → %d", path, from, to)
		},
		Registered: func(code string, players, games int, variant string, start, end daysclock.Date) string {
			return fmt.Sprintf("tournament %s registered: %s, %s, %s from %s to %s; start letters queued",
				code, enPlayer.count(players), enGame.count(games), variant, start, end)
		},
		ReportQueued: "the report of %s queued for %s",
		Archived: func(code, file string, bytes int64, digest string, games, letters, sent, received, rulings int) string {
			return fmt.Sprintf("tournament %s archived in %s (%s, sha256 %s): %s, %s, %d sent, %d received, %s copied (the rulings stay in the store's log)",
				code, file, enByte.count(int(bytes)), digest, enGame.count(games), enLetter.count(letters), sent, received, enRuling.count(rulings))
		},
		ArchiveNone: "no tournament is archived (archive directory %s)",
		ArchiveDir:  "archive directory %s:",
		ArchiveItem: func(code, file string, bytes int64, archived, last daysclock.Date, games, letters int, state string) string {
			return fmt.Sprintf("  %s  %s  %s  archived %s  last letter %s  %s  %s  %s",
				code, file, enByte.count(int(bytes)), archived, last, enGame.count(games), enLetter.count(letters), state)
		},
		ArchiveWhole:  "letters kept whole",
		ArchivePruned: "letters pruned on %s",
		PruneNone:     "no tournament is archived: nothing to prune",
		LotDrawn:      "lots drawn ([lots]); the start letters give the SHA-256 of their seed, %s; postald lots verify checks them",
		LotTies:       "the seed of the lot of tied pairings made (knockout_tie = \"lot\"); the start letters give its SHA-256, %s; postald lots verify checks the lots drawn from it",
		Reserved: func(code string, in, out, team, games int) string {
			return fmt.Sprintf("tournament %s: reserve %d plays for %d in team %d; %s changed players; letters queued", code, in, out, team, enGame.count(games))
		},
		ReserveGame: "  %s annulled, %s opened",
		PruneKept:   "%s: letters kept until %s ([store] retain_raw_days)",
		PruneAlready: func(code string, on daysclock.Date, file string, bytes int64) string {
			return fmt.Sprintf("%s: letters pruned already on %s; %s is %s", code, on, file, enByte.count(int(bytes)))
		},
		Pruned: func(code string, letters int, dropped int64, file string, after, before int64) string {
			return fmt.Sprintf("%s: %s pruned, %s dropped; %s is %s (was %d)", code, enLetter.count(letters),
				enByte.count(int(dropped)), file, enByte.count(int(after)), before)
		},
		BackedUp: func(path string, bytes int64, store string) string {
			return fmt.Sprintf("%s: %s, a consistent copy of %s; it checks and every chain verifies", path, enByte.count(int(bytes)), store)
		},
		BackupArchives: func(dir string, n, copied int) string {
			return fmt.Sprintf("%s: the files of %s (%d copied now, the others there already); restore them with the copy",
				dir, enArchived.count(n), copied)
		},
	},

	Check: CheckText{
		OK: "ok", Fail: "FAIL",
		Parses:         "configuration %s parses",
		FromOnly:       "[trust] from_only = true: the From header alone is believed (a closed test setup only; see %s)",
		AuthField:      enAuthField,
		ResolverOK:     "[trust] resolver %s answered for %s",
		ResolverFail:   "[trust] resolver %s did not answer for %s (%v): postald's own check of the senders cannot run, and letters wait in the mailbox; see %s",
		Server:         "[trust] letters must carry an Authentication-Results field of %s with an aligned pass of %s, not contradicted by postald's own check (resolver %s)",
		Own:            "[trust] postald checks DKIM, SPF and DMARC itself (resolver %s) and requires an aligned pass of %s; the field of %s is recorded beside its verdict",
		SystemResolver: "the system's",
		TrustUnset: "[trust] is not set: set authserv_id (the receiving server's Authentication-Results id) and require (any of \"dkim\", \"spf\", " +
			"\"dmarc\", that must pass for the From domain), or from_only = true for a closed test setup only; without them anyone can send a letter with a player's From; see %s",
		TrustNoRequire:  "[trust] names authserv_id but requires nothing: set require to any of \"dkim\", \"spf\", \"dmarc\", that must pass for the From domain; see %s",
		TrustNoAuthserv: "[trust] sets require but not authserv_id: set it to the receiving server's Authentication-Results id; see %s",
		Files:           "the configuration and password files are readable by their owner only",
		FileMode:        "%s %s has mode %04o: readable by group or others; run chmod go-rwx %s (docs/trust.md, \"Files\")",
		FileErr:         "%s %s: %s",
		ConfigFile:      "the configuration file",
		StoreOK:         "[store] %s: owner-only, or to be created so",
		StoreDir:        "[store] path %s: its directory: %s",
		StoreErr:        "[store] path %s: %s",
		StoreNotFile:    "[store] path %s: not a regular file",
		StoreMode:       "[store] path %s has mode %04o: run chmod 600 %s (serve tightens it itself)",
		SocketOK:        "[control] socket directory %s: owner-only, or to be created so",
		SocketErr:       "[control] socket directory %s: %s",
		SocketMode:      "[control] socket directory %s has mode %04o: others may enter it; give the socket a directory of its own with mode 0700 (chmod 700 %s)",
		Refused:         "[%s] %s refused the login as %q (username, password_file or password_env): %s",
		Unreachable:     "[%s] %s: %s",
		LoggedIn:        "[%s] logged in to %s as %q",
		MailboxErr:      "[imap] mailbox %q: %s",
		Mailbox: func(mailbox string, messages int) string {
			return fmt.Sprintf("[imap] mailbox %q selected: %s", mailbox, enMessage.count(messages))
		},
		Idle:      "[imap] the server offers IDLE: a letter is read as soon as the server announces it",
		NoIdle:    "[imap] the server offers no IDLE: postald looks at the mailbox every %s ([daemon] poll_interval)",
		IdleOff:   "[imap] IDLE not used ([daemon] idle = false): postald looks at the mailbox every %s ([daemon] poll_interval)",
		Move:      "[imap] the server offers MOVE",
		NoMove:    "[imap] the server offers no MOVE: decided letters are moved with COPY, then deleted from the watched mailbox",
		UIDPlus:   "[imap] the server offers UIDPLUS",
		NoUIDPlus: "[imap] the server offers no UIDPLUS: a move without MOVE also expunges any other letter of the watched mailbox marked deleted",
		IdleTook:  "[imap] IDLE announced a letter appended to %q after %s",
		Duration:  func(d time.Duration) string { return d.String() },
		IdleSlow: "[imap] IDLE announced no letter appended to %q within %s: letters would wait as long before postald reads them " +
			"(Cyrus without its idled waits up to a minute); start the server's IDLE service (Cyrus: idled in cyrus.conf), " +
			"or set [daemon] idle = false and a short [daemon] poll_interval",
		IdleErr: "[imap] IDLE could not be timed: %s",
		Folder: func(key, name string, made, def bool, prefix string) string {
			how := "found"
			if made {
				how = "made"
			}
			where := "as configured"
			if def {
				where = fmt.Sprintf("postald's default in the server's personal namespace %q", prefix)
			}
			return fmt.Sprintf("[imap] %s: folder %q %s and written (%s)", key, name, how, where)
		},
		FolderFail: func(key, name string, def bool, prefix, err string) string {
			if def {
				return fmt.Sprintf("[imap] %s: the folder %q (postald's default in the server's personal namespace %q) cannot be made or written: %s; "+
					"set [imap] %s to a folder this server allows", key, name, prefix, err, key)
			}
			return fmt.Sprintf("[imap] %s: the folder %q cannot be made or written: %s; set [imap] %s to a folder this server allows, "+
				"or leave it out for postald's default where the server keeps the user's folders", key, name, err, key)
		},
		FoldersErr: "[imap] the server did not say where the user's folders go (NAMESPACE): %s",
		Problems:   func(n int) string { return enProblem.count(n) },
	},

	Delivery: enCLIDelivery,
	CardDates: CardDatesText{
		ArrivalAfterToday:    "the card cannot have been received on %s, after today, %s: enter the day it reached you with -received YYYY-MM-DD, or leave -received out for today (clause 4.3.1)",
		SentAfterArrival:     "the postmark %s is after %s, the day the card was received: a card is received after it is sent; check the postmark (-postmark YYYY-MM-DD) and the day received (-received, default today) (clause 4.3.1)",
		WrittenAfterArrival:  "the card says it was sent on %s, after %s, the day it was received",
		ReceiptBeforeSending: "the card says the partner's move was received on %s, before it was sent, on %s",
		ReplyBeforeReceipt:   "the card says the reply was sent on %s, before the partner's move was received, on %s",
		SentBeforeMove:       "the postmark %s is before %s, the day the move the card answers was sent to the player: check the postmark (-postmark YYYY-MM-DD) (clause 4.3.1)",
		WrittenBeforeMove:    "the card says it was sent on %s, before %s, the day the move it answers was sent to the player",
		Stated:               "; check that the card says so; if it does, enter its postmark with -postmark YYYY-MM-DD, which is its sending date whatever the card says, or, when the postmark cannot be read, -postmark with the day the card was received (clause 4.3.1)",
		PostedAfterToday:     "the cards cannot have been posted on %s, after today, %s: enter the day you posted them with -posted YYYY-MM-DD (clause 4.3.1)",
		PostedBeforeWritten:  "card #%d was written on %s, after %s: it cannot have been posted before; enter the day you posted it with -posted YYYY-MM-DD (clause 4.3.1)",
		Side:                 "-from %q: want white, black or the number of one of the players of game %s",
		Via:                  "a card comes by post or by phone, not %q",
		EmptyText:            "the card's text is empty: type it as the card writes it",
		NotUTF8:              "the card's text is not UTF-8: save the file as UTF-8 and enter it again",
		Email:                "letter #%d goes by e-mail, not by post or phone: it is no card to post",
	},

	Endgame: englishEndgameCLI,
	Lots: LotsCLIText{
		Tournament: "tournament %s",
		Hash:       "hash  %s (SHA-256 of the seed, published in the start letters)",
		SeedHidden: "seed  not revealed yet: it is revealed when the last game is finished, or by postald lots reveal",
		Seed:       "seed  %s: its SHA-256 is the hash",
		SeedFinished: func(seed string, on daysclock.Date, _ string) string {
			return fmt.Sprintf("seed  %s: its SHA-256 is the hash; revealed %s, the tournament finished", seed, on)
		},
		SeedJudge: func(seed string, on daysclock.Date, reason string) string {
			return fmt.Sprintf("seed  %s: its SHA-256 is the hash; revealed %s by the judge: %s", seed, on, reason)
		},
		Numbers: `numbers (label "numbers", the players in the start sheet's order shuffled):`,
		Number: func(number int, name string, listed int) string {
			return fmt.Sprintf("  %2d  %s (listed %d)", number, name, listed)
		},
		Openings: func(among int) string { return fmt.Sprintf("openings drawn among %d:", among) },
		Line:     func(n int, text string) string { return fmt.Sprintf("  %2d  %s", n, text) },
		Pair: func(label string, line int, games []string) string {
			return fmt.Sprintf("  %s: opening %d, games %s", label, line, strings.Join(games, ", "))
		},
		Ties: `the knockout's ties (one choice among 2: 0 sends the lower number through, 1 the higher):`,
		Tie: func(label string, choice int, through string) string {
			return fmt.Sprintf("  %s: %d, %s goes through", label, choice, through)
		},
		Verified: "verified: every draw as the seed gives it",
		VerifiedGames: func(games int) string {
			return fmt.Sprintf("verified: every draw as the seed gives it; %s, each began as drawn", enGame.count(games))
		},
	},

	Errors: CLIErrors{
		NoConfig:             "postald %s reads no configuration; -config is for %s",
		UnknownCommand:       "postald: unknown command %q",
		UnknownJudge:         "postald judge: unknown command %q; want one of list, show, verify, quarantine, letter, penalty, correct-date, forfeit, adjudicate, leave, annul, withdraw, protest, revert\n\n%s",
		NoClause:             "every ruling needs -clause and -reason (clause 4.1.10)",
		LetterNumber:         "letter number %q: want the number judge show gives it",
		ShowArgs:             "show needs one GAME",
		VerifyArgs:           "verify takes at most one GAME, got %q",
		RuleArgs:             "%s needs %d arguments, got %d %q: %s",
		ShapeSideDays:        "GAME SIDE DAYS (SIDE white, black or the player's number)",
		ShapeSide:            "GAME SIDE (SIDE white, black or the player's number)",
		ShapeResult:          "GAME RESULT (1-0, 0-1 or 1/2-1/2)",
		ShapeLeave:           "GAME SIDE FROM TO (dates YYYY-MM-DD)",
		Days:                 "days %q: want a whole number of days, e.g. 6 or -2",
		Date:                 "%s %q: want a date YYYY-MM-DD",
		WithdrawArgs:         "withdraw needs [TOURNAMENT] PLAYER and -reason (got %q); -clause may be left out",
		Player:               "player %q: want his number in the tournament, e.g. 5",
		AnnulArgs:            "annul needs GAME, -clause and -reason (clause 4.1.10)",
		ProtestBoth:          "protest: -reason and -decision are the same flag; give one",
		ProtestArgs:          "protest needs GAME and -reason DECISION (got %q); -clause defaults to 4.1.12",
		LetterArgs:           "letter needs GAME and N, the letter's number in judge show",
		RevertArgs:           "revert needs GAME and N, the letter's number in judge show",
		TournamentWant:       "postald tournament: want the command create or reserve",
		TournamentUnknown:    "postald tournament: unknown command %q; want create or reserve",
		ReserveArgs:          "postald tournament reserve: want [TOURNAMENT] PLAYER RESERVE and -reason TEXT",
		ReserveNumbers:       "reserve: PLAYER and RESERVE are players' numbers, not %q and %q",
		ExportOne:            "postald export: want -game GAME or -trf, one of them",
		LotsWant:             "postald lots: want the command verify or reveal",
		LotsUnknown:          "postald lots: unknown command %q; want verify or reveal",
		VerifyReason:         "postald lots: verify takes no -reason",
		SeedWithoutSheet:     "postald lots: -seed verifies a start sheet: give -sheet START.toml too",
		SheetNamesTournament: "postald lots: -sheet names the tournament: leave -tournament out",
		SheetNeeds:           "postald lots: -sheet needs the revealed -seed and the -hash a start letter published",
		RevealFlags:          "postald lots: reveal takes -tournament and -reason only",
		RevealReason:         "postald lots: reveal needs -reason: the letter to everyone gives it",
		CreateArgs:           "create takes no arguments but -sheet START.toml; got %q",
		CreateSheet:          "postald tournament create: want -sheet START.toml",
		Registered:           "tournament.code: tournament %s is registered already: a registered tournament is not registered again",
		CodeClash:            "tournament.code: %s is spelt like the code of tournament %s (%s): give the tournament a code of its own",
		DateFlag:             "%s %q: want YYYY-MM-DD",
		PostedNeeds:          "-posted records the cards named: give their numbers (postald cards -posted %s 14 15), or print and record them in one command with -print DIR",
		CardNumber:           "%q: want the number of a card as postald cards lists it",
		From:                 "[smtp] from %q: %s",
		Login:                "[%s] the server %s refused the login as %q (username, password_file or password_env): %s",
		Lang:                 "-lang %q: want ru or en",
		Unexpected:           "unexpected argument %q",
		Required:             "%s is required",
		Width:                "-width %d is not between %d and %d",
		System:               "name the pairing system: -dutch",
		NoArguments:          "%s takes no arguments",
		Round:                "round %d: %s",
		RoundSame:            "round %d: as paired",
		RoundDiffers:         "round %d: the file pairs %s; the Dutch system %s",
		RoundsDiffer: func(file string, differ, rounds int) string {
			return fmt.Sprintf("%s: %d of %s paired otherwise", file, differ, enRound.count(rounds))
		},
		NoBye:         "no bye",
		ByeTo:         "the bye to %d",
		GameInSeveral: "game %s is in several tournaments (%s): name it with its tournament, e.g. %s",
		NameOne: func(n int, how string) string {
			if n == 0 {
				return "the store holds no tournament"
			}
			return fmt.Sprintf("the store holds %s; name one: %s", enTournament.count(n), how)
		},
		FlagForm:     "-tournament TOURNAMENT",
		ReserveForm:  "reserve TOURNAMENT PLAYER RESERVE",
		WithdrawForm: "withdraw TOURNAMENT PLAYER",
	},
}

// The English words of the command line that go with numbers.
var (
	enDayOf       = enDay
	enCard        = counted{plural.Word{One: "card", Many: "cards"}, plural.English}
	enCardOrCall  = counted{plural.Word{One: "card or call", Many: "cards or calls"}, plural.English}
	enRuling      = counted{plural.Word{One: "ruling", Many: "rulings"}, plural.English}
	enUnfinished  = counted{plural.Word{One: "unfinished game", Many: "unfinished games"}, plural.English}
	enWithoutMove = counted{plural.Word{One: "game without a move", Many: "games without a move"}, plural.English}
	enBegun       = counted{plural.Word{One: "begun game", Many: "begun games"}, plural.English}
	enArchived    = counted{plural.Word{One: "archived tournament", Many: "archived tournaments"}, plural.English}
	enMessage     = counted{plural.Word{One: "message", Many: "messages"}, plural.English}
	enProblem     = counted{plural.Word{One: "problem", Many: "problems"}, plural.English}
)
