package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"postald/internal/reading"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"postald/internal/daysclock"
	"postald/internal/office"
	"postald/internal/pdf"
	"postald/internal/phrase"
	"postald/internal/referee"
	"postald/internal/store"
)

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
	tx := env.text()
	fs := newFlagSet(env, "card")
	game := fs.String("game", "", tx.Flags.CardGame)
	from := fs.String("from", "", tx.Flags.CardFrom)
	postmark := fs.String("postmark", "", tx.Flags.Postmark)
	received := fs.String("received", "", tx.Flags.Received)
	registered := fs.Bool("registered", false, tx.Flags.Registered)
	phone := fs.Bool("phone", false, tx.Flags.Phone)
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
	if req.Postmark, err = optionalDate(tx, "-postmark", *postmark); err != nil {
		return nil, err
	}
	if req.Received, err = optionalDate(tx, "-received", *received); err != nil {
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
	return &storeCall{req: req, failed: "postald card", print: printing(func(w io.Writer, c *office.CardEntered) error {
		printCard(w, tournamentText(tx, c.Language), c)
		return nil
	})}, nil
}

// printCard tells the captain what postald made of his card, in the words of its tournament gx.
func printCard(w io.Writer, gx *phrase.CLIText, c *office.CardEntered) {
	x, words := &gx.Cards, &gx.Words
	if !c.Entered {
		when := c.Previous // a daemon older than this command
		if !c.PreviousAt.IsZero() {
			when = gx.Date(dayOf(c.PreviousAt)) + c.PreviousAt.Format(" 15:04") // as the reader writes a date
		}
		fmt.Fprintf(w, x.Again+"\n", words.Side(string(c.Side)), c.Game.Game, when, words.Verdict(c.Verdict))
		return
	}
	via := bookOf(gx).Channels.Move(string(c.Via))
	fmt.Fprintf(w, x.Entered, c.Game, words.Side(string(c.Side)), via, gx.Date(c.Sent), words.Source(string(c.Source)), words.Verdict(c.Verdict))
	if c.Clauses != "" {
		fmt.Fprintf(w, x.Clauses, clauses(gx, c.Clauses))
	}
	receipt := c.Receipt
	if r := c.ReceiptOf; r != nil { // the receipt as the tournament's letters write it
		receipt = office.ReceiptText(bookOf(gx).Lang, r.Chain, r.Seq, r.Move, r.SHA256)
	}
	fmt.Fprintf(w, "\n"+x.Receipt+"\n%s\n", receipt, x.Queued(c.Letters, c.Cards))
}

// optionalDate reads a date flag; "" is the zero date.
func optionalDate(tx *phrase.CLIText, flag, s string) (daysclock.Date, error) {
	if s == "" {
		return daysclock.Date{}, nil
	}
	d, err := daysclock.ParseDate(s)
	if err != nil {
		return d, fmt.Errorf(tx.Errors.DateFlag, flag, s)
	}
	return d, nil
}

