package phrase

// EndgameText is the words of the endgame databases' verdicts, as the
// letters, the judge's views, the director's report and postald endgame
// probe write them. Typed function fields: each language puts the numbers
// and words where its grammar wants them.
type EndgameText struct {
	// Wins: the side (white: true for White) wins in n of its moves with best
	// play on both sides; WinsNoDistance: the database knows the verdict only.
	Wins           func(white bool, moves int) string
	WinsNoDistance func(white bool) string
	// Draw: a draw with best play on both sides.
	Draw string
	// Stands: under the rules (the clause) the win stands, inside every limit.
	Stands func(clause string) string
	// DrawUnder: under the rules (the clause) a draw, because the rule named
	// (a Rule* text) with its limit in moves falls due before the win.
	DrawUnder func(clause, rule string, limit int) string
	// Judge follows a verdict under the rules that holds on the principal
	// line only: a defence that changes the ending could bring a limit nearer.
	Judge string
	// RuleLoneKing, RuleFiveKings, RuleKingsOnly name the counting rules of 2.6.
	RuleLoneKing, RuleFiveKings, RuleKingsOnly string
	// NotHeld: the database holds no verdict for a position of this many
	// pieces; it holds every ending of at most most pieces (0: not even every
	// ending of two); at is false when no database is at hand.
	NotHeld func(pieces, most int, at bool) string
	// Line: the principal line (its moves in full notation, numbered).
	Line func(moves string) string
	// LineRepetition: the drawn line ends in a threefold repetition;
	// LineGameOver: the winner's last move ends the game (1.12).
	LineRepetition, LineGameOver string
	// SettledTitle heads the director's report's section of the games whose
	// result the database settles in theory, SettledColumn its column of
	// verdicts.
	SettledTitle, SettledColumn string
	// Package is the paragraph of the judge's adjudication package (4.3.2)
	// and of judge show: what the database says (its words).
	Package func(words string) string

	// A player's claim by letter that the database settles his game.
	// ClaimWin and ClaimDraw name what he claims. ClaimUnclear: the claim
	// says neither a win nor a draw; ClaimNotHeld (what the database says:
	// NotHeld's words); ClaimContradicted (the database's words);
	// ClaimToJudge (the database's words): to the claimant, the claim goes to
	// the judge; ClaimPartner (what is claimed, the database's words): to his
	// partner; ClaimJudge (the claimant's name, his side, what he claims, the
	// database's words, the command the judge rules with): to the judge, under
	// the subject of his notices; Ended (the
	// database's words): the game ended at once under endgame_claims = "auto".
	ClaimWin, ClaimDraw, ClaimUnclear string
	ClaimNotHeld                      func(words string) string
	ClaimContradicted                 func(words string) string
	ClaimToJudge                      func(words string) string
	ClaimPartner                      func(claim, words string) string
	ClaimJudge                        func(name, side, claim, words, command string) string
	Ended                             func(words string) string
}

// EndgameCLIText is the command line's words of postald endgame.
type EndgameCLIText struct {
	// The flags.
	Variant, Pieces, Dir, Workers, Memory, ProbeDir, JSON string
	// Want: no command given; Unknown: an unknown command (the word); NoDir:
	// build needs -dir; PiecesRange: -pieces outside 2..7 (what was typed);
	// BadFEN: a line that is no position (its number, the text, why).
	Want, Unknown, NoDir, PiecesRange, BadFEN string
	// Progress of a build. Kept: a pair whose files are sound (the pair);
	// Damaged: a file that fails its checks, built again (the file, why);
	// Loading (pair number, pairs, the pair); Init (pair number, pairs, the
	// pair, positions looked at, of how many, the percentage); Levels (pair
	// number, pairs, the pair, the level); Written (the material, positions,
	// wins, draws, losses, the longest distance in plies, bytes, seconds).
	Kept, Damaged, Loading, Init, Levels, Written string
	// Summary: pairs built, pairs kept, positions solved, seconds, positions
	// a second, bytes written; Stopped: the build was stopped and resumes
	// when run again; NoDatabase: the directory (%s) holds no database of the
	// variant (%s).
	Summary, Stopped, NoDatabase string
}
