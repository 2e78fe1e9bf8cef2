package passes

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"lltosimd/mir"
)

// fillCase is one block run through the filler: want is the block
// afterwards, with the slot in braces.
type fillCase struct {
	name   string
	instrs func(next *mir.Block) []*mir.Instr
	want   []string
	useful int64
}

var fillCases = []fillCase{
	{"independent add moves", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), bnz(r1, x)}
	}, []string{"BNZ $r1, bb1 { $r2 = ADD $r3, $r4 }"}, 1},
	{"branch reads the def", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r1, r3, r4), bnz(r1, x)}
	}, []string{"$r1 = ADD $r3, $r4", "BNZ $r1, bb1 { NOP }"}, 0},
	{"crosses an unrelated instruction", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), add(r1, r5, r5), bnz(r1, x)}
	}, []string{"$r1 = ADD $r5, $r5", "BNZ $r1, bb1 { $r2 = ADD $r3, $r4 }"}, 1},
	{"RAW with a crossed instruction", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), add(r1, r2, r2), bnz(r1, x)}
	}, []string{"$r2 = ADD $r3, $r4", "$r1 = ADD $r2, $r2", "BNZ $r1, bb1 { NOP }"}, 0},
	{"WAR with a crossed instruction", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r1, r4), add(r1, r5, r5), bnz(r1, x)}
	}, []string{"$r2 = ADD $r1, $r4", "$r1 = ADD $r5, $r5", "BNZ $r1, bb1 { NOP }"}, 0},
	{"RAR is no dependence", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), add(r1, r5, r3), bnz(r1, x)}
	}, []string{"$r1 = ADD $r5, $r3", "BNZ $r1, bb1 { $r2 = ADD $r3, $r4 }"}, 1},
	{"WAW with a crossed instruction", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), ld(r2, r7), st(r5, r8), bnz(r1, x)}
	}, []string{"$r2 = ADD $r3, $r4", "$r2 = LD $r7, 0", "ST $r5, $r8, 0", "BNZ $r1, bb1 { NOP }"}, 0},
	{"load does not cross a store", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{ld(r2, r7), st(r3, r8), bnz(r1, x)}
	}, []string{"$r2 = LD $r7, 0", "ST $r3, $r8, 0", "BNZ $r1, bb1 { NOP }"}, 0},
	{"arithmetic crosses a store", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), st(r3, r8), bnz(r1, x)}
	}, []string{"ST $r3, $r8, 0", "BNZ $r1, bb1 { $r2 = ADD $r3, $r4 }"}, 1},
	{"frame store moves", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{st(r3, r7), bnz(r1, x)}
	}, []string{"BNZ $r1, bb1 { ST $r3, $r7, 0 }"}, 1},
	{"side effect is a barrier", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), out(r5), bnz(r1, x)}
	}, []string{"$r2 = ADD $r3, $r4", "OUT $r5", "BNZ $r1, bb1 { NOP }"}, 0},
	{"call: argument register stays", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r1, r3, r4), call(), jmp(x)}
	}, []string{"$r1 = ADD $r3, $r4", "CALL @f { NOP }", "JMP bb1"}, 0},
	{"call: link register reader stays", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, rLR, rLR), call(), jmp(x)}
	}, []string{"$r2 = ADD $lr, $lr", "CALL @f { NOP }", "JMP bb1"}, 0},
	{"call: no memory op in its slot", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{ld(r2, r7), call(), jmp(x)}
	}, []string{"$r2 = LD $r7, 0", "CALL @f { NOP }", "JMP bb1"}, 0},
	{"call: other arithmetic moves", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), call(), jmp(x)}
	}, []string{"CALL @f { $r2 = ADD $r3, $r4 }", "JMP bb1"}, 1},
	{"ret: return value stays, stack adjust moves", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r6, r6, r5), add(r1, r3, r4), ret()}
	}, []string{"$r1 = ADD $r3, $r4", "RET { $r6 = ADD $r6, $r5 }"}, 1},
	{"two branches in one block", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{add(r2, r3, r4), call(), add(r5, r3, r4), bnz(r1, x)}
	}, []string{"CALL @f { $r2 = ADD $r3, $r4 }", "BNZ $r1, bb1 { $r5 = ADD $r3, $r4 }"}, 2},
	{"nothing before the branch", func(x *mir.Block) []*mir.Instr {
		return []*mir.Instr{bnz(r1, x)}
	}, []string{"BNZ $r1, bb1 { NOP }"}, 0},
}

