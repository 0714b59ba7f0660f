package plural

import "testing"

var day = Word{"день", "дня", "дней"}

func TestRussian(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0 дней"}, {1, "1 день"}, {2, "2 дня"}, {4, "4 дня"}, {5, "5 дней"}, {11, "11 дней"},
		{12, "12 дней"}, {14, "14 дней"}, {20, "20 дней"}, {21, "21 день"}, {22, "22 дня"},
		{25, "25 дней"}, {44, "44 дня"}, {101, "101 день"}, {111, "111 дней"}, {112, "112 дней"},
		{122, "122 дня"}, {-1, "-1 день"}, {-2, "-2 дня"}, {-11, "-11 дней"},
	} {
		if got := day.Count(Russian, c.n); got != c.want {
			t.Errorf("Count(Russian, %d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestEnglish(t *testing.T) {
	w := Word{One: "game", Many: "games"}
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0 games"}, {1, "1 game"}, {2, "2 games"}, {11, "11 games"}, {21, "21 games"}, {101, "101 games"}, {-1, "-1 game"},
	} {
		if got := w.Count(English, c.n); got != c.want {
			t.Errorf("Count(English, %d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestSigned(t *testing.T) {
	pen := Word{"штрафной день", "штрафных дня", "штрафных дней"}
	for _, c := range []struct {
		n    int
		want string
	}{{2, "+2 штрафных дня"}, {-2, "-2 штрафных дня"}, {1, "+1 штрафной день"}, {5, "+5 штрафных дней"}, {0, "+0 штрафных дней"}} {
		if got := pen.Signed(Russian, c.n); got != c.want {
			t.Errorf("Signed(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if got := (Word{One: "penalty day", Many: "penalty days"}).Signed(Rule("en"), -1); got != "-1 penalty day" {
		t.Errorf("Signed en -1 = %q", got)
	}
}

func TestRule(t *testing.T) {
	if Rule("en")(21) != Many || Rule("ru")(21) != One || Rule("")(3) != Few {
		t.Error("Rule picks the wrong language")
	}
}
