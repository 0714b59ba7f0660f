package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/office"
	"postald/internal/pdf"
	"postald/internal/phrase"
	"postald/internal/referee"
)

const cardUsage = `usage: postald card [-config FILE] -game GAME -from SIDE [-postmark YYYY-MM-DD]
                   [-received YYYY-MM-DD] [-registered] [-phone] FILE|-

Enters a card (or, with -phone, a call) of a player by post or telephone, its text as written
on the card or noted from the call, read from FILE or from standard input. postald decides it
exactly like a letter: the same reader, referee, clauses, answers, archive and receipt.
SIDE is white, black or the player's number. -postmark is the date on the card's postmark
(for registered mail, -registered and the date on the post office's receipt; for a call, its
day): the sending date its moves are charged to (4.3.1). Without -postmark (an illegible
postmark) the sending date the player wrote counts. -received is the day the card reached
the captain (default today). Works while the daemon runs (through its control socket) and
when it does not.

examples:
  postald card -game ЗК-1/2-5 -from black -postmark 2026-12-03 -received 2026-12-05 card.txt
  postald card -game 2-5 -from 5 -phone -postmark 2026-12-04 - < call.txt
`

const cardsUsage = `usage: postald cards [-config FILE] [-tournament CODE] [-json]
                    [-print DIR] [-posted YYYY-MM-DD] [SEQ ...]

Lists the cards to post and the calls to make: every letter postald would send to a player by
post or telephone waits here for the captain. -print DIR writes each card as a PDF (and
cards.pdf with all of them) to post in a window envelope. -posted records that the captain
posted these cards (made these calls) on that date, which is their postmark: a card that brings
a player the move he must answer starts his clock then, post_days later for a card (4.3.1).
SEQ, the numbers the list shows, limits -print and -posted to these cards; -posted needs them,
or -print in the same command, so that a card written since the last print is never recorded
as posted.

examples:
  postald cards
  postald cards -print /tmp/cards -posted 2026-12-06
  postald cards -posted 2026-12-06 14 15 17
`

func runCard(_ context.Context, env *cmdEnv, args []string) error {
	call, err := cardCall(env, args)
	if err != nil {
		return err
	}
	return runStoreCall(env, env.config, call)
}

// cardCall makes the call of a postald card command line; the card's text is read from its
// file, or from env's standard input for "-".
func cardCall(env *cmdEnv, args []string) (*storeCall, error) {
	fs := newFlagSet(env, "card")
	game := fs.String("game", "", "the game: TOURNAMENT/W-B, or W-B when one tournament has it")
	from := fs.String("from", "", "whose card: white, black or the player's number")
	postmark := fs.String("postmark", "", "the postmark's date (registered mail: the receipt's; a call: its day)")
	received := fs.String("received", "", "the day the card reached the captain (default today)")
	registered := fs.Bool("registered", false, "registered mail: -postmark is the date on the post office's receipt")
	phone := fs.Bool("phone", false, "a call, not a card")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return nil, err
	}
	if *game == "" || *from == "" || fs.NArg() != 1 {
		fs.Usage()
		return nil, exitError{2}
	}
	req := office.CardRequest{Game: *game, From: *from, Registered: *registered}
	if *phone {
		req.Via = referee.ChannelPhone
	}
	var err error
	if req.Postmark, err = optionalDate("-postmark", *postmark); err != nil {
		return nil, err
	}
	if req.Received, err = optionalDate("-received", *received); err != nil {
		return nil, err
	}
	var text []byte
	if fs.Arg(0) == "-" {
		text, err = io.ReadAll(env.stdin)
	} else {
		text, err = os.ReadFile(fs.Arg(0))
	}
	if err != nil {
		return nil, err
	}
	req.Text = string(text)
	return &storeCall{req: req, failed: "postald card", print: printing(printCard)}, nil
}

// printCard tells the captain what postald made of his card.
func printCard(w io.Writer, c *office.CardEntered) error {
	if !c.Entered {
		fmt.Fprintf(w, "this card of %s in %s was entered before, on %s: %s; nothing changed\n", c.Side, c.Game, c.Previous, c.Verdict)
		return nil
	}
	fmt.Fprintf(w, "%s %s by %s, sent %s (%s): %s", c.Game, c.Side, c.Via, c.Sent, c.Source, c.Verdict)
	if c.Clauses != "" {
		fmt.Fprintf(w, " (%s)", c.Clauses)
	}
	fmt.Fprintf(w, "\nreceipt %s\n%d letters by e-mail, %d cards or calls queued (postald cards)\n", c.Receipt, c.Letters, c.Cards)
	return nil
}

