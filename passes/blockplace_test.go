package passes

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"lltosimd/mir"
)

// exits describes every block's behaviour independently of the layout: its
// instructions without the trailing jump and conditional branch, then
// where control goes, with BZ/BNZ normalized to one condition so that an
// inverted branch reads the same.
func exits(f *mir.Func) map[int]string {
	m := map[int]string{}
	for i, b := range f.Blocks {
		instrs := b.Instrs
		fall := "off-the-end"
		if i+1 < len(f.Blocks) {
			fall = blockLabel(f.Blocks[i+1])
		}
		if n := len(instrs); n > 0 {
			switch last := instrs[n-1]; {
			case last.Op == opJMP:
				fall = blockLabel(last.Ops[0].Block)
				instrs = instrs[:n-1]
			case last.Op == opRET:
				fall = "none"
			}
		}
		s := ""
		if n := len(instrs); n > 0 && fall != "none" {
			switch last := instrs[n-1]; last.Op {
			case opBZ:
				s = fmt.Sprintf("if %s==0 %s else %s", tArch.RegName(last.Ops[0].Reg), blockLabel(last.Ops[1].Block), fall)
				instrs = instrs[:n-1]
			case opBNZ:
				s = fmt.Sprintf("if %s==0 %s else %s", tArch.RegName(last.Ops[0].Reg), fall, blockLabel(last.Ops[1].Block))
				instrs = instrs[:n-1]
			}
		}
		if s == "" {
			s = "goto " + fall
		}
		m[b.ID] = fmt.Sprintf("%q %s", body(&mir.Block{Instrs: instrs, Func: f}), s)
	}
	return m
}

func countJumps(f *mir.Func) int {
	n := 0
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == opJMP {
				n++
			}
		}
	}
	return n
}

func layoutIDs(f *mir.Func) []int {
	var ids []int
	for _, b := range f.Blocks {
		ids = append(ids, b.ID)
	}
	return ids
}

// checkPlacement runs block-placement on f and checks that the entry
// stays first, every block stays once and behaves the same, and the CFG
// is current.
func checkPlacement(t *testing.T, cfg *Config, f *mir.Func) {
	t.Helper()
	before := exits(f)
	entry := f.Blocks[0]
	ids := layoutIDs(f)
	if err := runPass(t, cfg, "block-placement", f); err != nil {
		t.Fatal(err)
	}
	if f.Blocks[0] != entry {
		t.Errorf("entry moved: layout %v", layoutIDs(f))
	}
	got := layoutIDs(f)
	slices.Sort(got)
	slices.Sort(ids)
	if !slices.Equal(got, ids) {
		t.Fatalf("blocks %v, want %v", got, ids)
	}
	after := exits(f)
	for id, w := range before {
		if after[id] != w {
			t.Errorf("bb%d: %s, want %s\n%s", id, after[id], w, f)
		}
	}
	edges := cfgEdges(f)
	f.RecomputeCFG()
	if e := cfgEdges(f); e != edges {
		t.Errorf("CFG not current:\n%s\nwant\n%s", edges, e)
	}
}

// A split-edge block that jumps to a block laid out after another one is
// placed before its target: no jump is left.
func TestBlockPlacementSplitEdge(t *testing.T) {
	f, b := newFunc(4)
	b[0].Instrs = []*mir.Instr{bz(r1, b[2])}
	b[1].Instrs = []*mir.Instr{add(r2, r3, r3), jmp(b[3])}
	b[2].Instrs = []*mir.Instr{add(r2, r4, r4), ret()}
	b[3].Instrs = []*mir.Instr{add(r2, r5, r5), ret()}
	f.RecomputeCFG()
	cfg := NewConfig()
	checkPlacement(t, cfg, f)
	if got, want := layoutIDs(f), []int{0, 1, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("layout %v, want %v", got, want)
	}
	if n := countJumps(f); n != 0 {
		t.Errorf("%d jumps left:\n%s", n, f)
	}
	if n := stat(cfg, "block-placement", statBPRemoved); n != 1 {
		t.Errorf("jumps-removed = %d, want 1", n)
	}
	if n := stat(cfg, "block-placement", statBPMoved); n != 2 {
		t.Errorf("moved = %d, want 2", n)
	}
}

