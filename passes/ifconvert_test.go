package passes

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"testing"

	"lltosimd/mir"
)

// runPredicated interprets scalar generic MIR with guards and G_CMPP
// (ifconv.md §1: a guarded operation whose predicate is false has no
// effect; a CMPP writes each destination by its action, so wired-OR and
// wired-AND keep the old value when they do not fire). It returns the
// words of G_RET followed by the memory written (word accesses; memory
// is a map, unwritten words read 0), or an error after maxSteps
// instructions.
func runPredicated(f *mir.Func, args []uint32, maxSteps int) ([]uint32, error) {
	regs := make([]uint32, f.NumVRegs())
	mem := map[uint32]uint32{}
	val := func(o mir.Operand) uint32 {
		if o.Kind == mir.KindImm {
			return uint32(o.Imm)
		}
		return regs[o.Reg.VirtIndex()]
	}
	index := map[*mir.Block]int{}
	for i, b := range f.Blocks {
		index[b] = i
	}
	var prev *mir.Block
	b := f.Blocks[0]
	steps := 0
	for {
		// Phis read their inputs together, on the edge control came from.
		var phiVals []uint32
		i := 0
		for ; i < len(b.Instrs) && b.Instrs[i].Op == mir.GPhi; i++ {
			in := b.Instrs[i]
			found := false
			for k := 1; k+1 < len(in.Ops); k += 2 {
				if in.Ops[k+1].Block == prev {
					phiVals = append(phiVals, val(in.Ops[k]))
					found = true
					break
				}
			}
			if !found {
				return nil, fmt.Errorf("phi in bb%d has no input for bb%d", b.ID, prev.ID)
			}
		}
		for k := 0; k < i; k++ {
			regs[b.Instrs[k].Ops[0].Reg.VirtIndex()] = phiVals[k]
		}
		var next *mir.Block
	instrs:
		for ; i < len(b.Instrs); i++ {
			if steps++; steps > maxSteps {
				return nil, fmt.Errorf("step limit")
			}
			in := b.Instrs[i]
			g := true
			if p := in.Pred(); p != nil {
				g = (regs[p.Reg.VirtIndex()] != 0) != p.Neg
			}
			if !g && in.Op != mir.GCmpp {
				continue
			}
			o := in.Ops
			set := func(v uint32) { regs[o[0].Reg.VirtIndex()] = v }
			switch in.Op {
			case mir.GArgs:
				for k := 0; k < in.NumDefs(); k++ {
					regs[o[k].Reg.VirtIndex()] = args[k]
				}
			case mir.GImplicitDef:
				// Any value: if-convert claims it is never read.
				set(0xdead0000 + uint32(steps))
			case mir.GSelect:
				if val(o[1]) != 0 {
					set(val(o[2]))
				} else {
					set(val(o[3]))
				}
			case mir.GAnd:
				set(val(o[1]) & val(o[2]))
			case mir.GOr:
				set(val(o[1]) | val(o[2]))
			case mir.GConst, mir.GCopy:
				set(val(o[1]))
			case mir.GAdd:
				set(val(o[1]) + val(o[2]))
			case mir.GSub:
				set(val(o[1]) - val(o[2]))
			case mir.GMul:
				set(val(o[1]) * val(o[2]))
			case mir.GXor:
				set(val(o[1]) ^ val(o[2]))
			case mir.GICmp:
				v := uint32(0)
				if o[1].Cond.Eval(val(o[2]), val(o[3])) {
					v = 1
				}
				set(v)
			case mir.GCmpp:
				nd := in.NumDefs()
				acts, err := mir.ParseCmppActions(o[nd].Sym)
				if err != nil {
					return nil, err
				}
				r := o[nd+1].Cond.Eval(val(o[nd+2]), val(o[nd+3]))
				for k, a := range acts {
					d := o[k].Reg.VirtIndex()
					v := uint32(0)
					if a.Apply(regs[d] != 0, g, r) {
						v = 1
					}
					regs[d] = v
				}
			case mir.GLoad32:
				set(mem[val(o[1])+uint32(o[2].Imm)])
			case mir.GStore32:
				mem[val(o[1])+uint32(o[2].Imm)] = val(o[0])
			case mir.GBr:
				next = o[0].Block
				break instrs
			case mir.GBrCond:
				if val(o[0]) != 0 {
					next = o[1].Block
					break instrs
				}
			case mir.GRet:
				res := make([]uint32, len(o))
				for k := range o {
					res[k] = val(o[k])
				}
				addrs := make([]uint32, 0, len(mem))
				for a := range mem {
					addrs = append(addrs, a)
				}
				sort.Slice(addrs, func(i, j int) bool { return addrs[i] < addrs[j] })
				for _, a := range addrs {
					res = append(res, a, mem[a])
				}
				return res, nil
			default:
				return nil, fmt.Errorf("cannot interpret %s", f.Arch.OpName(in.Op))
			}
		}
		if next == nil {
			if index[b]+1 >= len(f.Blocks) {
				return nil, fmt.Errorf("fell off the end")
			}
			next = f.Blocks[index[b]+1]
		}
		prev, b = b, next
	}
}

