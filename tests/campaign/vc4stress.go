package campaign

import (
	"fmt"
	"strings"
)

// The stress profile of the VC4 campaign (campaign vc4 -profile stress)
// adds, to the classic generator's statements, code aimed at the parts of
// the VC4 back end the classic kernels reach only now and then:
//
//   - straight-line bundles of independent int and float operations
//     (add-ALU and mul-ALU work with few dependencies, so the list
//     scheduler pairs often and fills branch delay slots);
//   - small divergent hammocks of cheap, speculable assignments, nested
//     up to three deep, and select chains (if-conversion and the
//     predicate lowering's selects);
//   - many values live across a divergent loop (the spiller);
//   - __local + barrier(CLK_LOCAL_MEM_FENCE) stanzas with divergent ifs
//     and loops around the __local reads and writes, and a tree reduction
//     with barriers in a uniform loop, compared with the lli reference
//     (its driver runs a group's work-items as coroutines switching at
//     barriers).
//
// The rules of the package comment (no undefined behaviour, no races,
// bounded floats) hold for these statements too: a work-item writes only
// tmp[lid] and tmpf[lid], between two barriers, and reads the other
// work-items' slots only after the barrier that follows their writes.

// GenVC4Stress generates the stress-profile kernel of seed; every other
// seed has __local + barrier stanzas.
func GenVC4Stress(seed int64) VC4Kernel { return genVC4(seed, seed%2 == 0, true) }

// stressStmt emits one stress statement, reporting whether it did (a
// statement that does not fit the scope leaves it to stmt).
func (g *vc4Gen) stressStmt() bool {
	switch g.r.Intn(6) {
	case 0, 1:
		g.straight()
	case 2, 3:
		g.hammock(g.r.Intn(3))
	case 4:
		g.selectChain()
	default:
		if g.depth >= 4 || g.trips > 8 || g.budget < 4 {
			return false
		}
		g.wideLive()
	}
	return true
}

// temp returns a fresh temporary name with prefix p.
func (g *vc4Gen) temp(p string) string {
	g.temps++
	return fmt.Sprintf("%s%d", p, g.temps-1)
}

// simpleLeaf is a uint variable, id, uniform value, loop counter or
// constant.
func (g *vc4Gen) simpleLeaf() string {
	leaves := append([]string{g.uconst()}, g.sc.varying...)
	leaves = append(leaves, g.sc.uniform...)
	for _, v := range g.sc.uints {
		leaves = append(leaves, v, v, v)
	}
	for _, l := range g.loops {
		leaves = append(leaves, l.counter)
	}
	return g.pick(leaves...)
}

// simpleInt is a cheap uint expression without loads, divisions or calls:
// code if-conversion may speculate and the scheduler may pair (mul24 and
// float multiplies on the mul ALU, the rest on the add ALU).
func (g *vc4Gen) simpleInt() string {
	l := g.simpleLeaf
	switch g.r.Intn(11) {
	case 0:
		return fmt.Sprintf("((%s & 0xfffu) * (%s & 0xfffu))", l(), l())
	case 1:
		return fmt.Sprintf("(%s + %s)", l(), l())
	case 2:
		return fmt.Sprintf("(%s ^ (%s << %du))", l(), l(), g.r.Intn(32))
	case 3:
		return fmt.Sprintf("((%s >> %du) | %s)", l(), g.r.Intn(32), l())
	case 4:
		return fmt.Sprintf("%s(%s, %s)", g.pick("min", "max"), l(), l())
	case 5:
		return fmt.Sprintf("(%s - %s)", l(), l())
	case 6:
		g.features["select"] = true
		return fmt.Sprintf("(%s ? %s : %s)", g.simpleCond(), l(), l())
	case 7:
		if len(g.sc.floats) > 0 {
			g.features["float to int"] = true
			return fmt.Sprintf("(uint)(int)fmax(fmin(%s, 1000.0f), -1000.0f)", g.simpleFloat())
		}
	case 8:
		return fmt.Sprintf("(uint)((int)%s >> %du)", l(), g.r.Intn(32))
	case 9:
		return fmt.Sprintf("(%s * %s)", l(), g.uconst())
	}
	return fmt.Sprintf("(%s & %s)", l(), l())
}

