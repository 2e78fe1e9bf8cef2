package passes

import (
	"slices"
	"strings"
	"testing"

	"lltosimd/mir"
)

// relaxPass is a stand-in for a target's relaxation pass (cpu0-long-branch).
var relaxPass = &Pass{Name: "test-relax", Stats: map[string]string{"n": "Number of long branches expanded"}}

func relax(t *testing.T, f *mir.Func, opt RelaxOptions) (int, error) {
	t.Helper()
	f.RecomputeCFG()
	valid := len(mir.Verify(f)) == 0
	n, err := RelaxBranches(&Ctx{Cfg: NewConfig(), Pass: relaxPass}, f, mock, opt)
	if errs := mir.Verify(f); err == nil && valid && len(errs) > 0 {
		t.Errorf("relaxation broke the function: %v\n%s", errs, f)
	}
	return n, err
}

func pad(n int) []*mir.Instr {
	ins := make([]*mir.Instr, n)
	for i := range ins {
		ins[i] = add(r2, r2, r3)
	}
	return ins
}

// checkReach fails if any direct branch of f is out of range.
func checkReach(t *testing.T, f *mir.Func) {
	t.Helper()
	addr, _ := BlockAddresses(f, mock)
	for _, b := range f.Blocks {
		pc := addr[b]
		for _, in := range b.Instrs {
			if tg, _, ok := directTarget(mock, in); ok && !mock.InRange(in, pc, addr[tg]) {
				t.Errorf("%s at %d cannot reach %s at %d", instrString(f, in), pc, blockLabel(tg), addr[tg])
			}
			pc += InstrSize(mock, in)
		}
	}
}

// follow executes control flow only (every other instruction is skipped):
// from the first instruction of b, with r1 = v, until it reaches a block in
// stop, and returns that block. Delay slots are ignored here.
func follow(t *testing.T, f *mir.Func, b *mir.Block, v int64, stop []*mir.Block) *mir.Block {
	t.Helper()
	for steps := 0; steps < 100; steps++ {
		next := (*mir.Block)(nil)
		for _, in := range b.Instrs {
			switch in.Op {
			case opBNZ:
				if v != 0 {
					next = in.Ops[1].Block
				}
			case opBZ:
				if v == 0 {
					next = in.Ops[1].Block
				}
			case opJMP:
				next = in.Ops[0].Block
			}
			if next != nil {
				break
			}
		}
		if next == nil {
			i := slices.Index(f.Blocks, b)
			next = f.Blocks[i+1]
		}
		if slices.Contains(stop, next) {
			return next
		}
		b = next
	}
	t.Fatal("control flow does not reach a stop block")
	return nil
}

func TestRelaxFallThrough(t *testing.T) {
	f, b := newFunc(3)
	br := bnz(r1, b[2])
	br.Bundle = []*mir.Instr{add(r4, r5, r5)}
	b[0].Instrs = append(pad(2), br)
	b[1].Instrs = pad(40) // 160 bytes: b[2] is out of reach
	b[2].Instrs = []*mir.Instr{ret()}
	n, err := relax(t, f, RelaxOptions{})
	if err != nil || n != 1 {
		t.Fatalf("RelaxBranches = %d, %v; want 1, nil", n, err)
	}
	// The inverted branch keeps its slot and falls to bb1 around a jmp.
	want := []string{"$r2 = ADD $r2, $r3", "$r2 = ADD $r2, $r3", "BZ $r1, bb1 { $r4 = ADD $r5, $r5 }", "JMP bb2"}
	if got := body(b[0]); !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	checkReach(t, f)
	stops := []*mir.Block{b[1], b[2]}
	if got := follow(t, f, b[0], 1, stops); got != b[2] {
		t.Errorf("taken path reaches %s", blockLabel(got))
	}
	if got := follow(t, f, b[0], 0, stops); got != b[1] {
		t.Errorf("fall-through path reaches %s", blockLabel(got))
	}
	// The CFG was recomputed.
	if !slices.Contains(b[0].Succs, b[2]) || !slices.Contains(b[0].Succs, b[1]) || len(b[0].Succs) != 2 {
		t.Errorf("bb0 succs = %v", b[0].Succs)
	}
}

