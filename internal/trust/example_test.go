package trust_test

import (
	"fmt"
	"time"

	"postald/internal/trust"
)

func ExampleParseAuthResults() {
	ar, err := trust.ParseAuthResults("mx.club.example; dkim=pass (good signature) header.d=club.example; spf=softfail smtp.mailfrom=club.example")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ar.AuthservID)
	for _, r := range ar.Results {
		fmt.Println(r.Method, r.Result, r.Properties)
	}
	// Output:
	// mx.club.example
	// dkim pass [{header d club.example}]
	// spf softfail [{smtp mailfrom club.example}]
}

func ExamplePolicy_Check() {
	raw := []byte("Authentication-Results: mx.club.example; dkim=fail header.d=club.example\r\n" +
		"Authentication-Results: mx.club.example; dkim=pass header.d=club.example\r\n" +
		"From: Ivan <ivan@club.example>\r\n\r\nMy move: 12. g3:e5\r\n")
	h := trust.ReadHeader(raw)
	pol := trust.Policy{AuthservID: "mx.club.example", Require: []string{"dkim"}}
	// The receiving server's own field is the first one; the pass below it was in the letter
	// when it arrived.
	fmt.Println(pol.Check(h.AuthResults, h.From))
	// Output:
	// not authenticated: dkim: fail
}

func ExampleLoopOf() {
	h := trust.ReadHeader([]byte("From: ivan@club.example\r\nAuto-Submitted: auto-replied\r\n\r\nI am away.\r\n"))
	fmt.Println(trust.LoopOf(h, "moves@club.example"))
	// Output:
	// automatic Auto-Submitted: auto-replied
}

func ExampleLimits_Check() {
	l := trust.Limits{MaxBytes: 10 << 20, MaxParts: 100, MaxLineBytes: 64 << 10}
	fmt.Println(l.Check([]byte("From: ivan@club.example\r\n\r\nMy move: 12. g3:e5\r\n"), 0))
	fmt.Println(l.Check([]byte("From: ivan@club.example\r\n\r\n"), 12<<20)) // fetched in part
	// Output:
	// <nil>
	// letter of 12582912 bytes is over the limit of 10485760
}

func ExampleLimiter() {
	l := trust.NewLimiter(2, time.Hour, 10000)
	t0 := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	for _, m := range []int{0, 10, 20, 60, 61} {
		fmt.Println(m, l.Allow("ivan@club.example", t0.Add(time.Duration(m)*time.Minute)))
	}
	// Output:
	// 0 true
	// 10 true
	// 20 false
	// 60 true
	// 61 false
}
