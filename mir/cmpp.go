package mir

import (
	"fmt"
	"strings"
)

// CMPP (G_CMPP) is the HPL-PD compare-to-predicate of if-conversion
// (/work/shared/spec/ifconv.md §1.2):
//
//	%p1[, %p2] = G_CMPP "A1[.A2]", cond, a, b[, pred:%g]
//
// compares a and b with cond (r) and writes each destination predicate
// (0 or 1 in a virtual register) according to its action and the guard
// value g (1 when there is no guard). a and b are registers or immediates.

// CmppAction is the action of one CMPP destination.
type CmppAction uint8

// CMPP actions (HPL-PD): unconditional, conditional, wired-OR and
// wired-AND, each in normal and complement form.
const (
	ActUN CmppAction = iota
	ActUC
	ActCN
	ActCC
	ActON
	ActOC
	ActAN
	ActAC
	numActions
)

var actionNames = [numActions]string{"UN", "UC", "CN", "CC", "ON", "OC", "AN", "AC"}

func (a CmppAction) String() string {
	if a < numActions {
		return actionNames[a]
	}
	return fmt.Sprintf("act%d", a)
}

// actionTable is the spec's §1.2 table: the value written for (g, r), or
// -1 when the destination is left unchanged. Index: [action][g*2+r].
var actionTable = [numActions][4]int8{
	ActUN: {0, 0, 0, 1},
	ActUC: {0, 0, 1, 0},
	ActCN: {-1, -1, 0, 1},
	ActCC: {-1, -1, 1, 0},
	ActON: {-1, -1, -1, 1},
	ActOC: {-1, -1, 1, -1},
	ActAN: {-1, -1, 0, -1},
	ActAC: {-1, -1, -1, 0},
}

// Apply returns the new value of a destination predicate whose value was
// old, for guard g and compare result r.
func (a CmppAction) Apply(old, g, r bool) bool {
	i := 0
	if g {
		i += 2
	}
	if r {
		i++
	}
	switch actionTable[a][i] {
	case 0:
		return false
	case 1:
		return true
	}
	return old
}

// IsUnconditional reports whether the action always writes (UN, UC): the
// destination is killed, not read.
func (a CmppAction) IsUnconditional() bool { return a == ActUN || a == ActUC }

// IsOr reports a wired-OR action (ON, OC), whose predicate starts at 0.
func (a CmppAction) IsOr() bool { return a == ActON || a == ActOC }

// IsAnd reports a wired-AND action (AN, AC), whose predicate starts at 1.
func (a CmppAction) IsAnd() bool { return a == ActAN || a == ActAC }

// Complemented reports whether the action uses ¬r.
func (a CmppAction) Complemented() bool { return a == ActUC || a == ActCC || a == ActOC || a == ActAC }

// ParseCmppActions parses a G_CMPP action string ("UN", "UN.UC").
func ParseCmppActions(s string) ([]CmppAction, error) {
	parts := strings.Split(s, ".")
	if len(parts) < 1 || len(parts) > 2 {
		return nil, fmt.Errorf("G_CMPP takes one or two actions, not %q", s)
	}
	var out []CmppAction
	for _, p := range parts {
		found := false
		for i, n := range actionNames {
			if n == p {
				out = append(out, CmppAction(i))
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown G_CMPP action %q (want UN, UC, CN, CC, ON, OC, AN or AC)", p)
		}
	}
	return out, nil
}

// CmppActionString joins actions into a G_CMPP action operand.
func CmppActionString(acts ...CmppAction) string {
	names := make([]string, len(acts))
	for i, a := range acts {
		names[i] = a.String()
	}
	return strings.Join(names, ".")
}

// Eval evaluates the comparison a c b on 32-bit words.
func (c Cond) Eval(a, b uint32) bool {
	switch c {
	case CondEQ:
		return a == b
	case CondNE:
		return a != b
	case CondSLT:
		return int32(a) < int32(b)
	case CondSLE:
		return int32(a) <= int32(b)
	case CondSGT:
		return int32(a) > int32(b)
	case CondSGE:
		return int32(a) >= int32(b)
	case CondULT:
		return a < b
	case CondULE:
		return a <= b
	case CondUGT:
		return a > b
	case CondUGE:
		return a >= b
	}
	panic(fmt.Sprintf("mir: bad condition %d", c))
}

// checkCmpp verifies a G_CMPP's shape: the action string, one action per
// destination, distinct destinations, a condition and two register or
// immediate operands.
func (v *verifier) checkCmpp(b *Block, in *Instr, uses []Operand) {
	var vals []Operand
	for _, o := range uses {
		if o.Kind != KindPred {
			vals = append(vals, o)
		}
	}
	if len(vals) != 4 || vals[0].Kind != KindStr || vals[1].Kind != KindCond {
		v.errorf(b, in, "G_CMPP needs an action string, a condition and two operands")
		return
	}
	for _, o := range vals[2:] {
		if o.Kind != KindReg && o.Kind != KindImm {
			v.errorf(b, in, "G_CMPP compares registers or immediates")
		}
	}
	acts, err := ParseCmppActions(vals[0].Sym)
	if err != nil {
		v.errorf(b, in, "%v", err)
		return
	}
	defs := in.Defs()
	if len(defs) != len(acts) {
		v.errorf(b, in, "G_CMPP has %d destinations but %d actions", len(defs), len(acts))
	}
	if len(defs) == 2 && defs[0].Reg == defs[1].Reg {
		v.errorf(b, in, "G_CMPP writes %s twice", "a predicate")
	}
}
