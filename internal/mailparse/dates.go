package mailparse

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// The date reader: every format of the letter format, found anywhere in a line, with the
// places of date-like text that is not a date ("31.11.2026", "18.11.20266").

type dateMatch struct {
	date       daysclock.Date
	start, end int
	ok         bool // false: looks like a date but is none
}

var (
	reISODate   = regexp.MustCompile(`(\d{4})-(\d{1,2})-(\d{1,2})`)
	reDotDate   = regexp.MustCompile(`(\d{1,2})\. ?(\d{1,2})\. ?(\d{1,5})`)
	reSlashDate = regexp.MustCompile(`(\d{1,2})/(\d{1,2})/(\d{1,5})`)
	reDashDate  = regexp.MustCompile(`(\d{1,2})-(\d{1,2})-(\d{4})`)
	reDayMonth  = regexp.MustCompile(`(\d{1,2})(?:-?го)?\s+(\pL{3,9})\.?,?\s+(\d{2,5})(?:\s*(?:года|г\.|г))?`)
	reMonthDay  = regexp.MustCompile(`(\pL{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})`)
)

// monthPrefixes maps the first letters of month names (Russian in any case form, English in
// full or abbreviated) to months.
var monthPrefixes = []struct {
	prefix string
	month  time.Month
}{
	{"январ", 1}, {"янв", 1}, {"феврал", 2}, {"фев", 2}, {"март", 3}, {"мар", 3}, {"апрел", 4}, {"апр", 4},
	{"мая", 5}, {"май", 5}, {"июн", 6}, {"июл", 7}, {"август", 8}, {"авг", 8}, {"сентябр", 9}, {"сен", 9},
	{"октябр", 10}, {"окт", 10}, {"ноябр", 11}, {"ноя", 11}, {"декабр", 12}, {"дек", 12},
	{"jan", 1}, {"feb", 2}, {"mar", 3}, {"apr", 4}, {"may", 5}, {"jun", 6}, {"jul", 7}, {"aug", 8},
	{"sep", 9}, {"oct", 10}, {"nov", 11}, {"dec", 12},
}

// englishMonths lists the only English words accepted for each month.
var englishMonths = map[string]time.Month{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
	"may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
	"september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

// monthOf reads a month name; lower is already lower case.
func monthOf(lower string) (time.Month, bool) {
	if m, ok := englishMonths[lower]; ok {
		return m, true
	}
	if lower == "" || lower[0] < 0x80 {
		return 0, false
	}
	for _, p := range monthPrefixes {
		if strings.HasPrefix(lower, p.prefix) && len(lower) <= len(p.prefix)+8 {
			return p.month, true
		}
	}
	return 0, false
}

// makeDate checks a day, month and year as written; a two-digit year is 20yy.
func makeDate(day, month int, year string) (daysclock.Date, bool) {
	y, err := strconv.Atoi(year)
	if err != nil {
		return daysclock.Date{}, false
	}
	switch len(year) {
	case 2:
		y += 2000
	case 4:
	default:
		return daysclock.Date{}, false
	}
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return daysclock.Date{}, false
	}
	t := time.Date(y, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if t.Day() != day || int(t.Month()) != month {
		return daysclock.Date{}, false
	}
	return daysclock.Date{Year: y, Month: time.Month(month), Day: day}, true
}

func atoi(s string) int { v, _ := strconv.Atoi(s); return v }

// digitEdge reports whether a match at [start,end) touches a digit (or a digit-led dot)
// on either side: then it is part of a longer number and no date.
func digitEdge(s string, start, end int) bool {
	if start > 0 && (isDigit(rune(s[start-1])) || s[start-1] == '.' && start > 1 && isDigit(rune(s[start-2]))) {
		return true
	}
	return end < len(s) && isDigit(rune(s[end]))
}

// readDates finds the dates in a line; lower is the line in lower case with the same byte
// offsets. Matches are in order and do not overlap.
func readDates(lower string) []dateMatch {
	var all []dateMatch
	add := func(re *regexp.Regexp, build func(sub []string) (daysclock.Date, bool)) {
		for _, ix := range re.FindAllStringSubmatchIndex(lower, 32) {
			if digitEdge(lower, ix[0], ix[1]) {
				continue
			}
			sub := make([]string, len(ix)/2)
			for k := range sub {
				if ix[2*k] >= 0 {
					sub[k] = lower[ix[2*k]:ix[2*k+1]]
				}
			}
			d, ok := build(sub)
			if !ok && sub[0] == "" {
				continue
			}
			all = append(all, dateMatch{date: d, start: ix[0], end: ix[1], ok: ok})
		}
	}
	add(reISODate, func(s []string) (daysclock.Date, bool) {
		return makeDate(atoi(s[3]), atoi(s[2]), s[1])
	})
	add(reDotDate, func(s []string) (daysclock.Date, bool) { return makeDate(atoi(s[1]), atoi(s[2]), s[3]) })
	add(reSlashDate, func(s []string) (daysclock.Date, bool) { return makeDate(atoi(s[1]), atoi(s[2]), s[3]) })
	add(reDashDate, func(s []string) (daysclock.Date, bool) { return makeDate(atoi(s[1]), atoi(s[2]), s[3]) })
	for _, ix := range reDayMonth.FindAllStringSubmatchIndex(lower, 32) {
		m, ok := monthOf(lower[ix[4]:ix[5]])
		if !ok || digitEdge(lower, ix[0], ix[1]) {
			continue
		}
		d, ok := makeDate(atoi(lower[ix[2]:ix[3]]), int(m), lower[ix[6]:ix[7]])
		all = append(all, dateMatch{date: d, start: ix[0], end: ix[1], ok: ok})
	}
	for _, ix := range reMonthDay.FindAllStringSubmatchIndex(lower, 32) {
		m, ok := englishMonths[lower[ix[2]:ix[3]]]
		if !ok || digitEdge(lower, ix[0], ix[1]) {
			continue
		}
		d, ok := makeDate(atoi(lower[ix[4]:ix[5]]), int(m), lower[ix[6]:ix[7]])
		all = append(all, dateMatch{date: d, start: ix[0], end: ix[1], ok: ok})
	}
	return earliestLongest(all)
}

func (m dateMatch) bounds() (start, end int) { return m.start, m.end }

// earliestLongest keeps, of matches that overlap, the one that starts first, and of two that
// start together the longer (it read more of the text); it returns them in order, in place.
func earliestLongest[T interface{ bounds() (start, end int) }](all []T) []T {
	slices.SortStableFunc(all, func(a, b T) int {
		as, ae := a.bounds()
		bs, be := b.bounds()
		if as != bs {
			return cmp.Compare(as, bs)
		}
		return cmp.Compare(be, ae)
	})
	out := all[:0]
	last := 0 // the end of the last match kept
	for _, m := range all {
		start, end := m.bounds()
		if len(out) > 0 && start < last {
			continue
		}
		out, last = append(out, m), end
	}
	return out
}
