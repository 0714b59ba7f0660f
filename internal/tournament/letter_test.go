package tournament

import (
	"fmt"
	"strings"
	"testing"

	"postald/internal/golden"
)

func letterText(l Letter) string {
	return "To: " + l.To + "\nSubject: " + l.Subject + "\n\n" + l.Body
}

func TestStartLetters(t *testing.T) {
	ru, err := ParseSheet([]byte(readSheet(t)))
	if err != nil {
		t.Fatal(err)
	}
	enSrc := strings.NewReplacer(`language = "ru"`, `language = "en"`, `variant = "column"`, `variant = "international"`,
		`rounds = 1`, `rounds = 2`, `penalty_days = 6`, `penalty_days = 10`).Replace(readSheet(t))
	en, err := ParseSheet([]byte(enSrc))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		sheet  *Sheet
		number int
		golden string
	}{
		{ru, 1, "start.ru.1.golden"},
		{ru, 4, "start.ru.4.golden"},
		{en, 3, "start.en.3.golden"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			l, err := tc.sheet.StartLetter(tc.number)
			if err != nil {
				t.Fatal(err)
			}
			golden.Text(t, "testdata/"+tc.golden, letterText(l))
		})
	}
	if _, err := ru.StartLetter(5); err == nil {
		t.Error("StartLetter(5) of a 4-player sheet: no error")
	}
	all := ru.StartLetters()
	if len(all) != 4 {
		t.Fatalf("%d letters, want 4", len(all))
	}
	for i, l := range all {
		if l.To != ru.Players[i].Email {
			t.Errorf("letter %d to %s, want %s", i, l.To, ru.Players[i].Email)
		}
		// Every game of the player, with the partner's address.
		for _, g := range ru.GamesOf(i + 1) {
			partner := g.White
			if partner == i+1 {
				partner = g.Black
			}
			line := fmt.Sprintf("- партия %s: ", g.Name)
			if !strings.Contains(l.Body, line) || !strings.Contains(l.Body, "<"+ru.Players[partner-1].Email+">") {
				t.Errorf("letter to %d lacks game %s with %s", i+1, g.Name, ru.Players[partner-1].Email)
			}
		}
	}
}

func TestSubject(t *testing.T) {
	s := &Sheet{Code: "СТ-2026/1", Language: Russian}
	if got := s.Subject("1-2"); got != "СТ-2026/1 партия 1-2" {
		t.Errorf("ru subject %q", got)
	}
	s.Language = English
	if got := s.Subject("1-2"); got != "СТ-2026/1 game 1-2" {
		t.Errorf("en subject %q", got)
	}
}

// TestLanguages: the start letter and the subject are written in the sheet's language, and a
// language without a book of its own gets the Russian one (letters.md: ru by default).
func TestLanguages(t *testing.T) {
	s := &Sheet{Code: "СТ-2026/1", Language: "de"}
	if got := s.Subject("1-2"); got != "СТ-2026/1 партия 1-2" {
		t.Errorf("de subject %q", got)
	}
	if got := VariantName("lasca", English); got != "international column checkers (Lasca)" {
		t.Errorf("VariantName(lasca, en) = %q", got)
	}
	if got := VariantName("chess", Russian); got != "chess" {
		t.Errorf("VariantName(chess) = %q", got)
	}
}

