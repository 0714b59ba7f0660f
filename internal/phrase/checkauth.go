package phrase

// AuthFieldText is check-config's check of the receiving server's Authentication-Results field
// ([trust] verdict = "server"): read in the last letters delivered, it must carry a result of
// every method require asks for, or every letter is held.
type AuthFieldText struct {
	// Carries: the server, the methods, how many letters were read.
	Carries string
	// Missing: the server, the method it never reports, how many letters were read, the
	// document.
	Missing string
	// NoField: the server, how many letters were read, the document: none has its field.
	NoField string
	// NoLetters: the server, the methods: no letter has arrived yet to read, so nothing is
	// checked (neither ok nor failed).
	NoLetters string
	// Unread: the server, the error: the letters could not be read.
	Unread string
}

var enAuthField = AuthFieldText{
	Carries:   "[trust] %s writes a result of %s in its Authentication-Results field (the last %d letters read)",
	Missing:   "[trust] %[1]s reports no %[2]s result in its Authentication-Results field in any of the last %[3]d letters: every letter would be held (\"%[2]s: no result\"); have the server check %[2]s, or change require; see %[4]s",
	NoField:   "[trust] none of the last %[2]d letters carries an Authentication-Results field of %[1]s: every letter would be held; have the server add its field (authserv_id = %[1]q), see %s",
	NoLetters: "not checked: no letter has arrived yet to show what %s writes of %s in Authentication-Results; run check-config again after the first letter",
	Unread:    "[trust] the letters could not be read to see what %s writes in Authentication-Results: %v",
}

var ruAuthField = AuthFieldText{
	Carries:   "[trust] %s пишет результат %s в своё поле Authentication-Results (прочитано последних писем: %d)",
	Missing:   "[trust] %[1]s ни в одном из последних писем (%[3]d) не сообщает результата %[2]s в поле Authentication-Results: каждое письмо будет задержано, проверки %[2]s в нём нет; пусть сервер проверяет %[2]s, или измените require; см. %[4]s",
	NoField:   "[trust] ни в одном из последних писем (%[2]d) нет поля Authentication-Results сервера %[1]s: каждое письмо будет задержано; пусть сервер добавляет своё поле (authserv_id = %[1]q), см. %s",
	NoLetters: "не проверено: писем ещё нет, и не видно, что %s пишет о %s в Authentication-Results; запустите check-config снова после первого письма",
	Unread:    "[trust] не удалось прочитать письма и узнать, что %s пишет в Authentication-Results: %v",
}