func TestDelaySlotFillerCases(t *testing.T) {
	for _, tc := range fillCases {
		t.Run(tc.name, func(t *testing.T) {
			f, b := newFunc(2)
			b[0].Instrs = tc.instrs(b[1])
			b[1].Instrs = []*mir.Instr{ret()}
			cfg := NewConfig()
			if err := runPass(t, cfg, "delay-slot-filler", f); err != nil {
				t.Fatal(err)
			}
			if got := body(b[0]); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			branches := int64(0)
			for _, in := range tc.instrs(b[1]) {
				branches += int64(mock.DelaySlots(in))
			}
			branches++ // the RET in bb1
			if n := stat(cfg, "delay-slot-filler", statFilled); n != branches {
				t.Errorf("filled = %d, want %d", n, branches)
			}
			if n := stat(cfg, "delay-slot-filler", statUseful); n != tc.useful {
				t.Errorf("useful = %d, want %d", n, tc.useful)
			}
			if f.Props&mir.PropBundled == 0 {
				t.Error("PropBundled not set")
			}
		})
	}
}

// With -delay-slot-filler-useful=false every slot is a nop (lbd's filler).
func TestDelaySlotFillerNopOnly(t *testing.T) {
	f, b := newFunc(2)
	b[0].Instrs = []*mir.Instr{add(r2, r3, r4), bnz(r1, b[1])}
	b[1].Instrs = []*mir.Instr{add(r5, r3, r4), ret()}
	cfg := NewConfig()
	cfg.Options[OptDelaySlotUseful] = "false"
	var dbg bytes.Buffer
	cfg.DebugOnly["delay-slot-filler"] = true
	cfg.DebugOut = &dbg
	if err := runPass(t, cfg, "delay-slot-filler", f); err != nil {
		t.Fatal(err)
	}
	want := []string{"$r2 = ADD $r3, $r4", "BNZ $r1, bb1 { NOP }", "$r5 = ADD $r3, $r4", "RET { NOP }"}
	if got := append(body(b[0]), body(b[1])...); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if n := stat(cfg, "delay-slot-filler", statFilled); n != 2 {
		t.Errorf("filled = %d, want 2", n)
	}
	if n := stat(cfg, "delay-slot-filler", statUseful); n != 0 {
		t.Errorf("useful = %d, want 0", n)
	}
	if !strings.Contains(dbg.String(), "bb0: filled 1 delay slot(s) of BNZ $r1, bb1 with nop") {
		t.Errorf("debug output: %q", dbg.String())
	}

	// Running again changes nothing: the slots are occupied.
	if err := runPass(t, cfg, "delay-slot-filler", f); err != nil {
		t.Fatal(err)
	}
	if n := stat(cfg, "delay-slot-filler", statFilled); n != 2 {
		t.Errorf("second run filled more slots: %d", n)
	}

	// -O0 means nops only, unless the option is given explicitly.
	for _, c := range []struct {
		opt    string
		useful int64
	}{{"", 0}, {"true", 1}} {
		f, b := newFunc(2)
		b[0].Instrs = []*mir.Instr{add(r2, r3, r4), bnz(r1, b[1])}
		b[1].Instrs = []*mir.Instr{ret()}
		cfg := NewConfig()
		cfg.Options["O"] = "0"
		if c.opt != "" {
			cfg.Options[OptDelaySlotUseful] = c.opt
		}
		if err := runPass(t, cfg, "delay-slot-filler", f); err != nil {
			t.Fatal(err)
		}
		if n := stat(cfg, "delay-slot-filler", statUseful); n != c.useful {
			t.Errorf("-O0 with option %q: useful = %d, want %d", c.opt, n, c.useful)
		}
	}

	cfg.Options[OptDelaySlotUseful] = "maybe"
	if err := runPass(t, cfg, "delay-slot-filler", f); err == nil {
		t.Error("bad option value accepted")
	}
}

