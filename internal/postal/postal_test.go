package postal

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBlock: the address block as the posts print it, from what a director writes in a start
// sheet: one line split into the post's lines, lines kept, the name once.
func TestBlock(t *testing.T) {
	for _, tc := range []struct {
		name    string
		who     string
		address []string
		want    []string
	}{
		// The Russian Post's order: addressee; street, house, flat; town; district; region;
		// country; index.
		{"street up", "Сидоров Сидор", []string{"ул. Садовая, д. 5, кв. 12, Санкт-Петербург, 190000"},
			[]string{"Сидоров Сидор", "ул. Садовая, д. 5, кв. 12", "Санкт-Петербург", "190000"}},
		{"largest part first, as formats.md's example", "Сидоров Сидор", []string{"190000, Санкт-Петербург, ул. Садовая, 1"},
			[]string{"Сидоров Сидор", "ул. Садовая, 1", "Санкт-Петербург", "190000"}},
		{"region and district, largest first", "Белов Борис", []string{"Россия, Ленинградская обл., Гатчинский р-н, г. Гатчина, ул. Мира, д. 5, корп. 2, кв. 7, 188300"},
			[]string{"Белов Борис", "ул. Мира, д. 5, корп. 2, кв. 7", "г. Гатчина", "Гатчинский р-н", "Ленинградская обл.", "Россия", "188300"}},
		{"region and district, street up", "Белов Борис", []string{"ул. Мира, д. 5, г. Гатчина, Гатчинский р-н, Ленинградская обл., 188300"},
			[]string{"Белов Борис", "ул. Мира, д. 5", "г. Гатчина", "Гатчинский р-н", "Ленинградская обл.", "188300"}},
		{"index with the town", "Белов Борис", []string{"190000 Санкт-Петербург, Невский пр-т, 28"},
			[]string{"Белов Борис", "Невский пр-т, 28", "Санкт-Петербург", "190000"}},
		{"a street without its kind, a house without its mark", "Белов Борис", []string{"Тверь, Советская, 5, 12"},
			[]string{"Белов Борис", "Советская, 5, 12", "Тверь"}},
		{"a village", "Белов Борис", []string{"Тверская обл., Калининский р-н, д. Ивановка, д. 3"},
			[]string{"Белов Борис", "д. 3", "д. Ивановка", "Калининский р-н", "Тверская обл."}},
		{"a republic without its mark", "Белов Борис", []string{"Республика Татарстан, Казань, ул. Баумана, 5"},
			[]string{"Белов Борис", "ул. Баумана, 5", "Казань", "Республика Татарстан"}},
		// The addressee's organisation above the street, wherever the line names it.
		{"an organisation last, largest first", "Белов Борис", []string{"300000, Тула, ул. Ленина, д. 1, шашечный клуб «Белая ладья»"},
			[]string{"Белов Борис", "шашечный клуб «Белая ладья»", "ул. Ленина, д. 1", "Тула", "300000"}},
		{"an organisation last, street up", "Белов Борис", []string{"ул. Ленина, д. 1, Тула, 300000, шашечный клуб «Белая ладья»"},
			[]string{"Белов Борис", "шашечный клуб «Белая ладья»", "ул. Ленина, д. 1", "Тула", "300000"}},
		{"an organisation first", "Белов Борис", []string{"ООО «Шашки», ул. Клубная, д. 3, Тверь, 170000"},
			[]string{"Белов Борис", "ООО «Шашки»", "ул. Клубная, д. 3", "Тверь", "170000"}},
		{"an organisation abroad", "John Smith", []string{"10 High Street, Oxford OX1 4AA, Draughts Club, UK"},
			[]string{"John Smith", "Draughts Club", "10 High Street", "Oxford OX1 4AA", "UK"}},
		{"a post office box", "", []string{"Шашечный клуб, а/я 1, Москва"},
			[]string{"Шашечный клуб", "а/я 1", "Москва"}},
		{"a post office box, index first", "Турнир (ЗК-1)", []string{"101000, Москва, а/я 12"},
			[]string{"Турнир (ЗК-1)", "а/я 12", "Москва", "101000"}},
		{"poste restante", "Белов Борис", []string{"до востребования, Тула, 300000"},
			[]string{"Белов Борис", "до востребования", "Тула", "300000"}},
		{"glued abbreviations", "Белов Борис", []string{"ул.Садовая, д.5, кв.12, г.Тверь, 170000"},
			[]string{"Белов Борис", "ул.Садовая, д.5, кв.12", "г.Тверь", "170000"}},
		{"a Russian address in Latin letters", "Peter Petrov", []string{"1 Lenin street, apt 2, St Petersburg 190000, Russia"},
			[]string{"Peter Petrov", "1 Lenin street, apt 2", "St Petersburg", "Russia", "190000"}},
		{"transliterated", "Boris Belov", []string{"ul. Sadovaya, d. 5, kv. 12, Tver, 170000"},
			[]string{"Boris Belov", "ul. Sadovaya, d. 5, kv. 12", "Tver", "170000"}},
		{"Cyrillic abroad, street up", "Белов Борис", []string{"ул. Ленина, 5, Минск, 220030, Беларусь"},
			[]string{"Белов Борис", "ул. Ленина, 5", "Минск", "220030", "БЕЛАРУСЬ"}},
		{"Cyrillic abroad, without the index", "Белов Борис", []string{"Минск, ул. Ленина, 5, Беларусь"},
			[]string{"Белов Борис", "ул. Ленина, 5", "Минск", "БЕЛАРУСЬ"}},
		{"the country at the end of an address written largest first", "Белов Борис", []string{"190000, Тверь, ул. Садовая, 1, Россия"},
			[]string{"Белов Борис", "ул. Садовая, 1", "Тверь", "Россия", "190000"}},
		{"Cyrillic abroad", "Белов Борис", []string{"220030, Минск, ул. Ленина, 5, Беларусь"},
			[]string{"Белов Борис", "ул. Ленина, 5", "Минск", "220030", "БЕЛАРУСЬ"}},

		// Other countries: the order the Universal Postal Union advises.
		{"England", "Peter Petrov", []string{"Flat 2, 10 Downing Street, London SW1A 2AA, United Kingdom"},
			[]string{"Peter Petrov", "Flat 2, 10 Downing Street", "London SW1A 2AA", "UNITED KINGDOM"}},
		{"the postcode apart", "Peter Petrov", []string{"10 Downing Street, London, SW1A 2AA, UK"},
			[]string{"Peter Petrov", "10 Downing Street", "London SW1A 2AA", "UK"}},
		{"the United States", "John Smith", []string{"1010 Clear Street, Apt 4, Springfield, IL 62704, USA"},
			[]string{"John Smith", "1010 Clear Street, Apt 4", "Springfield IL 62704", "USA"}},
		{"a state that is also a country", "John Smith", []string{"5 Peach Road, Atlanta, Georgia, USA"},
			[]string{"John Smith", "5 Peach Road", "Atlanta, Georgia", "USA"}},
		{"Germany", "Hans Müller", []string{"Hauptstraße 5, 10115 Berlin, Deutschland"},
			[]string{"Hans Müller", "Hauptstraße 5", "10115 Berlin", "DEUTSCHLAND"}},
		{"France, the postcode before the town", "Jean Dupont", []string{"10 rue de la Paix, 75002, Paris, France"},
			[]string{"Jean Dupont", "10 rue de la Paix", "75002 Paris", "FRANCE"}},
		{"a country in capitals not in the list", "Ana Silva", []string{"Rua Augusta 10, 1100-053 Lisboa, PORTUGUESA"},
			[]string{"Ana Silva", "Rua Augusta 10", "1100-053 Lisboa", "PORTUGUESA"}},
		{"a post office box without a country", "Boris", []string{"Captain, PO Box 1, Tula"},
			[]string{"Boris", "Captain", "PO Box 1", "Tula"}},
		{"no country", "Boris", []string{"1 Main Street, Kaluga"}, []string{"Boris", "1 Main Street", "Kaluga"}},

		// The name once.
		{"the address begins with the name", "Петров Пётр", []string{"Петров Пётр, ул. Ленина, д. 1, Тула, 300000"},
			[]string{"Петров Пётр", "ул. Ленина, д. 1", "Тула", "300000"}},
		{"the name with ё written е and the patronymic", "Петров Пётр", []string{"Петров Петр Петрович, ул. Ленина, д. 1, Тула"},
			[]string{"Петров Петр Петрович", "ул. Ленина, д. 1", "Тула"}},
		{"the name in the dative", "Петров Пётр", []string{"Петрову Петру, Москва, ул. Ленина, 1"},
			[]string{"Петрову Петру", "ул. Ленина, 1", "Москва"}},
		{"a woman's name in the dative", "Петрова Анна", []string{"Петровой Анне Ивановне, ул. Ленина, 1, Москва"},
			[]string{"Петровой Анне Ивановне", "ул. Ленина, 1", "Москва"}},
		{"initials", "Петров Пётр", []string{"Петрову П. П., 101000, Москва, ул. Ленина, 1"},
			[]string{"Петрову П. П.", "ул. Ленина, 1", "Москва", "101000"}},
		{"another name is not his", "Петров Пётр", []string{"Петровскому Петру, ул. Ленина, 1, Москва"},
			[]string{"Петров Пётр", "Петровскому Петру", "ул. Ленина, 1", "Москва"}},
		{"on lines, the name first", "Петров Пётр", []string{"Петров Пётр\nул. Ленина, д. 1\nТула"},
			[]string{"Петров Пётр", "ул. Ленина, д. 1", "Тула"}},
		{"in English", "Peter Petrov", []string{"Peter Petrov, 10 Downing Street, London SW1A 2AA"},
			[]string{"Peter Petrov", "10 Downing Street", "London SW1A 2AA"}},

		// Lines are the director's.
		{"lines kept", "Петров Пётр", []string{"Петрову П.", "ул. Ленина, д. 1", "300000 Тула"},
			[]string{"Петрову П.", "ул. Ленина, д. 1", "300000 Тула"}},
		{"a house alone on a line joins its street", "Петров Пётр", []string{"ул. Садовая", "д. 5", "кв. 12", "Тверь"},
			[]string{"Петров Пётр", "ул. Садовая, д. 5, кв. 12", "Тверь"}},
		{"blank lines and spaces", "  Петров   Пётр ", []string{"", "  ул. Ленина,   д. 1 ", "\n", "Тула"},
			[]string{"Петров Пётр", "ул. Ленина, д. 1", "Тула"}},
		{"no address", "Петров Пётр", nil, []string{"Петров Пётр"}},
		{"no name", "", []string{"ул. Ленина, д. 1, Тула"}, []string{"ул. Ленина, д. 1", "Тула"}},
		{"one part", "Белов Борис", []string{"Тула"}, []string{"Белов Борис", "Тула"}},
		{"empty parts", "Белов Борис", []string{" , ул. Ленина, , 1 ,"}, []string{"Белов Борис", "ул. Ленина, 1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Block(tc.who, tc.address)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Block(%q, %q) (-want +got):\n%s", tc.who, tc.address, diff)
			}
			// What the sheet keeps (Lines) and the card prints from it (Block) agree.
			if again := Block(tc.who, Lines(tc.who, tc.address)); !cmp.Equal(got, again) {
				t.Errorf("Block of Lines %q, want %q", again, got)
			}
		})
	}
}

