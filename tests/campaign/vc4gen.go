package campaign

import (
	"fmt"
	"math/rand"
	"strings"
)

// The VC4 campaign generates OpenCL C kernels whose control flow is what
// the QPU's execute-mask lowering finds hard: ifs nested in ifs and loops,
// some on uniform values (kernel arguments, constants, the group id,
// counters of uniform loops), others on divergent ones (ids, loaded data);
// for, while and do-while loops with uniform or divergent trip counts and
// divergent break and continue; early returns from any depth; gathers
// (loads at computed indices), scatters (stores at computed indices) and
// reads of a work-item's own earlier stores; unsigned and signed integer
// arithmetic, divisions, shifts, built-ins and float arithmetic.
//
// Every kernel is free of undefined behaviour and races, so that lli's
// work-item-by-work-item run is the reference: integer arithmetic is
// unsigned (signed operations only where they cannot overflow: shifts,
// comparisons, min/max, division by 1..256), divisors are made odd or
// positive, indices are masked into their buffer, and a work-item writes
// only its own region of the output buffers (VC4FuzzSlots words at
// gid*VC4FuzzSlots). Float values stay far from overflow and NaN: the
// inputs are below 128, multiplications scale by constants or multiply
// two bounded inputs, and inside loops a float variable is only updated as
// (f + e) * 0.25f, fmin or fmax, which keeps it bounded. Only +, -, * and
// comparisons are used on floats, all rounded toward zero on both sides
// (round=rtz), so results must agree bit for bit. The work-item functions
// are read once into uint variables: they return size_t, which is 64-bit in
// the host IR of the reference and 32-bit on the QPU.
//
// Not generated, because the reference cannot run them: __local memory
// with barrier(CLK_LOCAL_MEM_FENCE) (lli runs one work-item after another;
// every VC4LocalEvery-th seed adds one case that only asks vc4run whether
// it accepts such a kernel, counted as unsupported while it does not), and
// float division and math built-ins (they need an ulp tolerance).

// VC4FuzzSlots is the number of output words (of each output buffer) a
// work-item owns: slots 0..3 take scatters and are read back, 4..7 the
// final values of the variables.
const VC4FuzzSlots = 8

// vc4FuzzInputWords is the size of the input buffers (a power of two:
// gather indices are masked with vc4FuzzInputWords-1).
const vc4FuzzInputWords = 128

// vc4FuzzShapes are the launch shapes (global, local) headers pick from:
// groups smaller than a wave (partly filled waves), one wave, several
// waves per group and uneven group counts.
var vc4FuzzShapes = [][2]int{
	{16, 16}, {64, 16}, {32, 8}, {24, 12}, {10, 5}, {64, 32}, {96, 48}, {7, 7}, {48, 16}, {40, 4},
}

// VC4FuzzQPUs are the QPU counts every generated header runs on.
var VC4FuzzQPUs = []int{1, 3, 12}

// VC4Kernel is one generated kernel: the OpenCL C source with its
// `// VC4:` run headers (the format of tests/vc4/kernels) and what the
// generator put in it.
type VC4Kernel struct {
	Src      string
	Features map[string]bool // constructs present: "divergent if", "loop break", …
}

// vc4Loop is an enclosing loop: its counter and whether its trip count is
// uniform.
type vc4Loop struct {
	counter string
	uniform bool
}

type vc4Gen struct {
	r        *rand.Rand
	sb       strings.Builder
	depth    int       // indentation and nesting depth
	loops    []vc4Loop // enclosing loops, outermost first
	nloops   int       // loops so far (counter names are i0, i1, …)
	budget   int       // statements left
	inLoop   int       // enclosing loops
	trips    int       // product of the enclosing loops' maximum trip counts
	features map[string]bool
	local    bool
	returned bool // the current block ended in a return
	nu, nf   int  // uint and float variables declared so far
}

// Variables every kernel has: uint v0..v3 and float f0..f2.
const (
	vc4FuzzUints  = 4
	vc4FuzzFloats = 3
)

