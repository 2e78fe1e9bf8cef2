package mir

import (
	"errors"
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string) *Func {
	t.Helper()
	f, err := ParseFunc(src, testLookup)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return f
}

func TestVerifyValid(t *testing.T) {
	for _, f := range []*Func{selectedFunc(), genericFunc(), mustParse(t, selectedText), mustParse(t, genericText)} {
		if errs := Verify(f); len(errs) > 0 {
			t.Errorf("%v\n%s", errs, f)
		}
	}
	// A use in an unreachable block is not checked for dominance, a delay
	// slot may follow a conditional delayed branch, undef uses need no def.
	f := mustParse(t, `--- function: ok
arch: test
props: ssa selected
body:
bb0:
  %0:gpr = ADDiu $zero, 1
  JEQ $sw, bb2
  NOP
  JMP bb2

bb1:
  %1:gpr = ADDiu %2, 1
  JMP bb2

bb2:
  %2:gpr = ADDiu undef %3, 0
  RET $lr
`)
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("%v", errs)
	}
	// A delay slot may hold a packet (one level: VC4's paired
	// instructions in the slots of its branches).
	f = mustParse(t, `--- function: slotpacket
arch: test
props: bundled
body:
bb0:
  bundle {
    RET $lr
    packet {
      NOP
      NOP
    }
    NOP
  }
`)
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("%v", errs)
	}
	// G_UNREACHABLE stays after selection and has no successor: bb1 does
	// not fall into bb2 (whose PHI has no entry for it), and the last
	// block does not fall off the end.
	f = mustParse(t, `--- function: unreach
arch: test
props: ssa selected
body:
bb0:
  %0:gpr = ADDiu $zero, 1
  JEQ $sw, bb2
  NOP
  JMP bb3

bb1:
  G_UNREACHABLE

bb2:
  %1:gpr = PHI %0, bb0
  RET $lr

bb3:
  G_UNREACHABLE
`)
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("%v", errs)
	}
}

const generic1 = `--- function: g
props: ssa
body:
bb0:
`

// TestVerifyRules gives, for each rule, a function that breaks it and a
// fragment of the expected message.
// vgeneric starts a generic function whose %2 and %3 are v4s32 vectors
// (%0 is a scalar).
const vgeneric = "--- function: v\nvector-vregs: %2:v4s32, %3:v4s32\nbody:\nbb0:\n  %0:gpr = G_CONST 1\n"

// wgeneric starts a generic function whose %2 and %4 are s64 and %3 an
// s128 wide integer (%0 is a word).
const wgeneric = "--- function: w\nwide-vregs: %2:s64, %3:s128, %4:s64\nbody:\nbb0:\n  %0:gpr = G_CONST 1\n"