// TestSameName: the addressee's line is his name in any of the forms an envelope writes it.
func TestSameName(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       bool
	}{
		{"Петров Пётр", "Петров Пётр", true},
		{"Петров Пётр", "петров петр", true},
		{"Петров Пётр", "Петров Пётр Петрович", true},
		{"Петров Пётр", "Петрову Петру Петровичу", true},
		{"Петров Пётр", "Петру Петрову", true},
		{"Петров Пётр", "Петрову П. П.", true},
		{"Петров Пётр", "П. П. Петрову", true},
		{"Петров Пётр", "Петрову", false},
		{"Петров Пётр", "П. П.", false},
		{"Петров Пётр", "Петровскому Петру", false},
		{"Петров Пётр", "Петров Пётр, кв. 2", false},
		{"Петров Пётр", "Иванову Петру", false},
		{"Кузнецов Павел", "Кузнецову Павлу", true},
		{"Соколова Любовь", "Соколовой Любови", true},
		{"Boris", "Boris", true},
		{"Boris", "Borisov", false},
		{"Boris", "Boris Belov", true},
		{"Peter Petrov", "Mr Peter Petrov", true},
		{"", "Петров", false},
	} {
		if got := sameName(tc.name, tc.line); got != tc.want {
			t.Errorf("sameName(%q, %q) = %v, want %v", tc.name, tc.line, got, tc.want)
		}
	}
}

