package postal

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Block returns the address block of an envelope: the addressee's line, then the lines of the
// address as [Lines] gives them. name is the addressee as the start sheet names him ("" for
// none); when the address begins with him (see the package documentation), the address's own
// line is his, and the name is not printed twice.
func Block(name string, address []string) []string {
	name = clean(name)
	lines := Lines(name, address)
	if name == "" || len(lines) > 0 && sameName(name, lines[0]) {
		return lines
	}
	return append([]string{name}, lines...)
}

// Lines returns the lines of an address as the post wants them: an address given on lines is
// kept as written (blank lines dropped, a line that is only a house or a flat joined to the line
// before it); a one-line address is split at its commas into the lines of its post's order (the
// package documentation). name, "" for none, is whom the address is for: a first part that is
// his name stays the first line.
func Lines(name string, address []string) []string {
	var lines []string
	for _, a := range address {
		for l := range strings.SplitSeq(a, "\n") {
			if l = clean(l); l != "" {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) != 1 {
		return joinHouses(lines)
	}
	var parts []part
	for s := range strings.SplitSeq(lines[0], ",") {
		if s = clean(s); s != "" {
			parts = append(parts, part{text: s})
		}
	}
	name = clean(name)
	for i := range parts {
		parts[i].kind = classify(parts[i].text)
	}
	if name != "" && len(parts) > 0 && sameName(name, parts[0].text) {
		parts[0].kind = addressee
	}
	// The country is the last part that names one: a part before it with a country's name is
	// something else (a state of the United States, a street named after a country).
	land := -1
	for i, p := range parts {
		if p.kind == country {
			if land >= 0 {
				parts[land].kind = unknown
			}
			land = i
		}
	}
	cyrillic, sixDigits := false, false
	foreign := land >= 0 && !isRussia(parts[land].text) // a country is named, and it is not Russia
	for _, p := range parts {
		cyrillic = cyrillic || hasCyrillic(p.text)
		sixDigits = sixDigits || p.kind == index || indexInside(p.text)
	}
	switch {
	case !foreign && (cyrillic || sixDigits) || foreign && cyrillic:
		return russianOrder(splitIndexes(parts), foreign)
	default:
		return unionOrder(parts)
	}
}

// A kind is what a part of an address is.
type kind int

const (
	unknown      kind = iota
	addressee         // the addressee's name
	street            // a street, a post office box, poste restante
	house             // a house, its building, its flat: «д. 5», «кв. 12», "apt 2", 5А
	settlement        // a town or a village
	district          // a district (район)
	region            // a region: oblast, krai, republic, autonomous okrug
	country           // a country
	index             // a Russian postal index: six digits
	postcode          // another country's postcode alone: 75008, SW1A 2AA, IL 62704
	organisation      // the addressee's organisation: a club, a federation, a company
)

type part struct {
	text string
	kind kind
}

// rank is a part's place in the Russian Post's order above the street (settlement first).
func (k kind) rank() int {
	switch k {
	case settlement:
		return 1
	case district:
		return 2
	case region:
		return 3
	case country:
		return 4
	case index:
		return 5
	}
	return 0
}

// upper reports whether k is known to stand above the street in the order.
func (k kind) upper() bool { return k.rank() > 0 }

// russianOrder sets parts in the order of the Russian Post's rules: the addressee's lines, the
// street with its house and flat on one line, the town, the district, the region, the country,
// the index; a foreign country (an address in Cyrillic abroad) goes after the index, in
// capitals, as mail between countries has it.
func russianOrder(parts []part, foreign bool) []string {
	n := len(parts)
	inStreet := make([]bool, n)
	first := -1
	for i, p := range parts {
		// A name followed by a house is the street's: «Садовая, 5».
		if p.kind == street || p.kind == house || p.kind == unknown && i+1 < n && parts[i+1].kind == house {
			inStreet[i] = true
			if first < 0 {
				first = i
			}
		}
	}
	var names, streetParts []string
	var before, after []part
	for i, p := range parts {
		switch {
		case p.kind == addressee || p.kind == organisation:
			// The addressee, and his organisation wherever it is written: above the street.
			names = append(names, p.text)
		case inStreet[i]:
			streetParts = append(streetParts, p.text)
		case first >= 0 && i < first:
			before = append(before, p)
		default:
			after = append(after, p)
		}
	}
	bigFirst := largestFirst(before, after, first >= 0)
	if first < 0 && bigFirst {
		before, after = after, nil // no street: every part is the town's and above
	}
	// Before the street, in an address written from the street up, a part without marks is the
	// addressee's (an organisation); in one written from the largest part down, only those
	// before the first part known to stand above the street are.
	switch {
	case !bigFirst:
		var rest []part
		for _, p := range before {
			if p.kind == unknown {
				names = append(names, p.text)
			} else {
				rest = append(rest, p)
			}
		}
		before = rest
	case slices.ContainsFunc(before, func(p part) bool { return p.kind.upper() }):
		for len(before) > 0 && before[0].kind == unknown {
			names = append(names, before[0].text)
			before = before[1:]
		}
	}
	// The parts above the street, from the town up.
	var up []part
	if bigFirst {
		for _, p := range slices.Backward(before) {
			up = append(up, p)
		}
	} else {
		up = append(up, before...)
	}
	up = append(up, after...)
	ranks := make([]int, len(up))
	for i, p := range up {
		switch {
		case p.kind == country && foreign:
			ranks[i] = index.rank() + 1
		case p.kind.upper():
			ranks[i] = p.kind.rank()
		case i > 0:
			ranks[i] = ranks[i-1] // a part without marks stays with the one it follows
		default:
			ranks[i] = settlement.rank()
		}
	}
	order := make([]int, len(up))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return ranks[a] - ranks[b] })
	out := names
	if len(streetParts) > 0 {
		out = append(out, strings.Join(streetParts, ", "))
	}
	for _, i := range order {
		t := up[i].text
		if up[i].kind == country && foreign {
			t = strings.ToUpper(t)
		}
		out = append(out, t)
	}
	return out
}

