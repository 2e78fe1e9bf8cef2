package campaign

import (
	"fmt"
	"math/rand"
	"strings"
)

// The VC4 campaign generates OpenCL C kernels whose control flow is what
// the QPU's execute-mask lowering finds hard: ifs nested in ifs, loops and
// switches, some on uniform values (kernel arguments, constants, the group
// id, counters of uniform loops), others on divergent ones (ids, loaded
// data); for, while and do-while loops with uniform or divergent trip
// counts, exit tests at the top, the bottom or in the middle, and
// divergent or uniform break and continue; conditions with &&, || and !;
// switch statements
// with fall-through and default on uniform or divergent selectors; early
// returns from any depth; helper functions with their own control flow
// (inlined by vc4-inline) called from anywhere; gathers (loads at computed
// indices, also of bytes and halfwords), scatters (stores at computed
// indices) and reads of a work-item's own earlier stores; a private array
// indexed by computed values; uint4/float4 vectors (vload4/vstore4,
// swizzles, component writes, vector compares and selects); uchar/short
// variables and 8/16-bit conversions; 64-bit (ulong/long) arithmetic with
// division; unsigned and signed integer arithmetic, divisions, shifts,
// the integer built-ins and float arithmetic. Some run headers give
// vc4run the host-triple IR (64-bit size_t) instead of the spir IR.
//
// Every kernel is free of undefined behaviour and races, so that lli's
// work-item-by-work-item run is the reference: integer arithmetic is
// unsigned (signed operations only where they cannot overflow: shifts
// right, comparisons, min/max, division by 1..256, products of 12-bit
// values, 32×32→64-bit products, short arithmetic promoted to int),
// divisors are made odd or positive, indices are masked into their
// buffer, and a work-item writes only its own region of the output
// buffers (VC4FuzzSlots words at gid*VC4FuzzSlots). Float values stay far
// from overflow and NaN: the inputs are below 128, multiplications scale
// by constants or multiply two bounded inputs, and inside loops a float
// variable is only updated as (f + e) * 0.25f, fmin or fmax, which keeps
// it bounded. Only +, -, * and comparisons are used on floats, all rounded
// toward zero on both sides (round=rtz), so results must agree bit for
// bit. The work-item functions are read once into uint variables: they
// return size_t, which is 64-bit in the host IR of the reference and
// 32-bit on the QPU. Built-ins are the ones the reference defines
// (tests/vc4/ref/builtins.cl), on scalars only.
//
// __local memory with barrier(CLK_LOCAL_MEM_FENCE) is in the variant of
// every VC4LocalEvery-th seed (one case, against the reference, whose
// driver runs a group's work-items as coroutines switching at barriers)
// and in the stress profile (vc4stress.go). Not generated, because the
// reference cannot run them bit for bit: float division and math
// built-ins (they need an ulp tolerance). Not
// generated because vc4run rejects them: 8/16-bit stores, module globals.

// VC4FuzzSlots is the number of output words (of each output buffer) a
// work-item owns: slots 0..3 take scatters and are read back, 4..7 the
// final values of the uint (out) and float (outf) variables, 8..11 the
// vectors, 12..15 (out only) the narrow, 64-bit and private-array
// variables.
const VC4FuzzSlots = 16

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
	noCont  bool // a continue here would skip the exit test (mid-exit loops)
}

// vc4Scope is what the code being generated may use: the kernel body, or
// the body of a helper function.
type vc4Scope struct {
	uints   []string // assignable uint variables
	floats  []string // assignable float variables (none in helpers)
	uniform []string // read-only leaves with one value per wave
	varying []string // read-only leaves with one value per lane
	kernel  bool     // the kernel: out/outf, b, the optional variables, helper calls
	ret     func()   // emits a return (with the kernel's final stores)
}

// The kernel's optional variables, each present in about half the
// kernels; vc4Gen.has says which are.
const (
	vc4Vec     = "vector"        // uint4 q, float4 fq
	vc4Narrow  = "narrow int"    // uchar c0, short sh
	vc4Long    = "long"          // ulong L
	vc4Private = "private array" // uint pa[8]
)

