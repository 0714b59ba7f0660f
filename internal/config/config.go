// Package config reads postald's configuration file (TOML, formats.md "Configuration") into a
// validated Config. The keys of [store], [imap], [smtp], [tls] and [control] are fixed: deployment
// scripts write them. Passwords are never in the file itself: they come from a file or an
// environment variable named in it, resolved by Load through the lookup functions it is given.
package config

import (
	"errors"
	"fmt"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"postald/internal/phrase"
)

// Config is the whole configuration of a postald daemon.
type Config struct {
	Store   Store   `toml:"store"`
	IMAP    Server  `toml:"imap"`
	SMTP    Server  `toml:"smtp"`
	TLS     TLS     `toml:"tls"`
	Control Control `toml:"control"`
	Daemon  Daemon  `toml:"daemon"`
	Limits  Limits  `toml:"limits"`
	Trust   Trust   `toml:"trust"`
	Web     Web     `toml:"web"`
	CLI     CLI     `toml:"cli"`
	Endgame Endgame `toml:"endgame"`
	// Delivery is how postald follows the delivery of its letters (docs/admin.md, "Delivery").
	Delivery Delivery `toml:"delivery"`
}

// Delivery is how postald learns the fate of the letters it sends: delivery status
// notifications (RFC 3461) asked of the submission server, and a per-letter envelope sender
// (VERP) for the bounces of servers that return no envelope ID.
type Delivery struct {
	// Notify asks for notifications of success, delay and failure (NOTIFY=SUCCESS,FAILURE,DELAY,
	// RET=HDRS, and the letter's signed ENVID) where the submission server offers DSN.
	Notify bool `toml:"notify"`
	// WarnAfter is how long a letter sent with notifications asked for may go without a report
	// of its delivery before the judges are told; 0: never.
	WarnAfter Duration `toml:"warn_after"`
	// VERP makes each letter's envelope sender its own, [smtp] from's local part, the
	// delimiter and the letter's signed token (moves+pd7.…@club.example): the mail server must
	// deliver such addresses to the watched mailbox (Postfix recipient_delimiter, Dovecot's).
	VERP bool `toml:"verp"`
	// RecipientDelimiter is the delimiter of those addresses, as the mail server's own.
	RecipientDelimiter string `toml:"recipient_delimiter"`
}

// CLI is postald's command line: the language of what its commands print for people.
type CLI struct {
	// Language is the language of the command line's own words (help, usage, errors, the
	// judge's and the administrator's lines), one of phrase.Languages(): "ru", "en". Empty:
	// the language of the environment's locale (LC_ALL, else LC_MESSAGES, else LANG), else
	// English. A tournament's own things (its games' rows, a card, a report) are written in
	// the tournament's language whatever this says.
	Language string `toml:"language"`
}

// Lang returns the language of the command line: Language when set, else the locale's
// (LocaleLanguage) when postald has a book for it, else English.
func (c CLI) Lang(getenv func(string) string) string {
	if c.Language != "" {
		return c.Language
	}
	if l := LocaleLanguage(getenv); phrase.Known(l) {
		return l
	}
	return DefaultCLILanguage
}

// DefaultCLILanguage is the command line's language when neither [cli] language nor the locale
// names one postald speaks.
const DefaultCLILanguage = "en"

// LocaleLanguage returns the language of the POSIX locale of the environment for messages: the
// first of LC_ALL, LC_MESSAGES and LANG that is set, its language part ("ru_RU.UTF-8" and
// "ru" are "ru"); "" when none is set and for the C and POSIX locales.
func LocaleLanguage(getenv func(string) string) string {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		lang, _, _ := strings.Cut(v, ".")
		lang, _, _ = strings.Cut(lang, "@")
		lang, _, _ = strings.Cut(lang, "_")
		lang = strings.ToLower(lang)
		if lang == "c" || lang == "posix" {
			return ""
		}
		return lang
	}
	return ""
}

// ReadCLI reads the [cli] table alone of the configuration file at path, whatever the rest of
// the file holds: the help of a command speaks the configured language without the file being
// otherwise read or checked. An error is the file's that cannot be read or decoded.
func ReadCLI(path string, env Env) (CLI, error) {
	data, err := env.ReadFile(path)
	if err != nil {
		return CLI{}, err
	}
	var c struct {
		CLI CLI `toml:"cli"`
	}
	if _, err := toml.Decode(string(data), &c); err != nil {
		return CLI{}, err
	}
	if !phrase.Known(c.CLI.Language) {
		c.CLI.Language = ""
	}
	return c.CLI, nil
}