// A conditional branch followed by a jump (or other instructions) splits
// its block: the rest moves to a new block after it.
func TestRelaxSplitsBlock(t *testing.T) {
	f, b := newFunc(4)
	b[0].Instrs = []*mir.Instr{bnz(r1, b[3]), jmp(b[2])}
	b[1].Instrs = pad(40)
	b[2].Instrs = []*mir.Instr{ret()}
	b[3].Instrs = []*mir.Instr{ret()}
	n, err := relax(t, f, RelaxOptions{})
	if err != nil || n != 1 {
		t.Fatalf("RelaxBranches = %d, %v; want 1, nil", n, err)
	}
	if len(f.Blocks) != 5 || f.Blocks[1].ID != 4 {
		t.Fatalf("no new block after bb0: %v", f.Blocks)
	}
	nb := f.Blocks[1]
	if got, w := body(b[0]), []string{"BZ $r1, bb4", "JMP bb3"}; !slices.Equal(got, w) {
		t.Errorf("bb0 = %q, want %q", got, w)
	}
	if got, w := body(nb), []string{"JMP bb2"}; !slices.Equal(got, w) {
		t.Errorf("bb4 = %q, want %q", got, w)
	}
	checkReach(t, f)
	stops := []*mir.Block{b[2], b[3]}
	if follow(t, f, b[0], 1, stops) != b[3] || follow(t, f, b[0], 0, stops) != b[2] {
		t.Error("paths changed")
	}
	if !slices.Equal(nb.Preds, []*mir.Block{b[0]}) || !slices.Equal(nb.Succs, []*mir.Block{b[2]}) {
		t.Errorf("new block edges: preds %v succs %v", nb.Preds, nb.Succs)
	}
}

// Two far branches in one block: the first expansion moves the second into
// a new block, where it is expanded in turn.
func TestRelaxTwoInOneBlock(t *testing.T) {
	f, b := newFunc(4)
	b[0].Instrs = []*mir.Instr{bnz(r1, b[2]), bz(r2, b[3])}
	b[1].Instrs = pad(40)
	b[2].Instrs = append(pad(40), ret())
	b[3].Instrs = []*mir.Instr{ret()}
	n, err := relax(t, f, RelaxOptions{})
	if err != nil || n != 2 {
		t.Fatalf("RelaxBranches = %d, %v; want 2", n, err)
	}
	nb := f.Blocks[1]
	if got, w := body(b[0]), []string{"BZ $r1, bb4", "JMP bb2"}; !slices.Equal(got, w) {
		t.Errorf("bb0 = %q, want %q", got, w)
	}
	if got, w := body(nb), []string{"BNZ $r2, bb1", "JMP bb3"}; !slices.Equal(got, w) {
		t.Errorf("new block = %q, want %q", got, w)
	}
	checkReach(t, f)
	// r1 != 0 → bb2; r1 == 0 → then r2 (= r1 in follow) == 0 → bb3.
	stops := []*mir.Block{b[1], b[2], b[3]}
	if follow(t, f, b[0], 1, stops) != b[2] || follow(t, f, b[0], 0, stops) != b[3] {
		t.Error("paths changed")
	}
}

// Expanding one branch pushes another out of range: relaxation iterates.
func TestRelaxFixedPoint(t *testing.T) {
	f, b := newFunc(6)
	b[0].Instrs = []*mir.Instr{bnz(r1, b[3])} // offset 124: in range until bb1 grows
	b[1].Instrs = []*mir.Instr{bnz(r1, b[5])} // out of range from the start
	b[2].Instrs = pad(28)                     // the two unfilled slots count as nops
	b[3].Instrs = []*mir.Instr{ret()}
	b[4].Instrs = pad(40)
	b[5].Instrs = []*mir.Instr{ret()}
	addr, _ := BlockAddresses(f, mock)
	if off := addr[b[3]] - 4; off != 124 {
		t.Fatalf("setup: first branch offset %d, want 124", off)
	}
	n, err := relax(t, f, RelaxOptions{})
	if err != nil || n != 2 {
		t.Fatalf("RelaxBranches = %d, %v; want 2 (bb1, then bb0)", n, err)
	}
	if got, w := body(b[0]), []string{"BZ $r1, bb1", "JMP bb3"}; !slices.Equal(got, w) {
		t.Errorf("bb0 = %q, want %q", got, w)
	}
	if got, w := body(b[1]), []string{"BZ $r1, bb2", "JMP bb5"}; !slices.Equal(got, w) {
		t.Errorf("bb1 = %q, want %q", got, w)
	}
	checkReach(t, f)
}

