package mailparse

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNewText checks which lines of a decoded body count as the writer's new text.
func TestNewText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"gmail en wrapped", "new\n\nOn Mon, Nov 16, 2026 at 10:00 AM Peter Petrov <petrov@mail.example>\nwrote:\n\n> old\n> old", "new\n\n"},
		{"gmail ru", "new\n\nпн, 16 нояб. 2026 г. в 10:00, Пётр <p@mail.example>:\n> old", "new\n"},
		{"bottom posting", "Пётр написал(а):\n> old\n> old\n\nnew", "\nnew"},
		{"interleaved", "> question\nanswer\n> question 2\nanswer 2", "answer\nanswer 2"},
		{"unmarked quote under attribution", "new\n16.11.2026 10:00, Пётр пишет:\nold 1\nold 2", "new"},
		{"yandex", "new\n\n16.11.2026, 10:00, \"Пётр Петров\" <petrov@yandex.example>:\n> old", "new\n"},
		{"mail.ru", "new\n\n>Понедельник, 16 ноября 2026, 10:00 +03:00 от Пётр <p@mail.example>:\n>old", "new\n"},
		{"outlook en", "new\n\nFrom: Peter <p@x.example>\nSent: Monday, November 16, 2026 10:00 AM\nTo: moves@club.example\nSubject: RE: game\n\nold", "new\n"},
		{"outlook underscores", "new\n________________________________\nОт: Пётр <p@x.example>\nОтправлено: 16 ноября 2026 г. 10:00\nКому: moves@club.example\n\nold", "new"},
		{"original message", "new\n-----Original Message-----\nold", "new"},
		{"original message ru", "new\n---- Исходное сообщение ----\nold", "new"},
		{"forwarded gmail", "new\n---------- Forwarded message ---------\nold", "new"},
		{"forwarded thunderbird ru", "new\n-------- Перенаправленное сообщение --------\nold", "new"},
		{"forwarded apple", "new\nBegin forwarded message:\nold", "new"},
		{"signature", "new\n-- \nИван\nтел. 12-34", "new"},
		{"signature without space", "new\n--\nИван", "new"},
		{"long dash is no signature", "new\n---\nmore", "new\n---\nmore"},
		{"from in prose", "From: my side, 12. g3:e5\nmore", "From: my side, 12. g3:e5\nmore"},
		{"wrote in prose", "I wrote to the judge yesterday\nmore", "I wrote to the judge yesterday\nmore"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(newText(strings.Split(tt.in, "\n")), "\n")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestHTMLText checks the rendering of HTML mail as text.
func TestHTMLText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"divs and br", "<div>a</div><div>b<br>c</div>", "a\nb\nc\n"},
		{"empty div line", "<div>a</div><div><br></div><div>b</div>", "a\n\nb\n"},
		{"outlook paragraphs", "<p class=MsoNormal>a</p><p class=MsoNormal>&nbsp;</p><p class=MsoNormal>b</p>", "a\n \nb\n"},
		{"entities", "<p>12.&nbsp;g3:e5 &amp; &laquo;x&raquo; &#8212;</p>", "12.\u00a0g3:e5 & «x» —\n"},
		{"script and style", "<style>p{}</style><script>var m='12. a1-b2'</script><p>ok</p>", "ok\n"},
		{"blockquote", "<p>new</p><blockquote><p>old</p><blockquote>older</blockquote></blockquote>", "new\n> old\n> > older\n"},
		{"whitespace collapses", "<p>a\n   b</p>", "a b\n"},
		{"inline tags", "<p>Мой <b>ход</b>: <span>12. g3:e5</span></p>", "Мой ход: 12. g3:e5\n"},
		{"pre keeps lines", "<pre>a\n  b</pre>", "a\n  b\n"},
		{"table cells", "<table><tr><td>Даты:</td><td>14.11.2026</td></tr></table>", "Даты: 14.11.2026\n"},
		{"broken markup", "<div><p>a<blockquote>b", "a\n> b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, htmlText(tt.in)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestUnflow checks the joining of format=flowed lines.
func TestUnflow(t *testing.T) {
	tests := []struct {
		name, in string
		delsp    bool
		want     string
	}{
		{"soft break", "Если 12... f6:d4, то 13. c3:e5 \nd6:f4 14. e3:g5\nДаты", false, "Если 12... f6:d4, то 13. c3:e5 d6:f4 14. e3:g5\nДаты"},
		{"delsp", "Мой ход: 12. g3:e5 f6:d4 13. c3:e5 d6:f4 14. e3:", true, "Мой ход: 12. g3:e5 f6:d4 13. c3:e5 d6:f4 14. e3:"},
		{"delsp joins words", "g3 \n:e5", true, "g3:e5"},
		{"signature stays", "text\n-- \nИван", false, "text\n-- \nИван"},
		{"space stuffing", " From the start\n >not a quote", false, "From the start\n >not a quote"},
		{"quotes untouched", "> old \n> old\nnew", false, "> old \n> old\nnew"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, unflow(tt.in, tt.delsp)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
