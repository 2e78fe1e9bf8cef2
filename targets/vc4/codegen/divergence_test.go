package codegen

import (
	"strconv"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
)

const header = `target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"
declare spir_func i32 @_Z13get_global_idj(i32)
declare spir_func i32 @_Z12get_group_idj(i32)
`

// analyze translates one kernel, runs the MIR pipeline (whose last pass
// is vc4-divergence) and builds the code generator's flow; it returns
// the flow and its blocks' facts by name.
func analyze(t *testing.T, body string, lanes int) (*flow, map[string]*facts) {
	t.Helper()
	src := header + body
	m, err := frontend.Parse("t.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	mm, err := frontend.Translate(m, frontend.Options{Arch: Arch})
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	cfg.Options["vc4-lanes"] = strconv.Itoa(lanes)
	cfg.Enabled["if-convert"] = false // the analysis of the branches as written
	if err := prepareMIR(mm, cfg); err != nil {
		t.Fatal(err)
	}
	f := mm.Funcs[0]
	for _, k := range mm.Funcs {
		if k.Name == "k" {
			f = k // the kernel, after its helpers
		}
	}
	g, err := buildFlow(f)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*facts{}
	for _, b := range g.blocks {
		byName[g.facts[b].name] = g.facts[b]
	}
	return g, byName
}

// branches counts the divergent and uniform conditional branches.
func branches(g *flow) (divergent, uniform int) {
	for _, b := range g.blocks {
		if x := g.facts[b]; x.kind == termCondBr {
			if x.divergent {
				divergent++
			} else {
				uniform++
			}
		}
	}
	return divergent, uniform
}

func masked(bs map[string]*facts) string {
	var out []string
	for _, name := range []string{"entry", "a", "b", "c", "d", "h", "l", "x", "j"} {
		if b := bs[name]; b != nil && b.masked {
			out = append(out, name)
		}
	}
	return strings.Join(out, ",")
}

func TestDivergenceIfElse(t *testing.T) {
	// Varying condition: both sides masked, join top level.
	g, bs := analyze(t, `
define spir_kernel void @k(i32 addrspace(1)* %o) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %c = icmp slt i32 %i, 5
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %v = phi i32 [ 1, %a ], [ 2, %b ]
  store i32 %v, i32 addrspace(1)* %o
  ret void
}`, 16)
	if got := masked(bs); got != "a,b" {
		t.Errorf("masked blocks %q, want a,b", got)
	}
	if _, u := branches(g); !bs["entry"].divergent || u != 0 {
		t.Errorf("entry branch should be divergent (uniform %d)", u)
	}
	// The phi result at the join is varying: after phi-elim (and
	// vc4-isel), the copy at the top of j reads a register written under the mask in a and b.
	f := g.f
	varying, _, _ := analyzeDivergence(f, mir.ComputePostDominators(f))
	top := g.blocks[bs["j"].pos].Instrs[0]
	if Arch.OpName(top.Op) != "V4_MOV" || !varying[top.Ops[0].Reg] { // the copy, selected
		t.Errorf("phi at the join of a divergent branch must be varying (%s)", mir.FormatInstr(f, top))
	}
}

// A helper goes through the whole pipeline (vc4-isel included) before
// vc4-inline copies it into the kernel: the kernel's divergence analysis
// then reads selected code, where a compare is flags and a guarded write.
// A branch on the helper's compare of a varying value is divergent; one on
// its compare of uniform values stays uniform.
func TestDivergenceInlinedSelected(t *testing.T) {
	_, bs := analyze(t, `
define spir_func i32 @lt(i32 %a, i32 %b) {
  %c = icmp slt i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %u = call spir_func i32 @lt(i32 %n, i32 7)
  %uc = icmp ne i32 %u, 0
  br i1 %uc, label %a, label %b
a:
  %v = call spir_func i32 @lt(i32 %i, i32 %n)
  %vc = icmp ne i32 %v, 0
  br i1 %vc, label %c, label %b
c:
  store i32 1, i32 addrspace(1)* %o
  br label %b
b:
  ret void
}`, 16)
	// The branches are in the blocks after the inlined bodies.
	if bs["entry.cont"] == nil || bs["entry.cont"].divergent || bs["a"].masked {
		t.Error("branch on the helper's compare of uniform values must stay uniform")
	}
	if bs["a.cont"] == nil || !bs["a.cont"].divergent || !bs["c"].masked {
		t.Error("branch on the helper's compare of a varying value must be divergent")
	}
}

func TestDivergenceUniform(t *testing.T) {
	// Conditions on the group id and on arguments are uniform: nothing masked.
	g, bs := analyze(t, `
define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n) {
entry:
  %g = call spir_func i32 @_Z12get_group_idj(i32 0)
  %c = icmp slt i32 %g, %n
  br i1 %c, label %a, label %j
a:
  %p = getelementptr i32, i32 addrspace(1)* %o, i32 %n
  %x = load i32, i32 addrspace(1)* %p
  %c2 = icmp eq i32 %x, 0
  br i1 %c2, label %b, label %j
b:
  br label %j
j:
  ret void
}`, 16)
	if got := masked(bs); got != "" {
		t.Errorf("masked blocks %q, want none", got)
	}
	if d, u := branches(g); d != 0 || u != 2 {
		t.Errorf("divergent %d uniform %d, want 0 and 2 (a load from a uniform address is uniform)", d, u)
	}
}

func TestDivergenceLoopExit(t *testing.T) {
	// A loop whose exit depends on the lane: the whole loop is masked (it
	// runs while any lane is active), and a uniform branch inside it uses
	// the mask too; the block after the loop is top level.
	g, bs := analyze(t, `
define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  br label %h
h:
  %k = phi i32 [ 0, %entry ], [ %k1, %l ]
  %u = icmp slt i32 %n, 3
  br i1 %u, label %a, label %l
a:
  br label %l
l:
  %k1 = add i32 %k, 1
  %c = icmp slt i32 %k1, %i
  br i1 %c, label %h, label %x
x:
  store i32 %k1, i32 addrspace(1)* %o
  ret void
}`, 16)
	if got := masked(bs); got != "a,h,l" {
		t.Errorf("masked blocks %q, want a,h,l", got)
	}
	if !bs["h"].divergent || !bs["l"].divergent {
		t.Errorf("branches in the loop must use the mask")
	}
	if err := g.checkLayout(); err != nil {
		t.Error(err)
	}
}

func TestDivergenceEarlyReturnJoin(t *testing.T) {
	// An early return in a divergent if (at a) inside the then-side of a
	// uniform if: the rest of the kernel (b, j) runs masked, and the
	// else-side c, laid out between b and j, is masked too, so the run
	// from a to the exit has no top-level block in it.
	g, bs := analyze(t, `
define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %u = icmp sgt i32 %n, 0
  br i1 %u, label %a, label %c
a:
  %v = icmp slt i32 %i, 3
  br i1 %v, label %d, label %b
d:
  store i32 1, i32 addrspace(1)* %o
  ret void
b:
  br label %j
c:
  br label %j
j:
  store i32 2, i32 addrspace(1)* %o
  ret void
}`, 16)
	if got := masked(bs); got != "b,c,d,j" {
		t.Errorf("masked blocks %q, want b,c,d,j", got)
	}
	if bs["c"].pos < bs["b"].pos || bs["c"].pos > bs["j"].pos {
		t.Fatalf("layout: want c between b and j")
	}
	if err := g.checkLayout(); err != nil {
		t.Error(err)
	}
}

func TestLayoutSharedJoin(t *testing.T) {
	// A divergent if (at a) in the then-side of a uniform if, ending where
	// the else-side c ends: vc4-layout gives a and b their own join block,
	// the post-dominator of a, so that j and c stay top level.
	g, bs := analyze(t, `
define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %u = icmp sgt i32 %n, 0
  br i1 %u, label %a, label %c
a:
  %v = icmp slt i32 %i, 3
  br i1 %v, label %b, label %j
b:
  br label %j
c:
  br label %j
j:
  %p = phi i32 [ 1, %a ], [ 2, %b ], [ 3, %c ]
  store i32 %p, i32 addrspace(1)* %o
  ret void
}`, 16)
	if got := masked(bs); got != "b" {
		t.Errorf("masked blocks %q, want b", got)
	}
	if len(g.blocks) != 7 {
		t.Errorf("%d blocks with the virtual exit, want 7 (a join block added)", len(g.blocks))
	}
	if err := g.checkLayout(); err != nil {
		t.Error(err)
	}
}

func TestDivergencePartialWave(t *testing.T) {
	// With fewer than 16 lanes the marks are those of a full wave: the
	// lanes beyond the work-group compute uniform values like lane 0, so
	// a uniform branch stays uniform; a varying one masks its region.
	_, bs := analyze(t, `
define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n) {
entry:
  %c = icmp slt i32 %n, 3
  br i1 %c, label %a, label %j
a:
  br label %j
j:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %d = icmp slt i32 %i, %n
  br i1 %d, label %b, label %x
b:
  br label %x
x:
  ret void
}`, 5)
	if got := masked(bs); got != "b" {
		t.Errorf("masked blocks %q, want b", got)
	}
}

func TestIrreducible(t *testing.T) {
	src := header + `
define spir_kernel void @irr(i32 %n) {
entry:
  %c = icmp slt i32 %n, 3
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %d = icmp slt i32 %n, 5
  br i1 %d, label %a, label %x
x:
  ret void
}`
	m, err := frontend.Parse("t.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	mm, err := frontend.Translate(m, frontend.Options{Arch: Arch})
	if err != nil {
		t.Fatal(err)
	}
	err = Prepare(mm, nil)
	if err == nil {
		_, err = Compile(mm.Funcs[0], Options{})
	}
	if err == nil || !strings.Contains(err.Error(), "irreducible") || !strings.Contains(err.Error(), "'irr'") {
		t.Errorf("got %v, want an irreducible-control-flow error naming the function", err)
	}
}