// gameName names the game a card is about, or its tournament alone for a card about no game
// (a start letter): "ЗК-1/1-2", "ЗК-1".
func gameName(id store.GameID) string {
	if id.Game == "" {
		return id.Tournament
	}
	return id.Key()
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
	tx := env.text()
	fs := newFlagSet(env, "cards")
	code := fs.String("tournament", "", tx.Flags.CardsTournament)
	asJSON := fs.Bool("json", false, tx.Flags.CardsJSON)
	dir := fs.String("print", "", tx.Flags.Print)
	posted := fs.String("posted", "", tx.Flags.Posted)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return nil, err
	}
	on, err := optionalDate(tx, "-posted", *posted)
	if err != nil {
		return nil, err
	}
	if !on.IsZero() && *dir == "" && fs.NArg() == 0 {
		// Cards written since the captain printed his are in the list too: recording them all
		// would start clocks on cards nobody posted.
		return nil, fmt.Errorf(tx.Errors.PostedNeeds, on)
	}
	only := map[uint64]bool{}
	for _, a := range fs.Args() {
		n, err := strconv.ParseUint(strings.TrimPrefix(a, "#"), 10, 64)
		if err != nil || n == 0 {
			return nil, fmt.Errorf(tx.Errors.CardNumber, a)
		}
		only[n] = true
	}
	var chosen []reading.Card
	// The cards that cannot be printed, named with why: the others print (and, with -posted,
	// are recorded), and the command ends with a failure that names them again.
	var unprinted []reading.CardFault
	notPrinted := func() error {
		if len(unprinted) == 0 {
			return nil
		}
		var seqs []string
		for _, f := range unprinted {
			seqs = append(seqs, "#"+strconv.FormatUint(f.Seq, 10))
		}
		return errors.New(tx.Cards.Unprinted(len(unprinted), strings.Join(seqs, ", ")))
	}
	list := &storeCall{req: reading.CardsRequest{Tournament: *code}, failed: "postald cards", readOnly: on.IsZero(),
		print: printing(func(w io.Writer, rep *reading.CardsReply) error {
			for _, c := range rep.Cards {
				// A card chosen takes the notices that ride with it; one that rides is chosen
				// alone only by its number.
				// The list alone shows every card, those that wait to ride too.
				listing := *dir == "" && on.IsZero()
				if len(only) == 0 && (!c.Rides || c.With != 0 || listing) || only[c.Seq] || c.Rides && only[c.With] {
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
				cols := columnsOf(chosen, unprinted, nil)
				printed, faults, err := printCards(w, tx, cols, *dir, chosen, now())
				if err != nil {
					return err
				}
				chosen, unprinted = printed, append(unprinted, faults...)
				writeUnprinted(w, tx, cols, unprinted)
				if on.IsZero() || len(chosen) == 0 {
					return notPrinted()
				}
				return nil // the printed cards are recorded as posted, then the command fails
			}
			cols := columnsOf(chosen, unprinted, bookOf(tx).Channels.Move)
			writeCards(w, tx, cols, chosen)
			writeUnprinted(w, tx, cols, unprinted)
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
				fmt.Fprintln(w, tx.Cards.Posted(p.Posted, on))
				if len(p.Started) == 0 {
					for _, c := range p.Clocks { // a daemon older than this command
						fmt.Fprintf(w, "  %s\n", c)
					}
				}
				for _, c := range p.Started {
					gx := tournamentText(tx, c.Language)
					fmt.Fprintf(w, gx.Cards.Clock+"\n", gameName(c.Game), gx.Words.Side(string(c.Side)), gx.Date(c.From))
				}
				return notPrinted()
			})}
	}
	return list, nil
}

// withoutLegend drops the picture's legend from the text of a notice printed without its
// picture (it rides on another card).
func withoutLegend(text, lang string) string {
	legend := phrase.For(lang).Picture.ToMove
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) != legend {
			out = append(out, l)
		}
	}
	return strings.TrimRight(strings.Join(out, "\n"), "\n") + "\n"
}