// cfgGen builds random structured programs over a few integer variables
// (ifs, nested do-while loops bounded by a counter, with conditional
// break and continue) as reducible CFGs, and lowers them to SSA MIR.
type cfgGen struct {
	rnd    *rand.Rand
	nvars  int
	blocks []*genBlock
	cur    *genBlock
	depth  int
	budget int
}

type genOp struct {
	dst, a, b int // variables; b < 0: the immediate imm
	op        mir.Opcode
	imm       int64
}

type genBlock struct {
	ops []genOp
	// Terminator: ret, br (taken), or brcond (a cond b/imm ? taken : fall).
	kind        int // 0 ret, 1 br, 2 brcond
	cond        mir.Cond
	a, b        int
	imm         int64
	taken, fall *genBlock
	id          int
}

func (g *cfgGen) newBlock() *genBlock {
	b := &genBlock{id: len(g.blocks)}
	g.blocks = append(g.blocks, b)
	return b
}

func (g *cfgGen) jump(to *genBlock) {
	g.cur.kind, g.cur.taken = 1, to
}

func (g *cfgGen) branch(taken, fall *genBlock) {
	conds := []mir.Cond{mir.CondEQ, mir.CondNE, mir.CondSLT, mir.CondSLE, mir.CondSGT, mir.CondSGE, mir.CondULT, mir.CondUGE}
	c := g.cur
	c.kind, c.taken, c.fall = 2, taken, fall
	c.cond = conds[g.rnd.Intn(len(conds))]
	c.a, c.b = g.rnd.Intn(g.nvars), g.rnd.Intn(g.nvars+1)-1
	c.imm = int64(g.rnd.Intn(7) - 3)
}

// stmts emits a random statement list into the current block; loops
// get their break and continue targets.
func (g *cfgGen) stmts(n int, brk, cont *genBlock) {
	for i := 0; i < n && g.budget > 0; i++ {
		g.budget--
		switch k := g.rnd.Intn(10); {
		case k < 1:
			// A load or a store at the address in a variable: guarded
			// stores must not happen.
			op := mir.GLoad32
			if g.rnd.Intn(2) == 0 {
				op = mir.GStore32
			}
			g.cur.ops = append(g.cur.ops, genOp{dst: g.rnd.Intn(g.nvars), a: g.rnd.Intn(g.nvars), b: g.rnd.Intn(g.nvars), op: op})
		case k < 5:
			ops := []mir.Opcode{mir.GAdd, mir.GSub, mir.GMul, mir.GXor}
			g.cur.ops = append(g.cur.ops, genOp{dst: g.rnd.Intn(g.nvars), a: g.rnd.Intn(g.nvars),
				b: g.rnd.Intn(g.nvars+1) - 1, op: ops[g.rnd.Intn(len(ops))], imm: int64(g.rnd.Intn(9) - 4)})
		case k < 8 && g.depth < 4:
			then, join := g.newBlock(), g.newBlock()
			els := join
			if g.rnd.Intn(2) == 0 {
				els = g.newBlock()
			}
			g.branch(then, els)
			g.depth++
			g.cur = then
			g.stmts(1+g.rnd.Intn(3), brk, cont)
			g.jump(join)
			if els != join {
				g.cur = els
				g.stmts(1+g.rnd.Intn(3), brk, cont)
				g.jump(join)
			}
			g.depth--
			g.cur = join
		case k < 9 && brk != nil:
			// if (c) break; or if (c) continue;
			rest := g.newBlock()
			if g.rnd.Intn(2) == 0 {
				g.branch(brk, rest)
			} else {
				g.branch(cont, rest)
			}
			g.cur = rest
		case g.depth < 3:
			// cnt = k; do { if (--cnt < 0) break; body } while (c);
			cnt := g.nvars + g.depth
			g.cur.ops = append(g.cur.ops, genOp{dst: cnt, a: -1, op: mir.GConst, imm: int64(1 + g.rnd.Intn(4))})
			head, body, exit := g.newBlock(), g.newBlock(), g.newBlock()
			g.jump(head)
			g.cur = head
			head.ops = append(head.ops, genOp{dst: cnt, a: cnt, b: -1, op: mir.GSub, imm: 1})
			head.kind, head.cond, head.a, head.b, head.imm, head.taken, head.fall = 2, mir.CondSLT, cnt, -1, 0, exit, body
			g.cur = body
			g.depth++
			g.stmts(1+g.rnd.Intn(4), exit, head)
			g.depth--
			if g.rnd.Intn(2) == 0 {
				g.jump(head)
			} else {
				g.branch(head, exit)
			}
			g.cur = exit
		}
	}
}

