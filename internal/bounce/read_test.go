package bounce

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postald/internal/golden"
)

// TestGolden reads every report in testdata/reports, one of each format and server the package
// knows, and compares what it read with the JSON beside it (go test -update writes them).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/reports/*.eml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no reports: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r, ok := Read(raw)
			if !ok {
				t.Fatalf("%s is not read as a delivery report", f)
			}
			golden.JSON(t, strings.TrimSuffix(f, ".eml")+".json", r)
		})
	}
}

// TestWhatAReportSays checks, report by report, what the judge and postald rely on: the action,
// the status and the server's words for the recipient, the envelope ID, the Message-ID of the
// letter it is about, the address it came to, and the server that wrote it.
func TestWhatAReportSays(t *testing.T) {
	tests := []struct {
		file                string
		format              Format
		vendor              string
		recipient           string
		action              Action
		status, words       string
		envid, id, verpFrom string
	}{
		{"postfix-failed", RFC3464, "postfix", "petrov@far.example", Failed, "5.2.2", "5.2.2 mailbox full",
			"pd41.q7wz3k2m5x6v9abc", "postald.41.a1b2c3d4e5f6@club.example", ""},
		{"postfix-delayed", RFC3464, "postfix", "slow@far.example", Delayed, "4.3.0", "4.3.0 temporary failure, try later",
			"pd42.m2n3b4v5c6x7z8ab", "postald.42.a1b2c3d4e5f6@club.example", "moves+pd42.m2n3b4v5c6x7z8ab@club.example"},
		{"postfix-delivered", RFC3464, "postfix", "ivanov@club.example", Delivered, "2.0.0",
			"2.0.0 <ivanov@club.example> mJwvLcwYFmsyUQAAg+zDdQ Saved", "pd43.h5j6k7l8m9n2p3qr", "postald.43.a1b2c3d4e5f6@club.example", ""},
		{"sendmail-failed", RFC3464, "sendmail", "sidorov@far.example", Failed, "5.1.1", "5.1.1 <sidorov@far.example>... User unknown",
			"pd44.w2e3r4t5y6u7i8op", "postald.44.a1b2c3d4e5f6@club.example", ""},
		{"sendmail-old", Sendmail, "sendmail", "kozlov@old.far.example", Delayed, "4.4.2", "4.4.2 kozlov@old.far.example connection timed out",
			"", "postald.45.a1b2c3d4e5f6@club.example", ""},
		{"exim-failed", Exim, "exim", "smirnov@remote.example", Failed, "5.1.1",
			"5.1.1 <smirnov@remote.example>: Recipient address rejected: User unknown in virtual mailbox table",
			"", "postald.46.a1b2c3d4e5f6@club.example", "moves+pd46.z9x8c7v6b5n4m3lk@club.example"},
		{"exim-delayed", Exim, "exim", "smirnov@remote.example", Delayed, "4.2.2", "4.2.2 <smirnov@remote.example>: Mailbox is full", "", "", ""},
		{"qmail-failed", Qmail, "qmail", "fedorov@qmail.far.example", Failed, "5.2.2", "5.2.2 <fedorov@qmail.far.example>: mailbox full",
			"", "postald.47.a1b2c3d4e5f6@club.example", "moves+pd47.a2s3d4f5g6h7j8kl@club.example"},
		{"exchange-online", RFC3464, "exchange", "orlov@contoso.example", Failed, "5.1.10",
			"5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient orlov@contoso.example not found by SMTP address lookup", "", "postald.48.a1b2c3d4e5f6@club.example", ""},
		{"exchange-2003", Exchange, "exchange", "egorov@corp.example", Failed, "5.2.2", "5.2.2 Mailbox size limit exceeded", "", "", ""},
		{"gmail-failed", RFC3464, "gmail", "kuznetsov@gone.example", Failed, "5.1.1",
			"5.1.1 <kuznetsov@gone.example>: Recipient address rejected: User unknown in virtual mailbox table", "", "postald.49.a1b2c3d4e5f6@club.example", ""},
		{"gmail-delayed", RFC3464, "gmail", "lebedev@busy.example", Delayed, "4.7.0", "4.7.0 Try again later, closing connection.", "", "postald.50.a1b2c3d4e5f6@club.example", ""},
		{"yandex-failed", RFC3464, "yandex", "sokolov@yandex.example", Failed, "5.2.2", "5.2.2 Mailbox size limit exceeded", "",
			"postald.51.a1b2c3d4e5f6@club.example", "moves+pd51.q1w2e3r4t5y6u7io@club.example"},
		{"mailru-failed", Exim, "mailru", "novikov@mail.example", Failed, "5.0.0",
			"5.0.0 Message was not accepted -- invalid mailbox. Local mailbox novikov@mail.example is unavailable: user not found", "", "postald.52.a1b2c3d4e5f6@club.example", ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			raw, err := os.ReadFile("testdata/reports/" + tt.file + ".eml")
			if err != nil {
				t.Fatal(err)
			}
			r, ok := Read(raw)
			if !ok {
				t.Fatal("not read as a report")
			}
			if r.Format != tt.format || r.Vendor != tt.vendor {
				t.Errorf("format %s, vendor %q; want %s, %q", r.Format, r.Vendor, tt.format, tt.vendor)
			}
			rc, ok := r.For(tt.recipient)
			if !ok {
				t.Fatalf("no recipient %s in %+v", tt.recipient, r.Recipients)
			}
			if rc.Action != tt.action || rc.Status != tt.status || rc.Words() != tt.words {
				t.Errorf("recipient %s: %s %q %q; want %s %q %q", tt.recipient, rc.Action, rc.Status, rc.Words(), tt.action, tt.status, tt.words)
			}
			if r.EnvID != tt.envid {
				t.Errorf("envid %q, want %q", r.EnvID, tt.envid)
			}
			ids := r.MessageIDs()
			if tt.id == "" && len(ids) != 0 || tt.id != "" && (len(ids) == 0 || ids[0] != tt.id) {
				t.Errorf("message ids %q, want %q", ids, tt.id)
			}
			if tt.verpFrom != "" && !containsString(r.To, tt.verpFrom) {
				t.Errorf("to %q: want %s among them", r.To, tt.verpFrom)
			}
		})
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestQmailTwoRecipients: a qmail bounce names each failed address with its own reason.
func TestQmailTwoRecipients(t *testing.T) {
	raw, err := os.ReadFile("testdata/reports/qmail-failed.eml")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := Read(raw)
	rc, ok := r.For("volkov@qmail.far.example")
	if !ok || rc.Action != Failed || rc.Status != "5.1.1" || rc.Words() != "5.1.1 Sorry, no mailbox here by that name. (#5.1.1)" {
		t.Errorf("volkov: %+v (%q)", rc, rc.Words())
	}
	if _, ok := r.For("nobody@qmail.far.example"); ok {
		t.Error("a report with two recipients answers for a third")
	}
}

// TestNotReports: letters that are no delivery report are not read as one.
func TestNotReports(t *testing.T) {
	tests := []struct{ name, raw string }{
		{"a player's move", "From: Ivanov <ivanov@club.example>\nTo: moves@club.example\nSubject: 1-2\n\n12. c3-d4\n"},
		{"a player quoting a bounce", "From: Ivanov <ivanov@club.example>\nTo: moves@club.example\nSubject: what is this?\n\n" +
			"I got this:\n> This message was created automatically by mail delivery software.\n> The following address(es) failed:\n>\n>   petrov@far.example\n"},
		{"a read receipt", "From: Petrov <petrov@far.example>\nTo: moves@club.example\nSubject: Read: move 12\n" +
			"MIME-Version: 1.0\nContent-Type: multipart/report; report-type=disposition-notification; boundary=b\n\n" +
			"--b\nContent-Type: text/plain\n\nRead.\n--b\nContent-Type: message/disposition-notification\n\n" +
			"Final-Recipient: rfc822; petrov@far.example\nOriginal-Message-ID: <postald.7.x@club.example>\nDisposition: manual-action/MDN-sent-manually; displayed\n--b--\n"},
		{"an auto-reply", "From: Petrov <petrov@far.example>\nTo: moves@club.example\nAuto-Submitted: auto-replied\nSubject: Out of office\n\nI am away until Monday.\n"},
		{"no header", "just text"},
	}
	for _, tt := range tests {
		if r, ok := Read([]byte(tt.raw)); ok {
			t.Errorf("%s: read as a report: %+v", tt.name, r)
		}
	}
}

// TestWords: the server's words for people, from the diagnostic and the status.
func TestWords(t *testing.T) {
	tests := []struct {
		rc   Recipient
		want string
	}{
		{Recipient{Status: "5.2.2", Diagnostic: "552 5.2.2 mailbox full"}, "5.2.2 mailbox full"},
		{Recipient{Status: "5.2.2", Diagnostic: "552 mailbox full"}, "5.2.2 mailbox full"},
		{Recipient{Status: "5.1.1"}, "5.1.1"},
		{Recipient{Diagnostic: "550-5.1.1 user unknown"}, "5.1.1 user unknown"},
		{Recipient{}, ""},
	}
	for _, tt := range tests {
		if got := tt.rc.Words(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.rc, got, tt.want)
		}
	}
}
