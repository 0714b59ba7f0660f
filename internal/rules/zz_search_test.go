package rules
import "testing"
func TestZZX(t *testing.T) {
	p := mustPosition(t, "russian", "W:We3:Bd4,f4,d6,f6,f2,h8")
	for _, m := range p.allRoutes() { t.Logf("route %s", fullRoute(&p, m)) }
	for _, m := range p.LegalMoves(nil) {
		s := FormatMove(&p, m)
		_, err := ParseMove(&p, s)
		t.Logf("legal %s -> %s -> %v", fullRoute(&p, m), s, err)
	}
	q := mustPosition(t, "russian", "W:WKh4:Bd2,e5,g5,c7")
	for _, m := range q.allRoutes() { t.Logf("route %s", fullRoute(&q, m)) }
	for _, s := range []string{"h4:e1","h4:f6:e1","h4:c3:e1","h4:d4:e1","h4:d8:e1","h4:a5:e1","h4:b6:e1"} {
		m, err := ParseMove(&q, s)
		t.Logf("%s -> %s %v", s, fullRoute(&q, m), err)
	}
}