// Endgame says where the endgame databases are (postald endgame build writes them): the judge's
// adjudication package, judge show, the director's report and the players' tablebase claims
// read them. Empty: no database; those say so.
type Endgame struct {
	Dir string `toml:"dir"`
}

// ReadEndgame reads the [endgame] table alone of the configuration file at path, as ReadCLI
// reads [cli]: for postald endgame probe, which needs nothing else of the file.
func ReadEndgame(path string, env Env) (Endgame, error) {
	data, err := env.ReadFile(path)
	if err != nil {
		return Endgame{}, err
	}
	var c struct {
		Endgame Endgame `toml:"endgame"`
	}
	if _, err := toml.Decode(string(data), &c); err != nil {
		return Endgame{}, err
	}
	return c.Endgame, nil
}

// Web is the read-only web pages, /metrics and /healthz that serve runs.
type Web struct {
	// Listen is the address the pages are served on, host:port ("127.0.0.1:8080"); empty: no
	// pages. The pages are public within the tournament (no login): put them behind a reverse
	// proxy to reach them from elsewhere.
	Listen string `toml:"listen"`
}

// Store says where the bbolt file lives.
type Store struct {
	Path string `toml:"path"`
	// OpenTimeout bounds the wait for the file lock held by another process.
	OpenTimeout Duration `toml:"open_timeout"`
	// RetainRawDays is how many days the raw bytes of an archived tournament's letters are kept
	// after the later of its last letter and its archiving, before `postald prune` may drop them
	// (their headers, verdicts and receipts stay). 0 keeps them for ever; otherwise at least
	// MinRetainRawDays (clause 4.1.13).
	RetainRawDays int `toml:"retain_raw_days"`
	// CheckEvery is how often `serve` checks the whole store (every page, chain, record and
	// part) in the background; 0 never (Open still checks what was written since the last
	// check, and `judge verify` the whole).
	CheckEvery Duration `toml:"check_every"`
}

// MinRetainRawDays is the least [store] retain_raw_days: under clause 4.1.13 the players keep
// all the tournament's correspondence for a month after they receive its results, and show it
// to the judge on demand; postald keeps its own copies at least as long.
const MinRetainRawDays = 30

// Server is an IMAP or SMTP server postald talks to.
type Server struct {
	Address      string `toml:"address"`
	TLS          string `toml:"tls"` // implicit | starttls | none (none only for a loopback address)
	Username     string `toml:"username"`
	PasswordFile string `toml:"password_file"`
	PasswordEnv  string `toml:"password_env"`
	Mailbox      string `toml:"mailbox"` // IMAP only: the mailbox letters arrive in
	// Processed (IMAP only) is where processed letters are moved, Claims (IMAP only) where the
	// claims on the mailbox are kept; each is made when missing. Empty: "Processed" and
	// "postald-claims" in the server's personal namespace ("INBOX.Processed" on Cyrus).
	Processed string `toml:"processed"`
	Claims    string `toml:"claims"`
	From      string `toml:"from"` // SMTP only: the From of postald's letters
	// Helo (SMTP only) is the name postald gives in EHLO; empty: the domain of From's address.
	Helo string `toml:"helo"`
	// Aliases (IMAP only) are other addresses whose letters arrive in the watched mailbox (a
	// forwarding address, an old address of the tournament): a letter must name one of them,
	// the SMTP From's address or a tournament's address in its To or Cc.
	Aliases []string `toml:"aliases"`

	// Password is resolved by Load from PasswordFile or PasswordEnv; never read from the file.
	Password string `toml:"-"`
}

// TLS holds settings shared by the IMAP and SMTP clients.
type TLS struct {
	CAFile string `toml:"ca_file"` // an extra CA bundle, for a private CA
}

// Control is the control socket `postald judge` and `postald report` use while the daemon runs.
type Control struct {
	Socket string `toml:"socket"`
}

// Daemon holds the daemon's timing.
type Daemon struct {
	PollInterval Duration `toml:"poll_interval"` // when the server has no IDLE, or Idle is false
	// Idle, when set to false, polls every PollInterval even where the server offers IDLE (a
	// server whose IDLE is slow: check-config times it); unset or true waits with IDLE (UseIdle).
	Idle *bool `toml:"idle"`
	// ReportEvery mails the director's report on this period (0: only on demand).
	ReportEvery Duration `toml:"report_every"`
	// Takeover moves the claim on the watched mailbox to this store (serve -takeover); it is a
	// flag of the command, never a key of the file.
	Takeover bool `toml:"-"`
}

// UseIdle reports whether the watcher waits for new mail with IDLE where the server offers it:
// unless [daemon] idle = false.
func (d Daemon) UseIdle() bool { return d.Idle == nil || *d.Idle }

