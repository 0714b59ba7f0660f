package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"postald/internal/daysclock"
	"postald/internal/lots"
	"postald/internal/mailparse"
	"postald/internal/phrase"
	"postald/internal/tournament"
)

// guideLetters returns the fenced blocks of a player's guide marked ```letter (a move letter) or
// ```letter-notice (a letter with no move: a resignation, a draw, a leave), in order, each as an
// RFC 5322 message: the guide writes the header fields as a mail program shows them ("От:",
// "Кому:", "Тема:" or "From:", "To:", "Subject:"), then a blank line and the text.
func guideLetters(t *testing.T, path string) (letters []string, kinds []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	names := strings.NewReplacer("От: ", "From: ", "Кому: ", "To: ", "Тема: ", "Subject: ")
	var cur *strings.Builder
	header := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case cur == nil && (line == "```letter" || line == "```letter-notice"):
			cur, header = &strings.Builder{}, true
			kinds = append(kinds, strings.TrimPrefix(line, "```"))
		case cur != nil && line == "```":
			letters = append(letters, cur.String())
			cur = nil
		case cur != nil && header && line == "":
			header = false
			cur.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
		case cur != nil && header:
			cur.WriteString(names.Replace(line) + "\r\n")
		case cur != nil:
			cur.WriteString(line + "\r\n")
		}
	}
	if cur != nil {
		t.Fatalf("%s: a ```letter block is not closed", path)
	}
	return letters, kinds
}

// guideSheet is the tournament of the players' guides' sample letters: the seed's sample game of
// column checkers, Ivanov (White) – Petrov (Black), game 1-2.
const guideSheet = `[tournament]
code = %q
name = "guide"
variant = "column"
start = 2026-11-02
end = 2027-10-31
language = %q
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
[[player]]
number = 1
name = "Ivanov"
email = "ivanov@mail.example"
[[player]]
number = 2
name = "Petrov"
email = "petrov@mail.example"
`

