package mailtest

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/miekg/dns"
)

// DNS is a DNS server on 127.0.0.1 for the tests of postald's own DKIM, SPF and DMARC check:
// it answers, over UDP and TCP, the TXT, A and PTR records the test publishes, NXDOMAIN for any
// other name, and SERVFAIL for a name the test marks as failing. It asks no other server.
type DNS struct {
	Addr string // host:port, as [trust] resolver takes it

	mu      sync.Mutex
	txt     map[string][]string
	a       map[string][]net.IP
	ptr     map[string][]string // by the reverse name (…in-addr.arpa.)
	failing map[string]bool
	silent  map[string]bool
	asked   int
}

// StartDNS starts a DNS server for the length of the test.
func StartDNS(t testing.TB) *DNS {
	t.Helper()
	d := &DNS{txt: map[string][]string{}, a: map[string][]net.IP{}, ptr: map[string][]string{}, failing: map[string]bool{}, silent: map[string]bool{}}
	// The same port for UDP and TCP, as a resolver expects: a UDP port the system gave may be
	// taken for TCP by another test, so another is tried.
	var pc net.PacketConn
	var ln net.Listener
	for try := 0; ; try++ {
		var err error
		if pc, err = net.ListenPacket("udp", "127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
		if ln, err = net.Listen("tcp", pc.LocalAddr().String()); err == nil {
			break
		}
		pc.Close()
		if try == 20 {
			t.Fatal(err)
		}
	}
	d.Addr = pc.LocalAddr().String()
	udp := &dns.Server{PacketConn: pc, Handler: d}
	tcp := &dns.Server{Listener: ln, Handler: d}
	go udp.ActivateAndServe()
	go tcp.ActivateAndServe()
	t.Cleanup(func() {
		udp.Shutdown()
		tcp.Shutdown()
	})
	return d
}

func fqdn(name string) string { return dns.Fqdn(strings.ToLower(name)) }

// PTR publishes the names of address ip (its PTR records), replacing those it had.
func (d *DNS) PTR(ip string, names ...string) {
	rev, err := dns.ReverseAddr(ip)
	if err != nil {
		panic(err) // a test's own address
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for i := range names {
		names[i] = fqdn(names[i])
	}
	d.ptr[strings.ToLower(rev)] = names
}

// TXT publishes the TXT records of name, replacing those it had.
func (d *DNS) TXT(name string, values ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.txt[fqdn(name)] = values
}

// A publishes the IPv4 addresses of name.
func (d *DNS) A(name string, ips ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, ip := range ips {
		d.a[fqdn(name)] = append(d.a[fqdn(name)], net.ParseIP(ip))
	}
}

// Fail makes the server answer SERVFAIL for name (a DNS that cannot answer now).
func (d *DNS) Fail(name string, failing bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.failing[fqdn(name)] = failing
}

// Silent makes the server answer nothing at all for name (a DNS that never answers: the
// asker's timeout).
func (d *DNS) Silent(name string, silent bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.silent[fqdn(name)] = silent
}

// Asked is the number of questions answered.
func (d *DNS) Asked() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.asked
}

// ServeDNS implements dns.Handler.
func (d *DNS) ServeDNS(w dns.ResponseWriter, req *dns.Msg) {
	m := new(dns.Msg)
	m.SetReply(req)
	m.Authoritative = true
	d.mu.Lock()
	for _, q := range req.Question {
		if d.silent[strings.ToLower(q.Name)] {
			d.mu.Unlock()
			return
		}
	}
	d.asked++
	found := false
	for _, q := range req.Question {
		name := strings.ToLower(q.Name)
		if d.failing[name] {
			m.Rcode = dns.RcodeServerFailure
			found = true
			break
		}
		_, hasTXT := d.txt[name]
		_, hasA := d.a[name]
		_, hasPTR := d.ptr[name]
		found = found || hasTXT || hasA || hasPTR
		switch q.Qtype {
		case dns.TypeTXT:
			for _, v := range d.txt[name] {
				m.Answer = append(m.Answer, &dns.TXT{Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 60}, Txt: split255(v)})
			}
		case dns.TypeA:
			for _, ip := range d.a[name] {
				m.Answer = append(m.Answer, &dns.A{Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 60}, A: ip})
			}
		case dns.TypePTR:
			for _, host := range d.ptr[name] {
				m.Answer = append(m.Answer, &dns.PTR{Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypePTR, Class: dns.ClassINET, Ttl: 60}, Ptr: host})
			}
		}
	}
	d.mu.Unlock()
	if !found && m.Rcode == dns.RcodeSuccess {
		m.Rcode = dns.RcodeNameError
	}
	w.WriteMsg(m)
}

// split255 splits a TXT value into the strings of at most 255 bytes a record holds.
func split255(v string) []string {
	var parts []string
	for len(v) > 255 {
		parts = append(parts, v[:255])
		v = v[255:]
	}
	return append(parts, v)
}

// DKIMKey is a test domain's DKIM key (Ed25519, RFC 8463).
type DKIMKey struct {
	Domain, Selector string
	key              ed25519.PrivateKey
}

// NewDKIMKey makes a key for domain under selector.
func NewDKIMKey(t testing.TB, domain, selector string) *DKIMKey {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return &DKIMKey{Domain: domain, Selector: selector, key: key}
}

// Name is the DNS name of the key's record.
func (k *DKIMKey) Name() string { return k.Selector + "._domainkey." + k.Domain }

// Record is the TXT record that publishes the key.
func (k *DKIMKey) Record() string {
	return "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(k.key.Public().(ed25519.PublicKey))
}

// Publish puts the key's record on d.
func (k *DKIMKey) Publish(d *DNS) { d.TXT(k.Name(), k.Record()) }

// Sign returns raw with a DKIM-Signature of the key over its From, To, Subject, Date and
// Message-ID and its body, as the sender's provider signs a letter it sends.
func (k *DKIMKey) Sign(t testing.TB, raw []byte) []byte {
	t.Helper()
	return k.SignFields(t, raw, "From", "To", "Subject", "Date", "Message-ID")
}

// SignFields is Sign over the header fields named (h=, in order: a name given twice signs two
// instances, or one and the absence of another).
func (k *DKIMKey) SignFields(t testing.TB, raw []byte, fields ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	err := dkim.Sign(&b, bytes.NewReader(raw), &dkim.SignOptions{
		Domain: k.Domain, Selector: k.Selector, Signer: crypto.Signer(k.key),
		HeaderKeys:             fields,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed,
		Expiration: time.Now().Add(24 * time.Hour),
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