// TestClassify: how a part of an address is read.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		part string
		want kind
	}{
		{"190000", index}, {"индекс 190000", index}, {"Россия", country}, {"РФ", country},
		{"United Kingdom", country}, {"Москва", settlement}, {"Санкт-Петербург", settlement},
		{"г. Тверь", settlement}, {"Тверь г.", settlement}, {"пос. Лесной", settlement},
		{"д. Ивановка", settlement}, {"д. 5", house}, {"дом 5", house}, {"д 5", house},
		{"кв. 12", house}, {"корп. 2", house}, {"д. 5 корп. 2 кв. 7", house}, {"5", house},
		{"5А", house}, {"12/2", house}, {"7к2", house}, {"apt 2", house}, {"Flat 2", house},
		{"#4", house}, {"ул. Садовая", street}, {"Садовая ул.", street}, {"Невский пр-т", street},
		{"а/я 12", street}, {"абонентский ящик 12", street}, {"P.O. Box 12", street},
		{"PO Box 1", street}, {"10 Downing Street", street}, {"Hauptstraße 5", street},
		{"Kalverstraat 1", street}, {"Гатчинский р-н", district}, {"Ленинградская обл.", region},
		{"Краснодарский край", region}, {"Ханты-Мансийский АО", region}, {"АО Ромашка", unknown},
		{"Республика Татарстан", region}, {"SW1A 2AA", postcode}, {"IL 62704", postcode},
		{"75002", postcode}, {"K1A 0B1", postcode}, {"1012 AB", postcode}, {"LV-1010", postcode},
		{"Тула", unknown}, {"London", unknown},
	} {
		if got := classify(tc.part); got != tc.want {
			t.Errorf("classify(%q) = %d, want %d", tc.part, got, tc.want)
		}
	}
}