// TestDocPlayerLetters reads every sample letter of the players' guides with the letter reader
// postald uses: each must read without a problem and name its game, a ```letter block must carry
// a move (its own or an accepted variant) and a ```letter-notice block a resignation, a draw
// statement, a leave or a protest. Then the samples, in the guide's order and dated by their
// third date (the day of the reply), are decided by the referee as one game (postald simulate):
// none may be stopped or ignored. So every sample a player copies is one postald reads and
// accepts as the guide says.
func TestDocPlayerLetters(t *testing.T) {
	for _, g := range []struct{ path, code, lang string }{
		{"../../docs/player-ru.md", "СТ-2026/1", "ru"},
		{"../../docs/player-en.md", "CT-2026/1", "en"},
	} {
		letters, kinds := guideLetters(t, g.path)
		if len(letters) < 4 {
			t.Errorf("%s: %d sample letters, want at least 4", g.path, len(letters))
		}
		var mbox strings.Builder
		day := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
		for i, raw := range letters {
			l, err := mailparse.Parse([]byte(raw))
			if err != nil {
				t.Errorf("%s, letter %d: %v", g.path, i+1, err)
				continue
			}
			for _, p := range l.Problems {
				t.Errorf("%s, letter %d: line %d %q: %s", g.path, i+1, p.Line, p.Text, p.What)
			}
			if l.Game != "1-2" || l.Tournament != g.code {
				t.Errorf("%s, letter %d: names tournament %q game %q, want %s 1-2", g.path, i+1, l.Tournament, l.Game, g.code)
			}
			switch kinds[i] {
			case "letter":
				if len(l.Moves) == 0 && (l.AcceptVariant == nil || len(l.AcceptVariant.Moves) == 0) {
					t.Errorf("%s, letter %d: reads no move:\n%s", g.path, i+1, raw)
				}
			case "letter-notice":
				if !l.Resign && l.Draw.Kind == "" && l.Leave == nil && l.Protest == nil {
					t.Errorf("%s, letter %d: reads no resignation, draw, leave or protest:\n%s", g.path, i+1, raw)
				}
			}
			if len(l.Dates) == 3 {
				d := l.Dates[2].Date
				day = time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC)
			}
			fmt.Fprintf(&mbox, "From guide Thu Jan  1 00:00:00 2026\nDate: %s\n%s\n", day.Format(time.RFC1123Z),
				strings.ReplaceAll(raw, "\r\n", "\n"))
		}
		dir := t.TempDir()
		sheet, box := filepath.Join(dir, "sheet.toml"), filepath.Join(dir, "letters.mbox")
		if err := os.WriteFile(sheet, []byte(fmt.Sprintf(guideSheet, g.code, g.lang)), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(box, []byte(mbox.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		if code := run(context.Background(), &cmdEnv{stdout: &out, stderr: &errOut}, []string{"simulate", "-sheet", sheet, box}); code != 0 {
			t.Fatalf("%s: simulate: exit %d: %s", g.path, code, errOut.String())
		}
		n := 0
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var d struct {
				N       int      `json:"n"`
				Verdict string   `json:"verdict"`
				Clauses []string `json:"clauses"`
				Final   bool     `json:"final"`
				// Registered is the first line's: the tournament of the sheet registered.
				Registered string `json:"registered"`
			}
			if err := json.Unmarshal([]byte(line), &d); err != nil {
				t.Fatalf("%s: simulate printed %q: %v", g.path, line, err)
			}
			if d.Final || d.Registered != "" {
				continue
			}
			n++
			if d.Verdict == "rejected" || d.Verdict == "ignored" {
				t.Errorf("%s, letter %d: %s (%v)", g.path, d.N, d.Verdict, d.Clauses)
			}
		}
		if n != len(letters) {
			t.Errorf("%s: simulate decided %d letters of %d:\n%s", g.path, n, len(letters), out.String())
		}
	}
}

// TestSystemdUnit runs systemd-analyze verify on deploy/postald.service, with ExecStart pointing
// at this test binary (verify wants the program to exist). Without systemd-analyze the test skips,
// unless MAILSTACK_REQUIRED=1 (scripts/test, which installs Debian's systemd package).
func TestSystemdUnit(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		if os.Getenv("MAILSTACK_REQUIRED") == "1" {
			t.Fatal("systemd-analyze is not installed (Debian's package systemd; scripts/mailstack/install.sh installs it)")
		}
		t.Skip("systemd-analyze is not installed")
	}
	unit, err := os.ReadFile("../../deploy/postald.service")
	if err != nil {
		t.Fatal(err)
	}
	// The substitution docs/admin.md shows for checking the unit in a checkout: the unit's own
	// program replaced by one built from it.
	admin, err := os.ReadFile("../../docs/admin.md")
	if err != nil {
		t.Fatal(err)
	}
	sub := regexp.MustCompile(`sed 's#([^#]+)#([^#]+)#' deploy/postald.service > (\S+)`).FindStringSubmatch(string(admin))
	if sub == nil {
		t.Fatal("docs/admin.md shows no sed 's#…#…#' deploy/postald.service for checking the unit in a checkout")
	}
	bin := sub[1]
	if !strings.Contains(string(unit), "ExecStart="+bin+" serve ") {
		t.Fatalf("deploy/postald.service: ExecStart does not run %s serve, the program docs/admin.md replaces", bin)
	}
	if !strings.Contains(string(admin), "systemd-analyze verify "+sub[3]) || !strings.Contains(string(admin), "go build -o "+sub[2]+" ./cmd/postald") {
		t.Errorf("docs/admin.md: the recipe does not build %s and verify %s", sub[2], sub[3])
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"StateDirectory=postald", "RuntimeDirectory=postald", "ProtectSystem=strict",
		"NoNewPrivileges=yes", "PrivateTmp=yes", "Restart=on-failure", "RestartSec=", "User=postald"} {
		if !strings.Contains(string(unit), "\n"+want) {
			t.Errorf("deploy/postald.service has no %s", want)
		}
	}
	dir := t.TempDir()
	copyPath := filepath.Join(dir, "postald.service")
	if err := os.WriteFile(copyPath, []byte(strings.ReplaceAll(string(unit), bin, self)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", copyPath).CombinedOutput()
	// verify also reports on units of the machine it runs on; only lines about ours count.
	var ours []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "postald.service") {
			ours = append(ours, line)
		}
	}
	if err != nil || len(ours) > 0 {
		t.Errorf("systemd-analyze verify deploy/postald.service: %v\n%s", err, out)
	}
}

