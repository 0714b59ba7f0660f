// Package postal writes postal addresses the way the posts want them on an envelope: the
// address block of a card (the addressee, then his address, a line an element) and the lines of
// an address quoted in a letter.
//
// The package is pure: no I/O, no state; the same address always gives the same lines.
//
// # What a director writes
//
// A start sheet gives an address (postal_address) either on lines of its own, one line per line
// of the envelope, or on one line with its parts separated by commas. Lines are the director's
// own layout and are kept as he wrote them. A one-line address is split into the lines the
// destination's post wants, not at every comma: the parts of a line of the envelope (a street,
// its house and its flat) stay on one line.
//
// # The Russian Post's order
//
// An address in Russia (its country is Russia, or it names no country and is written in Cyrillic
// or has a six-digit index) is set in the order of the Russian Post's rules (Правила оказания
// услуг почтовой связи, the order kept in every edition since 2005): the addressee; the street,
// the house and the flat; the town or village; the district; the region (republic, krai,
// oblast, autonomous okrug); the country, for mail from abroad; the postal index. A one-line
// address written from the largest part down («190000, Санкт-Петербург, ул. Садовая, д. 5»),
// as forms often have it, is turned round: «ул. Садовая, д. 5» / «Санкт-Петербург» /
// «190000». The index written with the town («190000 Санкт-Петербург») goes to the last line of
// its own.
//
// An address in Cyrillic with another country (Беларусь, Казахстан, Україна) follows the same
// order, the posts of those countries using it too, with the country on the last line, in
// capitals, as the Universal Postal Union wants it on mail between countries.
//
// # Other countries
//
// Any other address is set in the order common to the posts of the Universal Postal Union and
// advised by it for mail between countries: the addressee; the delivery line (house and street,
// the flat or suite with them); the town with its region and its postcode, on one line, the
// postcode before or after the town as the director wrote it; the country, alone on the last
// line, in capitals. The parts keep the director's order: where the postcode goes differs from
// country to country (10115 Berlin, London SW1A 2AA, Springfield IL 62704).
//
// # How the parts are told apart
//
// Each part of a one-line address is read by its words: a street by its kind (ул., пр-т, пер.,
// наб., ш., бульвар, street, road, avenue, Straße, rue, via and their like, а/я and P.O. Box);
// the house, its building and its flat by their marks (д., корп., стр., кв., apt, flat, suite) or
// as a bare house number (5, 5А, 12/2); a town by its kind (г., пос., с., дер.) or as one of
// the three cities of federal rank (Москва, Санкт-Петербург, Севастополь); a district (р-н,
// район); a region (обл., край, респ., АО); the index by its six digits; a country by its name
// in Russian or English (the countries whose players play by post most often) or, at the end
// of a Latin address, written in capitals; the addressee's organisation by its kind (клуб,
// федерация, школа, ООО, club, federation, Ltd, c/o and their like), which goes under the
// addressee's name, above the street, wherever the line names it. A part with none of these marks takes its place
// from its neighbours: a name followed by a house number is the street («Садовая, 5»); before
// the street in an address written from the largest part down, it is the town (or the region,
// when the town is named); after the street, likewise; before the street in an address written
// from the street up, it is the addressee's line (an organisation, «c/o»).
//
// These are a clerk's rules, not a gazetteer: an address they cannot read is printed as its
// parts, in the director's order. A director who wants his own layout writes the address on
// lines.
//
// # The addressee
//
// The addressee's line is the player's name from the start sheet, unless the address begins
// with it: its first line (or part) the name itself, the name with the patronymic («Петров
// Пётр Петрович» for «Петров Пётр»), the name in the dative as Russian envelopes address a
// person («Петрову Петру», «Петровой Анне»), or with initials («Петрову П. П.»). Then the
// address's own line is printed, once.
package postal
