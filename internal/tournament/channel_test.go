package tournament

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"postald/internal/referee"
)

// channelSheet is a start sheet of three players whose second is given by the lines player2
// (his number and name included), with the [regulation] lines regulation; the captain has a
// postal address and a telephone number.
func channelSheet(player2, regulation string) string {
	return channelSheetOf(`postal_address = "Турнирный секретарь, а/я 12, Тула"
phone = "+7 4872 00-00-00"`, player2, regulation)
}

// channelSheetOf is channelSheet with the captain's lines captain in [tournament].
func channelSheetOf(captain, player2, regulation string) string {
	return `[tournament]
code = "СТ-2026/1"
name = "Кубок клуба"
variant = "russian"
start = 2026-11-01
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
` + captain + `

[regulation]
` + regulation + `

[[player]]
number = 1
name = "Иванов Иван"
email = "ivanov@mail.example"

[[player]]
number = 2
name = "Петров Пётр"
` + player2 + `

[[player]]
number = 3
name = "Сидоров Сидор"
email = "sidorov@mail.example"
`
}

// TestSheetChannels: a player's channel (4.1.1: by post, by e-mail, by telephone) with the
// address or number it needs, his e-mail address optional by post or telephone, and post_days.
// Every problem names its key.
func TestSheetChannels(t *testing.T) {
	const p2 = "player 2 (number 2)"
	for _, tc := range []struct {
		name       string
		player2    string
		regulation string
		where      []string // the problems' keys; none: the sheet is valid
		want       Player   // player 2 of a valid sheet (Number, Name and Language left out)
		postDays   int
	}{
		{name: "e-mail by default", player2: `email = "petrov@mail.example"`,
			want: Player{Email: "petrov@mail.example", Channel: referee.ChannelEmail}},
		{name: "e-mail named", player2: "channel = \"email\"\nemail = \"petrov@mail.example\"",
			want: Player{Email: "petrov@mail.example", Channel: referee.ChannelEmail}},
		{name: "e-mail without an address", player2: `channel = "email"`, where: []string{p2 + ".email"}},
		{name: "default without an address", player2: ``, where: []string{p2 + ".email"}},
		{name: "by post", player2: "channel = \"post\"\npostal_address = \"ул. Ленина, д. 1, кв. 2, Тула, 300000\"",
			want: Player{Channel: referee.ChannelPost, PostalAddress: []string{"ул. Ленина, д. 1, кв. 2", "Тула", "300000"}}},
		{name: "by post, address on lines", player2: "channel = \"post\"\npostal_address = \"\"\"\nПетрову П.\nул. Ленина, д. 1\n\n300000 Тула\n\"\"\"",
			want: Player{Channel: referee.ChannelPost, PostalAddress: []string{"Петрову П.", "ул. Ленина, д. 1", "300000 Тула"}}},
		{name: "by post with a copy by e-mail", player2: "channel = \"post\"\npostal_address = \"Тула\"\nemail = \"petrov@mail.example\"",
			want: Player{Email: "petrov@mail.example", Channel: referee.ChannelPost, PostalAddress: []string{"Тула"}}},
		{name: "by post without an address", player2: `channel = "post"`, where: []string{p2 + ".postal_address"}},
		{name: "by post, blank address", player2: "channel = \"post\"\npostal_address = \" ,  , \"", where: []string{p2 + ".postal_address"}},
		{name: "by post, blank lines", player2: "channel = \"post\"\npostal_address = \" \\n\\t\\n \"", where: []string{p2 + ".postal_address"}},
		{name: "by post with a phone", player2: "channel = \"post\"\npostal_address = \"Тула\"\nphone = \"+7 900 000-00-00\"", where: []string{p2 + ".phone"}},
		{name: "by post, bad e-mail", player2: "channel = \"post\"\npostal_address = \"Тула\"\nemail = \"petrov at mail\"", where: []string{p2 + ".email"}},
		{name: "by post, e-mail of another player", player2: "channel = \"post\"\npostal_address = \"Тула\"\nemail = \"IVANOV@mail.example\"", where: []string{p2 + ".email"}},
		{name: "by telephone", player2: "channel = \"phone\"\nphone = \" +7 900 000-00-00 \"",
			want: Player{Channel: referee.ChannelPhone, Phone: "+7 900 000-00-00"}},
		{name: "by telephone without a number", player2: `channel = "phone"`, where: []string{p2 + ".phone"}},
		{name: "by telephone, blank number", player2: "channel = \"phone\"\nphone = \"  \"", where: []string{p2 + ".phone"}},
		{name: "by telephone with a postal address", player2: "channel = \"phone\"\nphone = \"112\"\npostal_address = \"Тула\"", where: []string{p2 + ".postal_address"}},
		{name: "e-mail with a phone", player2: "email = \"petrov@mail.example\"\nphone = \"112\"", where: []string{p2 + ".phone"}},
		// A player by e-mail may give his postal address: where a letter his mail returned goes.
		{name: "e-mail with a postal address", player2: "email = \"petrov@mail.example\"\npostal_address = \"Тула\"",
			want: Player{Email: "petrov@mail.example", Channel: referee.ChannelEmail, PostalAddress: []string{"Тула"}}},
		{name: "e-mail with a second address", player2: "email = \"petrov@mail.example\"\nemail2 = \" petrov@home.example \"",
			want: Player{Email: "petrov@mail.example", Channel: referee.ChannelEmail, Email2: "petrov@home.example"}},
		{name: "second address his first", player2: "email = \"petrov@mail.example\"\nemail2 = \"PETROV@mail.example\"", where: []string{p2 + ".email2"}},
		{name: "second address another player's", player2: "email = \"petrov@mail.example\"\nemail2 = \"ivanov@mail.example\"", where: []string{p2 + ".email2"}},
		{name: "second address the tournament's", player2: "email = \"petrov@mail.example\"\nemail2 = \"moves@club.example\"", where: []string{p2 + ".email2"}},
		{name: "second address no address", player2: "email = \"petrov@mail.example\"\nemail2 = \"petrov at home\"", where: []string{p2 + ".email2"}},
		{name: "unknown channel", player2: "channel = \"fax\"\nemail = \"petrov@mail.example\"", where: []string{p2 + ".channel"}},
		{name: "channel in capitals", player2: "channel = \"Post\"\npostal_address = \"Тула\"", where: []string{p2 + ".channel"}},
		{name: "everything wrong at once", player2: "channel = \"post\"\nphone = \"112\"\nemail = \"x\"",
			where: []string{p2 + ".postal_address", p2 + ".phone", p2 + ".email"}},

		{name: "post_days", player2: `email = "petrov@mail.example"`, regulation: "post_days = 3", postDays: 3,
			want: Player{Email: "petrov@mail.example", Channel: referee.ChannelEmail}},
		// 0 is post_days' default (no travel counted), not a count that would silently take
		// another default: an explicit 0 is accepted.
		{name: "post_days 0", player2: `email = "petrov@mail.example"`, regulation: "post_days = 0",
			want: Player{Email: "petrov@mail.example", Channel: referee.ChannelEmail}},
		{name: "post_days negative", player2: `email = "petrov@mail.example"`, regulation: "post_days = -1", where: []string{"regulation.post_days"}},
		// An explicit 0 is refused for the other counts.
		{name: "penalty_days 0", player2: `email = "petrov@mail.example"`, regulation: "penalty_days = 0", where: []string{"regulation.penalty_days"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseSheet([]byte(channelSheet(tc.player2, tc.regulation)))
			if len(tc.where) > 0 {
				var inv *InvalidError
				if !errors.As(err, &inv) {
					t.Fatalf("ParseSheet = %v; want an *InvalidError naming %q", err, tc.where)
				}
				var where []string
				for _, p := range inv.Problems {
					where = append(where, p.Where)
				}
				if diff := cmp.Diff(tc.where, where); diff != "" {
					t.Errorf("problems (-want +got):\n%s\nerror: %v", diff, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := s.Players[1]
			got.Number, got.Name, got.Language = 0, "", ""
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("player 2 (-want +got):\n%s", diff)
			}
			if s.Regulation.PostDays != tc.postDays {
				t.Errorf("post_days %d, want %d", s.Regulation.PostDays, tc.postDays)
			}
			// The referee seats him with his channel ("" for e-mail) and his address.
			seat, ok := s.Seat(2)
			wantSeat := referee.Player{Number: 2, Name: "Петров Пётр", Email: tc.want.Email}
			if tc.want.Channel != referee.ChannelEmail {
				wantSeat.Channel = tc.want.Channel
			}
			if !ok || !cmp.Equal(seat, wantSeat) {
				t.Errorf("Seat(2) = %+v, %v; want %+v", seat, ok, wantSeat)
			}
		})
	}
}

// TestSheetPlayersWithoutAddress: players by post or telephone without e-mail addresses share
// no address, and no letter without an address is taken for theirs.
func TestSheetPlayersWithoutAddress(t *testing.T) {
	src := channelSheet("channel = \"post\"\npostal_address = \"Тула\"", "")
	src = strings.Replace(src, `email = "sidorov@mail.example"`, "channel = \"phone\"\nphone = \"112\"", 1)
	s, err := ParseSheet([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range []string{"", " "} {
		if p, ok := s.PlayerByEmail(addr); ok {
			t.Errorf("PlayerByEmail(%q) = player %d", addr, p.Number)
		}
	}
	if p, ok := s.PlayerByEmail("Ivanov@Mail.Example"); !ok || p.Number != 1 {
		t.Errorf("PlayerByEmail(ivanov) = %+v, %v", p, ok)
	}
}

// TestSheetCaptain: players by post send their cards to the captain's postal address, players
// by telephone call his number (4.2.1): each is required once a player plays that way, named
// by its key, and not required otherwise.
func TestSheetCaptain(t *testing.T) {
	for _, tc := range []struct {
		name, captain, player2 string
		where                  []string
	}{
		{"by e-mail, no captain's address", "", `email = "petrov@mail.example"`, nil},
		{"by post, no captain's address", `phone = "+7 4872 00-00-00"`, "channel = \"post\"\npostal_address = \"Калуга\"", []string{"tournament.postal_address"}},
		{"by phone, no captain's number", `postal_address = "Тула"`, "channel = \"phone\"\nphone = \"+7 900\"", []string{"tournament.phone"}},
		{"by post, the captain's address given", `postal_address = "а/я 12, Тула"`, "channel = \"post\"\npostal_address = \"Калуга\"", nil},
	} {
		_, err := ParseSheet([]byte(channelSheetOf(tc.captain, tc.player2, "")))
		var got []string
		var inv *InvalidError
		if errors.As(err, &inv) {
			for _, p := range inv.Problems {
				got = append(got, p.Where)
			}
		} else if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if diff := cmp.Diff(tc.where, got); diff != "" {
			t.Errorf("%s: problems (-want +got):\n%s", tc.name, diff)
		}
	}
}
