package mailparse

import (
	"regexp"
	"sort"
	"strconv"
	"time"

	"postald/internal/daysclock"
)

// The leave reader: the period of a leave notice in every form players write it, with or
// without the year, in figures or with the month's name, in Russian and in English:
//
//	с 01.12.2026 по 15.12.2026      с 15.01 по 24.01          from 2026-12-20 to 2026-12-31
//	с 17-го по 21-е января          с 1 по 15 декабря 2026    с 28 декабря по 5 января
//	from January 13 to January 18   from 13 to 18 January     13–18 Jan 2027
//
// A period is two days of the line, the first before the second, joined by «по», «до», "to",
// "until", "till", "through", "and" or a dash; a day without its month takes the second day's
// («с 17-го по 21-е января»), a day without its year the other day's (the first a year earlier
// when its month comes later: «с 28 декабря по 5 января 2027»). When neither day has a year, the
// notice's year is left for the reader of the letter to complete from the letter's date
// (Leave.Complete): the parser knows no date but what the letter says.

// dayAtom is a day a leave line names, with what of it is written: year 0 when not written,
// month 0 when the day alone is written (it takes the month of the day after it).
type dayAtom struct {
	day, month, year int
	start, end       int
}

var (
	// «15.01», «15/01»: a day and a month without the year.
	reDayMonthDigits = regexp.MustCompile(`(\d{1,2})[./](\d{1,2})`)
	// «17-го января», «21-е января», "13 January", "13th of January", «5 янв.»
	reDayWordMonth = regexp.MustCompile(`(\d{1,2})(?:\s*-?\s*(?:го|ого|е|ое|st|nd|rd|th))?(?:\s+of)?\s+(\pL{3,9})\.?(?:,?\s+(\d{4})(?:\s*(?:года|г\.|г))?)?`)
	// "January 13", "Jan 13th, 2027"
	reWordMonthDay = regexp.MustCompile(`(\pL{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?`)
	// «17-го», «1», "13th": a day alone, only where a period's join follows it.
	reBareDay = regexp.MustCompile(`(\d{1,2})(?:\s*-?\s*(?:го|ого|е|ое|st|nd|rd|th))?`)
	// The join of a period's two days.
	reJoin = regexp.MustCompile(`^\s*(?:по|до|to|until|till|through|thru|and|-|–|—|−)\s*`)
)

// leaveDays returns the days a leave line names, in order of the text, each once: full dates
// first, then days with a month, then a day alone before a join. lower is the line in lower
// case.
func leaveDays(lower string) []dayAtom {
	var atoms []dayAtom
	taken := func(s, e int) bool {
		for _, a := range atoms {
			if s < a.end && e > a.start {
				return true
			}
		}
		return false
	}
	for _, d := range readDates(lower) {
		if d.ok {
			atoms = append(atoms, dayAtom{day: d.date.Day, month: int(d.date.Month), year: d.date.Year, start: d.start, end: d.end})
		}
	}
	for _, ix := range reDayWordMonth.FindAllStringSubmatchIndex(lower, 8) {
		m, ok := monthOf(lower[ix[4]:ix[5]])
		if !ok || taken(ix[0], ix[1]) || digitEdge(lower, ix[0], ix[1]) {
			continue
		}
		a := dayAtom{day: atoi(lower[ix[2]:ix[3]]), month: int(m), start: ix[0], end: ix[1]}
		if ix[6] >= 0 {
			a.year = atoi(lower[ix[6]:ix[7]])
		}
		atoms = append(atoms, a)
	}
	for _, ix := range reWordMonthDay.FindAllStringSubmatchIndex(lower, 8) {
		m, ok := englishMonths[lower[ix[2]:ix[3]]]
		if !ok || taken(ix[0], ix[1]) || digitEdge(lower, ix[0], ix[1]) {
			continue
		}
		a := dayAtom{day: atoi(lower[ix[4]:ix[5]]), month: int(m), start: ix[0], end: ix[1]}
		if ix[6] >= 0 {
			a.year = atoi(lower[ix[6]:ix[7]])
		}
		atoms = append(atoms, a)
	}
	for _, ix := range reDayMonthDigits.FindAllStringSubmatchIndex(lower, 8) {
		if taken(ix[0], ix[1]) || digitEdge(lower, ix[0], ix[1]) {
			continue
		}
		if rest := lower[ix[1]:]; len(rest) > 1 && (rest[0] == '.' || rest[0] == '/') && isDigit(rune(rest[1])) {
			continue // a date with its year, read above (or no date at all)
		}
		atoms = append(atoms, dayAtom{day: atoi(lower[ix[2]:ix[3]]), month: atoi(lower[ix[4]:ix[5]]), start: ix[0], end: ix[1]})
	}
	sort.Slice(atoms, func(i, j int) bool { return atoms[i].start < atoms[j].start })
	// A day alone, directly before the join of a period whose second day has its month.
	for _, ix := range reBareDay.FindAllStringSubmatchIndex(lower, 8) {
		if taken(ix[0], ix[1]) || digitEdge(lower, ix[0], ix[1]) {
			continue
		}
		j := reJoin.FindStringIndex(lower[ix[1]:])
		if j == nil {
			continue
		}
		next := ix[1] + j[1]
		for _, a := range atoms {
			if a.start == next && a.month != 0 {
				atoms = append(atoms, dayAtom{day: atoi(lower[ix[2]:ix[3]]), start: ix[0], end: ix[1]})
				break
			}
		}
	}
	sort.Slice(atoms, func(i, j int) bool { return atoms[i].start < atoms[j].start })
	return atoms
}