// optionalDate reads a date flag; "" is the zero date.
func optionalDate(flag, s string) (daysclock.Date, error) {
	if s == "" {
		return daysclock.Date{}, nil
	}
	d, err := daysclock.ParseDate(s)
	if err != nil {
		return d, fmt.Errorf("%s %q: want YYYY-MM-DD", flag, s)
	}
	return d, nil
}

func runCards(_ context.Context, env *cmdEnv, args []string) error {
	call, err := cardsCall(env, args, time.Now)
	if err != nil {
		return err
	}
	return runStoreCall(env, env.config, call)
}

// cardsCall makes the calls of a postald cards command line: the list of the cards (printed to
// PDF files with -print), then, with -posted, the record of their posting. Cards are printed
// before their posting is recorded, so that a card that could not be printed is not recorded.
func cardsCall(env *cmdEnv, args []string, now func() time.Time) (*storeCall, error) {
	fs := newFlagSet(env, "cards")
	code := fs.String("tournament", "", "only the cards of this tournament")
	asJSON := fs.Bool("json", false, "print the cards as JSON")
	dir := fs.String("print", "", "write each card as a PDF into this directory")
	posted := fs.String("posted", "", "record that the cards were posted (the calls made) on this date")
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return nil, err
	}
	on, err := optionalDate("-posted", *posted)
	if err != nil {
		return nil, err
	}
	if !on.IsZero() && *dir == "" && fs.NArg() == 0 {
		// Cards written since the captain printed his are in the list too: recording them all
		// would start clocks on cards nobody posted.
		return nil, fmt.Errorf("-posted records the cards named: give their numbers (postald cards -posted %s 14 15), or print and record them in one command with -print DIR", on)
	}
	only := map[uint64]bool{}
	for _, a := range fs.Args() {
		n, err := strconv.ParseUint(strings.TrimPrefix(a, "#"), 10, 64)
		if err != nil || n == 0 {
			return nil, fmt.Errorf("%q: want the number of a card as postald cards lists it", a)
		}
		only[n] = true
	}
	var chosen []office.Card
	// The cards that cannot be printed, named with why: the others print (and, with -posted,
	// are recorded), and the command ends with a failure that names them again.
	var unprinted []office.CardFault
	notPrinted := func() error {
		if len(unprinted) == 0 {
			return nil
		}
		var seqs []string
		for _, f := range unprinted {
			seqs = append(seqs, "#"+strconv.FormatUint(f.Seq, 10))
		}
		return fmt.Errorf("%d cards could not be printed (%s, named above with why): correct what is named and print them again", len(unprinted), strings.Join(seqs, ", "))
	}
	list := &storeCall{req: office.CardsRequest{Tournament: *code}, failed: "postald cards", readOnly: on.IsZero(),
		print: printing(func(w io.Writer, rep *office.CardsReply) error {
			for _, c := range rep.Cards {
				if len(only) == 0 || only[c.Seq] {
					chosen = append(chosen, c)
				}
			}
			for _, f := range rep.Unreadable {
				if len(only) == 0 || only[f.Seq] {
					unprinted = append(unprinted, f)
				}
			}
			switch {
			case *asJSON:
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				return enc.Encode(chosen)
			case *dir != "":
				printed, faults, err := printCards(w, *dir, chosen, now())
				if err != nil {
					return err
				}
				chosen, unprinted = printed, append(unprinted, faults...)
				writeUnprinted(w, unprinted)
				if on.IsZero() || len(chosen) == 0 {
					return notPrinted()
				}
				return nil // the printed cards are recorded as posted, then the command fails
			}
			writeCards(w, chosen)
			writeUnprinted(w, unprinted)
			return notPrinted()
		})}
	if on.IsZero() {
		return list, nil
	}
	list.then = func() *storeCall {
		if len(chosen) == 0 {
			return nil // nothing to record: the list said so
		}
		seqs := make([]uint64, len(chosen))
		for i, c := range chosen {
			seqs[i] = c.Seq
		}
		return &storeCall{req: office.PostRequest{Seqs: seqs, On: on}, failed: "postald cards -posted",
			print: printing(func(w io.Writer, p *office.PostedReply) error {
				fmt.Fprintf(w, "%d cards or calls recorded as posted on %s\n", p.Posted, on)
				for _, c := range p.Clocks {
					fmt.Fprintf(w, "  clock of %s\n", c)
				}
				return notPrinted()
			})}
	}
	return list, nil
}