// TestInstallScript runs deploy/install.sh twice into a staging tree (ROOT=DIR: no user, no
// chown, systemd untouched): it must install the binary, the unit, the tmpfiles entry and the
// example configuration with their modes, and keep a configuration that is already there.
func TestInstallScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds postald")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not in PATH")
	}
	root := t.TempDir()
	install := func() string {
		cmd := exec.Command("../../deploy/install.sh")
		cmd.Env = append(os.Environ(), "ROOT="+root)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("deploy/install.sh: %v\n%s", err, out)
		}
		return string(out)
	}
	install()
	for _, f := range []struct {
		path string
		mode os.FileMode
	}{
		{"usr/local/bin/postald", 0o755},
		{"etc/systemd/system/postald.service", 0o644},
		{"etc/tmpfiles.d/postald.conf", 0o644},
		{"etc/postald/postald.toml", 0o600},
		{"etc/postald", 0o750 | os.ModeDir},
		{"var/lib/postald", 0o700 | os.ModeDir},
		{"var/lib/postald/backup", 0o700 | os.ModeDir},
	} {
		fi, err := os.Stat(filepath.Join(root, f.path))
		if err != nil {
			t.Error(err)
			continue
		}
		if got := fi.Mode() & (os.ModeDir | os.ModePerm); got != f.mode {
			t.Errorf("%s: mode %v, want %v", f.path, got, f.mode)
		}
	}
	cfg := filepath.Join(root, "etc/postald/postald.toml")
	if err := os.WriteFile(cfg, []byte("# edited\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := install(); !strings.Contains(out, "keeping the existing") {
		t.Errorf("second run did not keep the configuration:\n%s", out)
	}
	if b, _ := os.ReadFile(cfg); string(b) != "# edited\n" {
		t.Errorf("second run replaced the configuration: %q", b)
	}
	out, err := exec.Command(filepath.Join(root, "usr/local/bin/postald"), "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "postald ") {
		t.Errorf("installed postald version: %v %q", err, out)
	}
}

