package reading

import (
	"fmt"
	"strings"

	"postald/internal/config"
	"postald/internal/phrase"
	"postald/internal/store"
)

// Unnamed is the refusal of a command that needs one tournament and was not given one the store
// can tell: the store holds none or several, or a game name several tournaments hold. Its text
// asks for the tournament in the language every tournament concerned speaks — a Russian judge
// of a store of Russian tournaments reads Russian whatever the server's locale — and in the
// command line's default language when they speak several or there is none. It matches
// ErrBadRequest.
type Unnamed struct{ Text string }

func (e *Unnamed) Error() string        { return e.Text }
func (e *Unnamed) Is(target error) bool { return target == ErrBadRequest }

// UnnamedIn words the refusal about the tournaments codes with word, in their shared language.
func UnnamedIn(tx *store.Tx, codes []string, word func(x *phrase.CLIErrors) string) error {
	return &Unnamed{Text: word(&phrase.For(sharedLanguage(tx, codes)).CLI.Errors)}
}

// sharedLanguage is the language every tournament of codes speaks; the command line's default
// when they speak several, there are none, or one cannot be read.
func sharedLanguage(tx *store.Tx, codes []string) string {
	lang := ""
	for _, code := range codes {
		raw, err := tx.Tournament(code)
		if err != nil {
			return config.DefaultCLILanguage
		}
		sh, err := SheetOf(raw)
		if err != nil || lang != "" && sh.Language != lang {
			return config.DefaultCLILanguage
		}
		lang = sh.Language
	}
	if lang == "" {
		return config.DefaultCLILanguage
	}
	return lang
}

// gameInSeveral is the refusal of a game name that the tournaments of ids all hold.
func gameInSeveral(tx *store.Tx, name string, ids []store.GameID) error {
	var codes []string
	for _, id := range ids {
		codes = append(codes, id.Tournament)
	}
	return UnnamedIn(tx, codes, func(x *phrase.CLIErrors) string {
		return fmt.Sprintf(x.GameInSeveral, name, strings.Join(codes, ", "), codes[0]+"/"+name)
	})
}
