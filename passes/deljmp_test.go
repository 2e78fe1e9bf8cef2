package passes

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"lltosimd/mir"
)

// diamond builds the chapter's if/else:
//
//	bb0: BZ r1, bb2 ; JMP bb1     (jmp to the next block)
//	bb1: ADD ; JMP bb3            (kept: bb2 is next)
//	bb2: ADD ; JMP bb3            (jmp to the next block)
//	bb3: RET
func diamond() (*mir.Func, []*mir.Block) {
	f, b := newFunc(4)
	b[0].Instrs = []*mir.Instr{bz(r1, b[2]), jmp(b[1])}
	b[1].Instrs = []*mir.Instr{add(r2, r3, r3), jmp(b[3])}
	b[2].Instrs = []*mir.Instr{add(r2, r4, r4), jmp(b[3])}
	b[3].Instrs = []*mir.Instr{ret()}
	f.RecomputeCFG()
	return f, b
}

func TestDelJmpDiamond(t *testing.T) {
	f, b := diamond()
	edges := cfgEdges(f)
	cfg := NewConfig()
	var dbg bytes.Buffer
	cfg.DebugOnly["del-jmp"] = true
	cfg.DebugOut = &dbg
	if err := runPass(t, cfg, "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"BZ $r1, bb2"},
		{"$r2 = ADD $r3, $r3", "JMP bb3"},
		{"$r2 = ADD $r4, $r4"},
		{"RET"},
	}
	for i, w := range want {
		if got := body(b[i]); !slices.Equal(got, w) {
			t.Errorf("bb%d = %q, want %q", i, got, w)
		}
	}
	if n := stat(cfg, "del-jmp", statDelJmp); n != 2 {
		t.Errorf("del-jmp statistic = %d, want 2", n)
	}
	if n := stat(cfg, "del-jmp", statInverted); n != 0 {
		t.Errorf("inverted statistic = %d, want 0", n)
	}
	// The CFG did not change, and the kept Succs/Preds say so.
	if got := cfgEdges(f); got != edges {
		t.Errorf("CFG changed:\n%s\nwant\n%s", got, edges)
	}
	f.RecomputeCFG()
	if got := cfgEdges(f); got != edges {
		t.Errorf("recomputed CFG differs:\n%s\nwant\n%s", got, edges)
	}
	for _, w := range []string{"bb0: deleting JMP bb1", "bb2: deleting JMP bb3"} {
		if !strings.Contains(dbg.String(), w) {
			t.Errorf("debug output %q lacks %q", dbg.String(), w)
		}
	}
}