// Force expands in-range branches too, once each.
func TestRelaxForce(t *testing.T) {
	f, b := newFunc(3)
	b[0].Instrs = []*mir.Instr{bnz(r1, b[2])}
	b[1].Instrs = pad(1)
	b[2].Instrs = []*mir.Instr{ret()}
	n, err := relax(t, f, RelaxOptions{Force: func(*mir.Instr) bool { return true }})
	if err != nil || n != 1 {
		t.Fatalf("RelaxBranches = %d, %v; want 1", n, err)
	}
	if got, w := body(b[0]), []string{"BZ $r1, bb1", "JMP bb2"}; !slices.Equal(got, w) {
		t.Errorf("bb0 = %q, want %q", got, w)
	}
}

func TestRelaxJumpOutOfRange(t *testing.T) {
	f, b := newFunc(3)
	b[0].Instrs = []*mir.Instr{jmp(b[2])}
	b[1].Instrs = pad(9000) // 36000 bytes > 32 KiB
	b[2].Instrs = []*mir.Instr{ret()}
	_, err := relax(t, f, RelaxOptions{})
	if err == nil || !strings.Contains(err.Error(), "function test") || !strings.Contains(err.Error(), "JMP bb2") {
		t.Fatalf("err = %v, want an error naming the function and the jump", err)
	}
}

func TestRelaxNoInverse(t *testing.T) {
	f, b := newFunc(3)
	b[0].Instrs = []*mir.Instr{mir.NewInstr(opBXX, mir.B(b[2]))}
	b[1].Instrs = pad(40)
	b[2].Instrs = []*mir.Instr{ret()}
	if _, err := relax(t, f, RelaxOptions{}); err == nil || !strings.Contains(err.Error(), "no inverse") {
		t.Fatalf("err = %v", err)
	}
	// A conditional branch at the very end cannot fall through.
	f, b = newFunc(2)
	b[0].Instrs = pad(40)
	b[1].Instrs = []*mir.Instr{bnz(r1, b[0])}
	if _, err := relax(t, f, RelaxOptions{}); err == nil || !strings.Contains(err.Error(), "no fall-through") {
		t.Fatalf("err = %v", err)
	}
}

// A branch within range is left alone; alignment counts in addresses.
func TestRelaxInRangeAndAlign(t *testing.T) {
	f, b := newFunc(3)
	b[0].Instrs = []*mir.Instr{bnz(r1, b[2])}
	b[1].Instrs = pad(28) // bb2 at 120 (the empty slot counts): offset 116
	b[2].Instrs = []*mir.Instr{ret()}
	if n, err := relax(t, f, RelaxOptions{}); n != 0 || err != nil {
		t.Fatalf("in-range branch expanded: %d, %v", n, err)
	}
	b[2].Align = 7 // bb2 moves to 128: offset 124, still in range
	addr, size := BlockAddresses(f, mock)
	if addr[b[2]] != 128 || size != 136 {
		t.Fatalf("addresses: bb2 at %d, size %d", addr[b[2]], size)
	}
	if n, _ := relax(t, f, RelaxOptions{}); n != 0 {
		t.Fatal("expanded")
	}
	b[2].Align = 8 // bb2 at 256: out of range
	if n, err := relax(t, f, RelaxOptions{}); n != 1 || err != nil {
		t.Fatalf("aligned target: %d, %v", n, err)
	}
	checkReach(t, f)
}
