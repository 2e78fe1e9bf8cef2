package passes

import (
	"fmt"
	"testing"

	"lltosimd/mir"
)

// simulateTrips runs a bottom-tested loop whose induction value starts at
// init, moves by step, and continues while t = iv + off*step satisfies
// rel against bnd (32-bit wrapping), and returns how many times the body
// runs, or -1 past limit.
func simulateTrips(init, bnd, step, off int64, rel mir.Cond, limit int) int {
	iv := int32(init)
	for n := 1; n <= limit; n++ {
		t := iv + int32(off*step)
		cont := false
		switch rel {
		case mir.CondNE:
			cont = t != int32(bnd)
		default:
			cont = holds(rel, int64(t), bnd)
		}
		if !cont {
			return n
		}
		iv += int32(step)
	}
	return -1
}

// evalCount evaluates the generic instructions tripCount emits.
func evalCount(t *testing.T, f *mir.Func, setup []*mir.Instr, count mir.Operand, regs map[mir.Reg]int32) uint32 {
	val := func(o mir.Operand) int32 {
		if o.Kind == mir.KindImm {
			return int32(o.Imm)
		}
		v, ok := regs[o.Reg]
		if !ok {
			t.Fatalf("read of undefined %v", o.Reg)
		}
		return v
	}
	for _, in := range setup {
		var v int32
		switch in.Op {
		case mir.GConst:
			v = val(in.Ops[1])
		case mir.GAdd:
			v = val(in.Ops[1]) + val(in.Ops[2])
		case mir.GSub:
			v = val(in.Ops[1]) - val(in.Ops[2])
		case mir.GICmp:
			if holds(in.Ops[1].Cond, int64(val(in.Ops[2])), int64(val(in.Ops[3]))) {
				v = 1
			}
		case mir.GSelect:
			v = val(in.Ops[3])
			if val(in.Ops[1]) != 0 {
				v = val(in.Ops[2])
			}
		default:
			t.Fatalf("unexpected %v", in.Op)
		}
		regs[in.Ops[0].Reg] = v
	}
	return uint32(val(count))
}

// TestTripCount checks the trip count formula of hardware-loops against
// running the loop, for constant and register operands, near the 32-bit
// signed and unsigned boundaries, every supported test and both places
// the test may read the induction variable.
func TestTripCount(t *testing.T) {
	vals := []int64{0, 1, 2, 5, -1, -3, 0x7ffffffe, 0x7fffffff, -0x80000000, -0x7fffffff}
	type shape struct {
		step int64
		rel  mir.Cond
	}
	shapes := []shape{{1, mir.CondNE}, {-1, mir.CondNE}, {1, mir.CondSLT}, {1, mir.CondULT}, {-1, mir.CondSGT}, {-1, mir.CondUGT}}
	for _, sh := range shapes {
		for off := int64(0); off <= 1; off++ {
			for _, init := range vals {
				for _, bnd := range vals {
					want := simulateTrips(init, bnd, sh.step, off, sh.rel, 20)
					if want < 0 {
						continue // long loops: the formula is the same
					}
					name := fmt.Sprintf("%v/step%d/off%d/%d/%d", sh.rel, sh.step, off, init, bnd)
					for mode := 0; mode < 4; mode++ {
						f := mir.NewFunc("t", mir.GenericArch)
						defs := map[mir.Reg]*mir.Instr{}
						regs := map[mir.Reg]int32{}
						opnd := func(v int64, asReg bool) mir.Operand {
							if !asReg {
								return mir.I(v)
							}
							r := f.NewVReg(0)
							regs[r] = int32(v)
							return mir.R(r)
						}
						in, bn := opnd(init, mode&1 != 0), opnd(bnd, mode&2 != 0)
						count, setup := tripCount(f, 0, defs, in, bn, sh.step, off, sh.rel)
						if got := evalCount(t, f, setup, count, regs); got != uint32(want) {
							t.Errorf("%s mode %d: count %d, the loop runs %d times", name, mode, got, want)
						}
					}
				}
			}
		}
	}
}