// GenVC4Kernel generates the kernel of seed. With local, the kernel also
// stages values through a __local array with barrier(CLK_LOCAL_MEM_FENCE)
// (a construct the lli reference, which runs work-items one after another,
// cannot run: the campaign only checks whether vc4run accepts it).
func GenVC4Kernel(seed int64, local bool) VC4Kernel {
	g := &vc4Gen{r: rand.New(rand.NewSource(seed)), features: map[string]bool{}, local: local, trips: 1}
	g.budget = 12 + g.r.Intn(30)
	g.depth = 1
	g.line("uint gid = get_global_id(0);")
	g.line("uint lid = get_local_id(0);")
	g.line("uint grp = get_group_id(0);")
	// The work-item functions return size_t, 64-bit in the host IR of the
	// lli reference and 32-bit on the QPU: arithmetic on them would wrap
	// differently, so every use goes through a uint.
	g.line("uint ng = get_num_groups(0);")
	g.line("uint ls = get_local_size(0);")
	g.line(fmt.Sprintf("uint o = gid * %du;", VC4FuzzSlots))
	for i := 0; i < vc4FuzzUints; i++ {
		g.line(fmt.Sprintf("uint v%d = %s;", i, g.intExpr(2, false)))
		g.nu++
	}
	for i := 0; i < vc4FuzzFloats; i++ {
		g.line(fmt.Sprintf("float f%d = %s;", i, g.floatExpr(2)))
		g.nf++
	}
	if local {
		g.features["__local + barrier"] = true
		g.line("tmp[lid] = v0;")
		g.line("barrier(CLK_LOCAL_MEM_FENCE);")
		g.line("v1 ^= tmp[(lid + 1u) % ls];")
	}
	for g.budget > 0 {
		g.stmt()
	}
	g.finalStores()

	var sb strings.Builder
	fmt.Fprintf(&sb, "// Generated by tests/campaign (GenVC4Kernel seed %d).\n", seed)
	kind := "uniform"
	for f := range g.features {
		if strings.HasPrefix(f, "divergent") {
			kind = "divergent"
		}
	}
	for n := 0; n < 2; n++ {
		sh := vc4FuzzShapes[g.r.Intn(len(vc4FuzzShapes))]
		qs := make([]string, len(VC4FuzzQPUs))
		for i, q := range VC4FuzzQPUs {
			qs[i] = fmt.Sprint(q)
		}
		fmt.Fprintf(&sb, "// VC4: kind=%s global=%d local=%d qpus=%s round=rtz args=int:%d:rand:%d,float:%d:rand:%d,int:%d:seq:%d:3,float:%d:zero,i32:%d,f32:%s\n",
			kind, sh[0], sh[1], strings.Join(qs, ","), vc4FuzzInputWords, g.r.Intn(1000), vc4FuzzInputWords, g.r.Intn(1000),
			sh[0]*VC4FuzzSlots, g.r.Intn(100), sh[0]*VC4FuzzSlots, g.r.Intn(24), []string{"0.75", "-1.5", "2", "0.125"}[g.r.Intn(4)])
	}
	sb.WriteString("__kernel void fuzz(__global const uint *a, __global const float *b, __global uint *out,\n")
	sb.WriteString("                   __global float *outf, uint n, float s)\n{\n")
	if local {
		sb.WriteString("\t__local uint tmp[64];\n")
	}
	sb.WriteString(g.sb.String())
	sb.WriteString("}\n")
	return VC4Kernel{Src: sb.String(), Features: g.features}
}

func (g *vc4Gen) line(s string) {
	g.sb.WriteString(strings.Repeat("\t", g.depth))
	g.sb.WriteString(s)
	g.sb.WriteByte('\n')
}

func (g *vc4Gen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }

// uconst is a random unsigned constant: small, a power of two or any word.
func (g *vc4Gen) uconst() string {
	switch g.r.Intn(4) {
	case 0:
		return fmt.Sprintf("0x%08xu", g.r.Uint32())
	case 1:
		return fmt.Sprintf("%#xu", 1<<g.r.Intn(32))
	}
	// 2 and 10 in hex: clang -Werror takes 2 ^ x and 10 ^ x for powers.
	return fmt.Sprintf("%#xu", g.r.Intn(40))
}

