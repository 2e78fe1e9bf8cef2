package campaign

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
)

// The random-CFG campaign generates IR functions whose control flow is what
// switch, select and phi lowering find hard: switches with several cases
// and the default into one block, jump tables and compare trees, i8
// switches, loops whose latch is a switch, blocks that are their own
// predecessor, critical edges, conditional branches with both targets
// equal, unreachable defaults laid out before blocks with phis, and phis
// with register, argument and constant incoming values, blocks with phis
// that end in a noreturn call to exit and `unreachable`. Blocks are laid
// out in a random order, so any block may fall through into any other.
//
// Every function terminates: blocks have a rank (entry 0, then 1..n), an
// edge to a block of equal or lower rank is a back edge, and a fuel counter
// threaded through phis drops by one in every block; a back edge is taken
// only while fuel remains, otherwise the block leaves by a forward edge. The
// arithmetic has no undefined behaviour (wrapping ops, constant shift
// amounts below 32, division by non-zero constants), so lli's output on the
// host is the reference.

// cfgVars is the number of values every block carries in phis (besides fuel).
const cfgVars = 3

type cfgBlock struct {
	name  string
	rank  int         // -1: blocks that branch nowhere (exit, dead, noret)
	dead  bool        // `unreachable` alone: an unreachable switch default
	exit  bool        // returns
	noret bool        // calls exit() and ends in `unreachable`
	succs []*cfgBlock // in terminator order, with repetitions
	preds []*cfgBlock // distinct, in the order the edges were made
	term  []string    // the terminator and the instructions computing its operands
	body  []string
	outs  [cfgVars + 1]string // values leaving the block (index cfgVars: fuel)
}

type cfgGen struct {
	r      *rand.Rand
	blocks []*cfgBlock // rank order: entry, 1..n
	exit   *cfgBlock
	dead   []*cfgBlock
	noret  []*cfgBlock
	tmp    int
}

func (g *cfgGen) val() string {
	g.tmp++
	return fmt.Sprintf("%%t%d", g.tmp)
}

// edge records one edge (switch cases with one target make several).
func (g *cfgGen) edge(from, to *cfgBlock) {
	from.succs = append(from.succs, to)
	for _, p := range to.preds {
		if p == from {
			return
		}
	}
	to.preds = append(to.preds, from)
}

// target picks a successor for b: any block but the entry, the exit or a
// dead block (only where allowed).
func (g *cfgGen) target(b *cfgBlock) *cfgBlock {
	if g.r.Intn(8) == 0 {
		return g.exit
	}
	if len(g.noret) > 0 && g.r.Intn(12) == 0 {
		return g.noret[g.r.Intn(len(g.noret))]
	}
	if g.r.Intn(5) == 0 {
		return b // self-loop
	}
	return g.blocks[1+g.r.Intn(len(g.blocks)-1)]
}

// forward picks a block of higher rank than b, or the exit.
func (g *cfgGen) forward(b *cfgBlock) *cfgBlock {
	if n := len(g.blocks) - b.rank - 1; n > 0 && g.r.Intn(4) != 0 {
		return g.blocks[b.rank+1+g.r.Intn(n)]
	}
	return g.exit
}

func isBack(from, to *cfgBlock) bool { return to.rank >= 0 && to.rank <= from.rank }

