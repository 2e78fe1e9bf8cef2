package mir

import (
	"math/rand"
	"reflect"
	"testing"
)

// buildCFG makes a generic function with n blocks whose successors are
// succ[i]: none → G_RET, one → G_BR, two → G_BRCOND + G_BR, more → G_BRJT.
func buildCFG(n int, succ map[int][]int) *Func {
	f := NewFunc("cfg", GenericArch)
	f.Props = PropSSA
	for i := 0; i < n; i++ {
		f.NewBlock("")
	}
	c := f.NewVReg(0)
	f.Blocks[0].Instrs = append(f.Blocks[0].Instrs, NewInstr(GConst, D(c), I(1)))
	for i, b := range f.Blocks {
		s := succ[i]
		switch len(s) {
		case 0:
			b.Instrs = append(b.Instrs, NewInstr(GRet))
		case 1:
			b.Instrs = append(b.Instrs, NewInstr(GBr, B(f.Blocks[s[0]])))
		case 2:
			b.Instrs = append(b.Instrs, NewInstr(GBrCond, R(c), B(f.Blocks[s[0]])), NewInstr(GBr, B(f.Blocks[s[1]])))
		default:
			var jt []*Block
			for _, x := range s {
				jt = append(jt, f.Blocks[x])
			}
			f.JumpTables = append(f.JumpTables, jt)
			b.Instrs = append(b.Instrs, NewInstr(GBrJT, R(c), Operand{Kind: KindJT, Imm: int64(len(f.JumpTables) - 1)}))
		}
	}
	f.RecomputeCFG()
	return f
}

func ids(bs []*Block) []int {
	out := []int{}
	for _, b := range bs {
		out = append(out, b.ID)
	}
	return out
}

func TestReversePostorder(t *testing.T) {
	// 0 → 1, 2; 1 → 3; 2 → 3; 4 unreachable.
	f := buildCFG(5, map[int][]int{0: {1, 2}, 1: {3}, 2: {3}, 4: {3}})
	if got := ids(ReversePostorder(f)); !reflect.DeepEqual(got, []int{0, 2, 1, 3}) {
		t.Errorf("rpo = %v", got)
	}
	if got := ids(Postorder(f)); !reflect.DeepEqual(got, []int{3, 1, 2, 0}) {
		t.Errorf("po = %v", got)
	}
	if r := Reachable(f); r[f.Blocks[4]] || !r[f.Blocks[3]] {
		t.Errorf("reachable = %v", r)
	}
}

func TestDominatorsExample(t *testing.T) {
	// The CHK paper's irreducible example, numbered from 0:
	// 5 → 3, 4; 4 → 0; 3 → 1; 0 → 1; 1 → 2, 0 ... built with entry 0 here.
	// 0 → 1, 2; 1 → 3; 2 → 4, 5; 3 → 4; 4 → 3, 5 (loop 3-4); 5 exit.
	f := buildCFG(6, map[int][]int{0: {1, 2}, 1: {3}, 2: {4, 5}, 3: {4}, 4: {3, 5}})
	d := ComputeDominators(f)
	want := map[int]int{1: 0, 2: 0, 3: 0, 4: 0, 5: 0}
	for b, w := range want {
		if got := d.IDom(f.Blocks[b]); got != f.Blocks[w] {
			t.Errorf("idom(bb%d) = %v, want bb%d", b, got, w)
		}
	}
	if d.IDom(f.Blocks[0]) != nil || !d.Dominates(f.Blocks[0], f.Blocks[4]) || d.Dominates(f.Blocks[3], f.Blocks[4]) {
		t.Errorf("dominance queries wrong")
	}
	if got := ids(d.Children(f.Blocks[0])); len(got) != 5 {
		t.Errorf("children(bb0) = %v", got)
	}
	li := ComputeLoops(f, d)
	if !li.Irreducible() || len(li.Loops) != 0 {
		t.Errorf("3-4 cycle has two entries: want irreducible, no loops; got %v loops, %v", len(li.Loops), li.IrreducibleEdges)
	}
}

// bruteDom says whether a dominates b: b is unreachable from the entry
// once a is removed (a == b dominates trivially).
func bruteDom(f *Func, a, b *Block) bool {
	if a == b {
		return true
	}
	seen := map[*Block]bool{a: true}
	stack := []*Block{f.Blocks[0]}
	if f.Blocks[0] == a {
		return true
	}
	seen[f.Blocks[0]] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return false
		}
		for _, s := range x.Succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