// writeCards lists the cards for the captain: a card's address, a call's number, and the text to
// copy or read out.
func writeCards(w io.Writer, tx *phrase.CLIText, cols cardColumns, cards []reading.Card) {
	x := &tx.Cards
	if len(cards) == 0 {
		fmt.Fprintln(w, x.None)
		return
	}
	channels := &bookOf(tx).Channels
	listed := map[uint64]bool{}
	for _, c := range cards {
		listed[c.Seq] = true
	}
	for _, c := range cards {
		if c.Rides && listed[c.With] {
			continue // listed under the card it rides with
		}
		if c.Rides {
			fmt.Fprintf(w, x.Waits+"\n", cols.seqOf(c.Seq), cols.gameOf(c.Game), c.Player, termLine(c.Name), termLine(c.Subject))
			continue
		}
		fmt.Fprintf(w, x.Item, cols.seqOf(c.Seq), cols.gameOf(c.Game), cols.wayOf(channels.Move(c.Channel)), c.Player, termLine(c.Name))
		if c.Channel == string(referee.ChannelPhone) {
			fmt.Fprintf(w, x.Call, termLine(c.Phone))
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
		for _, r := range cards {
			if r.Rides && r.With == c.Seq {
				fmt.Fprintf(w, x.RidesWith+"\n", r.Seq, termLine(r.Subject))
				if c.Channel == string(referee.ChannelPhone) {
					for _, l := range strings.Split(strings.TrimRight(r.Text, "\n"), "\n") {
						fmt.Fprintf(w, "    | %s\n", termLine(l))
					}
				}
			}
		}
	}
}

// writeUnprinted names the cards that cannot be printed, with why; cols are the columns of
// the list they were printed from.
func writeUnprinted(w io.Writer, tx *phrase.CLIText, cols cardColumns, faults []reading.CardFault) {
	for _, f := range faults {
		fmt.Fprintf(w, tx.Cards.NotPrinted+"\n", cols.seqOf(f.Seq), cols.gameOf(f.Game), termLine(f.Why))
	}
}

// cardColumns lines up the rows of a list of cards: the numbers, the games and the ways (card,
// call) padded to the widest of the list, so that each column starts at one place in every
// row however wide its number or game (#9 beside #10, ЗК-1 beside ЗК-1/3-1).
type cardColumns struct{ seq, game, way int }

// columnsOf measures the columns of cards and of the cards that could not be printed, listed
// with them (faults); way names a card's channel (nil: no way column).
func columnsOf(cards []reading.Card, faults []reading.CardFault, way func(string) string) cardColumns {
	var c cardColumns
	widen := func(seq uint64, game store.GameID) {
		c.seq = max(c.seq, len(strconv.FormatUint(seq, 10)))
		c.game = max(c.game, utf8.RuneCountInString(gameName(game)))
	}
	for _, card := range cards {
		widen(card.Seq, card.Game)
		if way != nil {
			c.way = max(c.way, utf8.RuneCountInString(way(card.Channel)))
		}
	}
	for _, f := range faults {
		widen(f.Seq, f.Game)
	}
	return c
}

func (c cardColumns) seqOf(n uint64) string        { return padded(strconv.FormatUint(n, 10), c.seq) }
func (c cardColumns) gameOf(g store.GameID) string { return padded(gameName(g), c.game) }
func (c cardColumns) wayOf(w string) string        { return padded(w, c.way) }

// padded is s followed by the spaces that make it width characters wide.
func padded(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

// printCards writes each card to post as a PDF in dir, and all those it could print in
// cards.pdf; a call is not printed. A card that cannot be printed (an address block the window
// cannot show) never stops the others: it is returned with why, and left out of cards.pdf.
// printed are the cards written, and the calls; err is a failure to write the files.
func printCards(w io.Writer, tx *phrase.CLIText, cols cardColumns, dir string, cards []reading.Card, now time.Time) (printed []reading.Card, faults []reading.CardFault, err error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, nil, err
	}
	x := &tx.Cards
	var all []pdf.Card
	var labels func(page, pages int) string
	chosen := map[uint64]bool{}
	for _, c := range cards {
		chosen[c.Seq] = true
	}
	for _, c := range cards {
		if c.Channel == string(referee.ChannelPhone) {
			printed = append(printed, c) // a call is made, not printed: -posted records it as listed
			continue
		}
		if c.Rides && chosen[c.With] {
			continue // printed in the envelope of the card it rides with, below
		}
		pc := pdf.Card{From: c.From, To: append([]string{c.Name}, c.Address...), Text: c.Text, Picture: c.Picture,
			Title: c.Subject}
		var riders []reading.Card
		for _, r := range cards {
			if r.Rides && r.With == c.Seq && r.Seq != c.Seq {
				// The notice rides on the same card: its text after the card's, without its
				// picture (the card's own shows the position).
				pc.Text = strings.TrimRight(pc.Text, "\n") + "\n\n" + fmt.Sprintf(x.Rider, r.Subject) + "\n\n" + withoutLegend(r.Text, r.Language)
				riders = append(riders, r)
			}
		}
		doc := pdf.Document{Created: now, Cards: []pdf.Card{pc}, PageLabel: phrase.For(c.Language).Office.PageLabel}
		var b bytes.Buffer
		if err := pdf.Write(&b, doc); err != nil {
			faults = append(faults, reading.CardFault{Seq: c.Seq, Game: c.Game, Why: fmt.Sprintf(x.Fault, c.Name, err)})
			continue
		}
		labels = doc.PageLabel
		name := filepath.Join(dir, fmt.Sprintf("card-%d.pdf", c.Seq))
		if err := os.WriteFile(name, b.Bytes(), 0o640); err != nil {
			return printed, faults, err
		}
		fmt.Fprintf(w, x.Printed+"\n", cols.seqOf(c.Seq), cols.gameOf(c.Game), termLine(c.Name), name)
		for _, r := range riders {
			fmt.Fprintf(w, x.RidesWith+"\n", r.Seq, termLine(r.Subject))
		}
		all = append(all, pc)
		printed = append(printed, c)
		printed = append(printed, riders...)
	}
	if len(all) == 0 {
		if len(faults) == 0 {
			fmt.Fprintln(w, x.NonePrinted)
		}
		return printed, faults, nil
	}
	var b bytes.Buffer
	if err := pdf.Write(&b, pdf.Document{Title: x.PDFTitle, Created: now, Cards: all, PageLabel: labels}); err != nil {
		return printed, faults, err
	}
	name := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(name, b.Bytes(), 0o640); err != nil {
		return printed, faults, err
	}
	fmt.Fprintln(w, x.All(len(all), name))
	return printed, faults, nil
}
