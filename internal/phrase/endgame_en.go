package phrase

import "fmt"

var englishEndgame = EndgameText{
	Wins: func(white bool, moves int) string {
		return fmt.Sprintf("%s wins in %s with best play", enColour(white), enMove.count(moves))
	},
	WinsNoDistance: func(white bool) string { return enColour(white) + " wins with best play" },
	Draw:           "a draw with best play on both sides",
	Stands:         func(clause string) string { return "under " + clause + " the win stands" },
	DrawUnder: func(clause, rule string, limit int) string {
		return fmt.Sprintf("under %s a draw: the limit of %s (%s) falls due first", clause, enMove.count(limit), rule)
	},
	Judge:         "on the principal line; a defence that changes the ending could bring a limit nearer, and the judge decides",
	RuleLoneKing:  "an ending against a lone king",
	RuleFiveKings: "five kings against two",
	RuleKingsOnly: "moves with kings only, nothing captured",
	NotHeld: func(pieces, most int, at bool) string {
		switch {
		case !at:
			return fmt.Sprintf("no endgame database is at hand; the position has %d pieces", pieces)
		case most == 0:
			return fmt.Sprintf("the endgame database holds no verdict for this position of %d pieces", pieces)
		}
		return fmt.Sprintf("the endgame database holds endings of at most %d pieces; the position has %d", most, pieces)
	},
	Line:           func(moves string) string { return "Principal line: " + moves },
	LineRepetition: "the position then occurs a third time",
	LineGameOver:   "the game is over",
	SettledTitle:   "Games the endgame database settles",
	SettledColumn:  "In theory",
	Package:        func(words string) string { return "\nEndgame database: " + words + "\n" },
	ClaimWin:       "a win",
	ClaimDraw:      "a draw",
	ClaimUnclear: "Your letter claims that the endgame database settles the game but does not say what: " +
		"write \"tablebase win claim\" or \"tablebase draw claim\". Nothing changes, and it costs nothing.",
	ClaimNotHeld: func(words string) string {
		return "You claim that the endgame database settles the game, but " + words + ". Nothing changes, and the claim costs nothing."
	},
	ClaimContradicted: func(words string) string {
		return "The endgame database does not support your claim:\n" + words + "\nThe claim costs nothing; the game goes on."
	},
	ClaimToJudge: func(words string) string {
		return "Your claim goes to the judge with the endgame database's verdict:\n" + words + "\nThe game goes on until he rules."
	},
	ClaimPartner: func(claim, words string) string {
		return "Your partner claims " + claim + " by the endgame database. It goes to the judge with the database's verdict:\n" +
			words + "\nThe game goes on until he rules."
	},
	ClaimJudge: func(name, side, claim, words, command string) string {
		return fmt.Sprintf("%s (%s) claims %s by the endgame database in the position on the board.\n\nEndgame database: %s\n\nRule with: %s\n",
			name, side, claim, words, command)
	},
	Ended: func(words string) string {
		return "The game ends by the endgame database, as the regulation has it (endgame_claims = \"auto\"):\n" + words
	},
}

func enColour(white bool) string {
	if white {
		return "White"
	}
	return "Black"
}

var englishEndgameCLI = EndgameCLIText{
	Variant:     "the variant: russian, international, russian-giveaway or international-giveaway",
	Pieces:      "build every ending of at most N pieces (2 to 7)",
	Dir:         "the directory of the database (a folder per variant under it)",
	Workers:     "the goroutines that solve (0: one per core)",
	Memory:      "MiB of finished tables kept in memory for the endings that depend on them (0: 4096)",
	ProbeDir:    "the directory of the database (default: [endgame] dir of the configuration, else ./endgame)",
	JSON:        "one JSON object a position, with the distance, the verdict under the rules and the principal line",
	Want:        "postald endgame: want the command build or probe",
	Unknown:     "postald endgame: unknown command %q; want build or probe",
	NoDir:       "postald endgame build: -dir DIR is required",
	PiecesRange: "postald endgame build: -pieces %d: a database holds 2 to 7 pieces",
	BadFEN:      "line %d: %q is not a position: %v",
	Kept:        "kept %s: its files are there and sound",
	Damaged:     "%s fails its checks (%v): building it again",
	Loading:     "pair %d of %d, %s: reading the tables it depends on",
	Init:        "pair %d of %d, %s: %d of %d positions looked at (%d%%)",
	Levels:      "pair %d of %d, %s: level %d",
	Written:     "written %s: %d positions, %d wins, %d draws, %d losses, longest %d plies, %d bytes, %.1f s",
	Summary:     "built %d pairs, kept %d; %d positions solved in %.1f s (%.0f positions/s); %d bytes written",
	Stopped:     "stopped; run the same command again to go on where it stopped",
	NoDatabase:  "postald endgame probe: %s holds no %s database",
}