// A loop whose exit lies between header and latch: the body follows the
// header (the in-loop edge is the likelier), the exit goes after the loop.
func TestBlockPlacementLoopContiguous(t *testing.T) {
	f, b := newFunc(4)
	b[0].Instrs = []*mir.Instr{add(r1, r1, r1)}
	b[1].Instrs = []*mir.Instr{bz(r1, b[3]), jmp(b[2])} // header
	b[2].Instrs = []*mir.Instr{add(r2, r2, r2), jmp(b[1])}
	b[3].Instrs = []*mir.Instr{ret()}
	f.Blocks = []*mir.Block{b[0], b[1], b[3], b[2]}
	f.RecomputeCFG()
	cfg := NewConfig()
	checkPlacement(t, cfg, f)
	if got, want := layoutIDs(f), []int{0, 1, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("layout %v, want %v", got, want)
	}
	if want := []string{"BZ $r1, bb3"}; !slices.Equal(body(b[1]), want) {
		t.Errorf("header %q, want %q", body(b[1]), want)
	}
	if n := countJumps(f); n != 1 {
		t.Errorf("%d jumps, want the latch's only:\n%s", n, f)
	}
}

// A conditional branch without an inverse is never made to fall into its
// target; its fall-through successor keeps a jump when it is not next.
func TestBlockPlacementNoInverse(t *testing.T) {
	f, b := newFunc(4)
	bxx := mir.NewInstr(opBXX, mir.B(b[2]))
	b[0].Instrs = []*mir.Instr{bxx, jmp(b[3])}
	b[1].Instrs = []*mir.Instr{ret()}
	b[2].Instrs = []*mir.Instr{add(r2, r2, r2), jmp(b[1])}
	b[3].Instrs = []*mir.Instr{add(r3, r3, r3), jmp(b[1])}
	f.RecomputeCFG()
	checkPlacement(t, NewConfig(), f)
	if f.Blocks[1] != b[3] {
		t.Errorf("layout %v: bb3 (the fall-through side) should follow bb0", layoutIDs(f))
	}
	if bxx.Op != opBXX || bxx.Ops[0].Block != b[2] {
		t.Errorf("BXX changed: %s", instrString(f, bxx))
	}
}

// A function whose last block falls off the end keeps its layout, and the
// pass disabled changes nothing.
func TestBlockPlacementKeeps(t *testing.T) {
	build := func() (*mir.Func, []*mir.Block) {
		f, b := newFunc(3)
		b[0].Instrs = []*mir.Instr{bz(r1, b[2])}
		b[1].Instrs = []*mir.Instr{ret()}
		b[2].Instrs = []*mir.Instr{add(r2, r2, r2)}
		f.RecomputeCFG()
		return f, b
	}
	f, _ := build()
	checkPlacement(t, NewConfig(), f)
	if got := layoutIDs(f); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("layout %v, want [0 1 2]", got)
	}
	f, b := build()
	b[2].Instrs = append(b[2].Instrs, jmp(b[1]))
	f.Blocks = []*mir.Block{b[0], b[2], b[1]}
	b[0].Instrs[0] = bz(r1, b[1])
	f.RecomputeCFG()
	cfg := NewConfig()
	cfg.Enabled["block-placement"] = false
	text := f.String()
	if err := runPass(t, cfg, "block-placement", f); err != nil {
		t.Fatal(err)
	}
	if f.String() != text {
		t.Errorf("disabled pass changed the function:\n%s", f)
	}
}

// TestBlockPlacementRandom places random CFGs: every block behaves as
// before, and over all of them no more jumps are left than before.
func TestBlockPlacementRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	jumpsBefore, jumpsAfter := 0, 0
	for iter := 0; iter < 500; iter++ {
		n := 2 + rng.Intn(10)
		f, b := newFunc(n)
		for i := range b {
			pick := func() *mir.Block { return b[rng.Intn(n)] }
			body := []*mir.Instr{add(r2, r3, mir.Reg(1+rng.Intn(4)))}
			last := i == n-1
			switch k := rng.Intn(6); {
			case k == 0:
				body = append(body, ret())
			case k == 1 && !last:
				// falls through
			case k == 2:
				body = append(body, jmp(pick()))
			case k == 3 && !last:
				body = append(body, bz(r1, pick()))
			case k == 4:
				body = append(body, bnz(r1, pick()), jmp(pick()))
			default:
				body = append(body, mir.NewInstr(opBXX, mir.B(pick())), jmp(pick()))
			}
			b[i].Instrs = body
		}
		f.RecomputeCFG()
		jumpsBefore += countJumps(f)
		checkPlacement(t, NewConfig(), f)
		jumpsAfter += countJumps(f)
		if t.Failed() {
			t.Fatalf("iteration %d", iter)
		}
	}
	if jumpsAfter > jumpsBefore {
		t.Errorf("%d jumps after placement, %d before", jumpsAfter, jumpsBefore)
	}
	t.Logf("jumps: %d before, %d after", jumpsBefore, jumpsAfter)
}
