// Package mailparse reads a move letter, an RFC 5322 message, the way a tournament captain
// does: it finds what clause 4.2.3 says a letter holds, normalises it and reports precisely
// what it could not read. It knows neither the game state nor the rules and never decides
// legality; the referee does (4.2.9, 4.2.10, 4.2.12, 4.2.13 are applied there).
//
// # The message
//
// MIME is read with go-message: text/plain and text/html (rendered to text: block elements
// and <br> end lines, entities are decoded, <blockquote> becomes "> " quoted text, scripts,
// styles and the head are dropped); multipart/alternative by its text/plain part, HTML when
// there is none; other multiparts (mixed, related, ...) by their inline text parts joined in
// order. Attachments (Content-Disposition: attachment, or anything not text/plain or
// text/html, message/rfc822 included) are not read with the text. A file the player attached
// is listed (Letter.Attachments); when the letter's own text states neither play nor a leave,
// the text of an attached text file, Word document (.docx) or OpenDocument text (.odt) is read
// after it, as if written there (attached.go). Quoted-printable and base64 are decoded;
// every charset go-message knows is converted to UTF-8 (KOI8-R, windows-1251, ISO-8859-5, ...).
// A charset it does not know, or bytes that are not in the declared charset (8-bit text
// declared UTF-8 or not declared at all), do not lose the letter: the bytes are read as
// windows-1251 or KOI8-R, whichever reads as more plausible Russian (windows-1252 when
// neither does), and the problem is reported ("unknown charset", "text not in its declared
// charset"). An HTML part without a charset parameter is read in the charset its <meta>
// element names. Text declared in one Cyrillic code page but written in another (KOI8-R
// declared for windows-1251 bytes, and so on) reads as capitals and pseudo-graphics; it is
// read again in the likelier code page and reported ("text not in its declared charset").
// RFC 2047 subjects and names are decoded the same way. Text sent as format=flowed (RFC 3676)
// has its soft line breaks joined (with delsp), so that a wrapped variant is one line.
//
// Invisible characters (4.2.2, 4.3.1: a move, a date or a fraction reads as if they were not
// there): byte order marks, zero-width spaces and joiners, soft hyphens, the direction marks
// U+200E and U+200F, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069,
// the invisible operators U+2061–U+2064 and U+180E are dropped everywhere (the Subject
// too, where it is read for the game; Header.Subject keeps them). The no-break spaces U+00A0, U+202F, U+2007 and the word joiner U+2060 (HTML's
// &nbsp; included) are dropped where they stand inside a move, a date or a fraction: next to
// a dash, ":", "/" or "×" with a digit before it and a digit or a square after it ("g3 - e5",
// "23 / 31", "14.11.2026 / 16.11.2026"), next to an "x" between an algebraic square and a
// square ("g3 x e5"), before the dots of a number ("12 ..."), after the dots of a bare number
// ("12. g3", "14. 11.2026", but not "h6:f4. My move"), or between a file letter and its rank
// when a separator follows the rank or comes before the letter ("c 3-d4", "c3-d 4").
// Elsewhere they are spaces ("18 ноября 2026", "Мой ход:"), except that the word joiner,
// which is zero-width, is also dropped between two letters or digits ("3\u20602-28",
// "но\u2060ября": the text the writer saw). Letter.Text is the cleaned text.
//
// Parse returns an error only when there is nothing to read: no header that parses (the first
// line is no header field) or an empty message. Everything else yields a Letter.
//
// Limits keep every input cheap: at most MaxMessageBytes of the message are read,
// MaxTextBytes of decoded text kept, MaxLines lines and MaxLineBytes of each line read; MIME
// nesting is capped at 8 levels and 64 parts; a list keeps at most 1024 moves, a variant 256,
// a letter 256 variants. What is cut from the message is reported.
//
// # Only the new text counts
//
// Dropped: lines quoted with ">"; the attribution above a quote ("On … wrote:", "… написал(а):",
// "… пишет:", Yandex's and Mail.ru's "date, name <address>:"), together with the quote when it
// is marked with ">" — text after such a quote (a bottom-posted answer) still counts; when the
// attribution is followed by unmarked text, everything below it is taken for the old letter.
// Everything below "-----Original Message-----", "---- Исходное сообщение ----",
// "---------- Forwarded message ---------", "-------- Пересылаемое сообщение --------",
// "Begin forwarded message:", an Outlook header block ("From:/От:" followed by two of
// "Sent:/Date:/To:/Subject:" and their Russian names, with or without the line of underscores
// above it), and the signature after a "-- " (or "--") line. Letter.Text is what remains and
// every line number refers to it.
//
// A sign-off line ("С уважением, Иван Сидоров", "Regards, Ivan", "Всего доброго", "Best
// wishes", or "Спасибо" / "Thanks" alone on its line) ends the letter: it and the lines after
// it (name, return address, telephone) are not read, so that an address such as "д. 12-34" is
// never taken for a move. A line starting "P.S." or "П.С." after it is read again. A sign-off
// phrase with more after it than a short name ("Спасибо за игру, сдаюсь") is no sign-off, and
// neither is one with a move in full notation or a numbered move below it ("Спасибо!" as the
// first line): then only that line is skipped.
//
// # What is recognised
//
// Tournament code after "Турнир", "Шифр (турнира)", "Tournament" or "Code", when it has a
// digit or two capitals; the game after "партия", "game": "3-7", "3 – 7" and "0307" are all
// "3-7" (a four-digit game is two two-digit player numbers); any other number is kept as
// written. In the Subject ("Re:", "Fwd:", "Ответ:" removed) the code may also be the word just
// before "партия"/"game" ("СТ-2026/1 партия 3-7"), or any word shaped like a code,
// capitals, a dash and a year ("СТ-2026/1 отпуск"). The body wins over the Subject (the
// Subject of a reply is inherited from the thread); when they differ the body's line is
// reported ("subject and body name different games"). A Subject a mail server damaged (its
// 8-bit bytes replaced by "X" or "?": SubjectDamaged) is not read at all and is reported.
//
// Moves: numbers "12.", "12...", "12…", "12. ...", with or without a space; squares a1–j10 and
// 1–50; "-" and every dash (en, em, minus, hyphen) for a quiet move, ":", "x", "×" and the
// Cyrillic "х" for a capture; Cyrillic look-alikes in squares ("а", "с", "е", capitals "А",
// "В", "С", "Е", "Н", and "ь", "һ", "ԁ") are read as Latin letters, capitals as lower case.
// Squares of letters and digits joined by a separator with spaces around it, or by a doubled
// dash ("c3 - d4", "c3 – d4", "g3 : e5", "c3--d4"), are the move in full notation: how a player
// or his word processor spaces a dash is no abbreviated notation (4.2.2). Numbered squares are
// joined only as written ("32-28"): "10 - 20" is as often days in prose. Squares with nothing
// between them ("c3 d4") are two squares, abbreviated notation each.
// Within one list, a move without a number takes the number after the previous move's: White's
// N is followed by Black's N, Black's N by White's N+1 ("12. g3:e5 f6:d4 13. c3:e5" is 12.,
// 12..., 13.). A list that numbers nothing stays unnumbered and prints its moves alone
// ("g3:e5"): the referee numbers them from the game. Full algebraic moves are read anywhere;
// numeric moves ("32-28"), abbreviated notation and unreadable attempts only in a run of
// moves (after a move number or a move) or on a line that speaks of moves (a keyword below,
// or nothing but moves), so that a time "10:30" or "д. 12-34" in prose is no move.
//
// Abbreviated notation ("gf4", "cb4", "a:a7", a lone "e5" where a move is expected) is kept in
// its list as written, flagged (Move.Abbreviated) and reported ("abbreviated notation"): clause
// 4.2.2 makes it an impossible move, which the referee treats under 4.2.10. Letters and digits
// that try to be a move but are not notation ("g3e5", "g3;e5") are kept the same way, flagged
// Unreadable and reported ("unreadable move"), so that the referee can cut a variant before
// them (4.2.12) or stop the letter (4.2.9, 4.2.10). Nothing is ever expanded or corrected.
//
// Which list a move goes to is said by the words before it on its line: "Ваш ход", "Ваши
// ходы", "получил", "Your move", "received", "got" before a move → Repeated ("получил" and
// "received" also after the moves: "11... h6:f4 получил"); "Мой ход", "Мой ответ", "My move",
// "My reply", "отвечаю", "I reply" → Moves; "если … то …", "if … then …", "на … предлагаю …", "on … I propose …",
// "предлагаю вариант …", "I propose the variant …", "вариант А", "variant A" → a new Variant
// ("вариант А: если …" is one variant). A line that ends with such a word carries it on to
// the next lines up to a blank line or another such word, except that after a line that
// repeats the partner's moves the next moves are the writer's own ("or simply the moves that
// follow the repetition"), an acceptance carries on only as said below, and a condition with
// no move on its line
// ("Если будут вопросы, пишите") opens nothing. Moves under no word are the writer's. The
// Subject is never read for moves.
// A variant label is a Latin letter, a number, or a Cyrillic letter mapped by its place in the
// alphabet without Ё, Й, Ъ, Ы, Ь: А→A, Б→B, В→C, Г→D, Д→E, Е→F, Ж→G, З→H, И→I, К→J ...; so a
// Cyrillic "В" is the third variant, C. An unlabelled variant has label "". The label as the
// letter writes it, in capitals ("Б"), is kept beside it (Variant.Written, Acceptance.Written):
// postald's letters name a variant as its proposer wrote it; `postald parse` prints the mapped
// label.
//
// Acceptance (4.2.13), Letter.AcceptVariant, in any case, with Cyrillic or Latin label letters:
// verb first, "принимаю вариант А", "принимаю ваш вариант", "принимаю частично вариант А",
// "I accept variant A", "I accept your variant", "I partially accept ..."; or variant first,
// "ваш вариант принимаю", "вариант А принимаю", "вариант Б принят", "вариант принимается",
// "variant A accepted", "your variant is accepted". Label: the letter or number right after
// "вариант"/"variant" (mapped as for variants); none ("ваш вариант") is "". Until: "до 14-го
// хода", "до 14 хода", "до 14-го", "до хода 14", "up to move 14", "until move 14", "up to the
// 14th move", the number of the first changed move (the seed's usage); "9-го" is never read as
// a move or a move number. Inclusive: "включительно", "up to and including move 14",
// "inclusive". Partial: "частично", "partially", "partly", "in part" anywhere on the line.
//
// Moves after the acceptance on its line, up to another word, are the accepted variant's
// (Acceptance.Moves), numbered as one list ("12... f6:d4 13. c3:e5 d6:f4" is 12..., 13.,
// 13...); they are never the repetition (Repeated keeps only "Ваш ход 11... h6:f4 получил"
// and its kin). When the acceptance line ends with ":" and holds no move, the accepted moves
// are those of the following lines, up to a blank line, a line that does not start with a
// move or a move number, or another word; otherwise the moves on the following lines are the
// writer's own. "вместо" / "вместо хода" / "instead of (the move)" followed by a move (or
// ending the line) marks the variant's declined move(s): they go to Acceptance.Declined,
// never to Moves or Repeated; "играю", "I play", "Мой ход", "My move" after it give the
// writer's own moves ("вместо 14... h6:f4 играю 14... b6-a5", ", а вместо 2... g7-f6 играю 2...
// b6-a5", "Instead of 2... g7-f6 I play 2... b6-a5", "Мой ход: 3... b6-a5" on its own line).
// A line that opens with "вариант А:" followed by anything but an acceptance word proposes a
// variant ("Вариант А: если 2... e7-f6, то 3. b2-c3").
//
// A correction of the writer's own move in the letter itself (4.2.5: the move crossed out and
// another written, the letter from the player's address his signature), Letter.Crossed: without
// an acceptance of a variant, "вместо X" / "instead of X" naming a move the letter already gave
// as the writer's own, with a move of his after it («вместо 15. e3-d4 мой ход 15. e3-f4»), or a
// later own move with the number and side of an earlier one on a line that says it corrects
// («ошибся», «исправляю», «опечатка», «правильно», "I meant", "correction", "typo", "should
// read": «P.S. Опечатка, правильно: 15. e3-f4»). The correction takes the crossed move's place
// in Moves. Two own moves of one number without either form stay as written: the referee reads
// a change of a move sent (4.2.8) and asks for the move again without penalty.
//
// Decisions where the letter is ambiguous: only the first acceptance counts; a second one is
// reported ("more than one variant accepted") and the moves written after it are kept
// nowhere. A lower-case "а", "и", "в", "с", "к", "о", "у" or "я" after "вариант" followed by
// another word is that Russian word, not a label ("принимаю ваш вариант а вместо ..."), unless
// the word opens "до N-го хода" or "частично"; a capital is always a label. After "принимаю
// вариант А:" the accepted moves run to the blank line even when the last of them is the
// writer's own changed move: a letter must mark it ("Мой ход", "вместо … играю …"). "вместо X"
// in a letter with no acceptance is still no move of the writer's: X is filed nowhere, and
// the referee compares the letter's own moves with the variants it holds (acceptance by
// playing the variant's moves is never inferred here). The declined moves and the accepted
// ones are numbered each as their own list.
//
// Draw (draw.go): offer ("предлагаю ничью", «предлагаю закончить партию вничью», «может быть,
// ничья?», "how about a draw?", and an acceptance asked as a question: "Согласны на ничью?"),
// accept ("согласен на ничью", «на ничью согласен», "I accept the draw", "draw agreed"), decline
// ("отклоняю ничью", "не согласен на ничью", «играем дальше», "I decline the draw", "let's play
// on"), claim ("требую ничью", "I claim a draw") with its reason when stated: "repetition"
// (повторение, троекратное, threefold) or "move rule" (N ходов, N moves, move rule). Each has its
// polarity and scope: a negation in its clause turns an acceptance into a refusal ("I do not
// accept the draw") and an offer or a claim into nothing; a negated refusal («не отказываюсь от
// ничьей») and a condition or a wish in its sentence («если …», "I would …"; an offer excepted,
// and the polite «если вы не против», "if you don't mind") leave it in doubt (Draw.Doubt): the
// referee asks. The short forms of 1.13.3, a sentence that is nothing but «Согласен», "Agreed",
// «Не согласен», are kept as Draw.Short: they count only while the partner's offer stands. The
// first statement counts; a different one later is reported. A line that claims a draw cites a
// position ("after 40... 23-28"), so its moves are not read as moves. Resignation: "сдаюсь",
// "партию сдаю", "признаю поражение", "I resign" (not after a negation in its clause; under a
// condition, or promised — «сдамся», "I will resign" — it is kept with Letter.ResignDoubt).
// Protest: "протест"/"protest", with the paragraph that holds it. Leave (leave.go): «отпуск», «в
// отъезде», «буду отсутствовать», "on leave", "leave from", "Leave:", "on holiday", "away from",
// with the period its line gives — or the next line, after a leave word alone — in every form
// players write it, with or without the year («с 01.12.2026 по 15.12.2026», «с 17-го по 21-е
// января», «с 15.01 по 24.01», «с 28 декабря по 5 января 2027», "from January 13 to January 18",
// "13–18 Jan 2027"); a day without its year keeps Year 0 and is completed by Leave.Complete from
// the letter's date. The days of a leave are not the letter's dates. An out-of-office text that
// gives the whole period is a leave notice; one that gives less is not. A postscript ("P.S.",
// «П.С.») is read as a line of its own, below the signature too.
//
// Sections (sections.go): a letter whose lines head two games or more («По партии 2-1:», "Game
// 1-2:", «Партия с Ивановым:») is read section by section, each a letter about its game
// (Letter.Parts); the letter itself keeps the player's statements (a leave, a withdrawal). A game
// named by its partner alone is in Letter.Partner. A game named inside a sentence is no heading;
// when it is not the game the Subject names, the reading is reported as doubtful
// (WhatGamesNamed).
//
// Things that look like statements and are not: a receipt word followed by anything but a move
// («Ваше письмо от 03.12 получил 05.12.») speaks of a letter and opens no repetition for the
// lines below; thanks for a move with no move after it («Спасибо за ваш ход!», "Thanks for your
// move!") is no repetition; a number after «партия» followed by a move number's dot («Запись
// партии: 1. c3-d4 f6-g5 …») is a move number, not a game.
//
// Dates (4.3.1): 18.11.2026, 18.11.26 (20yy), 18/11/2026, 18-11-2026, 2026-11-18, "18 ноября
// 2026" (any case form, abbreviated months, "г."/"года"), "18 Nov 2026", "18 November 2026",
// "November 18, 2026"; separated by "/", ",", ";", spaces or line breaks. A line holds the
// letter's dates when it starts with "Даты", "Дата", "Dates", "Date" or "Числа", or holds
// nothing but two dates or more, or follows a bare "Даты:" line and holds nothing but dates;
// "Даты"/"Dates" further on a line takes the dates after it ("… I play 12. g3:e5. Dates
// 14/11/2026, 16/11/2026, 18/11/2026."). Dates in prose ("ваше письмо от 14.11.2026 пришло
// 16.11.2026") are not the letter's dates. On a line of dates whatever has a digit and is no
// date is reported ("unreadable date": "31.11.2026", "18.11.20266", "18.11": a date without a
// year is not completed). The parser does not check that there are three, nor their order.
//
// Time (4.3.1): the fraction White/Black after "Время", "Time", "затрачено", "итого", or alone on
// its line: "23/31", "23 / 31", "23 дн. / 31 дн.". A time word followed by digits that are no
// fraction is reported ("unreadable time").
//
// # Problems
//
// Problem.Line is the line of Letter.Text; 0 is the header (the Subject, a broken From or
// Date, a charset, a MIME fault, truncation). Problem.Text is what was written there, at most
// 200 bytes. Problem.What is one of the What* constants, sometimes with a detail after a colon.
//
// # The JSON view
//
// View (and Letter.MarshalJSON) prints the fields of the letter format in their order, then
// postald's additions: draw_reason, protest (the text), leave ({from, to}) and header (the
// envelope facts: from, subject, message_id, in_reply_to, references, date, and the loop
// headers). The lists repeated, moves, variants, dates and problems are always present, empty
// when the letter has none, and resign is always present; other fields are omitted when absent.
// accept_variant is {label, until, inclusive, partial, moves, declined}: label always (""
// when none), until when stated, inclusive and partial when true, moves (the accepted moves)
// and declined (the moves after "вместо" / "instead of") when written, as normalised move
// strings ("12... f6:d4").
package mailparse
