package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// configFlagUsage is how every command on the store describes -config. The flag may stand
// anywhere on the line: before the command (postald -config F judge list), after it, or after
// the arguments; $POSTALD_CONFIG stands in for it.
const configFlagUsage = `  -config FILE
    	configuration file (default $POSTALD_CONFIG or ` + defaultConfig + `); it may stand
    	before the command, after it or after the arguments
`

// usages is the usage of every command and judge subcommand, each with its arguments and at
// least one example line; -h prints it (with the flags) and exits 0 without reading a
// configuration.
var usages = map[string]string{
	"serve": `usage: postald serve [-config FILE] [-debug] [-takeover]

Runs the daemon: watches the mailbox, referees the letters, sends the replies and the
reminders, keeps the clocks. It stops at start when a login to IMAP or SMTP is refused.

example:
  postald serve -config /etc/postald/postald.toml
`,
	"demo": `usage: postald demo [-v]

Plays a short game by letters on embedded mail servers and prints every letter.

example:
  postald demo
`,
	"card":               cardUsage,
	"cards":              cardsUsage,
	"tournament":         tournamentUsage,
	"tournament create":  tournamentUsage,
	"tournament reserve": tournamentUsage,
	"report": `usage: postald report [-config FILE] [-tournament CODE] [-html] [-send]

The director's report of each tournament (or of one): standings, games in play, oversteps,
rulings. -send mails it to each tournament's director instead of printing it.

examples:
  postald report -tournament ЗК-1
  postald report -send -config /etc/postald/postald.toml
`,
	"export": `usage: postald export [-config FILE] -game GAME
       postald export [-config FILE] -trf [-tournament CODE]

Writes one game as PDN. GAME is TOURNAMENT/W-B, or W-B when there is one tournament.
With -trf, writes a Swiss tournament as a FIDE tournament report file (TRF-2026) of its
finished rounds, which postald pair -dutch and the arbiters' programs read.

examples:
  postald export -game ЗК-1/1-2 > zk1-1-2.pdn
  postald export -trf -tournament ШВ-2026 > sw2026.trf
`,
	"simulate": `usage: postald simulate [-seed SEED] -sheet START.toml LETTERS.mbox

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
	"crosstable": `usage: postald crosstable [-json] [-lang ru|en] FILE

Standings and tie-breaks of any round-robin from a results file.

example:
  postald crosstable -lang en results.txt
`,
	"parse": `usage: postald parse FILE

Prints a move letter (an RFC 5322 message; - for the standard input) as JSON.

example:
  postald parse letter.eml
`,
	"check": checkUsage,
	"pair":  pairUsage,
	"perft": `usage: postald perft [-variant V] [-depth N] [-fen F]

Counts the legal move sequences from a position, printing "depth K: COUNT" for K = 1..N.

example:
  postald perft -variant russian -depth 6
`,
	"diagram": diagramUsage,
	"backup":  backupUsage,
	"archive": archiveUsage,
	"prune":   pruneUsage,
	"lots":    lotsUsage,
	"check-config": `usage: postald check-config [-config FILE] [-offline] [-timeout D]

Checks the configuration: the file parses, the trust settings, the permissions of the files it
names, the store, a login to IMAP and to SMTP with the configured credentials and the watched
mailbox (selected read-only; nothing is changed). Each check is reported on a line of its own
("ok" or "FAIL"), a refused login in the server's own words; the exit status is 1 when any
fails. -offline leaves out the mail servers.

example:
  postald check-config -config /etc/postald/postald.toml
`,
	"version": `usage: postald version

Prints the module version and VCS revision this binary was built from.

example:
  postald version
`,
	"judge": judgeUsage,
	"judge list": `usage: postald judge list [-json] [-tournament CODE]

The games with their status, whose move it is, the clocks and the oversteps.

example:
  postald judge list -tournament ЗК-1
`,
	"judge show": `usage: postald judge show [-json] GAME

One game: the position, the moves with their dates, the clocks, the rulings, the letters.
GAME is TOURNAMENT/W-B, or W-B when there is one tournament.

example:
  postald judge show ЗК-1/3-7
`,
	"judge verify": `usage: postald judge verify [GAME]

Checks the tamper-evident archive of a game, or of every game, record and ruling.

example:
  postald judge verify ЗК-1/3-7
`,
	"judge quarantine": `usage: postald judge quarantine [-json]

The letters held and never applied, each with the reason.

example:
  postald judge quarantine
`,
	"judge letter": `usage: postald judge letter GAME N [-raw]

Letter N of the game's archive (N as judge show numbers them): envelope sender, From,
authentication, decision, header and text. GAME quarantine: letter N of the quarantine.

examples:
  postald judge letter ЗК-1/3-7 4
  postald judge letter quarantine 2 -raw
`,
	"judge penalty": `usage: postald judge penalty GAME SIDE DAYS -clause CLAUSE -reason TEXT

Adds DAYS penalty days to SIDE's clock (a negative DAYS takes them back). SIDE is white, black
or the player's number.

example:
  postald judge penalty ЗК-1/3-7 black 6 -clause 4.2.11 -reason "ход не повторён"
`,
	"judge correct-date": `usage: postald judge correct-date GAME SIDE DAYS -clause CLAUSE -reason TEXT

Corrects SIDE's accrued days by DAYS (positive adds, negative gives back), without touching his
penalty days (4.3.1). SIDE is white, black or the player's number.

example:
  postald judge correct-date 3-7 7 -2 -clause 4.3.1 -reason "письмо задержано сервером"
`,
	"judge forfeit": `usage: postald judge forfeit GAME SIDE -clause CLAUSE -reason TEXT

SIDE loses the game. SIDE is white, black or the player's number.

example:
  postald judge forfeit 3-7 black -clause 4.3.1 -reason "просрочка времени"
`,
	"judge adjudicate": `usage: postald judge adjudicate GAME RESULT -clause CLAUSE -reason TEXT

The result of an unfinished game: 1-0, 0-1 or 1/2-1/2 (4.3.2, 1.10.4).

example:
  postald judge adjudicate 3-7 1/2-1/2 -clause 4.3.2 -reason "позиция равная"
`,
	"judge leave": `usage: postald judge leave GAME SIDE FROM TO -clause CLAUSE -reason TEXT

Grants SIDE leave from FROM to TO (YYYY-MM-DD, both days included): his clock stops on those
days. SIDE is white, black or the player's number.

example:
  postald judge leave 3-7 white 2026-12-01 2026-12-15 -clause 4.1.3 -reason "отпуск по болезни"
`,
	"judge annul": `usage: postald judge annul GAME -clause CLAUSE -reason TEXT

The game ends without a result and counts for neither player (4.1.7).

example:
  postald judge annul 3-7 -clause 4.1.7 -reason "партия сыграна не теми цветами"
`,
	"judge withdraw": `usage: postald judge withdraw [TOURNAMENT] PLAYER -reason TEXT [-clause CLAUSE]

PLAYER (his number) leaves the tournament (seed 003, 1.10). -clause may be left out: seed 003
gives it (1.10.2 with fewer than half of his games played, else 1.10.3); a -clause given must
be 1.10 or the one seed 003 gives.

example:
  postald judge withdraw ЗК-1 5 -reason "выбыл по состоянию здоровья"
`,
	"judge protest": `usage: postald judge protest GAME -reason DECISION [-clause CLAUSE]

Records a protest and the judge's decision on it (4.1.12), told to both players, the judge and
the director. -reason is the decision (-decision is the same flag); -clause defaults to 4.1.12.

example:
  postald judge protest 3-7 -reason "протест отклонён: ход записан верно (4.2.2)"
`,
	"judge revert": `usage: postald judge revert GAME N -clause CLAUSE -reason TEXT

Puts the game back as it was before letter N (N as judge show numbers them): board, clocks,
variants, draw offer, status. Every letter stays in the archive, marked as reverted.

example:
  postald judge revert 3-7 5 -clause 4.1.7 -reason "письмо подделано"
`,
}

// configCommands are the commands that read a configuration: -config is taken out of their
// command line wherever it stands.
var configCommands = map[string]bool{
	"serve": true, "tournament": true, "judge": true, "report": true, "export": true,
	"backup": true, "check-config": true, "card": true, "cards": true, "archive": true, "prune": true,
	"lots": true,
}

// wantsHelp reports whether args ask for help: -h, -help or --help before any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help", "--h":
			return true
		}
	}
	return false
}

// setUsage makes fs print the usage of name (its arguments, an example) and then its flags.
func setUsage(fs *flag.FlagSet, name string, config bool) {
	fs.Usage = func() { printUsage(fs.Output(), fs, name, config) }
}

// printUsage writes the usage of command name with the flags of fs.
func printUsage(w io.Writer, fs *flag.FlagSet, name string, config bool) {
	text := usages[name]
	if text == "" {
		text = "usage: postald " + name + "\n"
	}
	io.WriteString(w, text)
	hasFlags := false
	if fs != nil {
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	}
	if !hasFlags && !config {
		return
	}
	if !strings.HasSuffix(text, "flags:\n") {
		fmt.Fprintln(w, "\nflags:")
	}
	if config {
		io.WriteString(w, configFlagUsage)
	}
	if fs != nil {
		out := fs.Output()
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
}

// parseFlags parses a command's flags wherever they stand among its arguments. -h prints the
// usage to help and returns flag.ErrHelp (exit 0), before anything is read.
func parseFlags(fs *flag.FlagSet, help io.Writer, args []string) error {
	if wantsHelp(args) {
		fs.SetOutput(help)
		fs.Usage()
		return flag.ErrHelp
	}
	return parseArgs(fs, args)
}
