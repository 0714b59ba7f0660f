package mailbox

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"os"
	"strings"
	"time"
)

// TLSMode says how a connection to a mail server is protected: the tls key of the imap and
// smtp tables of the configuration.
type TLSMode string

// The TLS modes of the configuration.
const (
	TLSImplicit TLSMode = "implicit" // TLS from the first byte (IMAPS 993, SMTPS 465)
	TLSStartTLS TLSMode = "starttls" // plain connection upgraded with STARTTLS before login
	TLSNone     TLSMode = "none"     // no encryption: allowed only for a loopback address
)

// IMAPOptions are the keys of the configuration's imap table, with ca_file of its tls table
// and the password already resolved: reading password_file or password_env is the caller's
// job.
type IMAPOptions struct {
	Address  string  // host:port
	TLS      TLSMode // empty means implicit
	Username string
	Password string
	Mailbox  string // where letters arrive; empty means INBOX
	// Processed is where handled letters are moved, Claims where the claims are kept (claim.go);
	// each is made when missing. Empty means postald's default in the server's personal
	// namespace: DefaultProcessed and ClaimFolder, under "INBOX." on a server like Cyrus
	// (folders.go).
	Processed string
	Claims    string
	CAFile    string // PEM bundle of a private CA, trusted in addition to the system roots
}

// SMTPOptions are the keys of the configuration's smtp table, with ca_file of its tls table
// and the password already resolved. No Username means no AUTH.
type SMTPOptions struct {
	Address  string  // host:port
	TLS      TLSMode // empty means implicit
	Username string
	Password string
	From     string // the From of postald's letters, "Name <address>"; its address is the envelope sender
	CAFile   string // PEM bundle of a private CA, trusted in addition to the system roots
	// HelloName is the name given in EHLO ([smtp] helo); empty means the domain of From's
	// address (HelloName).
	HelloName string
}

func (m TLSMode) orDefault() TLSMode {
	if m == "" {
		return TLSImplicit
	}
	return m
}

// checkTLS rejects an unknown mode and TLSNone for an address that is not a loopback address:
// passwords must not cross a network in clear text.
func checkTLS(mode TLSMode, address string) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("address %q: %w", address, err)
	}
	switch mode {
	case TLSImplicit, TLSStartTLS:
		return nil
	case TLSNone:
		if !isLoopback(host) {
			return fmt.Errorf("tls = %q is allowed only for a loopback address, not %q", mode, host)
		}
		return nil
	}
	return fmt.Errorf("tls = %q: want implicit, starttls or none", mode)
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// tlsConfig returns the client TLS configuration for address: the system roots plus the
// certificates of caFile, if given.
func tlsConfig(address, caFile string) (*tls.Config, error) {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return nil, fmt.Errorf("address %q: %w", address, err)
	}
	cfg := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if caFile == "" {
		return cfg, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("read CA file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("CA file %s: no PEM certificate", caFile)
	}
	cfg.RootCAs = pool
	return cfg, nil
}

// backoff is a capped exponential delay: min, 2·min, 4·min, ... up to max.
type backoff struct {
	min, max time.Duration
	next     time.Duration
}

// delay returns the delay to wait now and doubles the next one.
func (b *backoff) delay() time.Duration {
	if b.next < b.min {
		b.next = b.min
	}
	d := b.next
	b.next = min(2*b.next, b.max)
	return d
}

// reset makes the next delay the minimum again.
func (b *backoff) reset() { b.next = 0 }