type vc4Gen struct {
	r        *rand.Rand
	sb       *strings.Builder
	depth    int       // indentation and nesting depth
	loops    []vc4Loop // enclosing loops, outermost first
	nloops   int       // loops so far (counter names are i0, i1, …)
	budget   int       // statements left
	inLoop   int       // enclosing loops
	inSwitch int       // enclosing switches (break is legal in one)
	trips    int       // product of the enclosing loops' maximum trip counts
	features map[string]bool
	local    bool
	returned bool // the current block ended in a return
	stress   bool // the stress profile (vc4stress.go)
	noReturn bool // no early return from the kernel (barriers follow)
	temps    int  // stress temporaries so far (t0, w0, …)
	sc       vc4Scope
	has      map[string]bool // optional kernel variables present
	helpers  int             // helper functions h0.. callable from the current scope
	calls    int             // helper call sites left
}

// Variables every kernel has: uint v0..v3 and float f0..f2.
const (
	vc4FuzzUints  = 4
	vc4FuzzFloats = 3
)

// GenVC4Kernel generates the kernel of seed. With local, the kernel also
// stages values through a __local array with barrier(CLK_LOCAL_MEM_FENCE).
func GenVC4Kernel(seed int64, local bool) VC4Kernel { return genVC4(seed, local, false) }

// genVC4 generates the kernel of seed in the classic or (stress) the
// stress profile; the classic profile's random draws do not depend on the
// stress code, so classic seeds rerun exactly as before it existed.
func genVC4(seed int64, local, stress bool) VC4Kernel {
	g := &vc4Gen{r: rand.New(rand.NewSource(seed)), features: map[string]bool{}, local: local, has: map[string]bool{}, stress: stress}
	var helperSrc strings.Builder
	nh := g.r.Intn(3)
	for h := 0; h < nh; h++ {
		g.genHelper(&helperSrc, h)
	}
	g.helpers, g.calls = nh, 4

	var body strings.Builder
	g.sb, g.trips, g.depth = &body, 1, 1
	g.budget = 12 + g.r.Intn(30)
	if g.r.Intn(8) == 0 {
		// Now and then a long kernel: more live values (spilling) and
		// deeper nests.
		g.budget = 60 + g.r.Intn(40)
	}
	g.sc = vc4Scope{uniform: []string{"n", "grp", "ng", "ls"}, varying: []string{"gid", "lid"}, kernel: true}
	g.sc.ret = func() {
		g.finalStores()
		g.line("return;")
	}
	// Which optional variables the kernel has; each is usable once
	// declared (declareOptional).
	want := map[string]bool{}
	for _, v := range []string{vc4Vec, vc4Narrow, vc4Long, vc4Private} {
		want[v] = g.r.Intn(2) == 0
	}
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
		g.sc.uints = append(g.sc.uints, fmt.Sprintf("v%d", i))
	}
	for i := 0; i < vc4FuzzFloats; i++ {
		g.line(fmt.Sprintf("float f%d = %s;", i, g.floatExpr(2)))
		g.sc.floats = append(g.sc.floats, fmt.Sprintf("f%d", i))
	}
	g.declareOptional(want)
	if local && !stress {
		g.features["__local + barrier"] = true
		g.line("tmp[lid] = v0;")
		g.line("barrier(CLK_LOCAL_MEM_FENCE);")
		g.line("v1 ^= tmp[(lid + 1u) % ls];")
	}
	stanzas := 0
	if local && stress {
		// Barriers must be reached by every work-item of a group: no
		// early return until the last one.
		stanzas, g.noReturn = 1+g.r.Intn(3), true
	}
	for g.budget > 0 {
		if stanzas > 0 && g.r.Intn(3) == 0 {
			g.localStanza()
			stanzas--
		}
		g.stmt()
	}
	for ; stanzas > 0; stanzas-- {
		g.localStanza()
	}
	g.finalStores()

	var sb strings.Builder
	gen := "GenVC4Kernel"
	if stress {
		gen = "GenVC4Stress"
	}
	fmt.Fprintf(&sb, "// Generated by tests/campaign (%s seed %d).\n", gen, seed)
	kind := "uniform"
	for f := range g.features {
		if strings.HasPrefix(f, "divergent") {
			kind = "divergent"
		}
	}
	for n := 0; n < 2; n++ {
		sh := vc4FuzzShapes[g.r.Intn(len(vc4FuzzShapes))]
		var qs []string
		for _, q := range VC4FuzzQPUs {
			// A group of several waves synchronizing at barriers
			// needs a QPU per wave.
			if !(local && stress) || q*16 >= sh[1] {
				qs = append(qs, fmt.Sprint(q))
			}
		}
		triple := ""
		if g.r.Intn(4) == 0 {
			g.features["host triple"] = true
			triple = " triple=host"
		}
		fmt.Fprintf(&sb, "// VC4: kind=%s global=%d local=%d qpus=%s round=rtz%s args=int:%d:rand:%d,float:%d:rand:%d,int:%d:seq:%d:3,float:%d:zero,i32:%d,f32:%s\n",
			kind, sh[0], sh[1], strings.Join(qs, ","), triple, vc4FuzzInputWords, g.r.Intn(1000), vc4FuzzInputWords, g.r.Intn(1000),
			sh[0]*VC4FuzzSlots, g.r.Intn(100), sh[0]*VC4FuzzSlots, g.r.Intn(24), []string{"0.75", "-1.5", "2", "0.125"}[g.r.Intn(4)])
	}
	sb.WriteString(helperSrc.String())
	sb.WriteString("__kernel void fuzz(__global const uint *a, __global const float *b, __global uint *out,\n")
	sb.WriteString("                   __global float *outf, uint n, float s)\n{\n")
	if local {
		sb.WriteString("\t__local uint tmp[64];\n")
	}
	if local && stress {
		sb.WriteString("\t__local float tmpf[64];\n")
	}
	sb.WriteString(body.String())
	sb.WriteString("}\n")
	return VC4Kernel{Src: sb.String(), Features: g.features}
}

