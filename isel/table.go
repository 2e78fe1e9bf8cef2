package isel

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"lltosimd/mir"
)

// Ref is an operand reference in a declarative emit template.
type Ref struct {
	kind refKind
	n    int
	reg  mir.Reg
	imm  int64
	lit  mir.Operand
}

type refKind uint8

const (
	refDef  refKind = iota // the root instruction's definition n
	refCap                 // capture n, in pre-order of the match tree's leaves
	refTmp                 // fresh virtual register n of this match
	refPhys                // a physical register
	refImm                 // an immediate
	refLit                 // a literal operand
)

// Def refers to the root instruction's n-th definition.
func Def(n int) Ref { return Ref{kind: refDef, n: n} }

// Cap refers to the n-th captured operand (leaves in pre-order, from 0).
func Cap(n int) Ref { return Ref{kind: refCap, n: n} }

// Tmp refers to a fresh virtual register, the same one for every Tmp(n)
// with the same n within one rule application.
func Tmp(n int) Ref { return Ref{kind: refTmp, n: n} }

// Phys refers to a physical register.
func Phys(r mir.Reg) Ref { return Ref{kind: refPhys, reg: r} }

// Imm is an immediate operand.
func Imm(v int64) Ref { return Ref{kind: refImm, imm: v} }

// Lit is a literal operand (a predicate, a symbol ...).
func Lit(o mir.Operand) Ref { return Ref{kind: refLit, lit: o} }

// Inst is one instruction of an emit template: a target op name and its
// operands in MIR order (definitions first).
type Inst struct {
	Op   string
	Args []Ref
}

// I builds an emit-template instruction.
func I(op string, args ...Ref) Inst { return Inst{Op: op, Args: args} }

// Rule is one selection rule.
type Rule struct {
	Name string
	// Match is the tree matched at the root instruction; Match.Op is the
	// generic op the rule is indexed by.
	Match Pattern
	// Guard names a feature the target must have ("slt"), or lack when
	// prefixed by "!" ("!slt"); empty means always.
	Guard string
	// Priority orders rules of the same root op: higher first, then table order.
	Priority int
	// When, if set, is a condition on the captures that the tree cannot
	// state (two operands are the same register, as in "a < b ? a : b"):
	// a rule whose tree matches but whose When fails is skipped.
	When func(caps []mir.Operand) bool
	// Emit is the declarative replacement; EmitFunc is the escape hatch.
	Emit     []Inst
	EmitFunc func(e *Emitter) error
}

// Root returns the generic op the rule is indexed by.
func (r *Rule) Root() mir.Opcode { return r.Match.Op }

// Table is a target's rule set plus the little the engine must know about
// the target.
type Table struct {
	Arch  *mir.Arch
	Rules []Rule
	// Passthrough lists the generic ops that survive selection (COPY, PHI,
	// IMPLICIT_DEF are handled by later passes).
	Passthrough []mir.Opcode
	// Remat lists producers that are cheap enough to fold into any number of
	// users in any block (constants, frame addresses).
	Remat []mir.Opcode
	// ZeroReg reads as zero; materialized constant 0 uses it (NoReg if none).
	ZeroReg mir.Reg
	// Finish adds a new target instruction's implicit operands.
	Finish func(in *mir.Instr)

	byOp map[mir.Opcode][]*Rule
	ops  map[string]mir.Opcode
}

// Init validates the table and indexes it. It must be called before Select.
func (t *Table) Init() error {
	t.byOp = map[mir.Opcode][]*Rule{}
	t.ops = map[string]mir.Opcode{}
	names := map[string]bool{}
	for i := range t.Rules {
		r := &t.Rules[i]
		if names[r.Name] {
			return fmt.Errorf("isel: duplicate rule name %q", r.Name)
		}
		names[r.Name] = true
		if r.Match.IsLeaf() || !r.Match.Op.IsGeneric() {
			return fmt.Errorf("isel: rule %s: the root must be a generic op", r.Name)
		}
		if (r.Emit == nil) == (r.EmitFunc == nil) {
			return fmt.Errorf("isel: rule %s: exactly one of Emit and EmitFunc must be set", r.Name)
		}
		ncap := countLeaves(r.Match)
		for _, in := range r.Emit {
			op, ok := t.Arch.LookupOp(in.Op)
			if !ok {
				return fmt.Errorf("isel: rule %s: unknown op %q", r.Name, in.Op)
			}
			t.ops[in.Op] = op
			for _, a := range in.Args {
				if a.kind == refCap && a.n >= ncap {
					return fmt.Errorf("isel: rule %s: capture %d out of range (%d leaves)", r.Name, a.n, ncap)
				}
			}
		}
		t.byOp[r.Match.Op] = append(t.byOp[r.Match.Op], r)
	}
	for _, rs := range t.byOp {
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Priority > rs[j].Priority })
	}
	return nil
}

// Lazy returns a function that builds a table on first use, initializes
// it once and returns it (with Init's error) on every call; targets keep
// their table behind it so that rules appended by init functions are in.
func Lazy(build func() *Table) func() (*Table, error) {
	var (
		once sync.Once
		t    *Table
		err  error
	)
	return func() (*Table, error) {
		once.Do(func() {
			t = build()
			err = t.Init()
		})
		return t, err
	}
}

// RulesFor returns the rules of a root op in the order they are tried.
func (t *Table) RulesFor(op mir.Opcode) []*Rule { return t.byOp[op] }

// IsPassthrough reports whether op survives selection unchanged.
func (t *Table) IsPassthrough(op mir.Opcode) bool {
	for _, p := range t.Passthrough {
		if p == op {
			return true
		}
	}
	return false
}

func (t *Table) isRemat(op mir.Opcode) bool {
	for _, p := range t.Remat {
		if p == op {
			return true
		}
	}
	return false
}

func countLeaves(p Pattern) int {
	if p.IsLeaf() {
		return 1
	}
	n := 0
	for _, a := range p.Args {
		n += countLeaves(a)
	}
	return n
}

// Shadowed lists the rules that can never fire because an earlier rule of
// the same root op (in trial order) matches everything they match under a
// guard that is at least as weak.
func (t *Table) Shadowed() []string {
	var out []string
	ops := make([]mir.Opcode, 0, len(t.byOp))
	for op := range t.byOp {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i] < ops[j] })
	for _, op := range ops {
		rs := t.byOp[op]
		for j, b := range rs {
			for _, a := range rs[:j] {
				if (a.Guard == "" || a.Guard == b.Guard) && a.When == nil && covers(a.Match, b.Match) {
					out = append(out, fmt.Sprintf("rule %s %s is shadowed by %s %s", b.Name, b.Match, a.Name, a.Match))
					break
				}
			}
		}
	}
	return out
}

// Coverage counts how often each rule fired; share one across Select calls
// to find rules no test exercises.
type Coverage map[string]int

// Unfired lists the names of the rules of t that never fired, in table order.
func (c Coverage) Unfired(t *Table) []string {
	var out []string
	for _, r := range t.Rules {
		if c[r.Name] == 0 {
			out = append(out, r.Name)
		}
	}
	return out
}

// Report formats the unfired rules, one per line.
func (c Coverage) Report(t *Table) string {
	un := c.Unfired(t)
	if len(un) == 0 {
		return "all rules fired\n"
	}
	return fmt.Sprintf("%d of %d rules never fired:\n  %s\n", len(un), len(t.Rules), strings.Join(un, "\n  "))
}
