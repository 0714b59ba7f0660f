package web

import (
	"net/http/httptest"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postald/internal/office"
	"postald/internal/store"
)

// TestBrowserPhoneSystems: a team event's page (its team standings, matches and board results),
// a Swiss's page (its standings with every round) and a knockout's (its bracket) fit a phone as
// a round robin's does:
// nothing wider than the screen, nothing scrolling sideways, every team's and every player's
// points on the screen.
func TestBrowserPhoneSystems(t *testing.T) {
	b := newBrowser(t)
	data, err := os.ReadFile("../tournament/testdata/teams.toml")
	if err != nil {
		t.Fatal(err)
	}
	teams := string(data)
	// The same players in a Swiss of three rounds: no teams, no micromatch.
	swiss := regexp.MustCompile(`(?s)\[\[team\]\].*?\n\n`).ReplaceAllString(teams, "")
	swiss = strings.NewReplacer(`system = "team-round-robin"`, "system = \"swiss\"\nrounds = 3", "micromatch = 2\n", "",
		`code = "КЧ-2026"`, `code = "ШВ-2026"`).Replace(swiss)
	// And in a knockout.
	knockout := strings.NewReplacer(`system = "swiss"`+"\nrounds = 3", `system = "knockout"`, `code = "ШВ-2026"`, `code = "КО-2026"`).Replace(swiss)
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	from := mail.Address{Address: "moves@club.example"}
	for _, sheet := range []string{teams, swiss, knockout} {
		if _, err := office.Register(db, from, []byte(sheet), now, true); err != nil {
			t.Fatalf("%v\n%s", err, sheet)
		}
	}
	srv := httptest.NewServer(New(Options{Store: db, Now: func() time.Time { return now }}))
	defer srv.Close()
	toPhone := chromedp.EmulateViewport(phone, 844, chromedp.EmulateMobile)
	for _, c := range []struct {
		name, code, points string
		rows               int
	}{
		{"teams", "КЧ-2026", "#crosstable tr", 3},          // a card per team
		{"swiss", "ШВ-2026", "#crosstable td.pts", 7},      // a card per player, his points on it
		{"knockout", "КО-2026", "#crosstable tbody tr", 4}, // a card per pairing of round 1: the bye to seed 1 and three pairings
	} {
		for _, lang := range []string{"ru", "en"} {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				u := srv.URL + "/t/" + url.PathEscape(c.code) + "/?lang=" + lang
				b.run("load "+u, toPhone, chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("body")))
				for _, bad := range value(b, "overflow", chromedp.Evaluate[[]string](overflowing)) {
					t.Errorf("%s at %d px: %s", c.name, phone, bad)
				}
				cells := value(b, "points", chromedp.Evaluate[[][]string](inSight(c.points)))
				if len(cells) < c.rows {
					t.Errorf("%d of %q, want %d", len(cells), c.points, c.rows)
				}
				for _, cell := range cells {
					if cell[1] != "seen" {
						t.Errorf("%q is not on the screen", cell[0])
					}
				}
				b.clean(c.name)
				b.shot("phone-" + lang + "-" + c.name)
			})
		}
	}
}