func TestDelaySlotFillerDebug(t *testing.T) {
	f, b := newFunc(2)
	b[0].Instrs = []*mir.Instr{add(r2, r3, r4), bnz(r1, b[1])}
	b[1].Instrs = []*mir.Instr{ret()}
	cfg := NewConfig()
	var dbg bytes.Buffer
	cfg.DebugOnly["delay-slot-filler"] = true
	cfg.DebugOut = &dbg
	if err := runPass(t, cfg, "delay-slot-filler", f); err != nil {
		t.Fatal(err)
	}
	if w := "bb0: moved $r2 = ADD $r3, $r4 into the delay slot of BNZ $r1, bb1"; !strings.Contains(dbg.String(), w) {
		t.Errorf("debug output %q lacks %q", dbg.String(), w)
	}
}

// Three delay slots (as on VC4): up to three instructions move, in order,
// skipping the ones that must stay.
func TestDelaySlotFillerThreeSlots(t *testing.T) {
	mock.slots = 3
	defer func() { mock.slots = 1 }()
	f, b := newFunc(2)
	b[0].Instrs = []*mir.Instr{add(r2, r3, r3), add(r3, r4, r4), add(r1, r2, r3), add(r4, r5, r5), bnz(r1, b[1])}
	b[1].Instrs = []*mir.Instr{add(r1, r1, r1), ret()}
	cfg := NewConfig()
	if err := runPass(t, cfg, "delay-slot-filler", f); err != nil {
		t.Fatal(err)
	}
	// r4 moves; r1 stays (the branch reads it); r3 and r2 stay because the
	// kept add reads them.
	want := []string{"$r2 = ADD $r3, $r3", "$r3 = ADD $r4, $r4", "$r1 = ADD $r2, $r3", "BNZ $r1, bb1 { $r4 = ADD $r5, $r5 } { NOP } { NOP }"}
	if got := body(b[0]); !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// The RET's slots: its block has only an add that defines the return
	// value, so three nops.
	if got, w := body(b[1]), []string{"$r1 = ADD $r1, $r1", "RET { NOP } { NOP } { NOP }"}; !slices.Equal(got, w) {
		t.Errorf("got  %q\nwant %q", got, w)
	}
	if n := stat(cfg, "delay-slot-filler", statFilled); n != 6 {
		t.Errorf("filled = %d, want 6", n)
	}
	if n := stat(cfg, "delay-slot-filler", statUseful); n != 1 {
		t.Errorf("useful = %d, want 1", n)
	}

	f, b = newFunc(2)
	b[0].Instrs = []*mir.Instr{add(r2, r3, r3), add(r5, r4, r4), add(r1, r6, r6), add(r4, r5, r5), bnz(r1, b[1])}
	b[1].Instrs = []*mir.Instr{ret()}
	if err := runPass(t, NewConfig(), "delay-slot-filler", f); err != nil {
		t.Fatal(err)
	}
	want = []string{"$r1 = ADD $r6, $r6", "BNZ $r1, bb1 { $r2 = ADD $r3, $r3 } { $r5 = ADD $r4, $r4 } { $r4 = ADD $r5, $r5 }"}
	if got := body(b[0]); !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestDelaySlotFillerRandom runs random blocks through the filler and
// compares their execution before and after, on both branch outcomes, with
// a small interpreter of the mock target's delay-slot semantics.
func TestDelaySlotFillerRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	regs := []mir.Reg{r1, r2, r3, r4, r5, r6, r7, r8}
	useful := int64(0)
	for iter := range 3000 {
		slots := 1 + iter%3
		mock.slots = slots
		f, b := newFunc(2)
		var ins []*mir.Instr
		for range 1 + rng.Intn(7) {
			r := func() mir.Reg { return regs[rng.Intn(len(regs))] }
			switch rng.Intn(10) {
			case 0, 1:
				ins = append(ins, ld(r(), r()))
			case 2:
				ins = append(ins, st(r(), r()))
			case 3:
				ins = append(ins, out(r()))
			case 4:
				ins = append(ins, add(r(), rLR, r()))
			default:
				ins = append(ins, add(r(), r(), r()))
			}
		}
		switch rng.Intn(3) {
		case 0:
			ins = append(ins, bnz(regs[rng.Intn(len(regs))], b[1]))
		case 1:
			ins = append(ins, call())
		default:
			ins = append(ins, ret())
		}
		b[0].Instrs = ins
		b[1].Instrs = []*mir.Instr{ret()}
		before := slices.Clone(ins)
		cfg := NewConfig()
		if err := runPass(t, cfg, "delay-slot-filler", f); err != nil {
			t.Fatal(err)
		}
		useful += stat(cfg, "delay-slot-filler", statUseful)
		for seed := range 4 {
			want := execMock(before, int64(seed), false)
			got := execMock(b[0].Instrs, int64(seed), true)
			if want != got {
				t.Fatalf("iteration %d seed %d: behaviour changed\nbefore: %q\nafter:  %q\nwant %s\ngot  %s",
					iter, seed, strs(f, before), body(b[0]), want, got)
			}
		}
	}
	mock.slots = 1
	if useful < 1000 {
		t.Errorf("only %d useful fills in 3000 blocks: the search is too timid", useful)
	}
}