// simpleFloat is a cheap float expression bounded by its operands (the
// package comment's float rules): variables, inputs and constants added,
// subtracted, scaled by constants below 2, fmin, fmax, fabs.
func (g *vc4Gen) simpleFloat() string {
	leaf := func() string {
		leaves := []string{"s", g.pick("0.5f", "1.25f", "-3.0f", "100.0f", "-0.75f"),
			fmt.Sprintf("(float)(%s & 1023u)", g.simpleLeaf())}
		for _, f := range g.sc.floats {
			leaves = append(leaves, f, f, f)
		}
		return g.pick(leaves...)
	}
	switch g.r.Intn(7) {
	case 0:
		return fmt.Sprintf("(%s * %s)", leaf(), g.pick("0.5f", "0.25f", "-0.75f", "1.5f", "-1.0f"))
	case 1:
		return fmt.Sprintf("(%s + %s)", leaf(), leaf())
	case 2:
		return fmt.Sprintf("(%s - %s)", leaf(), leaf())
	case 3:
		return fmt.Sprintf("%s(%s, %s)", g.pick("fmin", "fmax"), leaf(), leaf())
	case 4:
		return fmt.Sprintf("fabs(%s)", leaf())
	case 5:
		g.features["select"] = true
		return fmt.Sprintf("(%s ? %s : %s)", g.simpleCond(), leaf(), leaf())
	}
	return leaf()
}

// simpleCond is a cheap condition, divergent in most cases.
func (g *vc4Gen) simpleCond() string {
	switch g.r.Intn(6) {
	case 0:
		if len(g.sc.floats) > 0 {
			return g.cmp(g.pick(g.sc.floats...), g.pick("<", ">=", ">"), g.simpleFloat(), "1.0f")
		}
	case 1:
		return fmt.Sprintf("(%s & %du) == 0u", g.simpleLeaf(), 1<<g.r.Intn(4))
	case 2:
		return fmt.Sprintf("(int)%s < (int)%s", g.simpleLeaf(), g.simpleLeaf())
	case 3:
		return fmt.Sprintf("(%s & 3u) %s (%s & 3u)", g.simpleLeaf(), g.pick("<", "==", "!="), g.simpleLeaf())
	}
	return g.cmp(g.simpleLeaf(), g.pick("<", "<=", "==", "!=", ">", ">="), g.simpleLeaf(), "1u")
}

// simpleAssign updates one variable with a cheap expression.
func (g *vc4Gen) simpleAssign() {
	if len(g.sc.floats) > 0 && g.r.Intn(3) == 0 {
		g.assignTo(g.pick(g.sc.floats...))
		return
	}
	g.assignTo(g.pick(g.sc.uints...))
}

// assignTo updates variable v (uint or float) with a cheap expression of
// a few operations (floats in a loop only in the bounded forms).
func (g *vc4Gen) assignTo(v string) {
	isFloat := false
	for _, f := range g.sc.floats {
		isFloat = isFloat || f == v
	}
	if !isFloat {
		g.line(fmt.Sprintf("%s %s %s %s %s;", v, g.pick("=", "+=", "^=", "-=", "|="), g.simpleInt(), g.pick("+", "^", "-", "|"), g.simpleInt()))
		return
	}
	switch {
	case g.inLoop == 0:
		g.line(fmt.Sprintf("%s = %s;", v, g.simpleFloat()))
	case g.r.Intn(2) == 0:
		g.line(fmt.Sprintf("%s = (%s + %s) * 0.25f;", v, v, g.simpleFloat()))
	default:
		g.line(fmt.Sprintf("%s = %s(%s, %s);", v, g.pick("fmin", "fmax"), v, g.simpleFloat()))
	}
}

// straight emits a bundle of 4..11 independent temporaries, then folds
// them into the variables: long stretches the scheduler packs.
func (g *vc4Gen) straight() {
	g.features["straight-line bundle"] = true
	var ts, fs []string
	for n := 4 + g.r.Intn(8); n > 0; n-- {
		if len(g.sc.floats) > 0 && g.r.Intn(2) == 0 {
			t := g.temp("g")
			g.line(fmt.Sprintf("float %s = %s;", t, g.simpleFloat()))
			fs = append(fs, t)
			continue
		}
		t := g.temp("t")
		g.line(fmt.Sprintf("uint %s = %s;", t, g.simpleInt()))
		ts = append(ts, t)
	}
	for _, t := range ts {
		g.line(fmt.Sprintf("%s %s %s;", g.pick(g.sc.uints...), g.pick("+=", "^=", "-="), t))
	}
	for _, t := range fs {
		f := g.pick(g.sc.floats...)
		if g.inLoop == 0 {
			g.line(fmt.Sprintf("%s = %s - %s * 0.5f;", f, t, f))
		} else {
			g.line(fmt.Sprintf("%s = (%s + %s) * 0.25f;", f, f, t))
		}
	}
}