// largestFirst tells whether an address was written from the largest part down (index,
// country, region, town, street), from the parts beside its street: the places of the parts
// known to stand above the street, falling or rising, decide; else an address with parts after
// its street is written from the street up, one without from the largest part down.
func largestFirst(before, after []part, hasStreet bool) bool {
	// The country at the end is where mail between countries puts it, whichever way the rest
	// is written: it tells nothing.
	if n := len(after); n > 0 && after[n-1].kind == country {
		after = after[:n-1]
	} else if n == 0 && len(before) > 0 && before[len(before)-1].kind == country {
		before = before[:len(before)-1]
	}
	var ranks []int
	for _, p := range append(slices.Clone(before), after...) {
		switch {
		case p.kind.upper():
			ranks = append(ranks, p.kind.rank())
		case p.kind == unknown:
			ranks = append(ranks, settlement.rank())
		}
	}
	fall, rise := 0, 0
	for i := 1; i < len(ranks); i++ {
		switch {
		case ranks[i] < ranks[i-1]:
			fall++
		case ranks[i] > ranks[i-1]:
			rise++
		}
	}
	if fall != rise {
		return fall > rise
	}
	if !hasStreet {
		return false
	}
	return len(after) == 0
}

// unionOrder sets parts in the order the Universal Postal Union advises: the addressee, the
// delivery lines (a house or a flat joined to its street), the town with its region and postcode
// on one line, the country alone on the last line, in capitals.
func unionOrder(parts []part) []string {
	var names []string
	var land string
	var rest []part
	for i, p := range parts {
		switch {
		case p.kind == addressee || p.kind == organisation:
			names = append(names, p.text)
		case p.kind == country || i == len(parts)-1 && i > 0 && capitalsCountry(p.text):
			land = strings.ToUpper(p.text)
		default:
			rest = append(rest, p)
		}
	}
	// The delivery lines run to the last part with a house number or a street's mark.
	last := -1
	for i, p := range rest {
		if p.kind != postcode && (p.kind == street || p.kind == house || hasDigit(p.text)) {
			last = i
		}
	}
	var delivery []string
	for i := 0; i <= last; i++ {
		p := rest[i]
		switch {
		case p.kind != house:
			delivery = append(delivery, p.text)
		case i < last && streetLike(rest[i+1]):
			// "Flat 2, 10 Downing Street": the flat before its street.
			rest[i+1].text = p.text + ", " + rest[i+1].text
		case len(delivery) > 0:
			delivery[len(delivery)-1] += ", " + p.text
		default:
			delivery = append(delivery, p.text)
		}
	}
	out := append(names, delivery...)
	var town strings.Builder
	for i := last + 1; i < len(rest); i++ {
		if town.Len() > 0 {
			if rest[i].kind == postcode || rest[i-1].kind == postcode {
				town.WriteString(" ")
			} else {
				town.WriteString(", ")
			}
		}
		town.WriteString(rest[i].text)
	}
	if town.Len() > 0 {
		out = append(out, town.String())
	}
	if land != "" {
		out = append(out, land)
	}
	return out
}

