package reading

// The read desk's list of the cards and calls waiting for the captain: what `postald cards`
// prints and posts. Entering a card and recording a posting are the work desk's (cards.go).

import (
	"fmt"
	"strings"
	"time"

	"postald/internal/mailwrite"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// CardsRequest: `postald cards`, the cards and calls waiting for the captain (of one tournament
// when Tournament is set).
type CardsRequest struct {
	Tournament string `json:"tournament,omitempty"`
}

func (CardsRequest) Name() string { return "cards" }

func (CardsRequest) Changes() bool { return false }

func (c CardsRequest) Read(d *Desk) (any, error) {
	if err := d.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(d.cards(c))
}

// CardsReply lists them in the order they were written.
type CardsReply struct {
	Cards []Card `json:"cards"`
	// Unreadable are the cards of the outbox that cannot be read back to print (a card's letter
	// or its tournament's sheet that cannot be read): named with why, while the others are listed.
	Unreadable []CardFault `json:"unreadable,omitempty"`
}

// SpokenIn is the language of the tournaments whose cards the reply lists: the one they share,
// "" when they are of several.
func (r *CardsReply) SpokenIn() string {
	lang := ""
	for i, c := range r.Cards {
		if i > 0 && c.Tongue != lang {
			return ""
		}
		lang = c.Tongue
	}
	return lang
}

// CardFault is a card that cannot be listed or printed, and why.
type CardFault struct {
	Seq  uint64       `json:"seq"`
	Game store.GameID `json:"game"`
	Why  string       `json:"why"`
}

// Card is one card to post or call to make: where it goes and what it says.
type Card struct {
	Seq      uint64       `json:"seq"`
	Game     store.GameID `json:"game"`
	Channel  string       `json:"channel"` // post | phone
	Player   int          `json:"player"`
	Name     string       `json:"name"`
	Address  []string     `json:"address,omitempty"`
	Phone    string       `json:"phone,omitempty"`
	Subject  string       `json:"subject"`
	Text     string       `json:"text"`
	Picture  []byte       `json:"picture,omitempty"` // the diagram, PNG, when the letter shows a position
	Written  time.Time    `json:"written"`
	From     []string     `json:"from"` // the sender block: the tournament and the captain's address
	Language string       `json:"language"`
	// Tongue is the language of the card's tournament, which the captain's command speaks.
	Tongue string `json:"tournament_language,omitempty"`
	// Rides: a notice that asks nothing of its reader (an acknowledgement, a leave), posted in
	// the envelope of the next card to him: With is that card's number, 0 while none waits.
	Rides bool   `json:"rides,omitempty"`
	With  uint64 `json:"with,omitempty"`
}

// cards lists the cards and calls waiting for the captain.
func (d *Desk) cards(req CardsRequest) (*CardsReply, error) {
	rep := &CardsReply{Cards: []Card{}}
	err := d.Store.View(func(tx *store.Tx) error {
		items, err := tx.Cards()
		if err != nil {
			return err
		}
		for _, it := range items {
			if req.Tournament != "" && it.Game.Tournament != req.Tournament {
				continue
			}
			c, err := d.cardOf(tx, it)
			if err != nil {
				// One card that cannot be read never keeps the captain from the others.
				rep.Unreadable = append(rep.Unreadable, CardFault{Seq: it.Seq, Game: it.Game, Why: err.Error()})
				continue
			}
			rep.Cards = append(rep.Cards, c)
		}
		ridesWith(rep.Cards)
		// A notice waits to ride only while a card may still come: once none of its reader's
		// games is in play, it goes alone.
		for i, c := range rep.Cards {
			if c.Rides && c.With == 0 {
				playing, err := playerInPlay(tx, c.Game.Tournament, c.Player)
				if err != nil {
					return err
				}
				rep.Cards[i].Rides = playing
			}
		}
		return nil
	})
	return rep, err
}

// playerInPlay reports whether player number has a game of tournament code in play.
func playerInPlay(tx *store.Tx, code string, number int) (bool, error) {
	ids, err := tx.Games(code)
	if err != nil {
		return false, err
	}
	for _, id := range ids {
		w, b, err := tournament.ParseGameName(id.Game)
		if err != nil || w != number && b != number {
			continue
		}
		if st, err := tx.GameStatus(id); err != nil {
			return false, err
		} else if st == referee.StatusPlaying {
			return true, nil
		}
	}
	return false, nil
}

// ridesWith gives every card that rides the card it goes with: the first card to the same
// player of the same tournament that does not ride itself.
func ridesWith(cards []Card) {
	for i := range cards {
		if !cards[i].Rides {
			continue
		}
		for _, m := range cards {
			if !m.Rides && m.Game.Tournament == cards[i].Game.Tournament && m.Player == cards[i].Player && m.Channel == cards[i].Channel {
				cards[i].With = m.Seq
				break
			}
		}
	}
}

// cardOf reads an outbox card back as the captain prints it.
func (d *Desk) cardOf(tx *store.Tx, it store.OutboxItem) (Card, error) {
	w, err := mailwrite.Read(it.Raw)
	if err != nil {
		return Card{}, fmt.Errorf("card %d: %w", it.Seq, err)
	}
	c := Card{Seq: it.Seq, Game: it.Game, Channel: it.Card.Channel, Player: it.Card.Player, Name: it.Card.Name,
		Address: it.Card.Address, Phone: it.Card.Phone, Subject: w.Subject,
		Text: strings.ReplaceAll(w.Text, "\r\n", "\n"), Picture: w.Picture, Written: it.Enqueued, Rides: it.Card.Rides}
	sh, err := d.Index.Sheet(tx, it.Game.Tournament)
	if err != nil {
		return Card{}, fmt.Errorf("card %d: %w", it.Seq, err)
	}
	c.From = sh.CardSender()
	c.Language, c.Tongue = sh.LanguageOf(it.Card.Player), sh.Language
	return c, nil
}
