package referee

// Regulation is a tournament's own settings of the correspondence rules: the `[regulation]`
// table of a start sheet. The seed breaks off inside clause 4.3.3 and clause 4.1.3 leaves e-mail
// play to each tournament's regulation, so every number the referee applies comes from here.
// The zero value of a field means "not set"; WithDefaults fills the defaults.
type Regulation struct {
	ControlMoves     int      `toml:"control_moves" json:"control_moves"`         // 4.3.1: 10
	ControlDays      int      `toml:"control_days" json:"control_days"`           // 4.3.1: 50
	PenaltyDays      int      `toml:"penalty_days" json:"penalty_days"`           // 4.2.11: 6
	Zone             string   `toml:"zone" json:"zone"`                           // IANA zone whose calendar counts: Europe/Moscow
	Overstep         string   `toml:"overstep" json:"overstep"`                   // "judge" (propose a loss) or "forfeit" (automatic)
	Reminders        []int    `toml:"reminders" json:"reminders"`                 // days before a control deadline: 7, 1
	SilenceDays      int      `toml:"silence_days" json:"silence_days"`           // no letter from the player on move: 30
	LeaveDays        int      `toml:"leave_days" json:"leave_days"`               // leave per player per tournament: 30
	AdjudicationDays int      `toml:"adjudication_days" json:"adjudication_days"` // after the end date: 10
	ProtestDays      int      `toml:"protest_days" json:"protest_days"`           // 4.1.12: 10
	Scoring          string   `toml:"scoring" json:"scoring"`                     // "1-0.5-0" or "2-1-0" (seed 003, 1.12)
	Tiebreaks        []string `toml:"tiebreaks" json:"tiebreaks"`                 // seed 003, 1.13
	// PostDays are the days a card takes by post, each way (4.1.1, 4.2.1: play by post): a
	// postal player's clock runs from post_days after his card was posted, and his silence is an
	// overstep only post_days after his last day. 0, the default, counts no travel.
	PostDays int `toml:"post_days" json:"post_days,omitempty"`
	// EndgameClaims is what becomes of a player's claim that the endgame database settles his
	// game («позиция в базе окончаний: выигрыш», "tablebase win claim"): "judge" (the default)
	// sends it to the judge with the database's verdict; "auto" ends the game at once with the
	// verdict under the rules when that verdict has one meaning (endgame.go).
	EndgameClaims string `toml:"endgame_claims" json:"endgame_claims,omitempty"`
	// The counting draw rules of 2.6 the endgame verdicts are checked against, in moves: the
	// endings against a lone king (5), five kings against two (50), kings only (25). The seeds'
	// numbers by default; a regulation may set its own.
	LoneKingMoves  int `toml:"lone_king_moves" json:"lone_king_moves,omitempty"`
	FiveKingsMoves int `toml:"five_kings_moves" json:"five_kings_moves,omitempty"`
	KingsOnlyMoves int `toml:"kings_only_moves" json:"kings_only_moves,omitempty"`
}

// Endgame claim policies.
const (
	EndgameClaimsJudge = "judge" // the claim goes to the judge with the database's verdict
	EndgameClaimsAuto  = "auto"  // the game ends at once with the verdict under the rules
)

// Overstep policies.
const (
	OverstepJudge   = "judge"   // postald records the overstep and proposes a loss; the judge confirms (4.1.7)
	OverstepForfeit = "forfeit" // the loss is recorded at once
)

// DefaultRegulation returns the defaults of the correspondence rules (see WithDefaults).
func DefaultRegulation() Regulation { return Regulation{}.WithDefaults() }

// WithDefaults returns r with every unset field given its default.
func (r Regulation) WithDefaults() Regulation {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&r.ControlMoves, 10) // 4.3.1: 50 days for every 10 moves
	def(&r.ControlDays, 50)  // 4.3.1
	def(&r.PenaltyDays, 6)   // 4.2.11
	def(&r.SilenceDays, 30)
	def(&r.LeaveDays, 30)
	def(&r.AdjudicationDays, 10)
	def(&r.ProtestDays, 10) // 4.1.12
	if r.Zone == "" {
		r.Zone = "Europe/Moscow"
	}
	if r.Overstep == "" {
		r.Overstep = OverstepJudge
	}
	if r.Reminders == nil {
		r.Reminders = []int{7, 1}
	}
	if r.Scoring == "" {
		r.Scoring = "1-0.5-0" // seed 003, 1.12.1
	}
	if r.EndgameClaims == "" {
		r.EndgameClaims = EndgameClaimsJudge
	}
	def(&r.LoneKingMoves, 5)   // 2.6
	def(&r.FiveKingsMoves, 50) // 2.6
	def(&r.KingsOnlyMoves, 25) // 2.6
	if r.Tiebreaks == nil {
		r.Tiebreaks = []string{"sonneborn-berger", "wins", "head-to-head"} // seed 003, 1.13
	}
	return r
}