// writeCards lists the cards for the captain: a card's address, a call's number, and the text to
// copy or read out.
func writeCards(w io.Writer, cards []office.Card) {
	if len(cards) == 0 {
		fmt.Fprintln(w, "no card to post, no call to make")
		return
	}
	for _, c := range cards {
		fmt.Fprintf(w, "#%d  %s  %s  to %d. %s", c.Seq, c.Game, c.Channel, c.Player, termLine(c.Name))
		if c.Channel == string(referee.ChannelPhone) {
			fmt.Fprintf(w, ", call %s", termLine(c.Phone))
		} else {
			fmt.Fprintf(w, ", %s", termLine(strings.Join(c.Address, ", ")))
		}
		fmt.Fprintf(w, "\n    %s\n", termLine(c.Subject))
		if c.Channel == string(referee.ChannelPhone) {
			// A call is read out: its text is listed whole.
			for _, l := range strings.Split(strings.TrimRight(c.Text, "\n"), "\n") {
				fmt.Fprintf(w, "    | %s\n", termLine(l))
			}
		}
	}
}

// writeUnprinted names the cards that cannot be printed, with why.
func writeUnprinted(w io.Writer, faults []office.CardFault) {
	for _, f := range faults {
		fmt.Fprintf(w, "#%d  %s  NOT PRINTED: %s\n", f.Seq, f.Game, termLine(f.Why))
	}
}

// printCards writes each card to post as a PDF in dir, and all those it could print in
// cards.pdf; a call is not printed. A card that cannot be printed (an address block the window
// cannot show) never stops the others: it is returned with why, and left out of cards.pdf.
// printed are the cards written, and the calls; err is a failure to write the files.
func printCards(w io.Writer, dir string, cards []office.Card, now time.Time) (printed []office.Card, faults []office.CardFault, err error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, nil, err
	}
	var all []pdf.Card
	var labels func(page, pages int) string
	for _, c := range cards {
		if c.Channel == string(referee.ChannelPhone) {
			printed = append(printed, c) // a call is made, not printed: -posted records it as listed
			continue
		}
		pc := pdf.Card{From: c.From, To: append([]string{c.Name}, c.Address...), Text: c.Text, Picture: c.Picture,
			Title: c.Subject}
		doc := pdf.Document{Created: now, Cards: []pdf.Card{pc}, PageLabel: phrase.For(c.Language).Office.PageLabel}
		var b bytes.Buffer
		if err := pdf.Write(&b, doc); err != nil {
			faults = append(faults, office.CardFault{Seq: c.Seq, Game: c.Game, Why: fmt.Sprintf("to %s: %v", c.Name, err)})
			continue
		}
		labels = doc.PageLabel
		name := filepath.Join(dir, fmt.Sprintf("card-%d.pdf", c.Seq))
		if err := os.WriteFile(name, b.Bytes(), 0o640); err != nil {
			return printed, faults, err
		}
		fmt.Fprintf(w, "#%d  %s  to %s: %s\n", c.Seq, c.Game, termLine(c.Name), name)
		all = append(all, pc)
		printed = append(printed, c)
	}
	if len(all) == 0 {
		if len(faults) == 0 {
			fmt.Fprintln(w, "no card to print")
		}
		return printed, faults, nil
	}
	var b bytes.Buffer
	if err := pdf.Write(&b, pdf.Document{Title: "postald cards", Created: now, Cards: all, PageLabel: labels}); err != nil {
		return printed, faults, err
	}
	name := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(name, b.Bytes(), 0o640); err != nil {
		return printed, faults, err
	}
	fmt.Fprintf(w, "%d cards in %s\n", len(all), name)
	return printed, faults, nil
}
