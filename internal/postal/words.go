package postal

// The words an address's parts are told apart by, lowercased, ё written е, without their dots
// (tokens and key make a part's words so).

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// streetMarks mark a street or a post office box: the kind of street, abbreviated or in full,
// in Russian, in Russian spelt in Latin letters, and in the languages of the other posts.
var streetMarks = set(
	"ул", "улица", "пр", "пр-т", "пр-кт", "просп", "проспект", "пер", "переулок", "наб",
	"набережная", "ш", "шоссе", "б-р", "бул", "бульвар", "пл", "площадь", "проезд", "пр-д", "туп",
	"тупик", "аллея", "линия", "мкр", "мкр-н", "микрорайон", "кв-л", "квартал", "тракт", "просек",
	"спуск", "а/я", "ул-ца",
	"ul", "ulitsa", "ulica", "prospekt", "prosp", "pr-t", "pereulok", "per", "naberezhnaya", "nab",
	"shosse", "bulvar", "proezd", "ploshchad", "a/ya", "a/я",
	"street", "st", "road", "rd", "avenue", "ave", "av", "lane", "ln", "drive", "boulevard", "blvd",
	"square", "sq", "court", "ct", "place", "terrace", "way", "close", "crescent", "highway", "hwy",
	"rue", "chemin", "quai", "allée", "via", "viale", "piazza", "calle", "avenida", "plaza",
	"straße", "strasse", "str", "weg", "gasse", "platz", "allee", "damm", "ufer", "straat", "laan",
	"plein", "gracht", "ulice", "iela", "gatan", "gade", "vej", "katu", "postfach", "pob",
)

// organisationMarks mark the addressee's organisation, which the post prints above the street
// wherever the address names it: «шашечный клуб «Белая ладья»», «ООО «Шашки»», "Draughts Club".
var organisationMarks = set(
	"клуб", "клуба", "федерация", "федерации", "ооо", "зао", "оао", "пао", "нко", "ано", "школа",
	"библиотека", "редакция", "общество", "ассоциация", "союз", "секция", "кафедра", "институт",
	"университет", "сдюшор", "дюсш", "организация", "фонд", "товарищество",
	"club", "federation", "association", "society", "school", "ltd", "inc", "llc", "gmbh", "c/o",
	"university", "institute", "library",
)

// boxMarks are a post office box or poste restante in two or three words.
var boxMarks = set(
	"абонентский ящик", "до востребования", "po box", "p o box", "post office box",
	"boîte postale", "poste restante", "postbus", "do vostrebovaniya",
)

// streetSuffixes end the names of streets written as one word: Hauptstraße, Kalverstraat.
var streetSuffixes = []string{"straße", "strasse", "straat", "gasse", "weg", "platz", "allee", "gatan", "gade", "vej", "katu"}

// houseMarks mark a house, its building, its flat or office.
var houseMarks = set(
	"д", "дом", "корп", "корпус", "к", "стр", "строение", "кв", "квартира", "оф", "офис", "лит",
	"литер", "литера", "вл", "влад", "владение", "комн", "комната", "пом", "помещение", "№",
	"d", "dom", "korp", "korpus", "k", "stroenie", "kv", "apt", "apartment", "flat", "suite", "ste",
	"unit", "room", "rm", "no", "nr", "bldg", "building", "bld", "floor", "fl", "#",
)

// settlementMarks mark a town or a village when abbreviated (with the dot): «г. Тверь», «д.
// Ивановка» (a village, where «д. 5» is a house); settlementWords in full.
var (
	settlementMarks = set("г", "гор", "п", "пос", "с", "д", "дер", "х", "ст-ца", "сл", "g", "pos", "s", "der")
	settlementWords = set(
		"город", "поселок", "пгт", "рп", "село", "деревня", "станица", "хутор", "аул", "слобода",
		"gorod", "poselok", "selo", "derevnya", "stanitsa",
	)
)

// federalCities are the towns of federal rank, which an address names without «г.»; and their
// Latin spellings.
var federalCities = set(
	"москва", "санкт петербург", "с петербург", "спб", "севастополь",
	"moscow", "moskva", "saint petersburg", "st petersburg", "sankt peterburg", "sankt petersburg",
	"s petersburg", "sevastopol",
)

// districtMarks mark a district; regionMarks a region. «АО» is an autonomous okrug after its
// name («Ханты-Мансийский АО»), a company before it.
var (
	districtMarks = set("р-н", "р-на", "район", "района", "округ", "rayon", "r-n", "district")
	regionMarks   = set(
		"обл", "область", "области", "край", "края", "респ", "республика", "республики", "ао",
		"автономный", "автономная", "аобл",
		"oblast", "obl", "krai", "kray", "respublika", "resp", "republic", "ao",
	)
)

// russia is Russia's names; countries every country's an address may name.
var russia = set(
	"россия", "российская федерация", "рф", "russia", "russian federation", "rossiya", "rossija",
	"russie", "russland",
)

var countries = func() map[string]bool {
	m := set(
		"беларусь", "белоруссия", "республика беларусь", "belarus", "republic of belarus",
		"казахстан", "республика казахстан", "kazakhstan", "qazaqstan",
		"украина", "україна", "ukraine", "ukraina",
		"латвия", "latvia", "latvija", "литва", "lithuania", "lietuva", "эстония", "estonia", "eesti",
		"молдова", "молдавия", "moldova", "армения", "armenia", "грузия", "азербайджан", "azerbaijan",
		"узбекистан", "uzbekistan", "кыргызстан", "киргизия", "kyrgyzstan", "таджикистан",
		"tajikistan", "туркменистан", "turkmenistan",
		"германия", "germany", "deutschland", "израиль", "israel", "сша", "соединенные штаты америки",
		"соединенные штаты", "usa", "united states", "united states of america", "канада", "canada",
		"великобритания", "соединенное королевство", "united kingdom", "uk", "great britain",
		"england", "scotland", "wales", "northern ireland",
		"франция", "france", "нидерланды", "голландия", "netherlands", "the netherlands", "nederland",
		"holland", "бельгия", "belgium", "belgique", "belgie", "польша", "poland", "polska",
		"финляндия", "finland", "suomi", "чехия", "czech republic", "czechia", "словакия", "slovakia",
		"италия", "italy", "italia", "испания", "spain", "espana", "españa", "португалия", "portugal",
		"швеция", "sweden", "sverige", "норвегия", "norway", "norge", "дания", "denmark", "danmark",
		"австрия", "austria", "österreich", "osterreich", "швейцария", "switzerland", "schweiz",
		"suisse", "svizzera", "болгария", "bulgaria", "сербия", "serbia", "srbija", "хорватия",
		"croatia", "hrvatska", "словения", "slovenia", "венгрия", "hungary", "румыния", "romania",
		"греция", "greece", "кипр", "cyprus", "турция", "turkey", "turkiye", "türkiye", "ирландия",
		"ireland", "исландия", "iceland", "монголия", "mongolia", "китай", "china", "япония",
		"japan", "южная корея", "south korea", "korea", "вьетнам", "vietnam", "индия", "india",
		"австралия", "australia", "новая зеландия", "new zealand", "бразилия", "brazil", "brasil",
		"аргентина", "argentina", "мексика", "mexico", "суринам", "suriname", "сенегал", "senegal",
		"камерун", "cameroon", "гаити", "haiti", "мали", "mali",
	)
	for w := range russia {
		m[w] = true
	}
	return m
}()