// Limits bound what postald accepts from outside.
type Limits struct {
	MaxMessageBytes int `toml:"max_message_bytes"`
	MaxParts        int `toml:"max_parts"`
	MaxLineBytes    int `toml:"max_line_bytes"`
	LettersPerHour  int `toml:"letters_per_hour"` // per sender
	AnswersPerHour  int `toml:"answers_per_hour"` // per recipient, against loops
	// CheckAttempts bounds how often a letter whose sender could not be checked for now (its
	// domain's DNS does not answer, while the resolver answers others) is tried; then it is held.
	// CheckBackoff is the first wait before it is tried again, doubled each time.
	CheckAttempts int      `toml:"check_attempts"`
	CheckBackoff  Duration `toml:"check_backoff"`
}

// TrustDoc is the document that explains [trust]; every complaint about it names it.
const TrustDoc = "docs/trust.md"

// Trust says how a letter's sender is authenticated (docs/trust.md). There is no default:
// either AuthservID and Require are set, or FromOnly is.
type Trust struct {
	// AuthservID is the receiving server whose Authentication-Results header is trusted.
	AuthservID string `toml:"authserv_id"`
	// Require lists the methods that must pass in that header for the From domain (aligned):
	// any of dkim, spf, dmarc.
	Require []string `toml:"require"`
	// FromOnly believes the From header alone: fit only for a closed test setup, where nobody
	// but the test can put a letter into the mailbox.
	FromOnly bool `toml:"from_only"`
	// Verdict is whose verdict decides: VerdictOwn (the default, ""), postald's own check of the
	// letter's DKIM signatures, the SPF of its envelope sender and DMARC must pass for the
	// required methods; VerdictServer, the receiving server's Authentication-Results must pass
	// and postald's own check must not contradict it (docs/trust.md).
	Verdict string `toml:"verdict"`
	// Resolver is the DNS server ("host:port") of postald's own check; "" is the system's.
	Resolver string `toml:"resolver"`
	// Receiver are the host names the receiving mail server (the MTA that takes the players'
	// letters from the Internet) writes in the "by" clause of its Received fields: postald's own
	// check reads the client SPF is checked for from the first field written by one of them.
	// Empty: AuthservID.
	Receiver []string `toml:"receiver"`
}

// Receivers returns the host names of the receiving server: Receiver, else AuthservID.
func (t Trust) Receivers() []string {
	if len(t.Receiver) > 0 {
		return t.Receiver
	}
	if t.AuthservID != "" {
		return []string{t.AuthservID}
	}
	return nil
}

// The values of [trust] verdict.
const (
	VerdictOwn    = "own"
	VerdictServer = "server"
)

// Problem says why postald may not run on t: nil when [trust] names the receiving server and
// what must pass, or says from_only = true.
func (t Trust) Problem() error {
	if t.FromOnly || (t.AuthservID != "" && len(t.Require) > 0) {
		return nil
	}
	what := "is not set"
	switch {
	case t.AuthservID != "":
		what = "names authserv_id but requires nothing"
	case len(t.Require) > 0:
		what = "sets require but not authserv_id"
	}
	return fmt.Errorf("[trust] %s: set authserv_id (the receiving server's Authentication-Results id) and "+
		"require (any of \"dkim\", \"spf\", \"dmarc\", that must pass for the From domain), or from_only = true "+
		"for a closed test setup only; without them anyone can send a letter with a player's From; see %s", what, TrustDoc)
}

// Duration is a time.Duration written as "30s", "5m", "1h".
type Duration struct{ time.Duration }

// UnmarshalText implements encoding.TextUnmarshaler.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	d.Duration = v
	return nil
}

// MarshalText implements encoding.TextMarshaler.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// Defaults returns the configuration used for every key a file leaves out.
func Defaults() Config {
	return Config{
		Store:    Store{Path: "/var/lib/postald/postald.db", OpenTimeout: Duration{5 * time.Second}, CheckEvery: Duration{24 * time.Hour}},
		IMAP:     Server{TLS: "implicit", Mailbox: "INBOX"},
		SMTP:     Server{TLS: "implicit"},
		Control:  Control{Socket: "/run/postald/control.sock"},
		Daemon:   Daemon{PollInterval: Duration{time.Minute}},
		Delivery: Delivery{Notify: true, WarnAfter: Duration{24 * time.Hour}, RecipientDelimiter: "+"},
		Limits: Limits{
			MaxMessageBytes: 10 << 20,
			MaxParts:        100,
			MaxLineBytes:    64 << 10,
			LettersPerHour:  30,
			AnswersPerHour:  20,
			CheckAttempts:   6,
			CheckBackoff:    Duration{2 * time.Minute},
		},
	}
}