// genHelper writes helper function h: uint hK(a, x, y) with a small body
// of its own (loops, divergent ifs, switches, early returns), which may
// call the helpers before it.
func (g *vc4Gen) genHelper(w *strings.Builder, h int) {
	var body strings.Builder
	g.sb, g.trips, g.depth, g.helpers, g.calls = &body, 8, 1, h, 2 // one loop level at most
	g.budget = 3 + g.r.Intn(6)
	g.sc = vc4Scope{uints: []string{"x", "y"}}
	g.line(fmt.Sprintf("uint r = %s;", g.intExpr(2, false)))
	g.sc.uints = append(g.sc.uints, "r")
	ret := g.pick("r", "r ^ x", "r + y * 3u", "(r >> 1) ^ y")
	g.sc.ret = func() { g.line("return " + ret + ";") }
	for g.budget > 0 {
		g.stmt()
	}
	g.sc.ret()
	fmt.Fprintf(w, "uint h%d(__global const uint *a, uint x, uint y)\n{\n%s}\n\n", h, body.String())
}

// declareOptional declares the optional kernel variables want selects.
func (g *vc4Gen) declareOptional(want map[string]bool) {
	defer func() {
		for v, ok := range want {
			g.has[v] = ok
			g.features[v] = g.features[v] || ok
		}
	}()
	if want[vc4Vec] {
		g.line(fmt.Sprintf("uint4 q = vload4((%s) & 31u, a);", g.intExpr(1, false)))
		g.line(fmt.Sprintf("float4 fq = (float4)(%s, %s, f0, -1.5f);", g.floatExpr(1), g.floatExpr(1)))
	}
	if want[vc4Narrow] {
		g.line(fmt.Sprintf("uchar c0 = (uchar)(%s);", g.intExpr(2, false)))
		g.line(fmt.Sprintf("short sh = (short)(%s);", g.intExpr(2, false)))
	}
	if want[vc4Long] {
		g.line(fmt.Sprintf("ulong L = ((ulong)(%s) << 32) | (ulong)(%s);", g.intExpr(1, false), g.intExpr(1, false)))
	}
	if want[vc4Private] {
		g.line("uint pa[8];")
		g.line(fmt.Sprintf("for (uint k = 0u; k < 8u; k++) pa[k] = (%s) + k * %s;", g.intExpr(1, false), g.uconst()))
	}
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
		leaves := append([]string{g.uconst()}, g.sc.uniform...)
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
		leaves := append([]string{g.uconst()}, g.sc.varying...)
		leaves = append(leaves, g.sc.uniform...)
		for _, v := range g.sc.uints {
			leaves = append(leaves, v, v)
		}
		for _, l := range g.loops {
			leaves = append(leaves, l.counter)
		}
		return g.pick(leaves...)
	}
	a := func() string { return g.intExpr(depth-1, false) }
	switch g.r.Intn(24) {
	case 0:
		g.features["gather"] = true
		return fmt.Sprintf("a[(%s) & %du]", a(), vc4FuzzInputWords-1)
	case 1:
		if !g.sc.kernel {
			break
		}
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
		if len(g.sc.floats) == 0 {
			break
		}
		g.features["float to int"] = true
		return fmt.Sprintf("(uint)(int)fmax(fmin(%s, 1000.0f), -1000.0f)", g.floatExpr(depth-1))
	case 12, 13:
		g.features["builtin"] = true
		return g.builtin(a)
	case 14:
		g.features["narrow int"] = true
		switch g.r.Intn(6) {
		case 0:
			return fmt.Sprintf("(uint)(uchar)(%s)", a())
		case 1:
			return fmt.Sprintf("(uint)(int)(short)(%s)", a())
		case 2:
			return fmt.Sprintf("(uint)(ushort)(%s)", a())
		case 3:
			return fmt.Sprintf("(uint)(int)(char)(%s)", a())
		case 4:
			return fmt.Sprintf("(uint)(uchar)((uchar)(%s) %s (uchar)(%s))", a(), g.pick("*", "+", "-", "^"), a())
		}
		return fmt.Sprintf("(uint)(int)(short)((short)(%s) * (short)(%s))", a(), a())
	case 15:
		g.features["narrow load"] = true
		if g.sc.kernel && g.r.Intn(3) == 0 {
			// Bytes or halfwords of the work-item's own slots 0..3,
			// which it may have stored.
			g.features["read back own store"] = true
			if g.r.Intn(2) == 0 {
				return fmt.Sprintf("(uint)((__global const uchar *)out)[o * 4u + ((%s) & 15u)]", a())
			}
			return fmt.Sprintf("(uint)(int)((__global const short *)out)[o * 2u + ((%s) & 7u)]", a())
		}
		switch g.r.Intn(4) {
		case 0:
			return fmt.Sprintf("(uint)((__global const uchar *)a)[(%s) & %du]", a(), 4*vc4FuzzInputWords-1)
		case 1:
			return fmt.Sprintf("(uint)(int)((__global const char *)a)[(%s) & %du]", a(), 4*vc4FuzzInputWords-1)
		case 2:
			return fmt.Sprintf("(uint)((__global const ushort *)a)[(%s) & %du]", a(), 2*vc4FuzzInputWords-1)
		}
		return fmt.Sprintf("(uint)(int)((__global const short *)a)[(%s) & %du]", a(), 2*vc4FuzzInputWords-1)
	case 16:
		g.features["long"] = true
		switch g.r.Intn(4) {
		case 0:
			return fmt.Sprintf("(uint)(((ulong)(%s) * (ulong)(%s)) >> %d)", a(), a(), 1+g.r.Intn(40))
		case 1:
			return fmt.Sprintf("(uint)(((long)(int)(%s) * (long)(int)(%s)) >> %d)", a(), a(), 1+g.r.Intn(40))
		case 2:
			g.features["division"] = true
			return fmt.Sprintf("(uint)((((ulong)(%s) << 32) | (ulong)(%s)) %s (ulong)((%s) | 1u))", a(), a(), g.pick("/", "%"), a())
		}
		return fmt.Sprintf("(uint)(((ulong)(%s) + (ulong)(%s)) >> 1)", a(), a())
	case 17, 18:
		if g.helpers > 0 && g.calls > 0 {
			g.calls--
			g.features["helper call"] = true
			return fmt.Sprintf("h%d(a, %s, %s)", g.r.Intn(g.helpers), a(), a())
		}
	case 19, 20:
		if v := g.optionalLeaf(a); v != "" {
			return v
		}
	}
	return fmt.Sprintf("(%s %s %s)", a(), g.pick("+", "-", "*", "^", "&", "|", "*"), a())
}