// lower builds SSA MIR: every block with several predecessors gets a phi
// per variable, the others inherit their predecessor's values.
func (g *cfgGen) lower() *mir.Func {
	nv := g.nvars + 3 // the variables and the loop counters of depths 0..2
	f := mir.NewFunc("fuzz", mir.GenericArch)
	f.Props = mir.PropSSA
	mb := make([]*mir.Block, len(g.blocks))
	for i := range g.blocks {
		mb[i] = f.NewBlock("")
	}
	preds := make([][]*genBlock, len(g.blocks))
	for _, b := range g.blocks {
		for _, s := range []*genBlock{b.taken, b.fall} {
			if s != nil && (s != b.fall || b.fall != b.taken) {
				preds[s.id] = append(preds[s.id], b)
			}
		}
	}
	state := make([][]mir.Reg, len(g.blocks))
	phis := make([][]*mir.Instr, len(g.blocks))
	// Reverse postorder: a single predecessor is always done before.
	var order []*genBlock
	seen := make([]bool, len(g.blocks))
	var dfs func(b *genBlock)
	dfs = func(b *genBlock) {
		seen[b.id] = true
		for _, s := range []*genBlock{b.fall, b.taken} {
			if s != nil && !seen[s.id] {
				dfs(s)
			}
		}
		order = append(order, b)
	}
	dfs(g.blocks[0])
	for i := len(order) - 1; i >= 0; i-- {
		b := order[i]
		m := mb[b.id]
		st := make([]mir.Reg, nv)
		switch {
		case b.id == 0:
			args := &mir.Instr{Op: mir.GArgs}
			for v := range st {
				st[v] = f.NewVReg(0)
				args.Ops = append(args.Ops, mir.D(st[v]))
			}
			for range st {
				args.Ops = append(args.Ops, mir.I(int64(mir.MakeArgDesc(1, 0))))
			}
			m.Instrs = append(m.Instrs, args)
		case len(preds[b.id]) == 1:
			copy(st, state[preds[b.id][0].id])
		default:
			for v := range st {
				st[v] = f.NewVReg(0)
				phi := mir.NewInstr(mir.GPhi, mir.D(st[v]))
				phis[b.id] = append(phis[b.id], phi)
				m.Instrs = append(m.Instrs, phi)
			}
		}
		opnd := func(v int, imm int64) mir.Reg {
			if v >= 0 {
				return st[v]
			}
			r := f.NewVReg(0)
			m.Instrs = append(m.Instrs, mir.NewInstr(mir.GConst, mir.D(r), mir.I(imm)))
			return r
		}
		for _, op := range b.ops {
			if op.op == mir.GConst {
				st[op.dst] = opnd(-1, op.imm)
				continue
			}
			switch op.op {
			case mir.GLoad32:
				d := f.NewVReg(0)
				m.Instrs = append(m.Instrs, mir.NewInstr(op.op, mir.D(d), mir.R(st[op.a]), mir.I(0)))
				st[op.dst] = d
				continue
			case mir.GStore32:
				m.Instrs = append(m.Instrs, mir.NewInstr(op.op, mir.R(st[op.b]), mir.R(st[op.a]), mir.I(0)))
				continue
			}
			x, y := st[op.a], opnd(op.b, op.imm)
			d := f.NewVReg(0)
			m.Instrs = append(m.Instrs, mir.NewInstr(op.op, mir.D(d), mir.R(x), mir.R(y)))
			st[op.dst] = d
		}
		switch b.kind {
		case 0:
			ret := &mir.Instr{Op: mir.GRet}
			for v := 0; v < g.nvars; v++ {
				ret.Ops = append(ret.Ops, mir.R(st[v]))
			}
			m.Instrs = append(m.Instrs, ret)
		case 1:
			m.Instrs = append(m.Instrs, mir.NewInstr(mir.GBr, mir.B(mb[b.taken.id])))
		case 2:
			c := f.NewVReg(0)
			y := opnd(b.b, b.imm)
			m.Instrs = append(m.Instrs, mir.NewInstr(mir.GICmp, mir.D(c), mir.C(b.cond), mir.R(st[b.a]), mir.R(y)),
				mir.NewInstr(mir.GBrCond, mir.R(c), mir.B(mb[b.taken.id])), mir.NewInstr(mir.GBr, mir.B(mb[b.fall.id])))
		}
		state[b.id] = st
	}
	for id, ps := range phis {
		for v, phi := range ps {
			for _, p := range preds[id] {
				phi.Ops = append(phi.Ops, mir.R(state[p.id][v]), mir.B(mb[p.id]))
			}
		}
	}
	f.RecomputeCFG()
	return f
}