// TestDocResultsFile holds the results file of docs/director.md ("The results file of postald
// crosstable") to the command: every key its table documents is one an example file of the
// section uses, and postald crosstable reads every example without refusing it; the keys of a
// round robin's file have their rows; the defaults the table states are the reader's (the first
// example without scoring and tiebreaks gives the standings of the defaults); a key the file does
// not know is refused. (The tournament package's test of the same name holds every key of the
// reader to a row.)
func TestDocResultsFile(t *testing.T) {
	doc, err := os.ReadFile("../../docs/director.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## The results file of `postald crosstable`\n")
	if !ok {
		t.Fatal("docs/director.md has no section on the results file of postald crosstable")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var examples []string
	for _, block := range strings.Split(section, "```toml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		examples = append(examples, block)
	}
	if len(examples) == 0 {
		t.Fatal("the results file's section has no ```toml example")
	}
	example := examples[0]
	rows := map[string]string{} // key → default cell
	for _, line := range strings.Split(section, "\n") {
		if cells := strings.Split(line, "|"); strings.HasPrefix(line, "| `") && len(cells) > 3 {
			rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = strings.TrimSpace(cells[2])
		}
	}
	for _, key := range []string{"scoring", "tiebreaks", "rounds", "[[player]] number", "[[player]] name", "[[player]] withdrawn",
		"[[game]] white", "[[game]] black", "[[game]] result"} {
		if _, ok := rows[key]; !ok {
			t.Errorf("docs/director.md: the results file's table has no row for `%s`", key)
		}
	}
	for key := range rows {
		name := key[strings.LastIndex(key, " ")+1:]
		used := false
		for _, ex := range examples {
			used = used || strings.Contains(ex, "\n"+name+" = ") || strings.HasPrefix(ex, name+" = ")
		}
		if !used && !strings.HasPrefix(key, "[[team]] captain") {
			t.Errorf("docs/director.md: no example results file uses `%s`", key)
		}
	}
	dir := t.TempDir()
	crosstable := func(text string, args ...string) (int, string) {
		t.Helper()
		file := filepath.Join(dir, "results.toml")
		if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runLine(append(append([]string{"crosstable"}, args...), file)...)
		return code, out + errOut
	}
	for i, ex := range examples {
		code, out := crosstable(ex, "-lang", "ru")
		if code != 0 || !strings.Contains(out, "Иванов Иван") || !strings.Contains(out, "Сидоров Сидор") {
			t.Fatalf("postald crosstable of example %d: exit %d\n%s", i+1, code, out)
		}
	}
	def := rows["tiebreaks"]
	if i := strings.Index(def, "`"); i >= 0 {
		def, _, _ = strings.Cut(def[i+1:], "`") // the first value the cell gives: a round robin's
	}
	withDefaults := strings.Replace(example, "tiebreaks = [\"sonneborn-berger\", \"wins\"]\n",
		"tiebreaks = "+def+"\n", 1)
	_, want := crosstable(withDefaults, "-json")
	var left []string
	for _, line := range strings.Split(example, "\n") {
		if !strings.HasPrefix(line, "scoring = ") && !strings.HasPrefix(line, "tiebreaks = ") {
			left = append(left, line)
		}
	}
	if _, got := crosstable(strings.Join(left, "\n"), "-json"); got != want || !strings.Contains(rows["scoring"], `"1-0.5-0"`) {
		t.Errorf("the example without scoring and tiebreaks:\n%s\nwith the documented defaults:\n%s", got, want)
	}
	if code, out := crosstable(example+"\ncolour = 1\n", "-lang", "en"); code == 0 || !strings.Contains(out, "unknown key") {
		t.Errorf("a results file with an unknown key: exit %d\n%s", code, out)
	}
}

// TestDocSubjects holds the guides' tables of letters (docs/director.md, "What postald sends, and
// when", and docs/judge.md, "What the judge receives") to the phrasebook: every subject they
// show is the subject of a letter postald writes (its English words, CODE, G, N, NAME, ADDRESS,
// DATE, … standing for what varies), and every subject postald writes is shown in one of them.
func TestDocSubjects(t *testing.T) {
	var subjects []string // the English subjects postald writes, what varies as "X"
	verb := regexp.MustCompile(`%(\[\d+\])?[sdq]`)
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
		case reflect.String:
			name := path[strings.LastIndex(path, ".")+1:]
			if strings.HasPrefix(name, "Subj") || strings.HasSuffix(name, "Subject") {
				subjects = append(subjects, verb.ReplaceAllString(v.String(), "X"))
			}
		}
	}
	en := phrase.For("en")
	walk("Referee", reflect.ValueOf(en.Referee))
	walk("Office", reflect.ValueOf(en.Office))
	subjects = append(subjects, en.Tournament.StartSubject("X", "X"))
	// The subjects written by functions of more than the code: the lots', the systems'.
	sys := &en.Tournament.Systems
	subjects = append(subjects, en.Lots.RevealedSubject("X"), sys.MatchSubject("X", "X", "X"),
		sys.ReserveSubject("X", "X"), strings.Replace(sys.RoundSubject("X", 7), "7", "X", 1),
		en.Office.CaptainProtestSubject("X", "X"), sys.KnockoutWonSubject("X"), sys.EndedSubject("X"), sys.TieSubject("X"))
	// The letters about the delivery of postald's letters (phrase.DeliveryText).
	dt := &en.Delivery
	subjects = append(subjects, dt.NotReachedSubject("X", "X"), dt.ReachedSubject("X", "X"), dt.FailedSubject("X", "X"),
		strings.Replace(dt.LateSubject("X", 7), "7", "X", 1))

	placeholder := regexp.MustCompile(`\b(CODES|CODE|G|N|NAME|ADDRESS|DATE|TEAM|HOME|AWAY)\b|…`)
	documented := map[string]string{} // a subject as the guides show it, what varies as "X" → where
	for _, g := range []struct{ path, section string }{
		{"../../docs/director.md", "## What postald sends, and when"},
		{"../../docs/judge.md", "## What the judge receives"},
	} {
		doc, err := os.ReadFile(g.path)
		if err != nil {
			t.Fatal(err)
		}
		_, section, ok := strings.Cut(string(doc), "\n"+g.section+"\n")
		if !ok {
			t.Fatalf("%s has no section %q", g.path, g.section)
		}
		section, _, _ = strings.Cut(section, "\n## ")
		for _, line := range strings.Split(section, "\n") {
			cells := strings.Split(line, "|")
			if !strings.HasPrefix(line, "| ") || len(cells) < 4 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
				continue
			}
			for _, cell := range cells[1:3] {
				for _, m := range regexp.MustCompile("`([^`]*)`").FindAllStringSubmatch(cell, -1) {
					if s := m[1]; strings.HasPrefix(s, "CODE") || strings.HasPrefix(s, "postald: ") {
						documented[placeholder.ReplaceAllString(s, "X")] = g.path
					}
				}
			}
		}
	}
	known := map[string]bool{}
	for _, s := range subjects {
		known[s] = true
		if _, ok := documented[s]; !ok {
			t.Errorf("postald writes letters with the subject %q; neither guide's table of letters shows it", s)
		}
	}
	for s, path := range documented {
		// The guides cut a subject's end that varies ("letters arrive without … of …").
		if !known[s] {
			t.Errorf("%s shows a letter %q that postald does not write", path, s)
		}
	}
}