func TestVerifyRules(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		mutate    func(f *Func)
		want      string
	}{
		{"vector lanes", vgeneric + "  %2:gpr = G_BUILD_VECTOR %0\n  G_RET\n", nil, "G_BUILD_VECTOR needs one operand per lane"},
		{"vector mixed shapes", vgeneric + "  %2:gpr = G_BUILD_VECTOR %0, %0, %0, %0\n  %3:gpr = G_ADD %2, %0\n  G_RET\n", nil, "every operand must be a v4s32 register"},
		{"vector mask", vgeneric + "  %2:gpr = G_BUILD_VECTOR %0, %0, %0, %0\n  %3:gpr = G_ICMP eq, %2, %2\n  G_RET\n", nil, "a vector compare of v4s32 defines a v4s1 mask"},
		{"vector float op", vgeneric + "  %2:gpr = G_BUILD_VECTOR %0, %0, %0, %0\n  %3:gpr = G_FADD %2, %2\n  G_RET\n", nil, "G_FADD on v4s32 lanes"},
		{"vector lane index", vgeneric + "  %2:gpr = G_BUILD_VECTOR %0, %0, %0, %0\n  %1:gpr = G_EXTRACT_VECTOR_ELT %2, 4\n  G_RET\n", nil, "G_EXTRACT_VECTOR_ELT: bad vector or lane"},
		{"vector in a call", vgeneric + "  %2:gpr = G_BUILD_VECTOR %0, %0, %0, %0\n  G_RET %2\n", nil, "G_RET does not take vector registers"},
		{"shuffle mask", vgeneric + "  %2:gpr = G_BUILD_VECTOR %0, %0, %0, %0\n  %3:gpr = G_SHUFFLE_VECTOR %2, %2, 0, 1, 8, 2\n  G_RET\n", nil, "G_SHUFFLE_VECTOR: bad mask entry"},
		{"merge words", wgeneric + "  %2:gpr = G_MERGE_VALUES %0\n  G_RET\n", nil, "G_MERGE_VALUES defines a wide register from its words"},
		{"unmerge words", wgeneric + "  %2:gpr = G_MERGE_VALUES %0, %0\n  %1:gpr = G_UNMERGE_VALUES %2\n  G_RET\n", nil, "G_UNMERGE_VALUES defines the words of a wide register"},
		{"wide widths", wgeneric + "  %2:gpr = G_MERGE_VALUES %0, %0\n  %3:gpr = G_MERGE_VALUES %0, %0, %0, %0\n  %4:gpr = G_ADD %2, %3\n  G_RET\n", nil, "G_ADD on wide registers needs one width"},
		{"wide shift amount", wgeneric + "  %2:gpr = G_MERGE_VALUES %0, %0\n  %4:gpr = G_SHL %2, 64\n  G_RET\n", nil, "G_SHL of an s64 needs an s64 result and a 32-bit or immediate amount below 64"},
		{"wide phi widths", wgeneric + "  %3:gpr = G_MERGE_VALUES %0, %0, %0, %0\n  G_BR bb1\nbb1:\n  %4:gpr = PHI %3, bb0\n  G_RET\n", nil, "PHI of a wide register joins registers of its width"},
		{"wide constant words", wgeneric + "  %2:gpr = G_CONSTANT 1, 2, 3\n  G_RET\n", nil, "G_CONSTANT defines a wide register from its words"},
		{"wide load size", wgeneric + "  %2:gpr = G_LOAD %0, 0, 4, 4\n  G_RET\n", nil, "G_LOAD accesses a wide register's integer in memory"},
		{"wide store size", wgeneric + "  %2:gpr = G_MERGE_VALUES %0, %0\n  G_STORE %2, %0, 0, 9, 4\n  G_RET\n", nil, "G_STORE accesses a wide register's integer in memory"},
		{"wide trunc widens", wgeneric + "  %2:gpr = G_MERGE_VALUES %0, %0\n  %3:gpr = G_TRUNC %2\n  G_RET\n", nil, "G_TRUNC changes a register's width"},
		{"wide zext narrows", wgeneric + "  %3:gpr = G_MERGE_VALUES %0, %0, %0, %0\n  %2:gpr = G_ZEXT %3\n  G_RET\n", nil, "G_ZEXT changes a register's width"},
		{"wide in a return", wgeneric + "  %2:gpr = G_MERGE_VALUES %0, %0\n  G_RET %2\n", nil, "G_RET does not take wide registers"},
		{"vector load without vector", generic1 + "  %0:gpr = G_CONST 1\n  %1:gpr = G_VLOAD %0, 0, 4\n  G_RET\n", nil, "G_VLOAD without a vector register operand"},
		{"use count", generic1 + "  %0:gpr = G_CONST 1\n  %1:gpr = G_ADD %0\n  G_RET\n", nil, "G_ADD has 1 explicit uses, want 2"},
		{"def count", generic1 + "  G_CONST 1\n  G_RET\n", nil, "G_CONST has 0 explicit defs, want 1"},
		{"def after uses", generic1 + "  %0:gpr = G_CONST 1\n  %1:gpr = G_ADD %0, def %2:gpr\n  G_RET\n", nil, "explicit def after the uses start"},
		{"implicit among explicit", generic1 + "  %0:gpr = G_CONST 1\n  G_RET implicit %0, %0\n", nil, "implicit operand before explicit ones"},
		{"implicit non-register", generic1 + "  G_RET implicit 5\n", nil, "implicit operand is not a register, block or jump table"},
		{"generic kinds", generic1 + "  %0:gpr = G_CONST 1\n  %1:gpr = G_ADD %0, 5\n  G_RET\n", nil, "use 1 must be a register"},
		{"icmp cond", generic1 + "  %0:gpr = G_CONST 1\n  %1:gpr = G_ICMP %0, %0, %0\n  G_RET\n", nil, "use 0 must be a condition"},
		{"memory operand on an add", generic1 + "  %0:gpr = G_CONST 1\n  %1:gpr = G_ADD %0, %0 :: mem(@g, 0, 4)\n  G_RET\n", nil, "memory operand on an instruction that neither loads nor stores"},
		{"memory operand frame object", generic1 + "  %0:gpr = G_CONST 1\n  G_STORE32 %0, %0, 0 :: mem(fi#3, 0, 4)\n  G_RET\n", nil, "memory operand names frame object fi#3, which does not exist"},
		{"load base", generic1 + "  %0:gpr = G_LOAD32 @g, 0\n  G_RET\n", nil, "use 0 must be a register or frame object"},
		{"phi pairs", generic1 + "  %0:gpr = G_CONST 1\n  G_BR bb1\nbb1:\n  %1:gpr = PHI %0, bb0, %0\n  G_RET\n", nil, "PHI needs (value, block) pairs"},
		{"call words", generic1 + "  %0:gpr = G_CONST 1\n  G_CALL @f, 2, %0\n  G_RET\n", nil, "announces 2 words, found 1"},
		{"call descriptor", generic1 + "  %0:gpr = G_CONST 1\n  G_CALL @f, %0\n  G_RET\n", nil, "use 1 must be an argument descriptor"},
		{"unknown opcode", generic1 + "  G_RET\n", func(f *Func) { f.Blocks[0].Instrs[0].Op = 999 }, "unknown opcode 999"},
		{"unknown vreg", generic1 + "  %0:gpr = G_CONST 1\n  G_RET %0\n", func(f *Func) { f.Blocks[0].Instrs[1].Ops[0].Reg = VirtBase + 7 }, "%7 does not exist"},
		{"unknown phys", generic1 + "  G_RET\n", func(f *Func) { f.Blocks[0].Instrs[0].Ops = []Operand{R(5)} }, "unknown physical register 5"},
		{"bad class", generic1 + "  %0:gpr = G_CONST 1\n  G_RET\n", func(f *Func) { f.VRegClass[0] = 3 }, "unknown register class 3"},
		{"def of noreg", generic1 + "  %0:gpr = G_CONST 1\n  G_RET\n", func(f *Func) { f.Blocks[0].Instrs[0].Ops[0].Reg = NoReg }, "def of noreg"},
		{"bad cond", generic1 + "  %0:gpr = G_CONST 1\n  %1:gpr = G_ICMP eq, %0, %0\n  G_RET\n", func(f *Func) { f.Blocks[0].Instrs[1].Ops[1].Cond = 42 }, "bad condition 42"},
		{"foreign block", generic1 + "  G_BR bb1\nbb1:\n  G_RET\n", func(f *Func) { f.Blocks[0].Instrs[0].Ops[0].Block = f.NewBlockDetached("x") }, "block is not in the function"},
		{"bad frame index", "--- function: g\nframe:\n  fi#0: size=4 align=4\nbody:\nbb0:\n  %0:gpr = G_FRAME_ADDR fi#0\n  G_RET\n", func(f *Func) { f.Frame = nil }, "fi#0 does not exist"},
		{"misaligned frame access", "--- function: g\nframe:\n  fi#0: size=8 align=8\nbody:\nbb0:\n  %0:gpr = G_LOAD16U fi#0, 6\n  %1:gpr = G_LOAD32 fi#0, 2\n  G_RET\n", nil, "4-byte access to fi#0+2, which is only 2-byte aligned"},
		{"underaligned frame object", "--- function: g\nframe:\n  fi#0: size=8 align=2\nbody:\nbb0:\n  %0:gpr = G_CONST 1\n  G_STORE32 %0, fi#0, 4\n  G_RET\n", nil, "4-byte access to fi#0+4, which is only 2-byte aligned"},
		{"bad jump table", "--- function: g\njumptables:\n  jt#0: bb0\nbody:\nbb0:\n  %0:gpr = G_CONST 0\n  G_BRJT %0, jt#0\n", func(f *Func) {
			f.Blocks[0].Instrs[1].Ops[1].Imm = 3
		}, "jt#3 does not exist"},
		{"jump table target", "--- function: g\njumptables:\n  jt#0: bb0\nbody:\nbb0:\n  G_RET\n", func(f *Func) {
			f.JumpTables[0][0] = f.NewBlockDetached("")
		}, "jt#0 names a block outside the function"},
		{"tied after regalloc", "--- function: t\narch: test\nprops: novregs selected\nbody:\nbb0:\n  $2 = MOVZ $3, $zero, $3\n  RET $lr\n", nil, "tied def 0 and use 2 are different registers"},
		{"tied missing", "--- function: t\narch: test\nprops: selected\nbody:\nbb0:\n  $2 = MOVZ $3, $zero, 4\n  RET $lr\n", nil, "tied operand: def 0 / use 2 missing or not a register"},
		{"vreg after regalloc", "--- function: t\narch: test\nprops: novregs\nbody:\nbb0:\n  %0:gpr = ADDiu $zero, 1\n  RET $lr\n", nil, "virtual register after register allocation"},
		{"generic after selection", "--- function: t\narch: test\nprops: selected\nbody:\nbb0:\n  %0:gpr = G_CONST 1\n  RET $lr\n", nil, "generic op G_CONST after instruction selection"},
		{"spill load needs frame base", "--- function: t\narch: test\nprops: selected\nbody:\nbb0:\n  %0:gpr = ADDiu $zero, 1\n  %1:gpr = G_LOAD32 %0, 0\n  RET $lr\n", nil, "generic op G_LOAD32 after instruction selection"},
		{"spill needs frame slot", "--- function: t\narch: test\nprops: selected\nbody:\nbb0:\n  %0:gpr = ADDiu $zero, 1\n  G_SPILL %0, %0, 0\n  RET $lr\n", nil, "generic op G_SPILL after instruction selection"},
		{"frame index after lowering", "--- function: t\narch: test\nprops: framelowered\nframe:\n  fi#0: size=4 align=4\nbody:\nbb0:\n  ST $2, fi#0, 0\n  RET $lr\n", nil, "frame index after frame lowering"},
		{"switch shape", generic1 + "  %0:gpr = G_CONST 1\n  G_SWITCH %0, bb1, 3\nbb1:\n  G_RET\n", nil, "G_SWITCH needs a value, a default block and (case, block) pairs"},
		{"switch case kind", generic1 + "  %0:gpr = G_CONST 1\n  G_SWITCH %0, bb1, %0, bb1\nbb1:\n  G_RET\n", nil, "use 2 must be an immediate case value"},
		{"switch duplicate case", generic1 + "  %0:gpr = G_CONST 1\n  G_SWITCH %0, bb1, 3, bb1, 3, bb1\nbb1:\n  G_RET\n", nil, "duplicate case value 3"},
		{"switch wide case", generic1 + "  %0:gpr = G_CONST 1\n  G_SWITCH %0, bb1, 4294967295, bb1\nbb1:\n  G_RET\n", nil, "does not fit 32 signed bits"},
		{"stale CFG", generic1 + "  G_BR bb1\nbb1:\n  G_RET\n", func(f *Func) { f.Blocks[0].Instrs[0].Ops[0].Block = f.Blocks[0] }, "RecomputeCFG needed"},
		{"asymmetric CFG", generic1 + "  G_BR bb1\nbb1:\n  G_RET\n", func(f *Func) { f.Blocks[1].Preds = nil }, "succ bb1 does not list it as a predecessor"},
		{"falls off the end", generic1 + "  %0:gpr = G_CONST 1\n", nil, "the last block falls off the end"},
		{"after barrier", generic1 + "  G_BR bb1\n  %0:gpr = G_CONST 1\nbb1:\n  G_RET\n", nil, "instruction after an unconditional transfer"},
		{"barrier delay slot", "--- function: t\narch: test\nbody:\nbb0:\n  RET $lr\n  NOP\n", nil, "instruction after an unconditional transfer"},
		{"after terminator", generic1 + "  %0:gpr = G_CONST 1\n  G_BRCOND %0, bb1\n  %1:gpr = G_CONST 1\n  G_BR bb1\nbb1:\n  G_RET\n", nil, "non-terminator after a terminator"},
		{"phi placement", generic1 + "  %0:gpr = G_CONST 1\n  G_BR bb1\nbb1:\n  %1:gpr = G_CONST 1\n  %2:gpr = PHI %0, bb0\n  G_RET\n", nil, "PHI after a non-PHI instruction"},
		{"phi after elimination", "--- function: g\nprops: nophis\nbody:\nbb0:\n  %0:gpr = G_CONST 1\n  G_BR bb1\nbb1:\n  %2:gpr = PHI %0, bb0\n  G_RET\n", nil, "PHI after phi elimination"},
		{"phi missing pred", generic1 + "  %0:gpr = G_CONST 1\n  G_BRCOND %0, bb2\nbb1:\n  G_BR bb2\nbb2:\n  %2:gpr = PHI %0, bb0\n  G_RET\n", nil, "no entry for predecessor bb1"},
		{"phi extra entry", generic1 + "  %0:gpr = G_CONST 1\n  G_BR bb2\nbb1:\n  G_BR bb2\nbb2:\n  %2:gpr = PHI %0, bb0, %0, bb1, %0, bb2\n  G_RET\n", nil, "entry for bb2, which is not a predecessor"},
		{"phi duplicate", generic1 + "  %0:gpr = G_CONST 1\n  G_BR bb1\nbb1:\n  %2:gpr = PHI %0, bb0, 1, bb0\n  G_RET\n", nil, "two entries for bb0"},
		{"ssa two defs", generic1 + "  %0:gpr = G_CONST 1\n  %0:gpr = G_CONST 2\n  G_RET %0\n", nil, "%0 has more than one definition"},
		{"ssa no def", generic1 + "  G_RET %0\n", nil, "%0 is used but never defined"},
		{"ssa use before def", generic1 + "  %1:gpr = COPY %0\n  %0:gpr = G_CONST 2\n  G_RET %1\n", nil, "%0 is used before its definition or not dominated"},
		{"ssa not dominated", generic1 + "  %0:gpr = G_CONST 1\n  G_BRCOND %0, bb2\nbb1:\n  %1:gpr = G_CONST 1\nbb2:\n  G_RET %1\n", nil, "%1 is used before its definition or not dominated"},
		{"ssa phi incoming", generic1 + "  %0:gpr = G_CONST 1\n  G_BRCOND %0, bb2\nbb1:\n  %1:gpr = G_CONST 1\nbb2:\n  %2:gpr = PHI %1, bb0, %1, bb1\n  G_RET %2\n", nil, "%1 does not dominate the end of incoming bb0"},
		{"bundle without prop", "--- function: t\narch: test\nbody:\nbb0:\n  bundle {\n    RET $lr\n    NOP\n  }\n", nil, "bundles present but PropBundled not set"},
		{"nested bundle", "--- function: t\narch: test\nprops: bundled\nbody:\nbb0:\n  bundle {\n    RET $lr\n    bundle {\n      NOP\n      NOP\n    }\n  }\n", nil, "nested bundle"},
		{"bundle in a packet", "--- function: t\narch: test\nprops: bundled\nbody:\nbb0:\n  packet {\n    NOP\n    bundle {\n      RET $lr\n      NOP\n    }\n  }\n", nil, "nested bundle"},
		{"packet in a packet in a slot", "--- function: t\narch: test\nprops: bundled\nbody:\nbb0:\n  bundle {\n    RET $lr\n    packet {\n      NOP\n      packet {\n        NOP\n        NOP\n      }\n    }\n  }\n", nil, "nested bundle"},
		{"nil pred", generic1 + "  G_RET\n", func(f *Func) { f.Blocks[0].Preds = []*Block{nil} }, "nil block in Preds or Succs"},
		{"no blocks", "--- function: e\nbody:\n", nil, "function has no blocks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := mustParse(t, tc.src)
			if tc.mutate != nil {
				tc.mutate(f)
			}
			errs := Verify(f)
			var msgs []string
			for _, e := range errs {
				msgs = append(msgs, e.Error())
			}
			if !strings.Contains(strings.Join(msgs, "\n"), tc.want) {
				t.Errorf("want %q, got %v\n%s", tc.want, errs, f)
			}
		})
	}
}

func TestVerifyMessageHasLocation(t *testing.T) {
	f := mustParse(t, generic1+"  %0:gpr = G_CONST 1\n  %1:gpr = G_ADD %0\n  G_RET\n")
	errs := Verify(f)
	if len(errs) != 1 || errs[0].Error() != "g: bb0: `%1:gpr = G_ADD %0`: G_ADD has 1 explicit uses, want 2" {
		t.Errorf("got %v", errs)
	}
}

func TestVerifyArchHook(t *testing.T) {
	arch := *testArch
	called := false
	arch.Verify = func(f *Func) []error {
		called = true
		return []error{errors.New("target says no")}
	}
	f := selectedFunc()
	f.Arch = &arch
	if errs := Verify(f); !called || len(errs) != 1 || errs[0].Error() != "target says no" {
		t.Errorf("hook not run: %v", errs)
	}
}