// GenCFG returns a random IR module (mipsel datalayout and triple) whose
// main calls a random function @cfg_fn on fixed arguments and prints the
// results.
func GenCFG(seed int64) string {
	g := &cfgGen{r: rand.New(rand.NewSource(seed))}
	n := 2 + g.r.Intn(10)
	for i := 0; i <= n; i++ {
		g.blocks = append(g.blocks, &cfgBlock{name: fmt.Sprintf("b%d", i), rank: i})
	}
	g.blocks[0].name = "entry"
	g.exit = &cfgBlock{name: "exit", rank: -1, exit: true}
	for i := g.r.Intn(3); i > 0; i-- {
		g.dead = append(g.dead, &cfgBlock{name: fmt.Sprintf("dead%d", len(g.dead)), rank: -1, dead: true})
	}
	if g.r.Intn(3) == 0 {
		g.noret = append(g.noret, &cfgBlock{name: "noret", rank: -1, noret: true})
	}
	for _, b := range g.blocks {
		g.compute(b)
		g.terminator(b)
	}
	for _, b := range g.noret {
		g.compute(b)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "; GenCFG seed %d\n", seed)
	sb.WriteString("target datalayout = \"e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64\"\n")
	sb.WriteString("target triple = \"" + TripleMipsel + "\"\n\n")
	sb.WriteString("@fmt = private constant [4 x i8] c\"%d\\0A\\00\"\n\ndeclare i32 @printf(i8*, ...)\ndeclare void @exit(i32) noreturn\n\n")
	sb.WriteString("define i32 @cfg_fn(i32 %a, i32 %b) noinline {\n")
	// Layout: the entry first, every other block in a random order.
	layout := append(append(append(append([]*cfgBlock(nil), g.blocks[1:]...), g.exit), g.dead...), g.noret...)
	g.r.Shuffle(len(layout), func(i, j int) { layout[i], layout[j] = layout[j], layout[i] })
	for _, b := range append([]*cfgBlock{g.blocks[0]}, layout...) {
		g.print(&sb, b)
	}
	sb.WriteString("}\n\ndefine i32 @main() {\n")
	args := [][2]int32{{0, 0}, {1, 2}, {-5, 7}, {123456, -98765}, {0x7fffffff, 3}, {-1, -1}}
	for i := 0; i < 4; i++ {
		args = append(args, [2]int32{int32(g.r.Uint32()), int32(g.r.Intn(200) - 100)})
	}
	for i, a := range args {
		fmt.Fprintf(&sb, "  %%r%d = call i32 @cfg_fn(i32 %d, i32 %d)\n", i, a[0], a[1])
		fmt.Fprintf(&sb, "  call i32 (i8*, ...) @printf(i8* getelementptr ([4 x i8], [4 x i8]* @fmt, i32 0, i32 0), i32 %%r%d)\n", i)
	}
	sb.WriteString("  ret i32 0\n}\n")
	return sb.String()
}

// compute writes b's arithmetic: it starts from the phi values (named
// %NAME.vK, %NAME.fuel; the entry derives them from the arguments) and
// leaves outs[] set.
func (g *cfgGen) compute(b *cfgBlock) {
	pool := []string{"%a", "%b"}
	for k := 0; k < cfgVars; k++ {
		v := fmt.Sprintf("%%%s.v%d", b.name, k)
		b.outs[k] = v
		pool = append(pool, v)
	}
	fuel := fmt.Sprintf("%%%s.fuel", b.name)
	if b.rank == 0 {
		for k := 0; k < cfgVars; k++ {
			b.body = append(b.body, fmt.Sprintf("%s = add i32 %s, %d", b.outs[k], []string{"%a", "%b"}[k%2], k*17-3))
		}
		b.body = append(b.body, fmt.Sprintf("%s = add i32 0, %d", fuel, 8+g.r.Intn(40)))
	}
	for i := 1 + g.r.Intn(5); i > 0; i-- {
		x, y := pool[g.r.Intn(len(pool))], pool[g.r.Intn(len(pool))]
		d := g.val()
		switch k := g.r.Intn(10); k {
		case 0, 1, 2, 3:
			op := []string{"add", "sub", "mul", "xor", "and", "or"}[g.r.Intn(6)]
			b.body = append(b.body, fmt.Sprintf("%s = %s i32 %s, %s", d, op, x, y))
		case 4:
			op := []string{"shl", "lshr", "ashr"}[g.r.Intn(3)]
			b.body = append(b.body, fmt.Sprintf("%s = %s i32 %s, %d", d, op, x, g.r.Intn(32)))
		case 5:
			op := []string{"udiv", "urem", "add", "mul"}[g.r.Intn(4)]
			b.body = append(b.body, fmt.Sprintf("%s = %s i32 %s, %d", d, op, x, 1+g.r.Intn(13)))
		default: // selects: cpu0-select lowers them to movz/movn or to branches
			c := g.val()
			pred := []string{"eq", "ne", "slt", "sgt", "ult", "ugt", "sle", "uge"}[g.r.Intn(8)]
			b.body = append(b.body, fmt.Sprintf("%s = icmp %s i32 %s, %s", c, pred, x, y))
			z := pool[g.r.Intn(len(pool))]
			if g.r.Intn(3) == 0 {
				z = fmt.Sprint(g.r.Intn(100) - 50)
			}
			b.body = append(b.body, fmt.Sprintf("%s = select i1 %s, i32 %s, i32 %s", d, c, x, z))
		}
		pool = append(pool, d)
		b.outs[g.r.Intn(cfgVars)] = d
	}
	b.outs[cfgVars] = g.val()
	b.body = append(b.body, fmt.Sprintf("%s = sub i32 %s, 1", b.outs[cfgVars], fuel))
}