// TestDocDeployPaths: every file deploy/install.sh installs from deploy/ is installed where the
// file's own head says and where docs/admin.md's table of installed files says, with the mode
// that table gives.
func TestDocDeployPaths(t *testing.T) {
	script, err := os.ReadFile("../../deploy/install.sh")
	if err != nil {
		t.Fatal(err)
	}
	admin, err := os.ReadFile("../../docs/admin.md")
	if err != nil {
		t.Fatal(err)
	}
	installs := regexp.MustCompile(`install -m (0[0-7]{3}) deploy/(\S+) "\$ROOT(/\S+)"`).FindAllStringSubmatch(string(script), -1)
	if len(installs) < 2 {
		t.Fatalf("deploy/install.sh installs %d files from deploy/, want the unit and the tmpfiles entry", len(installs))
	}
	for _, m := range installs {
		mode, file, path := m[1], m[2], m[3]
		head, err := os.ReadFile(filepath.Join("../../deploy", file))
		if err != nil {
			t.Fatal(err)
		}
		var comment []string // the file's head: its comment lines, before anything else
		for _, line := range strings.Split(string(head), "\n") {
			if !strings.HasPrefix(line, "#") {
				break
			}
			comment = append(comment, strings.TrimLeft(line, "# "))
		}
		if said := strings.ToLower(strings.Join(strings.Fields(strings.Join(comment, " ")), " ")); !strings.Contains(said, "installed by deploy/install.sh as "+path) {
			t.Errorf("deploy/%s does not say it is installed as %s, where install.sh installs it", file, path)
		}
		row := regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(path) + "` \\| root, " + mode + " \\|")
		if !row.Match(admin) {
			t.Errorf("docs/admin.md has no row \"| `%s` | root, %s | …\" for deploy/%s", path, mode, file)
		}
	}
}