// words are the words of lines, lowercased, without the commas that join parts.
func words(lines []string) []string {
	var out []string
	for _, l := range lines {
		for _, w := range strings.Fields(strings.ReplaceAll(l, ",", " ")) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// FuzzLines: the lines of any address hold every word the address has, once, in some order,
// and no line is empty or holds a line break; the block adds the name or keeps the address's
// own first line.
func FuzzLines(f *testing.F) {
	for _, s := range []string{
		"190000, Санкт-Петербург, ул. Садовая, 1",
		"Flat 2, 10 Downing Street, London SW1A 2AA, United Kingdom",
		"Петрову П. П., 101000, Москва, ул. Ленина, 1",
		"ул. Садовая\nд. 5\nкв. 12",
		"д. 5, , ,кв. 2,\t190000 Тверь",
		"1010 Clear Street, Apt 4, Springfield, IL 62704, USA",
	} {
		f.Add("Петров Пётр", s)
	}
	f.Fuzz(func(t *testing.T, name, address string) {
		lines := Lines(name, []string{address})
		in, out := words([]string{address}), words(lines)
		if diff := cmp.Diff(sorted(in), sorted(out)); diff != "" {
			t.Fatalf("Lines(%q, %q) = %q: the words differ (-in +out):\n%s", name, address, lines, diff)
		}
		for _, l := range lines {
			if strings.TrimSpace(l) == "" || strings.ContainsAny(l, "\r\n") || l != strings.TrimSpace(l) {
				t.Fatalf("Lines(%q, %q) = %q: a line empty, padded or broken", name, address, lines)
			}
		}
		block := Block(name, []string{address})
		if len(block) != len(lines) && len(block) != len(lines)+1 {
			t.Fatalf("Block(%q, %q) = %q, Lines %q", name, address, block, lines)
		}
	})
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