// terminator chooses b's terminator and records its edges. ok is the
// register that says fuel remains.
func (g *cfgGen) terminator(b *cfgBlock) {
	ok := g.val()
	b.term = append(b.term, fmt.Sprintf("%s = icmp sgt i32 %s, 0", ok, b.outs[cfgVars]))
	v := b.outs[g.r.Intn(cfgVars)]
	switch k := g.r.Intn(10); {
	case k < 2: // br
		t := g.target(b)
		if b.rank == 0 && t == b {
			t = g.forward(b)
		}
		if !isBack(b, t) {
			g.edge(b, t)
			b.term = append(b.term, "br label %"+t.name)
			return
		}
		f := g.forward(b)
		g.edge(b, t)
		g.edge(b, f)
		b.term = append(b.term, fmt.Sprintf("br i1 %s, label %%%s, label %%%s", ok, t.name, f.name))
	case k < 4: // conditional branch; both targets may be the same block
		t, f := g.target(b), g.target(b)
		if b.rank == 0 {
			t, f = g.forward(b), g.forward(b)
		}
		if isBack(b, f) {
			t, f = f, t
		}
		if isBack(b, f) {
			f = g.forward(b)
		}
		c := g.val()
		pred := []string{"eq", "ne", "slt", "ugt"}[g.r.Intn(4)]
		b.term = append(b.term, fmt.Sprintf("%s = icmp %s i32 %s, %d", c, pred, v, g.r.Intn(20)-10))
		if isBack(b, t) {
			c2 := g.val()
			b.term = append(b.term, fmt.Sprintf("%s = and i1 %s, %s", c2, c, ok))
			c = c2
		}
		g.edge(b, t)
		g.edge(b, f)
		b.term = append(b.term, fmt.Sprintf("br i1 %s, label %%%s, label %%%s", c, t.name, f.name))
	default:
		g.switchTerm(b, v, ok)
	}
}

// switchTerm ends b with a switch on v: dense (a jump table) or sparse (a
// compare tree), i32 or i8, with repeated targets, the default possibly a
// case's target, and, when the cases cover every value, an unreachable
// default. The key becomes exitKey, whose case goes forward, when fuel is
// out.
func (g *cfgGen) switchTerm(b *cfgBlock, v, ok string) {
	width, scale := 32, 1
	switch g.r.Intn(4) {
	case 0:
		scale = 1000 + g.r.Intn(5000) // sparse
	case 1:
		width, scale = 8, 17 // the key for fuel out, 136, is -120 as an i8
	}
	const span = 8 // key values 0..span-1 before scaling
	raw := g.val()
	b.term = append(b.term, fmt.Sprintf("%s = and i32 %s, %d", raw, v, span-1))
	key := raw
	if scale != 1 {
		key = g.val()
		b.term = append(b.term, fmt.Sprintf("%s = mul i32 %s, %d", key, raw, scale))
	}
	exitKey := span * scale
	sel := g.val()
	b.term = append(b.term, fmt.Sprintf("%s = select i1 %s, i32 %s, i32 %d", sel, ok, key, exitKey))
	ty := "i32"
	if width == 8 {
		ty = "i8"
		k8 := g.val()
		b.term = append(b.term, fmt.Sprintf("%s = trunc i32 %s to i8", k8, sel))
		sel = k8
	}
	// A small pool of targets makes repeated targets likely.
	pool := make([]*cfgBlock, 1+g.r.Intn(3))
	for i := range pool {
		if pool[i] = g.target(b); b.rank == 0 {
			pool[i] = g.forward(b)
		}
	}
	full := len(g.dead) > 0 && g.r.Intn(2) == 0
	var cases []string
	var targets []*cfgBlock
	for m := 0; m < span; m++ {
		if !full && g.r.Intn(3) == 0 {
			continue
		}
		t := pool[g.r.Intn(len(pool))]
		cases = append(cases, fmt.Sprintf("%s %d, label %%%s", ty, caseValue(m*scale, width), t.name))
		targets = append(targets, t)
	}
	f := g.forward(b)
	cases = append(cases, fmt.Sprintf("%s %d, label %%%s", ty, caseValue(exitKey, width), f.name))
	targets = append(targets, f)
	var def *cfgBlock
	switch {
	case full:
		def = g.dead[g.r.Intn(len(g.dead))]
	case g.r.Intn(2) == 0:
		def = targets[g.r.Intn(len(targets))] // the default is also a case's target
	default:
		def = pool[g.r.Intn(len(pool))]
	}
	g.edge(b, def)
	for _, t := range targets {
		g.edge(b, t)
	}
	b.term = append(b.term, fmt.Sprintf("switch %s %s, label %%%s [\n    %s\n  ]", ty, sel, def.name, strings.Join(cases, "\n    ")))
}

