package office

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"postald/internal/phrase"
	"postald/internal/trust"
)

// Verifier is postald's own check of who sent a letter: its DKIM signatures, the SPF of its
// envelope sender and DMARC, asked of the DNS (internal/mailauth). Its results carry the
// authserv-id trust.OwnCheck.
type Verifier interface {
	Check(ctx context.Context, raw []byte) trust.AuthResults
}

// ErrOwnCheckTemporary is returned by Authenticate for a letter whose own check could not be
// done now (a DNS that does not answer): the letter stays in the mailbox and is decided when it
// is tried again, once the DNS answers.
var ErrOwnCheckTemporary = errors.New("postald's own check of the sender could not be done now")

// ownChecks keeps the results of postald's own check of the letters about to be decided, by
// the digest of their bytes: the daemon asks Authenticate before a letter's transaction, so
// that the DNS is never asked while the store is held, and the decision takes the results
// from here. At most maxOwnChecks are kept; a letter not found is checked when it is decided.
type ownChecks struct {
	mu      sync.Mutex
	results map[[32]byte]trust.AuthResults
}

const maxOwnChecks = 1024

// Authenticate runs postald's own check of the letters raws before their transaction, several
// at once, and keeps the results for their decision. It returns, for each letter, nil when
// it may be decided now, or an error wrapping ErrOwnCheckTemporary when it must wait in the
// mailbox: its check failed for now (a required method's temperror), or it waits for its next
// try (later.go). A letter that waits never holds up the letters behind it; one whose tries are
// spent is decided (and held, as unchecked). Safe for concurrent use with the decisions.
func (o *Office) Authenticate(ctx context.Context, raws ...[]byte) []error {
	// The letters are checked side by side (checkParallel at a time): a letter whose domain's
	// DNS answers nothing costs the check's timeout, and holds up only its own place.
	errs := make([]error, len(raws))
	var down atomic.Pointer[error] // the resolver answers nothing now: the rest wait without asking it
	sem := make(chan struct{}, checkParallel)
	var wg sync.WaitGroup
	for i, raw := range raws {
		if err := ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = o.authenticateOne(ctx, raw, &down)
		}()
	}
	wg.Wait()
	return errs
}

// checkParallel is how many letters' own checks run at once.
const checkParallel = 8

// authenticateOne is Authenticate of one letter.
func (o *Office) authenticateOne(ctx context.Context, raw []byte, down *atomic.Pointer[error]) error {
	h := trust.ReadHeader(raw)
	if !o.trust.OwnCheckNeeded(h) {
		return nil
	}
	key := sha256.Sum256(raw)
	if d := down.Load(); d != nil {
		return *d
	}
	if wait := o.later.due(key, o.now()); wait != nil {
		return wait
	}
	ar := o.opt.Verifier.Check(ctx, raw)
	var ae *trust.AuthError
	if err := o.trust.Policy().Authenticate(h, ar); errors.As(err, &ae) && ae.Own && ae.Result == "temperror" {
		why := fmt.Sprintf("%s: %s", ae.Method, ae.Detail)
		if !o.resolverAnswers(ctx) {
			// An outage of the resolver, not the letter's fault: nothing is counted, and the
			// judges hear of a long one (outage.go).
			o.checkFailed(why)
			err := fmt.Errorf("%w: %s", ErrOwnCheckTemporary, why)
			down.Store(&err)
			return err
		}
		o.checkWorked()
		if wait := o.later.failed(key, o.now(), why, o.opt.Limits); wait != nil {
			o.log.Warn("a letter's sender cannot be checked now (its domain's DNS does not answer); it waits in the mailbox, the letters behind it are decided",
				"err", why, "from", h.From, "message_id", h.MessageID)
			return wait
		}
		o.log.Warn("a letter's sender could not be checked after every try; it is held", "err", why, "from", h.From, "message_id", h.MessageID)
	} else {
		o.checkWorked()
		o.later.forget(key)
	}
	o.keep(key, ar)
	return nil
}