func TestDelJmpDisabledKeepsEveryJmp(t *testing.T) {
	f, b := diamond()
	cfg := NewConfig()
	cfg.Enabled["del-jmp"] = false
	if err := runPass(t, cfg, "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	jmps := 0
	for _, bb := range b {
		for _, in := range bb.Instrs {
			if in.Op == opJMP {
				jmps++
			}
		}
	}
	if jmps != 3 {
		t.Errorf("%d jmps left, want all 3", jmps)
	}
	if n := stat(cfg, "del-jmp", statDelJmp); n != 0 {
		t.Errorf("statistic = %d, want 0", n)
	}
}

// TestDelJmpInvert checks "bcc X ; jmp Y ; X:" => "b!cc Y ; X:", for a
// forward and a backward (loop) Y, and that it is not applied when the
// conditional branch does not go to the next block or has no inverse.
func TestDelJmpInvert(t *testing.T) {
	f, b := newFunc(6)
	b[0].Instrs = []*mir.Instr{add(r1, r2, r2)}
	b[1].Instrs = []*mir.Instr{bnz(r1, b[2]), jmp(b[4])}                    // forward: invert
	b[2].Instrs = []*mir.Instr{bnz(r1, b[3]), jmp(b[1])}                    // backward: invert
	b[3].Instrs = []*mir.Instr{bnz(r1, b[5]), jmp(b[1])}                    // bnz not to next: keep
	b[4].Instrs = []*mir.Instr{mir.NewInstr(opBXX, mir.B(b[5])), jmp(b[0])} // no inverse: keep
	b[5].Instrs = []*mir.Instr{ret(), jmp(b[0])}                            // last block: keep
	f.RecomputeCFG()
	edges := cfgEdges(f)
	cfg := NewConfig()
	if err := runPass(t, cfg, "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"$r1 = ADD $r2, $r2"},
		{"BZ $r1, bb4"},
		{"BZ $r1, bb1"},
		{"BNZ $r1, bb5", "JMP bb1"},
		{"BXX bb5", "JMP bb0"},
		{"RET", "JMP bb0"},
	}
	for i, w := range want {
		if got := body(b[i]); !slices.Equal(got, w) {
			t.Errorf("bb%d = %q, want %q", i, got, w)
		}
	}
	if n := stat(cfg, "del-jmp", statInverted); n != 2 {
		t.Errorf("inverted statistic = %d, want 2", n)
	}
	if n := stat(cfg, "del-jmp", statDelJmp); n != 0 {
		t.Errorf("del-jmp statistic = %d, want 0", n)
	}
	f.RecomputeCFG()
	sorted := func(s string) []string { l := strings.Split(s, "\n"); slices.Sort(l); return l }
	if got := cfgEdges(f); !slices.Equal(sorted(got), sorted(edges)) {
		t.Errorf("CFG changed:\n%s\nwant\n%s", got, edges)
	}
}

// A jump that already carries a bundle, or a block whose branch targets
// the next block while the jump goes there too, is handled conservatively.
func TestDelJmpEdgeCases(t *testing.T) {
	f, b := newFunc(3)
	j := jmp(b[1])
	j.Bundle = []*mir.Instr{mir.NewInstr(opNOP)}
	b[0].Instrs = []*mir.Instr{j}
	b[1].Instrs = []*mir.Instr{bnz(r1, b[2]), jmp(b[2])} // both to next: drop the jmp only
	b[2].Instrs = []*mir.Instr{ret()}
	cfg := NewConfig()
	if err := runPass(t, cfg, "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	if got := body(b[0]); len(got) != 1 {
		t.Errorf("bundled jmp deleted: %q", got)
	}
	if got, w := body(b[1]), []string{"BNZ $r1, bb2"}; !slices.Equal(got, w) {
		t.Errorf("bb1 = %q, want %q", got, w)
	}
	if n := stat(cfg, "del-jmp", statDelJmp); n != 1 {
		t.Errorf("statistic = %d, want 1", n)
	}
}

// A target without branch hooks is left alone.
func TestDelJmpNoHooks(t *testing.T) {
	f := mir.NewFunc("g", mir.GenericArch)
	b0, b1 := f.NewBlock(""), f.NewBlock("")
	b0.Instrs = []*mir.Instr{mir.NewInstr(mir.GBr, mir.B(b1))}
	b1.Instrs = []*mir.Instr{mir.NewInstr(mir.GRet)}
	if err := runPass(t, NewConfig(), "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	if len(b0.Instrs) != 1 {
		t.Error("generic G_BR was touched")
	}
}

// A loop whose back edge goes through a split critical edge (a block with
// only "jmp loop"), the shape phi elimination leaves: the branch is
// threaded to the loop header, the split block deleted, and the branch
// over the remaining jmp inverted, so the back edge is one branch.
func TestDelJmpThreadsSplitEdge(t *testing.T) {
	f, b := newFunc(4)
	b[0].Instrs = []*mir.Instr{add(r2, r8, r8)}
	b[1].Instrs = []*mir.Instr{add(r2, r2, r3), bz(r1, b[2]), jmp(b[3])}
	b[2].Instrs = []*mir.Instr{ret()}
	b[3].Instrs = []*mir.Instr{jmp(b[1])}
	cfg := NewConfig()
	var dbg bytes.Buffer
	cfg.DebugOnly["del-jmp"] = true
	cfg.DebugOut = &dbg
	if err := runPass(t, cfg, "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	if len(f.Blocks) != 3 || slices.Contains(f.Blocks, b[3]) {
		t.Fatalf("split block not deleted: %v", f.Blocks)
	}
	if got, w := body(b[1]), []string{"$r2 = ADD $r2, $r3", "BNZ $r1, bb1"}; !slices.Equal(got, w) {
		t.Errorf("loop = %q, want %q", got, w)
	}
	for key, want := range map[string]int64{statThreaded: 1, statDeadBlock: 1, statInverted: 1, statDelJmp: 0} {
		if n := stat(cfg, "del-jmp", key); n != want {
			t.Errorf("statistic %s = %d, want %d", key, n, want)
		}
	}
	if !slices.Equal(b[1].Succs, []*mir.Block{b[1], b[2]}) && !slices.Equal(b[1].Succs, []*mir.Block{b[2], b[1]}) {
		t.Errorf("loop succs = %v", b[1].Succs)
	}
	for _, w := range []string{"bb1: JMP bb3 retargeted to bb1 (bb3 only jumps there)", "deleting bb3, which nothing reaches"} {
		if !strings.Contains(dbg.String(), w) {
			t.Errorf("debug output %q lacks %q", dbg.String(), w)
		}
	}
}

// Jmp-only blocks that something else still reaches stay; chains are
// followed; cycles of jmp-only blocks and the entry block are left alone.
func TestDelJmpThreadingKeeps(t *testing.T) {
	f, b := newFunc(8)
	b[0].Instrs = []*mir.Instr{jmp(b[4])}                   // entry, jmp-only: stays
	b[1].Instrs = []*mir.Instr{bnz(r1, b[2]), bz(r1, b[6])} // falls into b2
	b[2].Instrs = []*mir.Instr{jmp(b[3])}                   // reached by fall-through: stays
	b[3].Instrs = []*mir.Instr{jmp(b[5])}                   // chain 2 → 3 → 5; in a jump table: stays
	b[4].Instrs = []*mir.Instr{bnz(r1, b[1]), jmp(b[7])}
	b[5].Instrs = []*mir.Instr{ret()}
	b[6].Instrs = []*mir.Instr{jmp(b[7])} // cycle 6 ↔ 7
	b[7].Instrs = []*mir.Instr{jmp(b[6])}
	f.JumpTables = [][]*mir.Block{{b[3]}}
	cfg := NewConfig()
	if err := runPass(t, cfg, "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	if len(f.Blocks) != 8 {
		t.Errorf("%d blocks left, want all 8", len(f.Blocks))
	}
	want := [][]string{
		{"JMP bb4"},
		{"BNZ $r1, bb5", "BZ $r1, bb6"},
		{"JMP bb5"},
		{"JMP bb5"},
		{"BNZ $r1, bb1", "JMP bb7"},
		{"RET"},
		{}, // its jmp went to the next block
		{"JMP bb6"},
	}
	for i, w := range want {
		if got := body(b[i]); !slices.Equal(got, w) {
			t.Errorf("bb%d = %q, want %q", i, got, w)
		}
	}
	// bnz bb2 → bb5 (through 2 and 3), jmp bb3 in bb2 → bb5.
	if n := stat(cfg, "del-jmp", statThreaded); n != 2 {
		t.Errorf("threaded = %d, want 2", n)
	}
	if n := stat(cfg, "del-jmp", statDeadBlock); n != 0 {
		t.Errorf("dead blocks = %d, want 0", n)
	}
	if n := stat(cfg, "del-jmp", statDelJmp); n != 1 {
		t.Errorf("deleted jmps = %d, want 1", n)
	}
}

// A loop laid out after its exit, the exit reached only from the loop's
// test (clang's block order):
//
//	bb0: JMP bb2
//	bb1: ADD ; JMP bb3           (exit: only bb2 reaches it)
//	bb2: ADD ; BZ r1, bb1 ; JMP bb2
//	bb3: RET
//
// The exit moves after the loop; then the entry's jump and the exit's
// jump go to the next block, and the loop's branch is inverted over its
// jump. The edges stay the same.
func TestDelJmpPlacesExitAfterLoop(t *testing.T) {
	f, b := newFunc(4)
	b[0].Instrs = []*mir.Instr{jmp(b[2])}
	b[1].Instrs = []*mir.Instr{add(r2, r3, r3), jmp(b[3])}
	b[2].Instrs = []*mir.Instr{add(r3, r4, r4), bz(r1, b[1]), jmp(b[2])}
	b[3].Instrs = []*mir.Instr{ret()}
	f.RecomputeCFG()
	edges := cfgEdges(f)
	cfg := NewConfig()
	if err := runPass(t, cfg, "del-jmp", f); err != nil {
		t.Fatal(err)
	}
	if got, want := []*mir.Block{f.Blocks[0], f.Blocks[1], f.Blocks[2], f.Blocks[3]}, []*mir.Block{b[0], b[2], b[1], b[3]}; !slices.Equal(got, want) {
		t.Fatalf("layout %v, want bb0 bb2 bb1 bb3", f.Blocks)
	}
	want := [][]string{{}, {"$r3 = ADD $r4, $r4", "BNZ $r1, bb2"}, {"$r2 = ADD $r3, $r3"}, {"RET"}}
	for i, w := range want {
		if got := body(f.Blocks[i]); !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
			t.Errorf("block %d = %q, want %q", i, got, w)
		}
	}
	if n := stat(cfg, "del-jmp", statPlaced); n != 1 {
		t.Errorf("placed statistic = %d, want 1", n)
	}
	f.RecomputeCFG()
	sorted := func(s string) []string { l := strings.Split(s, "\n"); slices.Sort(l); return l }
	if got := cfgEdges(f); !slices.Equal(sorted(got), sorted(edges)) {
		t.Errorf("CFG changed:\n%s\nwant\n%s", got, edges)
	}
}