// hammock emits a small divergent if (maybe with an else) of cheap
// assignments to one or two variables (few merged values: what
// if-conversion's model converts, and bigger than what clang -O2 folds
// into selects itself), with nested hammocks up to depth more levels.
func (g *vc4Gen) hammock(depth int) {
	ts := []string{g.pick(g.sc.uints...)}
	if g.r.Intn(2) == 0 {
		ts = append(ts, g.pick(g.sc.uints...))
	}
	if len(g.sc.floats) > 0 && g.r.Intn(3) == 0 {
		ts = append(ts, g.pick(g.sc.floats...))
	}
	g.hammockOn(depth, ts)
}

// hammockOn is hammock assigning only to ts.
func (g *vc4Gen) hammockOn(depth int, ts []string) {
	g.features["hammock"] = true
	g.line(fmt.Sprintf("if (%s) {", g.simpleCond()))
	side := func() {
		g.depth++
		for n := 1 + g.r.Intn(3); n > 0; n-- {
			if depth > 0 && g.r.Intn(3) == 0 {
				g.features["nested hammock"] = true
				g.hammockOn(depth-1, ts)
				continue
			}
			g.assignTo(g.pick(ts...))
		}
		g.depth--
	}
	side()
	if g.r.Intn(2) == 0 {
		g.line("} else {")
		side()
	}
	g.line("}")
}

// selectChain assigns a chain of 2..4 conditional expressions.
func (g *vc4Gen) selectChain() {
	g.features["select chain"] = true
	if len(g.sc.floats) > 0 && g.r.Intn(3) == 0 {
		e := g.simpleFloat()
		for n := 1 + g.r.Intn(3); n > 0; n-- {
			e = fmt.Sprintf("(%s ? %s : %s)", g.simpleCond(), g.simpleFloat(), e)
		}
		f := g.pick(g.sc.floats...)
		if g.inLoop > 0 {
			g.line(fmt.Sprintf("%s = (%s + %s) * 0.25f;", f, f, e))
		} else {
			g.line(fmt.Sprintf("%s = %s;", f, e))
		}
		return
	}
	e := g.simpleInt()
	for n := 1 + g.r.Intn(3); n > 0; n-- {
		e = fmt.Sprintf("(%s ? %s : %s)", g.simpleCond(), g.simpleInt(), e)
	}
	g.line(fmt.Sprintf("%s %s %s;", g.pick(g.sc.uints...), g.pick("=", "^=", "+="), e))
}

// wideLive declares 16..55 values, runs a loop with a divergent trip count
// that reads and updates some of them, and folds them all afterwards: more
// values live across the loop than the QPU has registers.
func (g *vc4Gen) wideLive() {
	g.features["wide live range"] = true
	var ws []string
	for n := 16 + g.r.Intn(40); n > 0; n-- {
		w := g.temp("w")
		g.line(fmt.Sprintf("uint %s = %s;", w, g.simpleInt()))
		ws = append(ws, w)
	}
	i, _, leave := g.enterLoop(false)
	g.line(fmt.Sprintf("for (uint i%d = 0; i%d < ((%s) & 7u); i%d++) {", i, i, g.simpleInt(), i))
	g.depth++
	for n := 2 + g.r.Intn(5); n > 0; n-- {
		w := g.pick(ws...)
		switch g.r.Intn(4) {
		case 0:
			g.line(fmt.Sprintf("%s = %s * 3u + %s;", w, w, g.simpleLeaf()))
		case 1:
			g.line(fmt.Sprintf("if (%s) %s ^= %s;", g.simpleCond(), w, g.pick(ws...)))
		case 2:
			g.line(fmt.Sprintf("%s += %s ^ i%d;", g.pick(g.sc.uints...), w, i))
		default:
			g.simpleAssign()
		}
	}
	g.depth--
	if g.r.Intn(2) == 0 {
		g.block()
	}
	g.line("}")
	leave()
	for len(ws) > 0 {
		k := min(len(ws), 4)
		g.line(fmt.Sprintf("%s ^= %s;", g.pick(g.sc.uints...), strings.Join(ws[:k], " + ")))
		ws = ws[k:]
	}
	g.budget -= 3
}