func streetLike(p part) bool {
	return p.kind == street || p.kind != postcode && hasDigit(p.text)
}

// joinHouses joins a line that is only a house, a building or a flat to the street on the line
// before it: the parts of one line of the envelope.
func joinHouses(lines []string) []string {
	var out []string
	var prev kind
	for _, l := range lines {
		k := classify(l)
		if k == house && (prev == street || prev == house) {
			out[len(out)-1] += ", " + l
		} else {
			out = append(out, l)
		}
		prev = k
	}
	return out
}

// splitIndexes takes the index out of a part that holds it with the town («190000
// Санкт-Петербург», "St Petersburg 190000"), as a part of its own beside it.
func splitIndexes(parts []part) []part {
	var out []part
	for _, p := range parts {
		if p.kind != house && p.kind != index && p.kind != addressee {
			if m := indexFirst.FindStringSubmatch(p.text); m != nil {
				out = append(out, part{m[1], index}, part{m[2], classify(m[2])})
				continue
			}
			if m := indexLast.FindStringSubmatch(p.text); m != nil {
				out = append(out, part{m[1], classify(m[1])}, part{m[2], index})
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

var (
	indexRE    = regexp.MustCompile(`^(?i:(?:индекс|index)\s*:?\s*)?\d{6}$`)
	indexFirst = regexp.MustCompile(`^(\d{6})\s+(\D.*)$`)
	indexLast  = regexp.MustCompile(`^(.*\D)\s+(\d{6})$`)
	// A house number alone: 5, 5А, 12/2, 12-а, 7к2, 14 Б.
	houseNumber = regexp.MustCompile(`^[№#]?\s*\d{1,3}\s?\pL?(\s?[/-]\s?\d*\pL?)?(\s?[кkКK]\s?\d+)?$`)
	postcodes   = []*regexp.Regexp{
		regexp.MustCompile(`^([A-Z]{1,2}[ -])?\d{3,6}(-\d{4})?$`),       // 75008, D-10115, IL 62704, 62704-1234
		regexp.MustCompile(`^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$`),        // SW1A 2AA
		regexp.MustCompile(`^[A-Z]\d[A-Z] ?\d[A-Z]\d$`),                 // K1A 0B1
		regexp.MustCompile(`^\d{4} ?[A-Z]{2}$`),                         // 1012 AB
		regexp.MustCompile(`^\d{3}[ -]\d{2}$`),                          // 114 55
		regexp.MustCompile(`^[A-Z]{2}-\d{2}-\d{3}$|^\d{2}-\d{3}$`),      // 00-950
		regexp.MustCompile(`^[A-Z]{2,3} \d{4,5}$|^[A-Z]{2,3}-\d{4,5}$`), // LV-1010, LT-01100
	}
)

func indexInside(s string) bool {
	return indexFirst.MatchString(s) || indexLast.MatchString(s)
}

// classify reads what a part of an address is from its words.
func classify(s string) kind {
	switch {
	case indexRE.MatchString(s):
		return index
	case countries[key(s)]:
		return country
	case federalCities[key(s)]:
		return settlement
	case isHouse(s):
		return house
	}
	w := tokens(s)
	if len(w) == 0 {
		return unknown
	}
	for i, t := range w {
		switch {
		case streetMarks[t.word]:
			return street
		case i+1 < len(w) && boxMarks[t.word+" "+w[i+1].word]:
			return street
		case i+2 < len(w) && boxMarks[t.word+" "+w[i+1].word+" "+w[i+2].word]:
			return street
		}
		for _, suffix := range streetSuffixes {
			if len(t.word) > len(suffix) && strings.HasSuffix(t.word, suffix) {
				return street
			}
		}
	}
	for _, t := range w {
		if organisationMarks[t.word] {
			return organisation
		}
	}
	// A town's mark stands first or last: «г. Тверь», «Тверь г.»; «д. Ивановка» is a village
	// where «д. 5» is a house.
	for _, t := range []token{w[0], w[len(w)-1]} {
		if settlementMarks[t.word] && t.abbrev || settlementWords[t.word] {
			return settlement
		}
	}
	for i, t := range w {
		switch {
		case districtMarks[t.word]:
			return district
		case regionMarks[t.word] && (t.word != "ао" || i > 0):
			return region
		}
	}
	if !hasCyrillic(s) {
		for _, re := range postcodes {
			if re.MatchString(s) {
				return postcode
			}
		}
	}
	return unknown
}

// isHouse reports whether s is a house, its building or its flat and nothing else: «д. 5»,
// «д. 5, кв. 2» written without the comma, «кв. 12», "apt 2", "Flat 2", a bare house number.
func isHouse(s string) bool {
	if houseNumber.MatchString(s) {
		return true
	}
	w := tokens(s)
	if len(w) == 0 || !houseMarks[w[0].word] || !hasDigit(s) {
		return false
	}
	// Every word a mark or a number: «д. 5 корп. 2 кв. 7».
	for _, t := range w {
		if !houseMarks[t.word] && !hasDigit(t.word) && len([]rune(t.word)) > 1 {
			return false
		}
	}
	return true
}

// A token is a word of a part, lowercased, ё read as е, its final dot dropped (abbrev then
// says it had one).
type token struct {
	word   string
	abbrev bool
}

// tokens splits s into its words; a dot glued to the next word ends a word («ул.Садовая»,
// «д.5»).
func tokens(s string) []token {
	s = strings.NewReplacer("ё", "е", "Ё", "Е").Replace(s)
	var out []token
	for _, f := range strings.Fields(s) {
		for f != "" {
			i := strings.Index(f, ".")
			var w string
			if i < 0 || i == len(f)-1 {
				w, f = f, ""
			} else {
				w, f = f[:i+1], f[i+1:]
			}
			w = strings.ToLower(strings.Trim(w, "«»\"'()"))
			t := token{word: strings.TrimSuffix(w, "."), abbrev: strings.HasSuffix(w, ".")}
			if t.word != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// key is s for the lists of names: lowercased, ё read as е, dots and hyphens made spaces, the
// spaces made one.
func key(s string) string {
	s = strings.NewReplacer("ё", "е", "Ё", "Е", ".", " ", "-", " ").Replace(strings.ToLower(s))
	return strings.Join(strings.Fields(s), " ")
}

// clean is s with its runs of white space made one space and its ends trimmed.
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

func hasDigit(s string) bool { return strings.ContainsFunc(s, unicode.IsDigit) }

func hasCyrillic(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) })
}

func isRussia(s string) bool { return russia[key(s)] }

// capitalsCountry reports whether the last part of a Latin address is a country written in
// capitals, as the posts ask: letters only, four or more of them (not a state's two).
func capitalsCountry(s string) bool {
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) && unicode.IsUpper(r):
			letters++
		case r == ' ' || r == '-':
		default:
			return false
		}
	}
	return letters >= 4
}

// sameName reports whether line is the addressee named name: the name itself, or with more
// after it (the patronymic), or in the dative or with initials («Петрову Петру», «Петровой
// Анне», «Петрову П. П.» for «Петров Пётр»).
func sameName(name, line string) bool {
	if hasDigit(line) {
		return false
	}
	n, l := nameWords(name), nameWords(line)
	if len(n) == 0 || len(l) < len(n) {
		return false
	}
	if slices.Equal(n, l[:len(n)]) {
		return true
	}
	if len(n) < 2 || len(l) > len(n)+2 {
		return false
	}
	// Each of the name's words is one of the line's: whole words first, then initials.
	used := make([]bool, len(l))
	matched := make([]bool, len(n))
	whole := 0
	for _, initials := range []bool{false, true} {
		for i, nw := range n {
			for j, lw := range l {
				if matched[i] || used[j] {
					continue
				}
				initial := len([]rune(lw)) == 1
				if initials && initial && []rune(lw)[0] == []rune(nw)[0] || !initials && !initial && inflected(nw, lw) {
					used[j], matched[i] = true, true
					if !initial {
						whole++
					}
				}
			}
		}
	}
	return whole > 0 && !slices.Contains(matched, false)
}

// inflected reports whether b is a as a case ending changes it: a common beginning of at least
// three letters, at most two of a's letters and three of b's after it («Пётр», «Петру»;
// «Петрова», «Петровой»; not «Петров», «Петровскому»).
func inflected(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	c := 0
	for c < len(ra) && c < len(rb) && ra[c] == rb[c] {
		c++
	}
	return c >= 3 && len(ra)-c <= 2 && len(rb)-c <= 3
}

// nameWords are the words of a name, lowercased, ё read as е, without dots.
func nameWords(s string) []string {
	s = strings.NewReplacer("ё", "е", "Ё", "Е", ".", " ", ",", " ").Replace(strings.ToLower(s))
	return strings.Fields(s)
}
