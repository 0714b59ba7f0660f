package langcheck

import (
	"slices"
	"testing"
)

func TestLatin(t *testing.T) {
	for _, c := range []struct {
		s    string
		want []string
	}{
		{"Партия окончена (%s); ходы больше не принимаются.", nil},
		{"Ход 5. c3-d4 e5:c3:a1, поле h8, ход 10. a1xc3", nil},
		{"письмо от ivanov@mail.example, Message-ID <1.2@x.example>; отметки postald", nil},
		{"поле X-Postald-Verdict: %[2]s, %+d, %-3d", nil},
		{"Партия окончена: draw agreed.", []string{"draw", "agreed"}},
		{"Результат: annulled", []string{"annulled"}},
		{"отпуск leave", []string{"leave"}},
		{"1 games", []string{"games"}},
		{"турнир RU-7", []string{"RU-7"}},
		{"SHA-256 ключа: 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925, метка numbers", nil},
		{"короткое deadbeef", []string{"deadbeef"}},
	} {
		if got := Latin(c.s); !slices.Equal(got, c.want) {
			t.Errorf("Latin(%q) = %q, want %q", c.s, got, c.want)
		}
	}
	if got := Latin("турнир RU-7", "RU-7"); got != nil {
		t.Errorf("extra not allowed: %q", got)
	}
}

func TestCommand(t *testing.T) {
	for _, c := range []struct {
		s    string
		want []string
	}{
		{"использование: postald judge list [-json] [-tournament ШИФР]", nil},
		{"[store] path %s имеет права %04o: выполните chmod 600 %s", nil},
		{"укажите -postmark ГГГГ-ММ-ДД; файл /etc/postald/postald.toml, start.toml, $POSTALD_CONFIG", nil},
		{"СТОРОНА — white, black или номер игрока; по умолчанию 20s", nil},
		{"печатает строку \"depth K: COUNT\" для K = 1..N", nil},
		{"ход белых, waiting for the post", []string{"waiting", "for", "the"}},
		{"статус: playing", []string{"playing"}},
	} {
		if got := Command(c.s); !slices.Equal(got, c.want) {
			t.Errorf("Command(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}