// localStanza (kernel top level, stress profile with __local), maybe in a
// uniform if or loop, writes the
// work-item's tmp and tmpf slots, under a divergent if or not, waits at a
// barrier, reads other work-items' slots under divergent ifs and loops (or
// runs a tree reduction with barriers in a uniform loop), and ends with a
// barrier so that later writes race with no read.
func (g *vc4Gen) localStanza() {
	g.features["__local + barrier"] = true
	// Barriers under uniform control flow (one value per work-group:
	// arguments, the group id, counters of uniform loops), which every
	// work-item of a group reaches or none does.
	switch g.r.Intn(5) {
	case 0:
		g.features["barrier in uniform if"] = true
		// Not cond(…, true): its && and || may add a divergent operand.
		g.line(fmt.Sprintf("if (%s) {", g.cmp(g.uniformExpr(1), g.pick("<", "!=", ">="), g.uniformExpr(1), "1u")))
		g.depth++
		g.stanza()
		g.depth--
		g.line("}")
		return
	case 1:
		g.features["barrier in uniform loop"] = true
		u := g.temp("u")
		g.line(fmt.Sprintf("for (uint %s = 0u; %s < (n & 3u); %s++) {", u, u, u))
		g.depth++
		g.stanza()
		g.depth--
		g.line("}")
		return
	}
	g.stanza()
}

// stanza is localStanza's body.
func (g *vc4Gen) stanza() {
	store := func() {
		g.line(fmt.Sprintf("tmp[lid] = %s;", g.simpleInt()))
		g.line(fmt.Sprintf("tmpf[lid] = %s;", g.simpleFloat()))
	}
	if g.r.Intn(2) == 0 {
		g.features["divergent if around __local"] = true
		g.line(fmt.Sprintf("if (%s) {", g.simpleCond()))
		g.depth++
		store()
		g.depth--
		g.line("} else {")
		g.depth++
		store()
		g.simpleAssign()
		g.depth--
		g.line("}")
	} else {
		store()
	}
	g.line("barrier(CLK_LOCAL_MEM_FENCE);")
	if g.r.Intn(4) == 0 {
		g.features["barrier in uniform loop"] = true
		st := g.temp("st")
		x := g.temp("x")
		g.line(fmt.Sprintf("for (uint %s = 1u; %s < ls; %s <<= 1) {", st, st, st))
		g.depth++
		g.line(fmt.Sprintf("uint %s = 0u;", x))
		g.line(fmt.Sprintf("if (lid %% (2u * %s) == 0u && lid + %s < ls) %s = tmp[lid + %s];", st, st, x, st))
		g.line("barrier(CLK_LOCAL_MEM_FENCE);")
		g.line(fmt.Sprintf("tmp[lid] += %s;", x))
		g.line("barrier(CLK_LOCAL_MEM_FENCE);")
		g.depth--
		g.line("}")
		g.line(fmt.Sprintf("%s ^= tmp[0] + tmp[lid];", g.pick(g.sc.uints...)))
	} else {
		for n := 1 + g.r.Intn(3); n > 0; n-- {
			idx := g.pick("(lid + 1u) % ls", "ls - 1u - lid", "(lid ^ 1u) % ls", fmt.Sprintf("(%s) %% ls", g.simpleInt()))
			switch g.r.Intn(4) {
			case 0:
				g.line(fmt.Sprintf("if (%s) {", g.simpleCond()))
				g.line(fmt.Sprintf("\t%s ^= tmp[%s];", g.pick(g.sc.uints...), idx))
				g.line("} else {")
				g.line(fmt.Sprintf("\t%s = fmin(%s, tmpf[%s]) + 0.5f;", g.pick(g.sc.floats...), g.pick(g.sc.floats...), idx))
				g.line("}")
			case 1:
				j := g.temp("j")
				g.line(fmt.Sprintf("for (uint %s = 0u; %s < (%s & 3u); %s++)", j, j, g.simpleLeaf(), j))
				g.line(fmt.Sprintf("\t%s += tmp[(%s + %s) %% ls];", g.pick(g.sc.uints...), idx, j))
			case 2:
				f := g.pick(g.sc.floats...)
				g.line(fmt.Sprintf("%s = (%s + tmpf[%s]) * 0.5f;", f, f, idx))
			default:
				g.line(fmt.Sprintf("%s += tmp[%s] * %s;", g.pick(g.sc.uints...), idx, g.uconst()))
			}
		}
	}
	g.line("barrier(CLK_LOCAL_MEM_FENCE);")
}
