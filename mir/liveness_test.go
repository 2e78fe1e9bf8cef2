package mir_test

import (
	"fmt"
	"sort"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes/regalloc/mock"
)

func sorted(rs []mir.Reg) string {
	s := append([]mir.Reg(nil), rs...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return fmt.Sprint(s)
}

func TestLivenessLoopWithPhi(t *testing.T) {
	f := mir.NewFunc("loop", mir.GenericArch)
	v := func() mir.Reg { return f.NewVReg(0) }
	n, i, d, k := v(), v(), v(), v()
	entry, loop, exit := f.NewBlock("entry"), f.NewBlock("loop"), f.NewBlock("exit")
	entry.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GConst, mir.D(n), mir.I(3)),
		mir.NewInstr(mir.GConst, mir.D(k), mir.I(1)),
	}
	loop.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GPhi, mir.D(i), mir.R(n), mir.B(entry), mir.R(d), mir.B(loop)),
		mir.NewInstr(mir.GSub, mir.D(d), mir.R(i), mir.R(k)),
		mir.NewInstr(mir.GBrCond, mir.R(d), mir.B(loop)),
	}
	exit.Instrs = []*mir.Instr{mir.NewInstr(mir.GRet, mir.R(i))}
	f.RecomputeCFG()
	lv := mir.ComputeLiveness(f)
	for _, c := range []struct {
		b       *mir.Block
		in, out []mir.Reg
	}{
		{entry, nil, []mir.Reg{n, k}},
		// i is defined by the PHI: not live-in; d flows into the PHI only
		// along the back edge.
		{loop, []mir.Reg{k}, []mir.Reg{i, d, k}},
		{exit, []mir.Reg{i}, nil},
	} {
		bi := lv.BlockIndex(c.b)
		if sorted(lv.LiveIn[bi]) != sorted(c.in) || sorted(lv.LiveOut[bi]) != sorted(c.out) {
			t.Errorf("bb%d: in %v out %v; want %v %v", c.b.ID, lv.LiveIn[bi], lv.LiveOut[bi], c.in, c.out)
		}
	}
	if !lv.IsLiveOut(loop, d) || lv.IsLiveIn(loop, i) {
		t.Error("IsLiveOut/IsLiveIn disagree with the sets")
	}
}

// naive is the textbook iterative data-flow liveness, used as a reference.
func naive(f *mir.Func) (in, out []map[mir.Reg]bool) {
	n := len(f.Blocks)
	in, out = make([]map[mir.Reg]bool, n), make([]map[mir.Reg]bool, n)
	idx := map[*mir.Block]int{}
	for i, b := range f.Blocks {
		idx[b] = i
		in[i], out[i] = map[mir.Reg]bool{}, map[mir.Reg]bool{}
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := f.Blocks[i]
			o := map[mir.Reg]bool{}
			for _, s := range b.Succs {
				for r := range in[idx[s]] {
					o[r] = true
				}
				for _, phi := range s.Instrs {
					if phi.Op != mir.GPhi {
						continue
					}
					for k := 1; k+1 < len(phi.Ops); k += 2 {
						if phi.Ops[k+1].Block == b && phi.Ops[k].Kind == mir.KindReg {
							o[phi.Ops[k].Reg] = true
						}
					}
				}
			}
			live := map[mir.Reg]bool{}
			for r := range o {
				live[r] = true
			}
			for j := len(b.Instrs) - 1; j >= 0; j-- {
				ins := b.Instrs[j]
				if ins.Op == mir.GPhi {
					delete(live, ins.Ops[0].Reg)
					continue
				}
				mir.ForEachReg(ins, func(r mir.Reg, def bool) {
					if def {
						delete(live, r)
					}
				})
				mir.ForEachReg(ins, func(r mir.Reg, def bool) {
					if !def {
						live[r] = true
					}
				})
			}
			if len(o) != len(out[i]) || len(live) != len(in[i]) {
				changed = true
			}
			out[i], in[i] = o, live
		}
	}
	return in, out
}

func keys(m map[mir.Reg]bool) []mir.Reg {
	var rs []mir.Reg
	for r := range m {
		rs = append(rs, r)
	}
	return rs
}

// TestLivenessMatchesDataflow compares against the iterative solution on
// random programs with loops, diamonds, PHIs and physical registers.
func TestLivenessMatchesDataflow(t *testing.T) {
	arch := mock.NewArch(4, 1)
	for seed := int64(1); seed <= 200; seed++ {
		f := mock.Generate(arch, seed, 30)
		lv := mir.ComputeLiveness(f)
		in, out := naive(f)
		for i, b := range f.Blocks {
			if sorted(lv.LiveIn[i]) != sorted(keys(in[i])) || sorted(lv.LiveOut[i]) != sorted(keys(out[i])) {
				t.Fatalf("seed %d bb%d: in %v out %v; want %v %v\n%s", seed, b.ID,
					sorted(lv.LiveIn[i]), sorted(lv.LiveOut[i]), sorted(keys(in[i])), sorted(keys(out[i])), f)
			}
		}
	}
}