// uniformExpr is an expression with the same value in every lane of a
// wave: kernel argument, constants, group id, counters of uniform loops.
func (g *vc4Gen) uniformExpr(depth int) string {
	if depth == 0 || g.r.Intn(3) == 0 {
		var leaves []string
		leaves = append(leaves, "n", g.uconst(), "grp", "ng", "ls")
		for _, l := range g.loops {
			if l.uniform {
				leaves = append(leaves, l.counter)
			}
		}
		return g.pick(leaves...)
	}
	return fmt.Sprintf("(%s %s %s)", g.uniformExpr(depth-1), g.pick("+", "-", "^", "&", "|", "*"), g.uniformExpr(depth-1))
}

// intExpr is an unsigned expression; uniform restricts it to uniformExpr.
func (g *vc4Gen) intExpr(depth int, uniform bool) string {
	if uniform {
		return g.uniformExpr(depth)
	}
	if depth == 0 || g.r.Intn(4) == 0 {
		leaves := []string{"gid", "lid", "n", g.uconst(), "grp"}
		for i := 0; i < g.nu; i++ {
			leaves = append(leaves, fmt.Sprintf("v%d", i), fmt.Sprintf("v%d", i))
		}
		for _, l := range g.loops {
			leaves = append(leaves, l.counter)
		}
		return g.pick(leaves...)
	}
	a := func() string { return g.intExpr(depth-1, false) }
	switch g.r.Intn(16) {
	case 0:
		g.features["gather"] = true
		return fmt.Sprintf("a[(%s) & %du]", a(), vc4FuzzInputWords-1)
	case 1:
		g.features["read back own store"] = true
		return fmt.Sprintf("out[o + ((%s) & 3u)]", a())
	case 2:
		return fmt.Sprintf("(%s %s (%s & 31u))", a(), g.pick("<<", ">>"), a())
	case 3:
		return fmt.Sprintf("(uint)((int)%s >> (%s & 31u))", a(), a())
	case 4:
		g.features["division"] = true
		return fmt.Sprintf("(%s %s (%s | 1u))", a(), g.pick("/", "%"), a())
	case 5:
		g.features["division"] = true
		return fmt.Sprintf("(%s %s %du)", a(), g.pick("/", "%"), []int{3, 7, 10, 16, 1000, 65537}[g.r.Intn(6)])
	case 6:
		g.features["division"] = true
		return fmt.Sprintf("(uint)((int)%s %s (int)((%s & 255u) + 1u))", a(), g.pick("/", "%"), a())
	case 7:
		return fmt.Sprintf("%s(%s, %s)", g.pick("min", "max"), a(), a())
	case 8:
		return fmt.Sprintf("(uint)%s((int)%s, (int)%s)", g.pick("min", "max"), a(), a())
	case 9:
		g.features["select"] = true
		return fmt.Sprintf("(%s ? %s : %s)", g.cond(depth-1, false), a(), a())
	case 10:
		return fmt.Sprintf("(uint)(%s)", g.cond(depth-1, false))
	case 11:
		g.features["float to int"] = true
		return fmt.Sprintf("(uint)(int)fmax(fmin(%s, 1000.0f), -1000.0f)", g.floatExpr(depth-1))
	}
	return fmt.Sprintf("(%s %s %s)", a(), g.pick("+", "-", "*", "^", "&", "|", "*"), a())
}