func ExampleSheet_StartLetter() {
	sheet, err := ParseSheet([]byte(`
[tournament]
code = "CT-2026/2"
name = "Club cup"
variant = "russian"
start = 2026-11-01
end = 2027-05-01
language = "en"
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"

[[player]]
number = 1
name = "Adams"
email = "adams@mail.example"

[[player]]
number = 2
name = "Brown"
email = "brown@mail.example"
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, _ := sheet.StartLetter(2)
	fmt.Println(l.To)
	fmt.Println(l.Subject)
	for _, line := range strings.Split(l.Body, "\n") {
		if strings.HasPrefix(line, "- game") || strings.HasPrefix(line, "    ") {
			fmt.Println(line)
		}
	}
	// Output:
	// brown@mail.example
	// CT-2026/2: start of the tournament "Club cup"
	// - game 1-2: you play Black against 1. Adams <adams@mail.example>
	//     Subject: CT-2026/2 game 1-2
	//     Tournament CT-2026/2, game 1-2.
	//     Received your 1. c3-d4.
	//     My move: 1... f6-g5
	//     Dates: 2026-11-01, 2026-11-02, 2026-11-03
	//     Time: 0/1
}

// TestStartLetterStatesEverySetting: with overstep = "forfeit" and no reminders, registered
// after its start date, the start letter says that an overstep loses the game, that no
// reminder comes, and that play starts the day after the letter is received (4.3.2), not on
// the sheet's start date; in both languages.
func TestStartLetterStatesEverySetting(t *testing.T) {
	for _, lang := range []string{Russian, English} {
		src := strings.NewReplacer(`language = "ru"`, `language = "`+lang+`"`,
			"[regulation]", "[regulation]\noverstep = \"forfeit\"\nreminders = []\nadjudication_days = 14").Replace(readSheet(t))
		sh, err := ParseSheet([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		sh.PlayFrom = sh.Start.AddDays(20)
		l, err := sh.StartLetter(2)
		if err != nil {
			t.Fatal(err)
		}
		golden.Text(t, "testdata/"+"start."+lang+".late.golden", letterText(l))
		want := map[string][]string{
			Russian: {"для Вас игра начинается 21 ноября 2026", "поражение в партии: оно засчитывается сразу", "Напоминаний о сроке не будет", "в течение 14 дней"},
			English: {"your play starts on 21 November 2026", "loses the game: the loss is scored at once", "No reminders are sent", "within 14 days"},
		}[lang]
		for _, w := range want {
			if !strings.Contains(l.Body, w) {
				t.Errorf("%s start letter lacks %q:\n%s", lang, w, l.Body)
			}
		}
	}
}

// TestStartLetterByPost: a player by post is told where to send his cards, where his come, that
// his sending date is the postmark (4.3.1) and how many days the post is counted; a player by
// telephone, whom to call and that his time runs from the captain's call; under the forfeit
// policy both are told that their silence goes to the judge; their partners see them listed by
// channel, not by an empty address. In both languages.
func TestStartLetterByPost(t *testing.T) {
	sheet := func(lang string) string {
		return `[tournament]
code = "ПЧ-1"
name = "Почтовый кубок"
variant = "russian"
start = 2026-11-01
end = 2027-10-31
language = "` + lang + `"
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
postal_address = "а/я 12\nТула 300000"
phone = "+7 4872 00-00-00"

[regulation]
post_days = 4
overstep = "forfeit"

[[player]]
number = 1
name = "Иванов Иван"
email = "ivanov@mail.example"

[[player]]
number = 2
name = "Петров Пётр"
channel = "post"
postal_address = "ул. Садовая, 5\nКалуга 248000"

[[player]]
number = 3
name = "Сидоров Сидор"
channel = "phone"
phone = "+7 900 000-00-03"
`
	}
	want := map[string]map[int][]string{
		Russian: {
			1: {"Петров Пётр (по почте)", "Сидоров Сидор (по телефону)", "Тема:"},
			2: {"Вы играете по почте", "если это письмо дойдёт до Вас позже", "а/я 12", "Тула 300000", "ул. Садовая, 5", "по почтовому штемпелю", "идущей 4 дня", "решает судья (4.1.7)"},
			3: {"Вы играете по телефону", "+7 4872 00-00-00", "+7 900 000-00-03", "со дня его звонка", "решает судья (4.1.7)"},
		},
		English: {
			1: {"Петров Пётр (by post)", "Сидоров Сидор (by telephone)", "Subject:"},
			2: {"You play by post", "if this letter reaches you later", "а/я 12", "ул. Садовая, 5", "the postmark", "4 days on the way", "the judge decides (4.1.7)"},
			3: {"You play by telephone", "+7 4872 00-00-00", "+7 900 000-00-03", "from the day of his call", "the judge decides (4.1.7)"},
		},
	}
	for _, lang := range []string{Russian, English} {
		sh, err := ParseSheet([]byte(sheet(lang)))
		if err != nil {
			t.Fatal(err)
		}
		for n, ws := range want[lang] {
			l, err := sh.StartLetter(n)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range ws {
				if !strings.Contains(l.Body, w) {
					t.Errorf("%s start letter of player %d lacks %q:\n%s", lang, n, w, l.Body)
				}
			}
			if strings.Contains(l.Body, "<>") {
				t.Errorf("%s start letter of player %d names an empty address:\n%s", lang, n, l.Body)
			}
		}
		// Registered after the start, the player by post without e-mail starts the day after
		// his letter reaches him, a day the captain's posting decides (referee.StartPosted): his
		// letter names no day the e-mail players' letters name, which would contradict his
		// clock; theirs name it.
		sh.PlayFrom = sh.Start.AddDays(20)
		late := map[string]string{Russian: "21 ноября 2026", English: "21 November 2026"}[lang]
		for n, want := range map[int]bool{1: true, 2: false} {
			l, err := sh.StartLetter(n)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(l.Body, late); got != want {
				t.Errorf("%s late start letter of player %d names %s: %v, want %v:\n%s", lang, n, late, got, want, l.Body)
			}
			if n == 2 {
				golden.Text(t, "testdata/start."+lang+".post.late.golden", letterText(l))
			}
		}
	}
}
