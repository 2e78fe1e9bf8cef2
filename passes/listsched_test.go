package passes

import (
	"fmt"
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

// memSched is toySched whose "L…" and "S…" instructions load and store
// memory at unknown addresses that may alias.
type memSched struct{ toySched }

func (memSched) Mem(in string) SchedMem[string] {
	return SchedMem[string]{Load: in[0] == 'L', Store: in[0] == 'S'}
}
func (memSched) MemOrder(_, _ string) (mustOrder, mayAlias bool) { return false, true }

// TestSchedMemWindow: a block with thousands of may-alias accesses (a
// large struct copied by value) gets a DAG linear in its size, and every
// pair that involves a store stays ordered, through the window's closing
// access where no direct edge remains (a store first: a later packet).
func TestSchedMemWindow(t *testing.T) {
	var ins []string
	for i := 0; i < 800; i++ { // six windows and a part
		ins = append(ins, fmt.Sprintf("L%d", i), fmt.Sprintf("S%d", i))
	}
	g := BuildSchedDAG[string, string](ins, memSched{})
	edges := 0
	for _, n := range g.Nodes {
		edges += len(n.Succs)
	}
	if limit := len(ins) * 256; edges > limit { // a pair per access for each of 256 before it (quadratic: 600)
		t.Fatalf("%d edges for %d accesses, want at most %d", edges, len(ins), limit)
	}
	// dist[i][j]: the longest latency path from i to j (-1: none).
	n := len(ins)
	for i := 0; i < n; i++ {
		dist := make([]int, n)
		for j := range dist {
			dist[j] = -1
		}
		dist[i] = 0
		for j := i; j < n; j++ {
			if dist[j] < 0 {
				continue
			}
			for _, e := range g.Nodes[j].Succs {
				dist[e.To] = max(dist[e.To], dist[j]+e.Lat)
			}
		}
		for j := i + 1; j < n; j++ {
			need := -1 // two loads: unordered
			switch {
			case ins[i][0] == 'S':
				need = 1
			case ins[j][0] == 'S':
				need = 0
			}
			if dist[j] < need {
				t.Fatalf("%s -> %s: longest path %d, want at least %d", ins[i], ins[j], dist[j], need)
			}
		}
	}
}