// floatExpr is a bounded float expression (see the package comment).
func (g *vc4Gen) floatExpr(depth int) string {
	leaf := func(vars bool) string {
		leaves := []string{"s", g.pick("0.5f", "1.25f", "-3.0f", "100.0f", "0.0f", "-0.75f"),
			fmt.Sprintf("b[(%s) & %du]", g.intExpr(1, false), vc4FuzzInputWords-1),
			fmt.Sprintf("(float)(%s & 1023u)", g.intExpr(1, false)),
			fmt.Sprintf("(float)((int)(%s & 2047u) - 1024)", g.intExpr(1, false))}
		if vars {
			for i := 0; i < g.nf; i++ {
				leaves = append(leaves, fmt.Sprintf("f%d", i), fmt.Sprintf("f%d", i))
			}
		}
		return g.pick(leaves...)
	}
	if depth == 0 || g.r.Intn(3) == 0 {
		return leaf(true)
	}
	a := func() string { return g.floatExpr(depth - 1) }
	switch g.r.Intn(8) {
	case 0:
		return fmt.Sprintf("(%s * %s)", a(), g.pick("0.5f", "0.25f", "-0.75f", "0.125f", "-1.0f"))
	case 1:
		if g.inLoop == 0 {
			return fmt.Sprintf("(%s * %s)", a(), g.pick("3.0f", "1.5f", "-2.0f"))
		}
		return fmt.Sprintf("(%s * %s)", leaf(false), leaf(false))
	case 2:
		return fmt.Sprintf("%s(%s, %s)", g.pick("fmin", "fmax"), a(), a())
	case 3:
		return fmt.Sprintf("fabs(%s)", a())
	case 4:
		g.features["select"] = true
		return fmt.Sprintf("(%s ? %s : %s)", g.cond(depth-1, false), a(), a())
	}
	return fmt.Sprintf("(%s %s %s)", a(), g.pick("+", "-"), a())
}

// cmp compares two expressions; equal operands (which clang's -Werror
// rejects as a tautology) become x op x + 1.
func (g *vc4Gen) cmp(a, op, b, one string) string {
	if a == b {
		b = fmt.Sprintf("(%s + %s)", b, one)
	}
	return fmt.Sprintf("%s %s %s", a, op, b)
}

// cond is a condition: uniform, or any (divergent) comparison.
func (g *vc4Gen) cond(depth int, uniform bool) string {
	if uniform {
		return g.cmp(g.uniformExpr(depth), g.pick("<", "<=", "==", "!=", ">"), g.uniformExpr(depth), "1u")
	}
	switch g.r.Intn(6) {
	case 0:
		return g.cmp(g.floatExpr(depth), g.pick("<", "<=", ">", ">=", "=="), g.floatExpr(depth), "1.0f")
	case 1:
		return g.cmp("(int)"+g.intExpr(depth, false), "<", "(int)"+g.intExpr(depth, false), "1")
	case 2:
		return fmt.Sprintf("((%s) & %du) == 0u", g.intExpr(depth, false), 1<<g.r.Intn(4))
	case 3:
		return fmt.Sprintf("(%s & %du) %s %du", g.pick("gid", "lid"), []int{1, 3, 7, 15}[g.r.Intn(4)], g.pick("==", "!=", "<"), g.r.Intn(8))
	}
	return g.cmp(g.intExpr(depth, false), g.pick("<", "<=", "==", "!=", ">", ">="), g.intExpr(depth, false), "1u")
}

// stmt emits one statement (possibly compound).
func (g *vc4Gen) stmt() {
	g.budget--
	nest := g.depth < 5 && g.budget > 2
	switch k := g.r.Intn(20); {
	case k < 3 && nest:
		g.ifStmt()
	case k < 5 && nest:
		g.loop()
	case k == 5 && g.inLoop > 0:
		g.features["divergent loop break"] = true
		g.line(fmt.Sprintf("if (%s) break;", g.cond(1, false)))
	case k == 6 && g.inLoop > 0:
		g.features["divergent loop continue"] = true
		g.line(fmt.Sprintf("if (%s) continue;", g.cond(1, false)))
	case k == 7 && g.depth > 1 && g.r.Intn(3) == 0:
		g.features["early return"] = true
		g.finalStores()
		g.line("return;")
		g.returned = true
	case k == 8:
		g.features["scatter"] = true
		g.line(fmt.Sprintf("out[o + ((%s) & 3u)] = %s;", g.intExpr(2, false), g.intExpr(2, false)))
	case k == 9:
		g.features["scatter"] = true
		g.line(fmt.Sprintf("outf[o + ((%s) & 3u)] = %s;", g.intExpr(1, false), g.floatExpr(2)))
	case k < 13:
		g.floatAssign()
	default:
		g.line(fmt.Sprintf("v%d %s %s;", g.r.Intn(vc4FuzzUints), g.pick("=", "+=", "^=", "-=", "|="), g.intExpr(3, false)))
	}
}

