package phrase

import (
	"regexp"
	"strings"
)

// SheetText words what is wrong in a start sheet or a results file (package tournament's
// problems), for the command line that reads it: the key where it is, as the file writes it,
// with the words around it (player 3 (number 3).email), and what is wrong.
type SheetText struct {
	// Fault returns this language's format of a fault whose English format is english (the
	// format package tournament writes it with, its verbs in the same order); english itself
	// when the book has none. Said words English words a fault's format takes as a value (what
	// a count of 0 would mean) the same way.
	Fault func(english string) string
	// Where words the place of a fault: "player 3 (number 3).email" → «игрок 3 (номер 3).email».
	Where func(where string) string
}

var enSheet = SheetText{
	Fault: func(english string) string { return english },
	Where: func(where string) string { return where },
}

var ruSheet = SheetText{
	Fault: func(english string) string {
		if f, ok := ruFaults[english]; ok {
			return f
		}
		return english
	},
	Where: ruWhere,
}

// ruWherePart are the words of a fault's place in Russian: the tables a file lists, each with
// its position in the file.
var ruWherePart = strings.NewReplacer("player ", "игрок ", "(number ", "(номер ", "team ", "команда ", "game ", "партия ", "bye ", "свободный тур ")

// wherePrefix is the part of a place before its key: "player 3 (number 3)", "game 2 (1-3)".
var wherePrefix = regexp.MustCompile(`^(player|team|game|bye) [0-9]+( \([^)]*\))?`)

func ruWhere(where string) string {
	if m := wherePrefix.FindString(where); m != "" {
		return ruWherePart.Replace(m) + where[len(m):]
	}
	return where
}

// RuFaults lists the English formats of the faults the Russian book words, for the test that
// holds package tournament's faults to it.
func RuFaults() []string {
	out := make([]string, 0, len(ruFaults))
	for k := range ruFaults {
		out = append(out, k)
	}
	return out
}