// caseValue is v as a case constant of the given width (i8: signed).
func caseValue(v, width int) int {
	if width == 8 {
		return int(int8(v))
	}
	return v
}

// incoming is the value b's phi k takes on the edge from p: one of p's
// outgoing values, an argument or a constant; fuel always comes from p.
func (g *cfgGen) incoming(p *cfgBlock, k int) string {
	if k == cfgVars {
		return p.outs[cfgVars]
	}
	switch g.r.Intn(10) {
	case 0:
		return fmt.Sprint(g.r.Intn(2000) - 1000)
	case 1:
		return "%a"
	}
	return p.outs[g.r.Intn(cfgVars)]
}

func (g *cfgGen) print(sb *strings.Builder, b *cfgBlock) {
	fmt.Fprintf(sb, "%s:\n", b.name)
	if b.dead {
		sb.WriteString("  unreachable\n")
		return
	}
	// One phi entry per edge: a predecessor with several edges repeats
	// its entry with the same value.
	names := make([]string, cfgVars+1)
	for k := range names {
		names[k] = fmt.Sprintf("%%%s.v%d", b.name, k)
	}
	names[cfgVars] = fmt.Sprintf("%%%s.fuel", b.name)
	if b.rank != 0 {
		var entries [cfgVars + 1][]string
		for _, p := range b.preds {
			for k := range entries {
				in := g.incoming(p, k)
				for _, s := range p.succs {
					if s == b {
						entries[k] = append(entries[k], fmt.Sprintf("[ %s, %%%s ]", in, p.name))
					}
				}
			}
		}
		for k := range entries {
			if len(entries[k]) == 0 { // no predecessor: never runs
				fmt.Fprintf(sb, "  %s = add i32 0, %d\n", names[k], k)
				continue
			}
			fmt.Fprintf(sb, "  %s = phi i32 %s\n", names[k], strings.Join(entries[k], ", "))
		}
	}
	if b.exit {
		r1, r2, r3 := g.val(), g.val(), g.val()
		fmt.Fprintf(sb, "  %s = mul i32 %s, 31\n  %s = xor i32 %s, %s\n  %s = add i32 %s, %s\n  ret i32 %s\n",
			r1, names[1], r2, r1, names[0], r3, r2, names[2], r3)
		return
	}
	for _, in := range b.body {
		sb.WriteString("  " + in + "\n")
	}
	if b.noret {
		c := g.val()
		fmt.Fprintf(sb, "  %s = and i32 %s, 127\n  call void @exit(i32 %s) noreturn\n  unreachable\n", c, b.outs[0], c)
		return
	}
	for _, in := range b.term {
		sb.WriteString("  " + in + "\n")
	}
}