func strs(f *mir.Func, ins []*mir.Instr) []string {
	var s []string
	for _, in := range ins {
		s = append(s, instrString(f, in))
	}
	return s
}

// execMock runs one block of mock code and returns a trace of everything
// observable: memory and I/O events in order, calls with what the callee
// sees, and the final registers and control transfer. Registers start from
// a seed; r8-based and other stores go to a memory map. With bundles, a
// branch reads its operands, then its slot instructions run, then control
// transfers (the callee of a CALL runs after the slots).
func execMock(ins []*mir.Instr, seed int64, bundles bool) string {
	reg := map[mir.Reg]int64{}
	for r := r1; r <= rLR; r++ {
		reg[r] = (int64(r)*7 + seed*13) % 5 // small values: addresses collide
	}
	mem := map[int64]int64{}
	var tr strings.Builder
	var step func(in *mir.Instr) bool
	runSlots := func(in *mir.Instr) {
		if bundles {
			for _, m := range in.Bundle {
				step(m)
			}
		}
	}
	step = func(in *mir.Instr) bool {
		o := in.Ops
		switch in.Op {
		case opNOP:
		case opADD:
			reg[o[0].Reg] = reg[o[1].Reg] + reg[o[2].Reg]
		case opLD:
			reg[o[0].Reg] = mem[reg[o[1].Reg]]
			fmt.Fprintf(&tr, "ld[%d] ", reg[o[1].Reg])
		case opST:
			mem[reg[o[1].Reg]] = reg[o[0].Reg]
			fmt.Fprintf(&tr, "st[%d]=%d ", reg[o[1].Reg], reg[o[0].Reg])
		case opOUT:
			fmt.Fprintf(&tr, "out %d ", reg[o[0].Reg])
		case opBNZ:
			taken := reg[o[0].Reg] != 0
			runSlots(in)
			fmt.Fprintf(&tr, "bnz taken=%v ", taken)
			return true
		case opRET:
			runSlots(in)
			fmt.Fprintf(&tr, "ret r1=%d lr=%d ", reg[r1], reg[rLR])
			return true
		case opCALL:
			reg[rLR] = 99
			runSlots(in)
			fmt.Fprintf(&tr, "call(r1=%d mem=%v) ", reg[r1], mem)
			reg[r1] = reg[r1]*3 + 1 // the callee's result
		}
		return false
	}
	for _, in := range ins {
		if step(in) {
			break
		}
	}
	fmt.Fprintf(&tr, "regs=%v mem=%v", reg, mem)
	return tr.String()
}
