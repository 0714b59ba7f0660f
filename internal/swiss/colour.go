package swiss

// allocate gives the colour of a in the pair a–b (a ranked higher in the pairing order),
// by the colour allocation rules (C.04.3 article 5), in their order:
//
//	5.1 (E.1) both colour preferences are granted when they differ (or one has none);
//	5.2 (E.2) otherwise the stronger one is granted: absolute over strong over mild, and of
//	      two absolute ones (topscorers in the last round) the wider colour difference;
//	5.3 (E.3) otherwise the colours alternate from the most recent round in which the two
//	      had different colours (rounds without a game played are skipped, C.04.2);
//	5.4 (E.4) otherwise the higher-ranked player's preference is granted;
//	5.5 (E.5) otherwise the higher-ranked player gets the initial colour when his pairing
//	      number is odd, the other colour when it is even.
//
// The pairing number 5.5 reads is the player's place in pairing-number order among the
// players who are paired in this round or were paired in a round before (a game, a
// forfeit, the pairing-allocated bye), as the FIDE-endorsed engines count it: in round 1,
// with player 5 absent, player 6 is fifth and takes the initial colour; a player absent
// now who played before still counts.
func allocate(a, b *state, initial Colour) Colour {
	if initial == NoColour {
		initial = White
	}
	if a.pref != b.pref || a.pref == NoColour || b.pref == NoColour {
		switch {
		case a.pref != NoColour:
			return a.pref
		case b.pref != NoColour:
			return -b.pref
		}
		if a.seq%2 == 0 {
			return initial
		}
		return -initial
	}
	switch {
	case a.absolute && (!b.absolute || absDiff(a.cd) > absDiff(b.cd)):
		return a.pref
	case b.absolute && (!a.absolute || absDiff(b.cd) > absDiff(a.cd)):
		return -b.pref
	case a.strong && !b.strong && !b.absolute:
		return a.pref
	case b.strong && !a.strong && !a.absolute:
		return -b.pref
	}
	for i, j := len(a.last)-1, len(b.last)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if a.last[i] != b.last[j] {
			return -a.last[i]
		}
	}
	return a.pref
}
