package mailparse

import (
	"os"
	"strings"
	"testing"
)

func benchLetter(b *testing.B, raw []byte) {
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := Parse(raw); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "letters/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "letters/cpu-s")
	}
}

// BenchmarkParseTypical parses the typical letter of the letter format.
func BenchmarkParseTypical(b *testing.B) {
	raw, err := os.ReadFile("testdata/letters/ru_typical.eml")
	if err != nil {
		b.Fatal(err)
	}
	benchLetter(b, raw)
}

// BenchmarkParseLongReply parses a reply that quotes forty earlier letters of the game,
// as a mail client does when nobody trims the thread.
func BenchmarkParseLongReply(b *testing.B) {
	benchLetter(b, []byte(longReply(40)))
}

func longReply(n int) string {
	var q strings.Builder
	for i := n; i > 0; i-- {
		prefix := strings.Repeat("> ", 1+(n-i)%6)
		q.WriteString(prefix + "Здравствуйте, Иван!\n" + prefix + "Ваш ход 11... h6:f4 получил.\n" +
			prefix + "Мой ход: 12. g3:e5\n" + prefix + "Если 12... f6:d4, то 13. c3:e5 d6:f4 14. e3:g5\n" +
			prefix + "Даты: 14.11.2026 / 16.11.2026 / 18.11.2026\n" + prefix + "Время: 23/31\n" +
			prefix + "С уважением, Пётр\n" + prefix + "\n" + prefix + "18.11.2026 10:00, Иван Сидоров пишет:\n")
	}
	return "From: petrov@mail.example\nSubject: Re: Re: Re: СТ-2026/1 партия 3-7\nContent-Type: text/plain; charset=utf-8\n\n" +
		"Добрый день!\n\nВаш ход 12. g3:e5 получил.\nМой ответ: 12... f6:d4\nДаты: 18.11.2026, 19.11.2026, 20.11.2026\nВремя: 23/33\n\n" +
		"чт, 19 нояб. 2026 г. в 10:00, Иван Сидоров <ivanov@mail.example>:\n\n" + q.String()
}

// BenchmarkParseAttachedDocx parses a letter whose text says only that the move is in the Word
// document attached: the letter is read twice, the second time with the document's text.
func BenchmarkParseAttachedDocx(b *testing.B) {
	raw, err := os.ReadFile("testdata/letters/attached_docx_ru.eml")
	if err != nil {
		b.Fatal(err)
	}
	benchLetter(b, raw)
}
