package office

import (
	"path/filepath"
	"testing"

	"postald/internal/mailparse"
	"postald/internal/referee"
	"postald/internal/store"
)

// TestOncePerDay: a letter in reply to postald's own is answered at most once a day per game
// when it asks nothing that changes a game — but a leave notice with its days, its year left out
// or not, is always answered (granted or refused, the player must know), as is a letter with
// a move in any of its sections.
func TestOncePerDay(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	o := &Office{opt: Options{Store: db}}
	own := "postald.7." + db.Instance() + "@club.example"
	parse := func(body string) *mailparse.Letter {
		raw := "From: petrov@mail.example\r\nTo: moves@club.example\r\nSubject: КК-2026 партия 1-2\r\n" +
			"In-Reply-To: <" + own + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body
		l, err := mailparse.Parse([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	notice := referee.Decision{Verdict: referee.Notice}
	tests := []struct {
		body string
		want bool
	}{
		{"Я в отпуске, отвечу после возвращения.", true},
		{"Спасибо!", true},
		{"С 17.01 по 24.01 буду в отпуске.", false},
		{"С 17.01.2027 по 24.01.2027 буду в отпуске.", false},
		{"По партии 1-2: мой ход 3. c3-d4\nПо партии 2-1: спасибо.", false},
	}
	for _, tt := range tests {
		if got := o.oncePerDay(parse(tt.body), notice); got != tt.want {
			t.Errorf("%q: once a day %v, want %v", tt.body, got, tt.want)
		}
	}
	if o.oncePerDay(parse("Спасибо!"), referee.Decision{Verdict: referee.Accepted}) {
		t.Error("a letter that changed a game is limited to once a day")
	}
}