// keep keeps postald's own results of the letter with digest key for its decision.
func (o *Office) keep(key [32]byte, ar trust.AuthResults) {
	o.own.mu.Lock()
	defer o.own.mu.Unlock()
	if o.own.results == nil || len(o.own.results) >= maxOwnChecks {
		o.own.results = map[[32]byte]trust.AuthResults{}
	}
	o.own.results[key] = ar
}

// resolverAnswers reports whether the resolver of postald's own check answers at all: a
// question about postald's own domain gets an answer (a record or "no such name"). Without a
// Verifier that can say, every failure is counted as an outage.
func (o *Office) resolverAnswers(ctx context.Context) bool {
	p, ok := o.opt.Verifier.(Prober)
	if !ok {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	return p.Answers(ctx, "_dmarc."+trust.Domain(o.opt.From.Address))
}

// probeTimeout bounds the question resolverAnswers asks.
const probeTimeout = 5 * time.Second

// Prober is a Verifier that can say whether its resolver answers (mailauth.Checker).
type Prober interface {
	Answers(ctx context.Context, name string) bool
}

// ownResults returns postald's own results for raw: those Authenticate found, else checked now.
// Without a Verifier, it has no results: a letter that needs them is not authenticated.
func (o *Office) ownResults(raw []byte) trust.AuthResults {
	key := sha256.Sum256(raw)
	o.own.mu.Lock()
	ar, ok := o.own.results[key]
	o.own.mu.Unlock()
	if ok {
		return ar
	}
	if o.opt.Verifier == nil {
		return trust.AuthResults{AuthservID: trust.OwnCheck, Results: []trust.MethodResult{
			{Method: "dkim", Result: "none", Reason: "postald's own check is not set up"}}}
	}
	ar = o.opt.Verifier.Check(context.Background(), raw)
	o.keep(key, ar)
	return ar
}

// forget drops the results kept for raw once its decision is recorded.
func (o *Office) forget(raw []byte) {
	key := sha256.Sum256(raw)
	o.own.mu.Lock()
	delete(o.own.results, key)
	o.own.mu.Unlock()
	o.later.forget(key)
}

var (
	// authPass is a verdict that passed: the methods, the domain, by whom.
	authPass = regexp.MustCompile(`^pass: (.+) aligned with (\S+) by (.+)$`)
	// authTail is the results the trust gate puts after a verdict, in brackets: method=result.
	authTail = regexp.MustCompile(` \([^()]*\)$`)
)

// AuthVerdictIn words an authentication verdict as the archive records it (the trust gate's, in
// English; CardAuth for a card) in the language lang, for the judge's views: what the trust
// made of the letter. The results in brackets (dkim=pass) and a failure's own words stay as
// recorded; a verdict of another form is returned as it is.
func AuthVerdictIn(lang, v string) string {
	w := &phrase.For(lang).CLI.Words
	if v == CardAuth {
		return w.CardAuth
	}
	head, tail := v, ""
	if loc := authTail.FindStringIndex(v); loc != nil {
		head, tail = v[:loc[0]], v[loc[0]:]
	}
	switch m := authPass.FindStringSubmatch(head); {
	case head == trust.AuthNone:
		return w.AuthNone + tail
	case m != nil && m[3] == trust.AuthByOwn[len("by "):]:
		return fmt.Sprintf(w.AuthPassOwn, m[1], m[2]) + tail
	case m != nil && strings.HasSuffix(m[3], trust.AuthNotContradicted):
		return fmt.Sprintf(w.AuthPassServer, m[1], m[2], strings.TrimSuffix(m[3], trust.AuthNotContradicted)) + w.AuthNotContradicted + tail
	case m != nil:
		return fmt.Sprintf(w.AuthPassServer, m[1], m[2], m[3]) + tail
	case strings.HasPrefix(head, "fail: "):
		why := strings.TrimPrefix(head, "fail: ")
		if a, ok := trust.ParseAuthError(why); ok {
			// In the reader's words, after their "not authenticated", which AuthFail says.
			why = held(lang, trust.Hold{Kind: trust.HoldAuth, Auth: a})
			if _, rest, ok := strings.Cut(why, ": "); ok {
				why = rest
			}
		}
		return fmt.Sprintf(w.AuthFail, why) + tail
	}
	return v
}