// Env gives Load access to the process environment and files; tests pass their own.
type Env struct {
	Getenv   func(string) string
	ReadFile func(string) ([]byte, error)
}

// OSEnv is the real environment.
func OSEnv() Env { return Env{Getenv: os.Getenv, ReadFile: os.ReadFile} }

// Parse decodes and validates a configuration, resolving passwords through env.
func Parse(data []byte, env Env) (*Config, error) {
	c := Defaults()
	md, err := toml.Decode(string(data), &c)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		keys := make([]string, len(un))
		for i, k := range un {
			keys[i] = k.String()
		}
		return nil, fmt.Errorf("config: unknown keys: %s", strings.Join(keys, ", "))
	}
	// [imap] and [smtp] share one layout, but each reads only its own keys: a key of the other
	// server's is refused like any unknown key, so that nobody believes it is used.
	var misplaced []string
	for _, k := range misplacedKeys {
		if md.IsDefined(k.section, k.key) {
			misplaced = append(misplaced, fmt.Sprintf("[%s] %s (a key of [%s] only)", k.section, k.key, k.owner))
		}
	}
	if len(misplaced) > 0 {
		return nil, fmt.Errorf("config: unknown keys: %s", strings.Join(misplaced, ", "))
	}
	if err := c.validate(env); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return &c, nil
}

// misplacedKeys are the keys of one mail server's table that only the other server reads.
var misplacedKeys = []struct{ section, key, owner string }{
	{"imap", "from", "smtp"}, {"imap", "helo", "smtp"},
	{"smtp", "mailbox", "imap"}, {"smtp", "processed", "imap"}, {"smtp", "claims", "imap"}, {"smtp", "aliases", "imap"},
}

// Refused reports whether a key of the file ("[imap] from") is one Parse refuses though its
// section's layout has it: a key of the other mail server's.
func Refused(key string) bool {
	for _, k := range misplacedKeys {
		if key == "["+k.section+"] "+k.key {
			return true
		}
	}
	return false
}

// Load reads and parses the configuration file at path.
func Load(path string, env Env) (*Config, error) {
	data, err := env.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return Parse(data, env)
}

func (c *Config) validate(env Env) error {
	var errs []error
	if c.Store.Path == "" {
		errs = append(errs, errors.New("[store] path is empty"))
	}
	// 4.1.13: the correspondence is kept for a month after the results are received.
	if d := c.Store.RetainRawDays; d != 0 && d < MinRetainRawDays {
		errs = append(errs, fmt.Errorf("[store] retain_raw_days = %d: want 0 (keep for ever) or at least %d (clause 4.1.13: the correspondence is kept for a month after the results are received)", d, MinRetainRawDays))
	}
	for _, s := range []struct {
		name string
		srv  *Server
	}{{"imap", &c.IMAP}, {"smtp", &c.SMTP}} {
		if err := s.srv.validate(env); err != nil {
			errs = append(errs, fmt.Errorf("[%s] %w", s.name, err))
		}
	}
	if c.SMTP.From == "" {
		errs = append(errs, errors.New("[smtp] from is empty: postald's letters need a From"))
	}
	errs = append(errs, c.Trust.validate()...)
	if err := c.Web.validate(); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, c.Delivery.validate()...)
	if !phrase.Known(c.CLI.Language) && c.CLI.Language != "" {
		errs = append(errs, fmt.Errorf("[cli] language = %q: want %s, or leave it out for the locale's (LANG)", c.CLI.Language, strings.Join(languages(), " or ")))
	}
	return errors.Join(errs...)
}

