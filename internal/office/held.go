package office

import (
	"encoding/json"
	"fmt"
	"time"

	"postald/internal/store"
	"postald/internal/trust"
)

// why says why a letter is held in the language of tx, from the typed hold: the judge's notice
// and the digest in the tournament's language, the sender's note in his, the store's reason and
// the log in English.
func (tx trustPhrases) why(h trust.Hold) string {
	t := tx.held
	switch h.Kind {
	case trust.HoldLoop:
		format := map[trust.Loop]string{
			trust.LoopReport: t.Report, trust.LoopBounce: t.Bounce, trust.LoopAutomatic: t.Automatic,
			trust.LoopBulk: t.Bulk, trust.LoopList: t.List, trust.LoopAutoreply: t.Autoreply, trust.LoopAutoSubject: t.Autoreply,
			trust.LoopOwnLetter: t.OwnLetter, trust.LoopOwnAddress: t.OwnAddress, trust.LoopMailerDaemon: t.MailerDaemon,
		}[h.Loop]
		if format == "" {
			return t.NoFrom
		}
		return fmt.Sprintf(format, h.Quote)
	case trust.HoldFromFields:
		return t.FromFields(h.N)
	case trust.HoldFromList:
		return t.FromList(h.N)
	case trust.HoldSender:
		if h.N > 1 {
			return t.SenderFields(h.N)
		}
		if h.Other == "" {
			return fmt.Sprintf(t.SenderUnread, h.From)
		}
		return fmt.Sprintf(t.Sender, h.Other, h.From)
	case trust.HoldNoPolicy:
		return fmt.Sprintf(t.NoPolicy, "require", "from_only = true")
	case trust.HoldAuth:
		a := h.Auth
		if a == nil {
			a = &trust.AuthError{}
		}
		if a.Own || a.Fault == trust.AuthContradicted {
			return tx.ownWhy(a)
		}
		switch a.Fault {
		case trust.AuthNoField:
			return fmt.Sprintf(t.AuthNoField, a.Server)
		case trust.AuthUnreadable:
			return fmt.Sprintf(t.AuthUnreadable, a.Server, a.Detail)
		case trust.AuthNoResult:
			return fmt.Sprintf(t.AuthNoResult, a.Method)
		case trust.AuthMisaligned:
			return fmt.Sprintf(t.AuthMisaligned, a.Method, a.Domain, a.From)
		}
		return fmt.Sprintf(t.AuthNotPassed, a.Method, a.Result)
	case trust.HoldRate:
		return fmt.Sprintf(t.Rate, tx.Letters(h.N), h.From)
	case trust.HoldLimit:
		return tx.over(h.Excess)
	case trust.HoldUnreadable:
		return fmt.Sprintf(t.Unreadable, h.Fault)
	case trust.HoldFromTwoWays:
		return fmt.Sprintf(t.FromTwoWays, h.From, h.Other)
	case trust.HoldNotOwn:
		return fmt.Sprintf(t.NotOwn, h.Game)
	case trust.HoldStranger:
		return fmt.Sprintf(t.Stranger, h.From)
	case trust.HoldNoGame:
		return fmt.Sprintf(t.NoGame, h.From)
	case trust.HoldFailed:
		return t.Failed(h.N)
	case trust.HoldReport:
		return tx.reportWhy(h) // delivery.go
	case trust.HoldTwice:
		return t.Twice(h.Field, h.N)
	case trust.HoldNotAddressed:
		to := h.Field
		if to == "" {
			to = t.NoRecipients
		}
		return fmt.Sprintf(t.NotAddressed, to, h.Own)
	case trust.HoldReplay:
		e := h.Earlier
		if e == nil {
			e = &trust.Earlier{}
		}
		verdict := e.Verdict
		if e.Game != "" {
			verdict = e.Game + ", " + verdict
		}
		return fmt.Sprintf(t.Replay, e.MessageID, tx.stamp(e.Received), verdict)
	case trust.HoldUnchecked:
		return t.Unchecked(h.N, h.Over.Round(time.Second).String(), h.Fault)
	}
	return fmt.Sprintf(t.Internal, h.Fault)
}

// held is why a letter is held, in the words of lang.
func held(lang string, h trust.Hold) string { return trustText(lang).why(h) }

// HeldWhy says why the held letter in was held, in the words of lang (judge quarantine): from
// its typed record, or the English reason a letter held by an earlier version has alone.
func HeldWhy(lang string, in store.Inbound) string {
	if h, ok := decodeHold(in.Held); ok {
		return held(lang, h)
	}
	return in.Reason
}

// englishHeld is the reason kept in the store and written to the log.
func englishHeld(h trust.Hold) string { return held("en", h) }

// encodeHold is the hold as stored with the letter's inbound record.
func encodeHold(h trust.Hold) json.RawMessage {
	b, err := json.Marshal(h)
	if err != nil {
		return nil // a Hold always encodes; the English reason is kept regardless
	}
	return b
}

// decodeHold reads a stored hold; ok is false for a letter held before holds were stored (its
// English reason is all there is).
func decodeHold(b json.RawMessage) (h trust.Hold, ok bool) {
	if len(b) == 0 || json.Unmarshal(b, &h) != nil || h.Kind == "" {
		return trust.Hold{}, false
	}
	return h, true
}

// quarantined is base held for h: the English reason and the typed hold, both kept with the
// letter.
func quarantined(base store.LetterOutcome, h trust.Hold) store.LetterOutcome {
	base.Quarantine, base.Held = englishHeld(h), encodeHold(h)
	return base
}

// ownWhy words a failure of postald's own check, or its contradiction of the receiving server,
// with the check's reason (a signature that does not verify, an address SPF does not allow).
func (tx trustPhrases) ownWhy(a *trust.AuthError) string {
	t := tx.held
	detail := ""
	if a.Detail != "" {
		detail = fmt.Sprintf(t.OwnDetail, a.Detail)
	}
	switch a.Fault {
	case trust.AuthContradicted:
		return fmt.Sprintf(t.Contradicted, a.Method, a.Result) + detail
	case trust.AuthNoResult:
		return fmt.Sprintf(t.OwnNoResult, a.Method) + detail
	case trust.AuthMisaligned:
		return fmt.Sprintf(t.OwnMisaligned, a.Method, a.Domain, a.From)
	}
	return fmt.Sprintf(t.OwnNotPassed, a.Method, a.Result) + detail
}