// brutePostDom says whether a post-dominates b in a graph where every
// block reaches a return: no path from b to a return avoids a.
func brutePostDom(a, b *Block) bool {
	if a == b {
		return true
	}
	seen := map[*Block]bool{a: true, b: true}
	stack := []*Block{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(x.Succs) == 0 {
			return false
		}
		for _, s := range x.Succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

func randCFG(r *rand.Rand, n int) *Func {
	succ := map[int][]int{}
	for i := 0; i < n; i++ {
		k := r.Intn(4)
		if i == n-1 {
			k = 0
		}
		seen := map[int]bool{}
		for j := 0; j < k; j++ {
			s := r.Intn(n)
			if !seen[s] {
				seen[s] = true
				succ[i] = append(succ[i], s)
			}
		}
	}
	return buildCFG(n, succ)
}

func TestDominatorsRandom(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for iter := 0; iter < 300; iter++ {
		f := randCFG(r, 1+r.Intn(12))
		d := ComputeDominators(f)
		reach := Reachable(f)
		for _, a := range f.Blocks {
			for _, b := range f.Blocks {
				want := reach[a] && reach[b] && bruteDom(f, a, b)
				if got := d.Dominates(a, b); got != want {
					t.Fatalf("Dominates(bb%d, bb%d) = %v, want %v\n%s", a.ID, b.ID, got, want, f)
				}
			}
			// The immediate dominator is the strict dominator dominated by all others.
			if id := d.IDom(a); id != nil {
				for _, x := range f.Blocks {
					if d.StrictlyDominates(x, a) && !d.Dominates(x, id) {
						t.Fatalf("idom(bb%d) = bb%d but bb%d strictly dominates it", a.ID, id.ID, x.ID)
					}
				}
			}
			// Frontier: b with a pred dominated by a, b not strictly dominated by a.
			var want []int
			for _, b := range f.Blocks {
				if !reach[b] || d.StrictlyDominates(a, b) {
					continue
				}
				for _, p := range b.Preds {
					if reach[p] && d.Dominates(a, p) {
						want = append(want, b.ID)
						break
					}
				}
			}
			got := ids(d.Frontier(a))
			if !sameSet(got, want) {
				t.Fatalf("DF(bb%d) = %v, want %v\n%s", a.ID, got, want, f)
			}
		}
	}
}

func sameSet(a, b []int) bool {
	m := map[int]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, v := range m {
		if v != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

func reachesReturn(f *Func) bool {
	for _, b := range f.Blocks {
		if !brutePostDomReach(b) {
			return false
		}
	}
	return true
}

func brutePostDomReach(b *Block) bool {
	seen := map[*Block]bool{b: true}
	stack := []*Block{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(x.Succs) == 0 {
			return true
		}
		for _, s := range x.Succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return false
}

func TestPostDominatorsRandom(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	checked := 0
	for iter := 0; iter < 1000 && checked < 200; iter++ {
		f := randCFG(r, 1+r.Intn(10))
		if !reachesReturn(f) {
			continue
		}
		checked++
		pd := ComputePostDominators(f)
		for _, a := range f.Blocks {
			if !pd.Contains(a) {
				t.Fatalf("bb%d missing from the post-dominator tree", a.ID)
			}
			for _, b := range f.Blocks {
				if got, want := pd.Dominates(a, b), brutePostDom(a, b); got != want {
					t.Fatalf("PostDominates(bb%d, bb%d) = %v, want %v\n%s", a.ID, b.ID, got, want, f)
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d graphs checked", checked)
	}
}

func TestPostDominatorsExitsAndInfiniteLoops(t *testing.T) {
	// 0 → 1, 2; 1 returns; 2 → 3; 3 → 2 (infinite loop); 4 returns (unreachable).
	f := buildCFG(5, map[int][]int{0: {1, 2}, 2: {3}, 3: {2}})
	pd := ComputePostDominators(f)
	for _, b := range f.Blocks {
		if !pd.Contains(b) {
			t.Errorf("bb%d not in tree", b.ID)
		}
	}
	if pd.IDom(f.Blocks[0]) != nil || pd.IDom(f.Blocks[1]) != nil {
		t.Errorf("bb0 and bb1 are post-dominated only by the virtual exit")
	}
	if pd.IDom(f.Blocks[2]) != f.Blocks[3] || pd.IDom(f.Blocks[3]) != nil {
		t.Errorf("infinite loop: ipdom(bb2) = %v, ipdom(bb3) = %v", pd.IDom(f.Blocks[2]), pd.IDom(f.Blocks[3]))
	}
	if got := ids(pd.Roots()); !sameSet(got, []int{0, 1, 3, 4}) {
		t.Errorf("roots = %v", got)
	}
	// Control dependence: 1 and 2 depend on 0's branch.
	if got := ids(pd.Frontier(f.Blocks[1])); !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("PDF(bb1) = %v", got)
	}
	if nc := pd.NearestCommonDominator(f.Blocks[0], f.Blocks[1]); nc != nil {
		t.Errorf("ncd = bb%d", nc.ID)
	}
}

func TestDomTreeEmptyAndSingle(t *testing.T) {
	f := NewFunc("e", GenericArch)
	if d := ComputeDominators(f); len(d.Roots()) != 0 && d.Contains(nil) {
		t.Errorf("empty")
	}
	ComputePostDominators(f)
	g := buildCFG(1, nil)
	d := ComputeDominators(g)
	if !d.Dominates(g.Blocks[0], g.Blocks[0]) || len(d.Preorder()) != 1 {
		t.Errorf("single block")
	}
}
