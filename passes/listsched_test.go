package passes

import (
	"strings"
	"testing"
)

// toySched is a one-issue machine for the scheduler core's tests: an
// instruction "d=a,b" writes d and reads a and b with latency 2; a name
// starting with "!" is urgent.
type toySched struct{}

func (toySched) MaxPacket() int { return 1 }
func (toySched) Effects(in string) (defs, uses []string) {
	d, u, _ := strings.Cut(strings.TrimPrefix(in, "!"), "=")
	if u != "" {
		uses = strings.Split(u, ",")
	}
	return []string{d}, uses
}
func (toySched) Latency(string, string, string) int              { return 2 }
func (toySched) Node(string) (control, solo bool)                { return false, false }
func (toySched) Mem(string) SchedMem[string]                     { return SchedMem[string]{} }
func (toySched) MemOrder(_, _ string) (mustOrder, mayAlias bool) { return false, false }
func (toySched) CheckPacket([]string) error                      { return nil }
func (toySched) String(in string) string                         { return in }
func (toySched) Urgent(in string) bool                           { return strings.HasPrefix(in, "!") }

// TestSchedUrgentOrder: work that only a later urgent instruction depends
// on, of greater height, does not delay an earlier urgent one (a chain
// before the next critical section does not keep the current one's
// release waiting).
func TestSchedUrgentOrder(t *testing.T) {
	g := BuildSchedDAG[string, string]([]string{"!r=", "a=", "b=a", "c=b", "!s=c"}, toySched{})
	packets, _, _ := g.Schedule()
	if packets[0][0] != "!r=" {
		t.Errorf("first issued %v, want the first urgent instruction !r=", packets[0])
	}
}

// TestSchedUrgent: an urgent instruction and what it depends on issue
// before ready work of greater height, which fills the latency gap.
func TestSchedUrgent(t *testing.T) {
	g := BuildSchedDAG[string, string]([]string{"w=", "!m=w", "a=", "b=a", "c=b"}, toySched{})
	packets, _, _ := g.Schedule()
	var got []string
	for _, p := range packets {
		got = append(got, strings.Join(p, "+"))
	}
	want := "w= | a= | !m=w | b=a | c=b"
	if g := strings.Join(got, " | "); g != want {
		t.Errorf("got %s\nwant %s", g, want)
	}
}