// CFGConfig is one compilation of a generated module.
type CFGConfig struct {
	CPU   string
	Opt   string   // lltosimd -O level
	Flags []string // further lltosimd flags (pass switches)
}

// CFGConfigs are the compilations of each generated module: both CPUs, the
// selects lowered to branches (new blocks and phis in every block with a
// select), -O0, and the optional branch passes.
var CFGConfigs = []CFGConfig{
	{CPU: "cpu032II", Opt: "O2"},
	{CPU: "cpu032I", Opt: "O2"},
	{CPU: "cpu032II", Opt: "O2", Flags: []string{"-enable-cpu0-select=false"}},
	{CPU: "cpu032I", Opt: "O0", Flags: []string{"-enable-cpu0-select=false"}},
	{CPU: "cpu032II", Opt: "O2", Flags: []string{"-enable-del-jmp", "-force-cpu0-long-branch"}},
	{CPU: "cpu032I", Opt: "O2", Flags: []string{"-enable-del-jmp", "-delay-slot-filler-useful=false"}},
}

// RunCFG generates module seed, runs it under lli (host triple) and, for
// every configuration, compiles it with the MIR verifier on and runs it on
// cpu0sim.
func (t *Tools) RunCFG(seed int64, cfgs []CFGConfig) []Result {
	name := fmt.Sprintf("cfg seed=%d", seed)
	dir := filepath.Join(t.Work, fmt.Sprintf("cfg-%d", seed))
	all := func(o Outcome, reason, detail string) []Result {
		rs := make([]Result, len(cfgs))
		for i := range rs {
			rs[i] = Result{Case: name, Outcome: o, Reason: reason, Detail: detail}
		}
		return rs
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return all(Crashed, "work dir: "+err.Error(), "")
	}
	src := GenCFG(seed)
	ll := filepath.Join(dir, "cfg.ll")
	host := filepath.Join(dir, "cfg.host.ll")
	hostSrc := strings.NewReplacer("target datalayout", "; target datalayout", "target triple", "; target triple").Replace(src)
	if err := os.WriteFile(ll, []byte(src), 0o644); err != nil {
		return all(Crashed, err.Error(), "")
	}
	if err := os.WriteFile(host, []byte(hostSrc), 0o644); err != nil {
		return all(Crashed, err.Error(), "")
	}
	want, wantCode, skip := t.reference(host, t.LLITimeout)
	if skip != "" {
		return all(Crashed, "generated module rejected: "+skip, ll)
	}
	var rs []Result
	keep := false
	for _, c := range cfgs {
		r := Result{Case: fmt.Sprintf("%s %s -%s %s", name, c.CPU, c.Opt, strings.Join(c.Flags, " ")), Files: []string{ll}}
		asm := filepath.Join(dir, fmt.Sprintf("cfg.%s.%s.%d.s", c.CPU, c.Opt, len(rs)))
		switch kind, msg := t.lltosimd(ll, asm, "cpu0el", c.CPU, c.Opt, c.Flags...); kind {
		case "":
			r.Compiled = true
			got, code, skip, crash, detail := t.simulate("cpu0el", c.CPU, t.MaxSteps, asm)
			switch {
			case skip != "":
				r.Outcome, r.Reason, r.Detail = Crashed, skip+" (every generated function terminates)", detail
			case crash != "":
				r.Outcome, r.Reason, r.Detail = Crashed, crash, detail
			case got != want || code != wantCode:
				r.Ran = true
				r.Outcome, r.Reason = Mismatched, "output differs from lli"
				r.Detail = fmt.Sprintf("want (lli): %s(exit %d)\ngot (cpu0sim): %s(exit %d)", want, wantCode, got, code)
			default:
				r.Ran, r.Outcome = true, Matched
			}
		case "ice":
			r.Outcome, r.Reason, r.Detail = Crashed, "lltosimd ICE: "+iceKind(msg), msg
		default:
			r.Outcome, r.Reason, r.Detail = Crashed, "lltosimd error: "+firstLine(msg), msg
		}
		keep = keep || r.Outcome != Matched
		rs = append(rs, r)
	}
	if !keep {
		os.RemoveAll(dir)
	}
	return rs
}
