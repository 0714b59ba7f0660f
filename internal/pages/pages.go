// Package pages draws postald's read-only web pages as HTML: the list of tournaments, a
// tournament's standings, crosstable and games in play, and a game with its picture, its moves
// to step through, both clocks and the judge's rulings. The director's report in HTML
// (`postald report -html` and the report's mail) is the tournament's page drawn without links.
//
// The package is of the core: it reads nothing and keeps nothing; the caller (package web, the
// office) gives it what the store holds, already read. Every word comes from the phrasebook
// (phrase.WebText, phrase.ReportText) in the page's language. What a page may show is what the
// tournament's players may all know: proposed variants and the letters' texts are never given
// to this package, so no page can show them.
//
// The pages work without JavaScript (every step of the move list is a plain link) and at a
// phone's width (under 640 pixels; checked at 390) without scrolling sideways: there every
// table but the move list turns into a card per row, each value beside its column's name (the
// crosstable's card of a player: his name, place, number, points and tie-breaks first, then
// his results against each opponent met), so that the points and the last day to move are
// always in sight. The one script (static/step.js) only saves the reload. The style sheet is
// in every page, so that a page saved or mailed looks the same; nothing is fetched from
// elsewhere.
package pages

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"

	"postald/internal/phrase"
)

//go:embed templates/*.html static/*
var files embed.FS

// style is the pages' style sheet, put in every page.
var style = func() template.CSS {
	b, err := files.ReadFile("static/style.css")
	if err != nil {
		panic(err)
	}
	return template.CSS(b) // our own file, embedded: trusted
}()

var templates = template.Must(template.New("pages").ParseFS(files, "templates/*.html"))

// Static is the files the pages ask for (step.js), to be served under ScriptPath's directory.
func Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err)
	}
	return sub
}

// ScriptPath is where the web server serves static/step.js.
const ScriptPath = "/static/step.js"

// Link is a link of a page.
type Link struct {
	Href, Text string
	Lang       string // the language of Text when it differs from the page's
	Title      string
}

// Frame is what every page has around its content.
type Frame struct {
	Lang   string
	Title  string
	Words  *phrase.WebText
	Report *phrase.ReportText
	// Channels name how a move came and how a player plays when it is not by e-mail.
	Channels *phrase.ChannelText
	// Picture explains the board's picture under it.
	Picture *phrase.PictureText
	Style   template.CSS
	// Switch links to the same page in the other language; nil: none (the report).
	Switch *Link
	// Crumbs are the links back up: to the list of tournaments, to the tournament.
	Crumbs []Link
	// Script is the URL of the step-through script; "" for none.
	Script string
}

// NewFrame returns the frame of a page in language lang (Russian for an unknown one).
func NewFrame(lang, title string) Frame {
	b := phrase.For(lang)
	return Frame{Lang: b.Lang, Title: title, Words: &b.Web, Report: &b.Report, Channels: &b.Channels, Picture: &b.Picture, Style: style}
}

// Other returns the language the switch of a page in lang leads to.
func Other(lang string) string {
	if phrase.For(lang).Lang == "en" {
		return "ru"
	}
	return "en"
}

// SwitchLink is the link to the page at href in language lang, worded in that language.
func SwitchLink(lang, href string) *Link {
	b := phrase.For(lang)
	return &Link{Href: href, Text: b.Web.LangName, Lang: b.Lang, Title: b.Web.SwitchTo}
}

// render executes the named template with data.
func render(name string, data any) ([]byte, error) {
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		return nil, fmt.Errorf("pages: %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// Message draws a page that only says text: a page not found, a failure.
func Message(fr Frame, text string) ([]byte, error) {
	return render("message", struct {
		Frame
		Text string
	}{fr, text})
}