// leavePeriod reads the period of a leave line: its first two days, completed from each other.
// It returns the days (a zero From or To when the line gives fewer than two), the place of
// each in lower, and whether a day it names cannot be (31.11, 30 February).
func leavePeriod(lower string) (from, to daysclock.Date, spans [][2]int, bad bool) {
	atoms := leaveDays(lower)
	if len(atoms) == 0 {
		return from, to, nil, false
	}
	a := atoms[0]
	spans = append(spans, [2]int{a.start, a.end})
	if len(atoms) == 1 {
		if a.month == 0 {
			return from, to, spans, false
		}
		d, ok := partialDate(a)
		return d, to, spans, !ok
	}
	b := atoms[1]
	spans = append(spans, [2]int{b.start, b.end})
	if a.month == 0 {
		a.month = b.month
	}
	switch {
	case a.year == 0 && b.year != 0:
		a.year = b.year
		if a.month > b.month || a.month == b.month && a.day > b.day {
			a.year-- // «с 28 декабря по 5 января 2027»
		}
	case b.year == 0 && a.year != 0:
		b.year = a.year
		if b.month < a.month || b.month == a.month && b.day < a.day {
			b.year++ // "from 28.12.2026 to 05.01"
		}
	}
	from, ok1 := partialDate(a)
	to, ok2 := partialDate(b)
	return from, to, spans, !ok1 || !ok2
}

// partialDate makes a day of a leave line a date; its year stays 0 when the line gives none.
// Any other year is checked as written; a day with no year must exist in some year (29.02).
func partialDate(a dayAtom) (daysclock.Date, bool) {
	y := a.year
	if y == 0 {
		y = 2000 // a leap year: 29 February exists
	}
	d, ok := makeDate(a.day, a.month, strconv.Itoa(y))
	if !ok {
		return daysclock.Date{}, false
	}
	d.Year = a.year
	return d, true
}

// Complete returns the leave's period with the years the letter left out read from day, the
// day the letter was sent: a first day without its year is the one of that day and month
// nearest to day (a notice written on 20 December of «с 15.01 по 24.01» means the coming January;
// of «с 10.12 по 15.12», the December just past, which is then refused as begun); a last day
// without its year is the first of its day and month on or after the first day. false unless
// the notice gives both days.
func (l Leave) Complete(day daysclock.Date) (daysclock.Leave, bool) {
	if l.From.IsZero() || l.To.IsZero() {
		return daysclock.Leave{}, false
	}
	from, to := l.From, l.To
	if from.Year == 0 {
		best, found := daysclock.Date{}, false
		for y := day.Year - 1; y <= day.Year+1; y++ {
			c, ok := inYear(from, y)
			if !ok {
				continue
			}
			if !found || abs(c.Sub(day)) < abs(best.Sub(day)) || abs(c.Sub(day)) == abs(best.Sub(day)) && c.After(best) {
				best, found = c, true
			}
		}
		if !found {
			return daysclock.Leave{}, false
		}
		from = best
	}
	if to.Year == 0 {
		found := false
		for y := from.Year; y <= from.Year+4; y++ {
			if c, ok := inYear(to, y); ok && !c.Before(from) {
				to, found = c, true
				break
			}
		}
		if !found {
			return daysclock.Leave{}, false
		}
	}
	return daysclock.Leave{From: from, To: to}, true
}

// inYear is day d of year y, when that year has it (29 February).
func inYear(d daysclock.Date, y int) (daysclock.Date, bool) {
	t := time.Date(y, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
	if t.Day() != d.Day {
		return daysclock.Date{}, false
	}
	return daysclock.Date{Year: y, Month: d.Month, Day: d.Day}, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