// validate rejects a [trust] that contradicts itself. An empty one is not rejected here (so
// that the judge's commands still open the store); serve and check-config ask Problem.
func (t Trust) validate() []error {
	var errs []error
	for _, m := range t.Require {
		switch m {
		case "dkim", "spf", "dmarc":
		default:
			errs = append(errs, fmt.Errorf("[trust] require: unknown method %q (dkim, spf, dmarc); see %s", m, TrustDoc))
		}
	}
	if len(t.Require) > 0 && t.AuthservID == "" {
		errs = append(errs, fmt.Errorf("[trust] require is set but authserv_id is empty: whose Authentication-Results to trust? see %s", TrustDoc))
	}
	if t.FromOnly && (t.AuthservID != "" || len(t.Require) > 0) {
		errs = append(errs, fmt.Errorf("[trust] from_only = true together with authserv_id or require: choose one; see %s", TrustDoc))
	}
	switch t.Verdict {
	case "", VerdictOwn, VerdictServer:
	default:
		errs = append(errs, fmt.Errorf("[trust] verdict %q: want %q (postald's own check must pass) or %q (the receiving server's, not contradicted by postald's own); see %s",
			t.Verdict, VerdictOwn, VerdictServer, TrustDoc))
	}
	if t.Resolver != "" {
		if host, port, err := net.SplitHostPort(t.Resolver); err != nil || host == "" || port == "" {
			errs = append(errs, fmt.Errorf("[trust] resolver %q: want host:port of a DNS server, such as \"127.0.0.1:53\"; see %s", t.Resolver, TrustDoc))
		}
	}
	for _, r := range t.Receiver {
		if !hostName(r) {
			errs = append(errs, fmt.Errorf("[trust] receiver %q: a host name, as the receiving server writes it after \"by\" in its Received fields; see %s", r, TrustDoc))
		}
	}
	if strings.ContainsAny(t.AuthservID, " \t;()\"") {
		errs = append(errs, fmt.Errorf("[trust] authserv_id %q: a host name, without spaces, ';', '(' or quotes; see %s", t.AuthservID, TrustDoc))
	}
	return errs
}

// validate rejects a [delivery] that cannot work: a negative warn_after, a delimiter that is not
// one character a mail address's local part may hold.
func (d Delivery) validate() []error {
	var errs []error
	if d.WarnAfter.Duration < 0 {
		errs = append(errs, fmt.Errorf("[delivery] warn_after = %s: want a duration, or 0s for never", d.WarnAfter))
	}
	if d.VERP && (len(d.RecipientDelimiter) != 1 || !strings.ContainsAny(d.RecipientDelimiter, "+-_=.")) {
		errs = append(errs, fmt.Errorf("[delivery] recipient_delimiter = %q: want the mail server's: one character of \"+-_=.\"", d.RecipientDelimiter))
	}
	return errs
}

// languages are the languages of the command line, sorted.
func languages() []string {
	l := phrase.Languages()
	slices.Sort(l)
	return l
}

// validate checks that listen is empty or a host and a port number.
func (w Web) validate() error {
	if w.Listen == "" {
		return nil
	}
	_, port, err := net.SplitHostPort(w.Listen)
	if err != nil {
		return fmt.Errorf("[web] listen %q: want host:port, e.g. \"127.0.0.1:8080\": %w", w.Listen, err)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("[web] listen %q: the port must be a number from 0 to 65535", w.Listen)
	}
	return nil
}

func (s *Server) validate(env Env) error {
	if s.Address == "" {
		return errors.New("address is empty")
	}
	host, _, err := net.SplitHostPort(s.Address)
	if err != nil {
		return fmt.Errorf("address %q: %w", s.Address, err)
	}
	switch s.TLS {
	case "implicit", "starttls":
	case "none":
		// Passwords in clear text are only acceptable on the machine itself.
		if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return fmt.Errorf("tls = \"none\" is allowed only for a loopback address, not %q", host)
		}
	default:
		return fmt.Errorf("tls = %q: want implicit, starttls or none", s.TLS)
	}
	switch {
	case s.PasswordFile != "" && s.PasswordEnv != "":
		return errors.New("set password_file or password_env, not both")
	case s.PasswordFile != "":
		b, err := env.ReadFile(s.PasswordFile)
		if err != nil {
			return fmt.Errorf("password_file: %w", err)
		}
		s.Password = strings.TrimRight(string(b), "\r\n")
	case s.PasswordEnv != "":
		s.Password = env.Getenv(s.PasswordEnv)
		if s.Password == "" {
			return fmt.Errorf("password_env: %s is empty or unset", s.PasswordEnv)
		}
	}
	if s.Password != "" && s.Username == "" {
		return errors.New("a password is set but username is empty")
	}
	if s.Helo != "" && !hostName(s.Helo) && !addressLiteral(s.Helo) {
		return fmt.Errorf("helo %q: a host name (\"mail.club.example\") or an address literal (\"[192.0.2.1]\"), as EHLO takes it", s.Helo)
	}
	return nil
}

// hostName reports whether s is a host name of letters, digits, hyphens and dots.
func hostName(s string) bool {
	if s == "" || len(s) > 253 || strings.HasPrefix(s, ".") || strings.Contains(s, "..") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// addressLiteral reports whether s is an address in brackets, "[192.0.2.1]" or "[IPv6:2001:db8::1]".
func addressLiteral(s string) bool {
	if len(s) < 3 || s[0] != '[' || s[len(s)-1] != ']' {
		return false
	}
	return net.ParseIP(strings.TrimPrefix(s[1:len(s)-1], "IPv6:")) != nil
}