// builtin is a call of one of the reference's integer built-ins, with
// arguments that keep it defined (mul24/mad24 on 12-bit values, clamp
// with lo ≤ hi).
func (g *vc4Gen) builtin(a func() string) string {
	switch g.r.Intn(9) {
	case 0:
		return fmt.Sprintf("rotate(%s, %s)", a(), a())
	case 1:
		return fmt.Sprintf("(uint)popcount((int)(%s))", a())
	case 2:
		return fmt.Sprintf("(uint)clz((int)(%s))", a())
	case 3:
		return fmt.Sprintf("abs((int)(%s))", a())
	case 4:
		return fmt.Sprintf("abs_diff((int)(%s), (int)(%s))", a(), a())
	case 5:
		lo := g.r.Intn(1000)
		return fmt.Sprintf("clamp(%s, %du, %du)", a(), lo, lo+g.r.Intn(100000))
	case 6:
		return fmt.Sprintf("(uint)mul24((int)((%s) & 0xfffu), (int)((%s) & 0xfffu))", a(), a())
	case 7:
		return fmt.Sprintf("(uint)mad24((int)((%s) & 0xfffu), (int)((%s) & 0xfffu), (int)((%s) & 0xfffffu))", a(), a(), a())
	}
	return fmt.Sprintf("select(%s, %s, (int)(%s))", a(), a(), g.cond(1, false))
}

