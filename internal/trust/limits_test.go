package trust

import (
	"strings"
	"testing"
)

const plainLetter = "From: ivan@club.example\r\nSubject: CT-2026/1 game 3-7\r\n\r\nMy move: 12. g3:e5\r\nRegards, Ivan\r\n"

const multipartLetter = "From: ivan@club.example\r\n" +
	"Content-Type: multipart/mixed;\r\n\tBoundary=\"outer b\"\r\n\r\n" +
	"preamble\r\n" +
	"--outer b\r\n" +
	"Content-Type: multipart/alternative; boundary=inner\r\n\r\n" +
	"--inner\r\nContent-Type: text/plain\r\n\r\nMy move: 12. g3:e5\r\n-- \r\nIvan\r\n" +
	"--inner  \r\nContent-Type: text/html\r\n\r\n<p>My move</p>\r\n" +
	"--inner--\r\n" +
	"--outer b\r\n" +
	"Content-Type: message/rfc822\r\n\r\n" +
	"From: petr@club.example\r\nContent-Type: multipart/mixed; boundary=nested\r\n\r\n" +
	"--nested\r\n\r\nold text\r\n--nested--\r\n" +
	"--outer b--\r\n" +
	"--outer bb\r\n--not-a-boundary\r\n"

func TestMeasure(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want Size
	}{
		{"a plain letter is one part", plainLetter, Size{Bytes: int64(len(plainLetter)), Parts: 1, LongestLine: len("Subject: CT-2026/1 game 3-7")}},
		// The message, the outer parts (2), the inner parts (2), the nested message's part (1).
		{"nested multiparts, a message/rfc822 and look-alike lines", multipartLetter,
			Size{Bytes: int64(len(multipartLetter)), Parts: 6, LongestLine: len("Content-Type: multipart/alternative; boundary=inner")}},
		{"LF line ends and no final line end", "a\nbcd\nef", Size{Bytes: 8, Parts: 1, LongestLine: 3}},
		{"a boundary used before it is declared does not count",
			"--early\r\nContent-Type: multipart/mixed; boundary=early\r\n\r\n--early\r\n",
			Size{Bytes: 67, Parts: 2, LongestLine: len("Content-Type: multipart/mixed; boundary=early")}},
		{"empty", "", Size{Parts: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Measure([]byte(tt.raw)); got != tt.want {
				t.Errorf("Measure = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestLimitsCheck(t *testing.T) {
	l := Limits{MaxBytes: 1000, MaxParts: 6, MaxLineBytes: 60}
	many := "Content-Type: multipart/mixed; boundary=b\r\n\r\n" + strings.Repeat("--b\r\n\r\nx\r\n", 10) + "--b--\r\n"
	tests := []struct {
		name string
		l    Limits
		raw  string
		size int64
		want string // the Excess's What, "" for none
		got  int64
	}{
		{"within every limit", l, multipartLetter, 0, "", 0},
		{"no limits", Limits{}, many + strings.Repeat("x", 5000), 1 << 40, "", 0},
		{"over the size", l, strings.Repeat("x\r\n", 400), 0, "size", 1200},
		{"over the size the server gave for a letter fetched in part", l, plainLetter, 5000, "size", 5000},
		// The message and six parts are seven: one over six.
		{"over the parts", l, many, 0, "parts", 7},
		{"exactly the parts", Limits{MaxParts: 11}, many, 0, "", 0},
		{"over the line length", l, plainLetter + strings.Repeat("y", 61) + "\r\n", 0, "line", 61},
		{"exactly the line length", Limits{MaxLineBytes: 61}, plainLetter + strings.Repeat("y", 61) + "\r\n", 0, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.l.Check([]byte(tt.raw), tt.size)
			switch {
			case tt.want == "" && e != nil:
				t.Fatalf("Check = %v, want nil", e)
			case tt.want == "":
			case e == nil:
				t.Fatalf("Check = nil, want %s over", tt.want)
			case e.What != tt.want || e.Got != tt.got:
				t.Errorf("Check = %+v, want %s with %d", e, tt.want, tt.got)
			case e.Error() == "":
				t.Errorf("Excess %+v has no message", e)
			}
		})
	}
}