// TestDocDryRun holds the start sheets of docs/director.md's examples to the dry run its steps
// recommend: `postald simulate -letters -sheet SHEET EMPTY.mbox` of each succeeds on an empty
// file, prints the registration with the games it pairs (a line for each game after it), a
// start letter for every player of the sheet (stand-ins for a later stage's) and the judge's and
// the director's letters; the examples together show every system (a round robin, a team event,
// a Swiss, a knockout) and a stage.
func TestDocDryRun(t *testing.T) {
	doc, err := os.ReadFile("../../docs/director.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	empty := filepath.Join(dir, "letters.mbox")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	systems := map[string]bool{}
	sections := strings.Split(string(doc), "\n## Example: ")[1:]
	for _, section := range sections {
		title, _, _ := strings.Cut(section, "\n")
		_, sheet, ok := strings.Cut(section, "```toml\n")
		if !ok {
			t.Errorf("docs/director.md, %q: no start sheet", title)
			continue
		}
		sheet, _, _ = strings.Cut(sheet, "```")
		t.Run(title, func(t *testing.T) {
			file := filepath.Join(dir, "start.toml")
			if err := os.WriteFile(file, []byte(sheet), 0o600); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runLine("simulate", "-letters", "-sheet", file, empty)
			if code != 0 {
				t.Fatalf("postald simulate of the example: exit %d\n%s%s", code, out, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			var head simRegistered
			if err := json.Unmarshal([]byte(lines[0]), &head); err != nil || head.Registered == "" || len(head.Games) == 0 {
				t.Fatalf("the first line is no registration with games (%v): %s", err, lines[0])
			}
			if len(lines) != 1+len(head.Games) {
				t.Errorf("%d games paired, %d lines after the registration:\n%s", len(head.Games), len(lines)-1, out)
			}
			sh, err := tournament.ParseSheet([]byte(sheet))
			players, standIns := 0, false
			switch {
			case err == nil:
				players = len(sh.Players)
				systems[string(sh.System)] = true
			case strings.Contains(sheet, "[stage]"):
				st, _, _ := tournament.StageOf([]byte(sheet))
				players, standIns = st.Places, true
				systems["stage"] = true
				var f struct {
					Tournament struct{ System string } `toml:"tournament"`
				}
				if _, err := toml.Decode(sheet, &f); err == nil {
					systems[f.Tournament.System] = true
				}
			default:
				t.Fatal(err)
			}
			if head.StandIns != standIns {
				t.Errorf("stand_ins %v, want %v", head.StandIns, standIns)
			}
			start, officials := 0, 0
			for _, l := range head.Letters {
				switch {
				case len(l.To) == 1 && (strings.HasPrefix(l.To[0], "judge@") || strings.HasPrefix(l.To[0], "td@")):
					officials++
				case strings.Contains(l.Text, head.Registered):
					start++
				}
			}
			if start != players || officials != 2 {
				t.Errorf("%d start letters for %d players, %d letters to the judge and the director:\n%s", start, players, officials, lines[0])
			}
		})
	}
	for _, s := range []string{"round-robin", "team-round-robin", "swiss", "knockout", "stage"} {
		if s == "round-robin" && (systems[""] || systems[s]) {
			continue
		}
		if !systems[s] {
			t.Errorf("docs/director.md has no example start sheet of a %s", s)
		}
	}
}

// TestDocQuotedOutputs holds what the guides quote of postald's output, as they quote it, to
// what postald prints, in both languages where a guide quotes both: the words of check-config,
// judge verify, tournament create, a sheet's faults, pair -check, the clauses, a player by post,
// the authentication verdict. A quote ending with "…" is the beginning of the line.
func TestDocQuotedOutputs(t *testing.T) {
	en, ru := &phrase.For("en").CLI, &phrase.For("ru").CLI
	day := func(s string) daysclock.Date { d, _ := daysclock.ParseDate(s); return d }
	// A sheet with the faults docs/director.md quotes.
	faults := func(lang, end, email string) string {
		sheet := strings.Replace(strings.Replace(docSheet, "end = 2027-10-31", "end = "+end, 1),
			`email = "sidorov@mail.example"`, `email = "`+email+`"`, 1)
		_, err := tournament.ParseSheet([]byte(sheet))
		var inv *tournament.InvalidError
		if !errors.As(err, &inv) {
			t.Fatalf("the sheet of the faults quoted is not refused: %v", err)
		}
		return inv.In(lang).Error()
	}
	unusual := func() string {
		sh, err := tournament.ParseSheet([]byte(strings.Replace(docSheet, "end = 2027-10-31", "end = 2026-10-01", 1)))
		if err != nil {
			// end before start: a fault of its own; the unusual end is quoted with a start before it
			sh, err = tournament.ParseSheet([]byte(strings.Replace(strings.Replace(docSheet, "end = 2027-10-31", "end = 2026-10-01", 1), "start = 2026-11-01", "start = 2026-09-01", 1)))
			if err != nil {
				t.Fatal(err)
			}
		}
		return sh.Unusual(day("2026-11-01"))[0].String()
	}
	authMissing := fmt.Sprintf(en.Check.AuthField.Missing, "mx.club.example", "dkim", 12, "docs/trust.md")
	mismatch := func() string { // lots verify of a seed that is not the one published
		var seed lots.Seed
		return lots.Check(seed, lots.Hash{}).Error()
	}
	for _, q := range []struct{ doc, quote, prints string }{
		{"admin.md", "ok", en.Check.OK},
		{"admin.md", "FAIL", en.Check.Fail},
		{"admin.md", "ОК", ru.Check.OK},
		{"admin.md", "СБОЙ", ru.Check.Fail},
		{"admin.md", "not checked: …", en.Check.AuthField.NoLetters},
		{"admin.md", "не проверено: …", ru.Check.AuthField.NoLetters},
		{"admin.md", "FAIL [trust] mx.club.example reports no dkim result in its Authentication-Results field in any of the last 12 letters: every letter would be held …", en.Check.Fail + " " + authMissing},
		{"admin.md", "every archive chain, game record and ruling verifies", en.Judge.VerifyAll},
		{"admin.md", "все цепочки архива, записи партий и решения проверены: подделок нет", ru.Judge.VerifyAll},
		{"judge.md", "every archive chain, game record and ruling verifies", en.Judge.VerifyAll},
		{"judge.md", "archived tournament CODE: its archive file verifies, its rulings are the log's", fmt.Sprintf(en.Judge.VerifyArchived, "CODE")},
		{"judge.md", "clause 4.2.11", en.Clause("4.2.11")},
		{"judge.md", "clause 1.10.2 of the competition rules", en.Clause("1.10.2")},
		{"judge.md", "п. 4.2.11", ru.Clause("4.2.11")},
		{"judge.md", "п. 1.10.2 правил соревнований", ru.Clause("1.10.2")},
		{"judge.md", "Белов Борис (по почте)", phrase.For("ru").Channels.Named("Белов Борис", "post")},
		{"director.md", "Белов Борис (по почте)", phrase.For("ru").Channels.Named("Белов Борис", "post")},
		{"director.md", "tournament СТ-2026/1 registered: 4 players, 6 games, Russian column checkers from 2026-11-01 to 2027-10-31; start letters queued",
			en.Store.Registered("СТ-2026/1", 4, 6, tournament.VariantName("column", "en"), day("2026-11-01"), day("2027-10-31"))},
		{"director.md", "турнир СТ-2026/1 зарегистрирован: 4 участника, 6 партий, русские столбовые шашки (башни), с 01.11.2026 по 31.10.2027; стартовые письма в очереди",
			ru.Store.Registered("СТ-2026/1", 4, 6, tournament.VariantName("column", "ru"), day("2026-11-01"), day("2027-10-31"))},
		{"director.md", `tournament.end: 2026-10-31 is not after the start 2026-11-01; player 3 (number 3).email: "petrov.mail.example" is not an e-mail address (want name@domain.example)`,
			faults("en", "2026-10-31", "petrov.mail.example")},
		{"director.md", "tournament.end: 2026-10-31 не позже начала 2026-11-01", faults("ru", "2026-10-31", "sidorov@mail.example")},
		{"director.md", "tournament.end: 2026-10-01 is not after today, 2026-11-01: …", unusual()},
		{"director.md", "round 3: as paired", fmt.Sprintf(en.Errors.RoundSame, 3)},
		{"director.md", "round 4: the file pairs 1-4 3-2; the Dutch system 1-3 4-2", fmt.Sprintf(en.Errors.RoundDiffers, 4, "1-4 3-2", "1-3 4-2")},
		{"director.md", "the seed does not match the hash published: its SHA-256 is …, the hash published …", mismatch()},
		{"trust.md", "authentication:", strings.Fields(en.Show.From)[4]},
		{"trust.md", "подлинность:", strings.Fields(ru.Show.From)[4]},
	} {
		data, err := os.ReadFile("../../docs/" + q.doc)
		if err != nil {
			t.Fatal(err)
		}
		doc := strings.Join(strings.Fields(string(data)), " ")
		if !strings.Contains(doc, "`"+q.quote+"`") {
			t.Errorf("docs/%s no longer quotes `%s`: take it out of this test, or put it back", q.doc, q.quote)
			continue
		}
		want, prefix := q.quote, false
		if i := strings.Index(want, " …"); i >= 0 {
			want, prefix = want[:i], true // the quote's beginning, up to what varies
		}
		if got := strings.Join(strings.Fields(q.prints), " "); got != want && !(prefix && strings.HasPrefix(got, want)) {
			t.Errorf("docs/%s quotes `%s`; postald prints %q", q.doc, q.quote, q.prints)
		}
	}
}

// docSheet is a start sheet of four players, for the faults docs/director.md quotes.
const docSheet = `[tournament]
code = "СТ-2026/1"
name = "Кубок"
variant = "column"
start = 2026-11-01
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"

[[player]]
number = 1
name = "Иванов Иван"
email = "ivanov@mail.example"

[[player]]
number = 2
name = "Петров Пётр"
email = "petrov@mail.example"

[[player]]
number = 3
name = "Сидоров Сидор"
email = "sidorov@mail.example"
`