// randomFunc returns the SSA MIR of one random program.
func randomFunc(seed int64) *mir.Func {
	g := &cfgGen{rnd: rand.New(rand.NewSource(seed)), nvars: 3, budget: 25}
	g.cur = g.newBlock()
	g.stmts(3+g.rnd.Intn(6), nil, nil)
	g.cur.kind = 0
	return g.lower()
}

// TestIfConvertDifferential runs random reducible CFGs with loops before
// and after if-conversion on random inputs: the results must agree, and
// the converted MIR must verify and survive the text round trip.
// IFCONV_FUZZ_N sets the number of programs (make ifconv-fuzz).
func TestIfConvertDifferential(t *testing.T) {
	n := 3000
	if s := os.Getenv("IFCONV_FUZZ_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	lookup := func(string) (*mir.Arch, error) { return mir.GenericArch, nil }
	cfg := NewConfig()
	regions := 0 // programs with at least one converted region
	converted := int64(0)
	stat := func() int64 { return cfg.Stats.Get("if-convert", ifConvertPass.Stats[statICRegions]) }
	for seed := int64(0); seed < int64(n); seed++ {
		f := randomFunc(seed)
		if errs := mir.Verify(f); len(errs) > 0 {
			t.Fatalf("seed %d: generator made bad MIR: %v\n%s", seed, errs, f)
		}
		before := f.String()
		// Every other program starts from uniform OR-type defines, which
		// compaction must turn into the same predicates.
		cfg.Options["if-convert-or-defines"] = strconv.FormatBool(seed%2 == 1)
		if err := ifConvertPass.Run(&Ctx{Cfg: cfg, Pass: ifConvertPass}, f); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if errs := mir.Verify(f); len(errs) > 0 {
			t.Fatalf("seed %d: converted MIR does not verify: %v\n%s", seed, errs, f)
		}
		var buf bytes.Buffer
		mir.Print(&buf, f)
		after, err := mir.ParseFunc(buf.String(), lookup)
		if err != nil {
			t.Fatalf("seed %d: converted MIR does not parse: %v\n%s", seed, err, buf.String())
		}
		orig, _ := mir.ParseFunc(before, lookup)
		if r := stat(); r > converted {
			regions, converted = regions+1, r
		}
		rnd := rand.New(rand.NewSource(seed))
		for k := 0; k < 8; k++ {
			args := make([]uint32, 6)
			for i := range args {
				args[i] = uint32(rnd.Intn(11) - 5)
			}
			want, err1 := runPredicated(orig, args, 1e6)
			got, err2 := runPredicated(after, args, 1e6)
			if err1 != nil || err2 != nil || fmt.Sprint(want) != fmt.Sprint(got) {
				t.Fatalf("seed %d, args %v: before %v (%v), after if-conversion %v (%v)\nbefore:\n%s\nafter:\n%s",
					seed, args, want, err1, got, err2, before, after)
			}
		}
	}
	if regions < n/2 {
		t.Errorf("only %d of %d programs changed: the generator does not exercise if-conversion", regions, n)
	}
	t.Logf("%d programs, %d if-converted, %d regions", n, regions, converted)
}

// noPredication is a target without predicated instructions and with
// no cost model in the way: every speculable region converts.
var noPredication = &IfConvInfo{NoSpeculate: []mir.Opcode{mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem}}

// checkLowered checks predicate-lowering's result: SSA, no guard, no
// G_CMPP.
func checkLowered(t *testing.T, f *mir.Func, what string) {
	t.Helper()
	defs := map[mir.Reg]int{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GCmpp || in.Pred() != nil {
				t.Fatalf("%s: predicated instruction left: %s\n%s", what, mir.FormatInstr(f, in), f)
			}
			for _, d := range in.Defs() {
				if defs[d.Reg]++; defs[d.Reg] > 1 {
					t.Fatalf("%s: %%%d defined twice after predicate-lowering\n%s", what, d.Reg.VirtIndex(), f)
				}
			}
		}
	}
	if f.Props&mir.PropSSA == 0 {
		t.Fatalf("%s: predicate-lowering did not set ssa", what)
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Fatalf("%s: lowered MIR does not verify: %v\n%s", what, errs, f)
	}
}