// floatAssign updates a float variable; inside loops only in a bounded way.
func (g *vc4Gen) floatAssign() {
	f := fmt.Sprintf("f%d", g.r.Intn(vc4FuzzFloats))
	if g.inLoop == 0 {
		g.line(fmt.Sprintf("%s = %s;", f, g.floatExpr(3)))
		return
	}
	switch g.r.Intn(3) {
	case 0:
		g.line(fmt.Sprintf("%s = (%s + %s) * 0.25f;", f, f, g.floatExpr(2)))
	default:
		g.line(fmt.Sprintf("%s = %s(%s, %s);", f, g.pick("fmin", "fmax"), f, g.floatExpr(2)))
	}
}

func (g *vc4Gen) block() {
	g.depth++
	n := 1 + g.r.Intn(4)
	for i := 0; i < n && g.budget > 0 && !g.returned; i++ {
		g.stmt()
	}
	if g.budget <= 0 && !g.returned {
		g.line(fmt.Sprintf("v%d += 1u;", g.r.Intn(vc4FuzzUints)))
	}
	g.returned = false
	g.depth--
}

func (g *vc4Gen) ifStmt() {
	uniform := g.r.Intn(3) == 0
	if uniform {
		g.features["uniform if"] = true
	} else {
		g.features["divergent if"] = true
	}
	g.line(fmt.Sprintf("if (%s) {", g.cond(2, uniform)))
	g.block()
	if g.r.Intn(2) == 0 {
		g.line("} else {")
		g.block()
	}
	g.line("}")
}

// loop emits a for, while or do-while loop whose trip count is at most 8
// (at most 64 for all enclosing loops together).
func (g *vc4Gen) loop() {
	if g.trips > 8 {
		g.ifStmt()
		return
	}
	uniform := g.r.Intn(2) == 0
	bound := fmt.Sprintf("((%s) & 7u)", g.intExpr(2, uniform))
	if uniform {
		g.features["uniform loop"] = true
	} else {
		g.features["divergent trip count"] = true
	}
	i := g.nloops
	g.nloops++
	g.trips *= 8
	g.inLoop++
	depth := len(g.loops)
	g.loops = append(g.loops, vc4Loop{fmt.Sprintf("i%d", i), uniform})
	switch g.r.Intn(3) {
	case 0:
		g.line(fmt.Sprintf("for (uint i%d = 0; i%d < %s; i%d++) {", i, i, bound, i))
		g.block()
		g.line("}")
	case 1:
		g.features["while loop"] = true
		g.line(fmt.Sprintf("uint i%d = %s;", i, bound))
		g.line(fmt.Sprintf("while (i%d > 0u) {", i))
		g.depth++
		g.line(fmt.Sprintf("i%d--;", i))
		g.depth--
		g.block()
		g.line("}")
	default:
		g.features["do-while loop"] = true
		g.line(fmt.Sprintf("uint i%d = 0;", i))
		g.line("do {")
		g.depth++
		g.line(fmt.Sprintf("i%d++;", i))
		g.depth--
		g.block()
		g.line(fmt.Sprintf("} while (i%d < %s);", i, bound))
	}
	g.loops = g.loops[:depth]
	g.inLoop--
	g.trips /= 8
}

// finalStores writes the variables into slots 4.. of the work-item's region.
func (g *vc4Gen) finalStores() {
	for i := 0; i < vc4FuzzUints; i++ {
		g.line(fmt.Sprintf("out[o + %du] = v%d;", 4+i, i))
	}
	for i := 0; i < vc4FuzzFloats; i++ {
		g.line(fmt.Sprintf("outf[o + %du] = f%d;", 4+i, i))
	}
}