// optionalLeaf reads one of the kernel's optional variables ("" when the
// scope has none).
func (g *vc4Gen) optionalLeaf(a func() string) string {
	var xs []string
	if !g.sc.kernel {
		return ""
	}
	if g.has[vc4Vec] {
		xs = append(xs, "q."+g.pick("x", "y", "z", "w", "s2"), "((q.x + q.y * q.z) ^ q.w)")
	}
	if g.has[vc4Narrow] {
		xs = append(xs, "(uint)c0", "(uint)(int)sh")
	}
	if g.has[vc4Long] {
		xs = append(xs, "(uint)L", "(uint)(L >> 32)", fmt.Sprintf("(uint)(L >> ((%s) & 63u))", a()))
	}
	if g.has[vc4Private] {
		xs = append(xs, fmt.Sprintf("pa[(%s) & 7u]", a()))
	}
	if len(xs) == 0 {
		return ""
	}
	return g.pick(xs...)
}

// floatExpr is a bounded float expression (see the package comment).
func (g *vc4Gen) floatExpr(depth int) string {
	leaf := func(vars bool) string {
		leaves := []string{"s", g.pick("0.5f", "1.25f", "-3.0f", "100.0f", "0.0f", "-0.75f"),
			fmt.Sprintf("b[(%s) & %du]", g.intExpr(1, false), vc4FuzzInputWords-1),
			fmt.Sprintf("(float)(%s & 1023u)", g.intExpr(1, false)),
			fmt.Sprintf("(float)((int)(%s & 2047u) - 1024)", g.intExpr(1, false))}
		if vars {
			for _, f := range g.sc.floats {
				leaves = append(leaves, f, f)
			}
			if g.has[vc4Vec] && len(g.sc.floats) > 0 {
				leaves = append(leaves, "fq."+g.pick("x", "y", "z", "w"))
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
	if depth > 0 && g.r.Intn(6) == 0 {
		// Short-circuit conditions: more blocks and edges per branch.
		g.features["&& || !"] = true
		if g.r.Intn(4) == 0 {
			return fmt.Sprintf("!(%s)", g.cond(depth-1, uniform))
		}
		return fmt.Sprintf("(%s) %s (%s)", g.varCond(depth-1, uniform), g.pick("&&", "||"), g.varCond(depth-1, uniform && g.r.Intn(2) == 0))
	}
	if uniform {
		return g.cmp(g.uniformExpr(depth), g.pick("<", "<=", "==", "!=", ">"), g.uniformExpr(depth), "1u")
	}
	switch g.r.Intn(6) {
	case 0:
		if len(g.sc.floats) > 0 {
			return g.cmp(g.floatExpr(depth), g.pick("<", "<=", ">", ">=", "=="), g.floatExpr(depth), "1.0f")
		}
	case 1:
		return g.cmp("(int)"+g.intExpr(depth, false), "<", "(int)"+g.intExpr(depth, false), "1")
	case 2:
		return fmt.Sprintf("((%s) & %du) == 0u", g.intExpr(depth, false), 1<<g.r.Intn(4))
	case 3:
		v := append(append([]string{}, g.sc.varying...), g.sc.uints...)
		return fmt.Sprintf("(%s & %du) %s %du", g.pick(v...), []int{1, 3, 7, 15}[g.r.Intn(4)], g.pick("==", "!=", "<"), g.r.Intn(8))
	}
	return g.cmp(g.intExpr(depth, false), g.pick("<", "<=", "==", "!=", ">", ">="), g.intExpr(depth, false), "1u")
}

// varCond is a condition that reads a variable: an operand of && or ||
// that is a constant is a -Werror.
func (g *vc4Gen) varCond(depth int, uniform bool) string {
	c := g.cond(depth, uniform)
	vars := append(append(append([]string{}, g.sc.uniform...), g.sc.varying...), g.sc.uints...)
	for _, l := range g.loops {
		vars = append(vars, l.counter)
	}
	vars = append(vars, g.sc.floats...)
	for _, t := range strings.FieldsFunc(c, func(r rune) bool { return !(r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		for _, v := range vars {
			if t == v {
				return c
			}
		}
	}
	v := g.sc.uints
	if uniform && len(g.sc.uniform) > 0 {
		v = g.sc.uniform
	} else if len(v) == 0 {
		// A helper may have no uint variable (seed 1464): its leaves serve.
		v = append(append([]string{}, g.sc.uniform...), g.sc.varying...)
	}
	return fmt.Sprintf("%s %s %s", g.pick(v...), g.pick("<", "!=", ">="), g.uconst())
}

// stmt emits one statement (possibly compound).
func (g *vc4Gen) stmt() {
	g.budget--
	if g.stress && g.r.Intn(3) == 0 && g.stressStmt() {
		return
	}
	nest := g.depth < 5 && g.budget > 2
	switch k := g.r.Intn(26); {
	case k < 3 && nest:
		g.ifStmt()
	case k < 5 && nest:
		g.loop()
	case k == 5 && nest:
		g.switchStmt()
	case k == 6 && g.inLoop+g.inSwitch > 0:
		if g.r.Intn(4) == 0 {
			g.features["uniform break"] = true
			g.line(fmt.Sprintf("if (%s) break;", g.cond(1, true)))
			return
		}
		g.features["divergent loop break"] = true
		g.line(fmt.Sprintf("if (%s) break;", g.cond(1, false)))
	case k == 7 && g.inLoop > 0 && !g.loops[len(g.loops)-1].noCont:
		g.features["divergent loop continue"] = true
		g.line(fmt.Sprintf("if (%s) continue;", g.cond(1, false)))
	case k == 8 && g.depth > 1 && !(g.noReturn && g.sc.kernel) && g.r.Intn(3) == 0:
		g.features["early return"] = true
		g.sc.ret()
		g.returned = true
	case k == 9 && g.sc.kernel:
		g.features["scatter"] = true
		g.line(fmt.Sprintf("out[o + ((%s) & 3u)] = %s;", g.intExpr(2, false), g.intExpr(2, false)))
	case k == 10 && g.sc.kernel:
		g.features["scatter"] = true
		g.line(fmt.Sprintf("outf[o + ((%s) & 3u)] = %s;", g.intExpr(1, false), g.floatExpr(2)))
	case k < 14 && len(g.sc.floats) > 0:
		g.floatAssign()
	case k < 17 && g.sc.kernel && g.optionalStmt():
	default:
		g.line(fmt.Sprintf("%s %s %s;", g.pick(g.sc.uints...), g.pick("=", "+=", "^=", "-=", "|="), g.intExpr(3, false)))
	}
}

// optionalStmt updates one of the kernel's optional variables, reporting
// whether the kernel has any.
func (g *vc4Gen) optionalStmt() bool {
	var opts []string
	for _, v := range []string{vc4Vec, vc4Narrow, vc4Long, vc4Private} {
		if g.has[v] {
			opts = append(opts, v)
		}
	}
	if len(opts) == 0 {
		return false
	}
	e := func() string { return g.intExpr(2, false) }
	switch g.pick(opts...) {
	case vc4Vec:
		switch g.r.Intn(10) {
		case 0:
			g.line(fmt.Sprintf("q = q * (uint4)(%s, %s, %s, %s) + (uint4)(%s);", g.uconst(), g.uconst(), g.uconst(), g.uconst(), e()))
		case 1:
			g.line(fmt.Sprintf("q = q.%s ^ (q >> (uint4)(%du, %du, %du, %du));", g.pick("wzyx", "yxwz", "zwxy", "xxyy"),
				g.r.Intn(32), g.r.Intn(32), g.r.Intn(32), g.r.Intn(32)))
		case 2:
			g.line(fmt.Sprintf("q = vload4((%s) & 31u, a);", e()))
		case 3:
			g.line(fmt.Sprintf("q.%s %s %s;", g.pick("x", "y", "z", "w", "s1", "s3"), g.pick("=", "+=", "^="), e()))
		case 4:
			g.line(fmt.Sprintf("q = (q %s (uint4)(%s)) ? q : q.%s;", g.pick("<", ">", "=="), e(), g.pick("wzyx", "yxwz", "zwxy")))
		case 5:
			g.features["division"] = true
			g.line(fmt.Sprintf("q = q %s (uint4)(3u, 5u, 7u, (%s) | 1u);", g.pick("/", "%"), e()))
		case 6:
			g.features["scatter"] = true
			g.line("vstore4(q, 0, out + o);")
		case 7:
			g.line(fmt.Sprintf("q.%s = q.%s + (uint2)(%s, %s);", g.pick("xy", "zw", "yz"), g.pick("zw", "xy", "wx"), e(), e()))
		case 8:
			if g.inLoop > 0 {
				g.line(fmt.Sprintf("fq = (fq + (float4)(%s)) * 0.25f;", g.floatExpr(2)))
			} else {
				g.line(fmt.Sprintf("fq = fq.%s * %s - (float4)(%s);", g.pick("yzwx", "wzyx", "xxzz"), g.pick("1.5f", "-0.5f", "2.0f"), g.floatExpr(2)))
			}
		default:
			switch g.r.Intn(4) {
			case 0:
				g.line(fmt.Sprintf("fq = vload4((%s) & 31u, b);", e()))
			case 1:
				g.line(fmt.Sprintf("fq = (fq %s (float4)(%s)) ? fq : fq.%s;", g.pick("<", ">", ">="), g.floatExpr(1), g.pick("wzyx", "yxwz")))
			case 2:
				g.line(fmt.Sprintf("fq.%s = %s;", g.pick("x", "y", "z", "w"), g.floatExpr(2)))
			default:
				g.features["scatter"] = true
				g.line("vstore4(fq, 0, outf + o);")
			}
		}
	case vc4Narrow:
		switch g.r.Intn(7) {
		case 0:
			g.line(fmt.Sprintf("c0 %s (uchar)(%s);", g.pick("+=", "^=", "-=", "|="), e()))
		case 1:
			g.line(fmt.Sprintf("c0 = (uchar)(c0 * %du + %s);", g.r.Intn(256), e()))
		case 2:
			g.line(fmt.Sprintf("c0 >>= (%s) & 7u;", e()))
		case 3:
			g.line(fmt.Sprintf("sh = (short)(sh * (short)(%s) + (short)(%s));", e(), e()))
		case 4:
			g.line(fmt.Sprintf("sh >>= (%s) & 15u;", e()))
		case 5:
			g.line(fmt.Sprintf("sh %s (short)(%s);", g.pick("-=", "+=", "^=", "&="), e()))
		default:
			g.line(fmt.Sprintf("sh = (short)((%s) ? sh : (short)c0);", g.cond(1, false)))
		}
	case vc4Long:
		switch g.r.Intn(6) {
		case 0:
			g.line(fmt.Sprintf("L = L * (ulong)(%s) + (ulong)(%s);", e(), e()))
		case 1:
			g.line(fmt.Sprintf("L ^= L >> ((%s) & 63u);", e()))
		case 2:
			g.line(fmt.Sprintf("L += (ulong)(%s) << 32;", e()))
		case 3:
			g.features["division"] = true
			g.line(fmt.Sprintf("L %s (ulong)((%s) | 1u);", g.pick("/=", "%="), e()))
		case 4:
			g.line(fmt.Sprintf("L = (L << ((%s) & 63u)) | (ulong)(%s);", e(), e()))
		default:
			g.line(fmt.Sprintf("L = (L %s (ulong)(%s)) ? L - (ulong)(%s) : L;", g.pick("<", ">", ">="), e(), e()))
		}
	case vc4Private:
		g.line(fmt.Sprintf("pa[(%s) & 7u] %s %s;", e(), g.pick("=", "+=", "^="), e()))
	}
	return true
}

// floatAssign updates a float variable; inside loops only in a bounded way.
func (g *vc4Gen) floatAssign() {
	f := g.pick(g.sc.floats...)
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

// block emits 1..4 statements one level deeper and reports whether they
// ended in a return.
func (g *vc4Gen) block() bool {
	g.depth++
	n := 1 + g.r.Intn(4)
	for i := 0; i < n && g.budget > 0 && !g.returned; i++ {
		g.stmt()
	}
	if g.budget <= 0 && !g.returned {
		g.line(fmt.Sprintf("%s += 1u;", g.pick(g.sc.uints...)))
	}
	returned := g.returned
	g.returned = false
	g.depth--
	return returned
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

// switchStmt emits a switch on a uniform or divergent selector with 2..4
// cases (some falling through to the next) and maybe a default.
func (g *vc4Gen) switchStmt() {
	// A selector of constants only is a -Werror (no case may match it):
	// it is mixed with a variable, uniform where the scope has one.
	vars := append([]string{}, g.sc.uniform...)
	for _, l := range g.loops {
		if l.uniform {
			vars = append(vars, l.counter)
		}
	}
	uniform := g.r.Intn(3) == 0 && len(vars) > 0
	if uniform {
		g.features["uniform switch"] = true
	} else {
		g.features["divergent switch"] = true
		vars = g.sc.uints
	}
	// The selector's range: 8, 5 or 4 values, 2..4 of them with cases.
	r := []int{8, 5, 4}[g.r.Intn(3)]
	g.line(fmt.Sprintf("switch ((%s ^ %s) %s) {", g.intExpr(2, uniform), g.pick(vars...), map[int]string{8: "& 7u", 5: "% 5u", 4: "& 3u"}[r]))
	g.inSwitch++
	vals := g.r.Perm(r)[:2+g.r.Intn(3)]
	def := g.r.Intn(2) == 0
	for i, v := range vals {
		// A label needs a statement after it: the last case shares
		// nothing.
		if i < len(vals)-1 && g.r.Intn(4) == 0 {
			g.line(fmt.Sprintf("case %du: /* shares the next body */", v))
			continue
		}
		// Braces: a declaration (a loop counter) cannot follow a label.
		g.line(fmt.Sprintf("case %du: {", v))
		if !g.block() && (i < len(vals)-1 || def) {
			if g.r.Intn(4) == 0 {
				g.features["switch fall-through"] = true
				g.line("} /* fall through */")
				continue
			}
			g.line("\tbreak;")
		}
		g.line("}")
	}
	if def {
		g.line("default: {")
		g.block()
		g.line("}")
	}
	g.inSwitch--
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
	i, depth, leave := g.enterLoop(uniform)
	defer leave()
	switch g.r.Intn(4) {
	case 3:
		// The exit test in the middle of the body; a continue before
		// it could skip it forever, so the first part has none.
		g.features["mid-exit loop"] = true
		g.line(fmt.Sprintf("for (uint i%d = 0;; i%d++) {", i, i))
		g.loops[depth].noCont = true
		if g.r.Intn(2) == 0 {
			g.block()
		}
		g.loops[depth].noCont = false
		exit := fmt.Sprintf("i%d >= %s", i, bound)
		if g.r.Intn(2) == 0 {
			exit = fmt.Sprintf("%s || %s", exit, g.varCond(1, false))
		}
		g.line(fmt.Sprintf("\tif (%s) break;", exit))
		g.block()
		g.line("}")
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
}

// enterLoop opens the generator's state for a loop with counter i<n>: its
// number n, its index in g.loops, and the function that closes it again.
func (g *vc4Gen) enterLoop(uniform bool) (n, depth int, leave func()) {
	n = g.nloops
	g.nloops++
	g.trips *= 8
	g.inLoop++
	// A break in the body leaves the loop, not an enclosing switch.
	sw := g.inSwitch
	g.inSwitch = 0
	depth = len(g.loops)
	g.loops = append(g.loops, vc4Loop{counter: fmt.Sprintf("i%d", n), uniform: uniform})
	return n, depth, func() {
		g.loops = g.loops[:depth]
		g.inSwitch = sw
		g.inLoop--
		g.trips /= 8
	}
}

// finalStores writes the variables into slots 4.. of the work-item's region.
func (g *vc4Gen) finalStores() {
	for i := 0; i < vc4FuzzUints; i++ {
		g.line(fmt.Sprintf("out[o + %du] = v%d;", 4+i, i))
	}
	for i := 0; i < vc4FuzzFloats; i++ {
		g.line(fmt.Sprintf("outf[o + %du] = f%d;", 4+i, i))
	}
	if g.has[vc4Vec] {
		g.line("vstore4(q, 0, out + o + 8u);")
		g.line("vstore4(fq, 0, outf + o + 8u);")
	}
	if g.has[vc4Narrow] {
		g.line("out[o + 12u] = (uint)c0 | ((uint)(ushort)sh << 16);")
	}
	if g.has[vc4Long] {
		g.line("out[o + 13u] = (uint)L;")
		g.line("out[o + 14u] = (uint)(L >> 32);")
	}
	if g.has[vc4Private] {
		g.line("out[o + 15u] = pa[0] + pa[1] * 3u + (pa[2] ^ pa[3]) + pa[4] * 5u + (pa[5] ^ pa[6]) + pa[7] * 7u;")
	}
}