// TestPredicateLoweringDifferential if-converts random CFGs for a target
// without predication (guarded code speculated: loads and stores keep
// their region as branches) and lowers the result with
// predicate-lowering: the SSA code with selects must compute what the
// original computes.
func TestPredicateLoweringDifferential(t *testing.T) {
	n := 2000
	if s := os.Getenv("IFCONV_FUZZ_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	testIfConvInfo = noPredication
	defer func() { testIfConvInfo = nil }()
	cfg := NewConfig()
	cfg.Options["if-conversion-threshold"] = "1e9"
	stat := func(p *Pass, k string) int64 { return cfg.Stats.Get(p.Name, p.Stats[k]) }
	changed := 0
	for seed := int64(0); seed < int64(n); seed++ {
		f := randomFunc(seed)
		before := f.String()
		orig, _ := mir.ParseFunc(before, func(string) (*mir.Arch, error) { return mir.GenericArch, nil })
		sel := stat(predLowerPass, statPLSelects) + stat(predLowerPass, statPLSpeculated)
		for _, p := range []*Pass{ifConvertPass, predLowerPass} {
			if err := p.Run(&Ctx{Cfg: cfg, Pass: p}, f); err != nil {
				t.Fatalf("seed %d: %s: %v\n%s", seed, p.Name, err, before)
			}
		}
		checkLowered(t, f, fmt.Sprintf("seed %d", seed))
		if stat(predLowerPass, statPLSelects)+stat(predLowerPass, statPLSpeculated) > sel {
			changed++
		}
		rnd := rand.New(rand.NewSource(seed))
		for k := 0; k < 8; k++ {
			args := make([]uint32, 6)
			for i := range args {
				args[i] = uint32(rnd.Intn(11) - 5)
			}
			want, err1 := runPredicated(orig, args, 1e6)
			got, err2 := runPredicated(f, args, 1e6)
			if err1 != nil || err2 != nil || fmt.Sprint(want) != fmt.Sprint(got) {
				t.Fatalf("seed %d, args %v: before %v (%v), after if-conversion and predicate-lowering %v (%v)\nbefore:\n%s\nafter:\n%s",
					seed, args, want, err1, got, err2, before, f)
			}
		}
	}
	if changed < n/4 {
		t.Errorf("only %d of %d programs were speculated: the test does not exercise predicate-lowering", changed, n)
	}
	t.Logf("%d programs, %d speculated, %d selects", n, changed, stat(predLowerPass, statPLSelects))
}

// TestPredicateLoweringActions lowers one G_CMPP of every action, with no
// guard, a guard and a negated guard, on an initialised destination, and
// checks every guard, compare and old value against the spec's table
// (CmppAction.Apply).
func TestPredicateLoweringActions(t *testing.T) {
	for act := mir.ActUN; act <= mir.ActAC; act++ {
		for _, guard := range []string{"", ", pred:%2", ", pred:!%2"} {
			src := fmt.Sprintf(`--- function: f
arch: generic
props:
vregs: 5
body:
bb0:
  %%0:gpr, %%1:gpr, %%2:gpr, %%3:gpr = G_ARGS 1, 1, 1, 1
  %%4:gpr = COPY %%3
  %%4:gpr = G_CMPP "%s", slt, %%0, %%1%s
  G_RET %%4
`, act, guard)
			f, err := mir.ParseFunc(src, func(string) (*mir.Arch, error) { return mir.GenericArch, nil })
			if err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			c := &Ctx{Cfg: NewConfig(), Pass: predLowerPass}
			if err := predLowerPass.Run(c, f); err != nil {
				t.Fatal(err)
			}
			checkLowered(t, f, src)
			for a := uint32(0); a < 2; a++ {
				for g := uint32(0); g < 2; g++ {
					for old := uint32(0); old < 2; old++ {
						res, err := runPredicated(f, []uint32{a, 1, g, old}, 100)
						if err != nil {
							t.Fatal(err)
						}
						gv := g != 0
						switch guard {
						case "":
							gv = true
						case ", pred:!%2":
							gv = !gv
						}
						want := act.Apply(old != 0, gv, a < 1)
						if (res[0] != 0) != want || res[0] > 1 {
							t.Errorf("%s%s: a<1=%v g=%d old=%d: got %d, want %v\n%s", act, guard, a < 1, g, old, res[0], want, f)
						}
					}
				}
			}
		}
	}
}
