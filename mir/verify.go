package mir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Verify checks f's structural invariants and the invariants its Props
// promise, and returns every violation found (nil if none). It never
// panics on malformed input. The checks:
//
//   - operands: explicit def and use counts match the OpDesc (-1 = any;
//     a guard operand is not counted), explicit defs are registers, no
//     explicit def follows a use, implicit operands are registers (or the
//     blocks/jump tables an indirect branch may reach), every
//     register, vreg class, block, frame object, jump table and condition
//     named exists, generic ops have the operand kinds docs/generic-mir.md
//     gives them, tied defs name an existing register use (and the same
//     register once PropNoVRegs holds);
//   - blocks: Preds/Succs agree with the branches, terminators come last
//     (one delay-slot instruction may follow a delayed conditional branch;
//     nothing follows a barrier), the last block does not fall off the end;
//   - PHIs: only at block starts, (value, block) pairs with one entry per
//     predecessor, and none once PropNoPHIs holds;
//   - PropSSA: every vreg has exactly one definition and each use is
//     dominated by it (a PHI use by the end of its incoming block); uses
//     in unreachable blocks and undef uses are not checked;
//   - PropNoVRegs: no virtual registers; PropSelected: no generic ops but
//     COPY, PHI, IMPLICIT_DEF, INLINEASM, G_UNREACHABLE and
//     G_LOAD32/G_STORE32 on a frame object; PropFrameLowered: no
//     frame-object operands;
//   - generic loads and stores of a frame object are naturally aligned by
//     the object's alignment;
//   - bundles: only with PropBundled, not nested; a VLIW packet has at
//     least two members and a transfer of control only as its last;
//   - then, if all of that passed, the target's Arch.Verify hook.
func Verify(f *Func) []error {
	v := &verifier{f: f, arch: f.Arch}
	if v.arch == nil {
		return []error{fmt.Errorf("%s: no arch", f.Name)}
	}
	v.run()
	if v.arch.Verify != nil && len(v.errs) == 0 {
		v.errs = append(v.errs, v.arch.Verify(f)...)
	}
	return v.errs
}

type verifier struct {
	f      *Func
	arch   *Arch
	errs   []error
	inFunc map[*Block]bool
	cfgOK  bool
}

func (v *verifier) errorf(b *Block, in *Instr, format string, args ...any) {
	var sb strings.Builder
	sb.WriteString(v.f.Name)
	if b != nil {
		sb.WriteString(": ")
		p := printer{}
		p.setFunc(v.f)
		p.blockRef(b)
		sb.Write(p.buf)
	}
	if in != nil {
		sb.WriteString(": `")
		sb.WriteString(FormatInstr(v.f, in))
		sb.WriteString("`")
	}
	sb.WriteString(": ")
	fmt.Fprintf(&sb, format, args...)
	v.errs = append(v.errs, fmt.Errorf("%s", sb.String()))
}

// desc returns op's description, or nil for an unknown opcode.
func (v *verifier) desc(op Opcode) *OpDesc {
	if op < FirstTargetOp {
		return &genericOps[op]
	}
	if i := int(op - FirstTargetOp); i < len(v.arch.Ops) {
		return &v.arch.Ops[i]
	}
	return nil
}

func (v *verifier) run() {
	f := v.f
	if len(f.Blocks) == 0 {
		v.errorf(nil, nil, "function has no blocks")
		return
	}
	v.inFunc = make(map[*Block]bool, len(f.Blocks))
	ids := map[int]bool{}
	for _, b := range f.Blocks {
		if b == nil {
			v.errorf(nil, nil, "nil block in layout")
			return
		}
		if v.inFunc[b] {
			v.errorf(b, nil, "block appears twice in the layout")
		}
		if ids[b.ID] {
			v.errorf(b, nil, "duplicate block ID %d", b.ID)
		}
		if b.Func != f {
			v.errorf(b, nil, "block belongs to another function")
		}
		v.inFunc[b], ids[b.ID] = true, true
	}
	for i, c := range f.VRegClass {
		if int(c) >= len(v.arch.Classes) {
			v.errorf(nil, nil, "%%%d has unknown register class %d", i, c)
		}
	}
	for i, o := range f.Frame {
		if o.Size < 0 {
			v.errorf(nil, nil, "fi#%d has negative size", i)
		}
	}
	for i, jt := range f.JumpTables {
		for _, b := range jt {
			if !v.inFunc[b] {
				v.errorf(nil, nil, "jt#%d names a block outside the function", i)
			}
		}
	}
	for b, sym := range f.BlockSyms {
		if !v.inFunc[b] {
			v.errorf(nil, nil, "block-syms: %s names a block outside the function (a pass deleted a block whose address is taken)", sym)
		}
	}
	bundles := false
	for bi, b := range f.Blocks {
		for ii, in := range b.Instrs {
			if in == nil {
				v.errorf(b, nil, "nil instruction")
				return
			}
			if in.Op == GArgs && (bi != 0 || ii != 0) {
				// Call lowering binds the incoming registers there.
				v.errorf(b, in, "G_ARGS must be the first instruction of the entry block")
			}
			v.instr(b, in)
			for _, m := range in.Bundle {
				bundles = true
				if m == nil {
					v.errorf(b, in, "nil bundle member")
					return
				}
				if len(m.Bundle) > 0 && (in.Packet || !m.Packet) {
					v.errorf(b, in, "nested bundle")
				}
				v.instr(b, m)
				if len(m.Bundle) > 0 && !in.Packet && m.Packet {
					// A packet in a delay slot: one level only.
					for _, mm := range m.Bundle {
						if mm == nil || len(mm.Bundle) > 0 {
							v.errorf(b, in, "nested bundle")
							return
						}
						v.instr(b, mm)
					}
					v.packet(b, m)
				}
			}
			if in.Packet {
				v.packet(b, in)
			}
		}
	}
	if bundles && f.Props&PropBundled == 0 {
		v.errorf(nil, nil, "bundles present but PropBundled not set")
	}
	if len(v.errs) > 0 {
		return // the block and SSA checks below assume sane operands
	}
	v.blocks()
	if f.Props&PropSSA != 0 && v.cfgOK {
		v.ssa()
	}
}

// kindSet is a set of operand kinds.
type kindSet uint16

const (
	kReg   = kindSet(1 << KindReg)
	kImm   = kindSet(1 << KindImm)
	kBlock = kindSet(1 << KindBlock)
	kSym   = kindSet(1 << KindSym)
	kFrame = kindSet(1 << KindFrame)
	kCond  = kindSet(1 << KindCond)
	kJT    = kindSet(1 << KindJT)
)

var kindNames = [...]string{"register", "immediate", "block", "symbol", "frame object", "condition", "predicate", "jump table"}

func (s kindSet) String() string {
	var names []string
	for k, n := range kindNames {
		if s&(1<<k) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, " or ")
}

// genericUseKinds gives the operand kinds of each fixed-arity generic op's
// uses (docs/generic-mir.md). Variadic ops are checked in genericShape.
var genericUseKinds = [FirstTargetOp][]kindSet{
	GCopy:         {kReg},
	GConst:        {kImm},
	GGlobalAddr:   {kSym},
	GFrameAddr:    {kFrame},
	GBlockAddr:    {kBlock},
	GJTAddr:       {kJT},
	GAdd:          {kReg, kReg},
	GSub:          {kReg, kReg},
	GMul:          {kReg, kReg},
	GUMulH:        {kReg, kReg},
	GSMulH:        {kReg, kReg},
	GSDiv:         {kReg, kReg},
	GUDiv:         {kReg, kReg},
	GSRem:         {kReg, kReg},
	GURem:         {kReg, kReg},
	GAnd:          {kReg, kReg},
	GOr:           {kReg, kReg},
	GXor:          {kReg, kReg},
	GShl:          {kReg, kReg},
	GLShr:         {kReg, kReg},
	GAShr:         {kReg, kReg},
	GRotl:         {kReg, kReg},
	GRotr:         {kReg, kReg},
	GCtlz:         {kReg},
	GSExtInReg:    {kReg, kImm},
	GICmp:         {kCond, kReg, kReg},
	GSelect:       {kReg, kReg, kReg},
	GLoad32:       {kReg | kFrame, kImm},
	GLoad16S:      {kReg | kFrame, kImm},
	GLoad16U:      {kReg | kFrame, kImm},
	GLoad8S:       {kReg | kFrame, kImm},
	GLoad8U:       {kReg | kFrame, kImm},
	GStore32:      {kReg, kReg | kFrame, kImm},
	GStore16:      {kReg, kReg | kFrame, kImm},
	GStore8:       {kReg, kReg | kFrame, kImm},
	GBr:           {kBlock},
	GBrCond:       {kReg, kBlock},
	GBrJT:         {kReg, kJT},
	GBrIndirect:   {kReg},
	GStackRestore: {kReg},
	GDynAlloca:    {kReg, kImm},
	GFence:        {kImm},

	// Vector ops (docs/generic-mir.md, Vectors).
	GExtractVectorElt: {kReg, kReg | kImm},
	GInsertVectorElt:  {kReg, kReg, kReg | kImm},
	GVLoad:            {kReg | kFrame, kImm, kImm},
	GVLoadStrided:     {kReg | kFrame, kImm, kImm, kImm},
	GVStore:           {kReg, kReg | kFrame, kImm, kImm},

	// Wide integers in memory (mir/wideint.go).
	GLoad:  {kReg | kFrame, kImm, kImm, kImm},
	GStore: {kReg, kReg | kFrame, kImm, kImm, kImm},

	// The register allocator's spill code of wide classes.
	GSpill:  {kReg, kFrame, kImm},
	GReload: {kFrame, kImm},
}

// instr checks one instruction's operands against its description.
func (v *verifier) instr(b *Block, in *Instr) {
	f := v.f
	d := v.desc(in.Op)
	if d == nil || in.Op == GInvalid {
		v.errorf(b, in, "unknown opcode %d", in.Op)
		return
	}
	if why := checkMem(f, in); why != "" {
		v.errorf(b, in, "%s", why)
	}
	nd := in.NumDefs()
	uses := in.Uses()
	explicitUses := 0
	for _, o := range uses {
		if o.Kind != KindPred && o.Flags&FlagImplicit == 0 {
			explicitUses++
		}
	}
	if d.NumDefs >= 0 && nd != d.NumDefs {
		v.errorf(b, in, "%s has %d explicit defs, want %d", d.Name, nd, d.NumDefs)
	}
	if d.NumUses >= 0 && (explicitUses < d.NumUses || explicitUses > d.NumUses+d.OptionalUses) {
		want := strconv.Itoa(d.NumUses)
		if d.OptionalUses > 0 {
			want = fmt.Sprintf("%d to %d", d.NumUses, d.NumUses+d.OptionalUses)
		}
		v.errorf(b, in, "%s has %d explicit uses, want %s", d.Name, explicitUses, want)
	}
	for i := nd; i < nd+len(uses); i++ {
		switch fl := in.Ops[i].Flags; {
		case fl&FlagImplicit != 0:
			v.errorf(b, in, "operand %d: implicit operand before explicit ones", i)
		case fl&FlagDef != 0:
			v.errorf(b, in, "operand %d: explicit def after the uses start", i)
		}
	}
	for i := nd + len(uses); i < len(in.Ops); i++ {
		// Implicit jump tables and blocks list the possible targets of an
		// indirect branch for the CFG.
		if k := in.Ops[i].Kind; k != KindReg && k != KindJT && k != KindBlock {
			v.errorf(b, in, "operand %d: implicit operand is not a register, block or jump table", i)
		}
	}
	for i := range in.Ops {
		v.operand(b, in, i)
	}
	for di, ui := range d.Tied {
		if di >= nd || ui >= len(uses) || uses[ui].Kind != KindReg {
			v.errorf(b, in, "tied operand: def %d / use %d missing or not a register", di, ui)
			continue
		}
		if f.Props&PropNoVRegs != 0 && in.Ops[di].Reg != uses[ui].Reg {
			v.errorf(b, in, "tied def %d and use %d are different registers", di, ui)
		}
	}
	if in.Op == GInlineAsm {
		v.inlineAsm(b, in)
	}
	if in.Op == GCmpp {
		v.checkCmpp(b, in, uses)
	}
	if in.Op < FirstTargetOp && (d.NumDefs < 0 || nd == d.NumDefs) && (d.NumUses < 0 || explicitUses == d.NumUses) {
		v.genericShape(b, in, uses)
		v.frameAccessAlign(b, in, uses)
		if f.HasVectors() || in.Op >= GBuildVector && in.Op <= GVStore {
			if err := verifyVector(f, in); err != nil {
				v.errorf(b, in, "%v", err)
			}
		}
		if f.HasWideInts() || in.Op >= GMergeValues && in.Op <= GStore {
			if err := verifyWide(f, in); err != nil {
				v.errorf(b, in, "%v", err)
			}
		}
	}
	if f.Props&PropSelected != 0 && in.Op < FirstTargetOp && !allowedAfterSelection(in, uses) {
		v.errorf(b, in, "generic op %s after instruction selection", d.Name)
	}
}

// inlineAsm checks an INLINEASM's operand descriptors and, after
// register allocation, that tied operands got one register.
func (v *verifier) inlineAsm(b *Block, in *Instr) {
	pairs, err := TiedOperands(v.arch, in)
	if err != nil {
		v.errorf(b, in, "%v", err)
		return
	}
	for _, p := range pairs {
		if v.f.Props&PropNoVRegs != 0 && in.Ops[p[0]].Reg != in.Ops[p[1]].Reg {
			v.errorf(b, in, "tied operands %d and %d are different registers", p[0], p[1])
		}
	}
}

// allowedAfterSelection reports whether a generic instruction may remain
// after selection: copies, phis, undefined values, the barrier that ends
// unreachable code, and the frame loads and stores the register allocator
// inserts for spills.
func allowedAfterSelection(in *Instr, uses []Operand) bool {
	switch in.Op {
	case GCopy, GPhi, GImplicitDef, GInlineAsm, GUnreachable:
		return true
	case GLoad32:
		return len(uses) > 0 && uses[0].Kind == KindFrame
	case GStore32:
		return len(uses) > 1 && uses[1].Kind == KindFrame
	case GSpill: // the allocator's spill code of wide classes (tuples)
		return len(uses) > 1 && uses[1].Kind == KindFrame
	case GReload:
		return len(uses) > 0 && uses[0].Kind == KindFrame
	}
	return false
}

// accessWidth gives the width of each generic load and store and the use
// index of its base operand.
var accessWidth = map[Opcode]struct{ width, base int64 }{
	GLoad32: {4, 0}, GLoad16S: {2, 0}, GLoad16U: {2, 0}, GLoad8S: {1, 0}, GLoad8U: {1, 0},
	GStore32: {4, 1}, GStore16: {2, 1}, GStore8: {1, 1},
}

// frameAccessAlign checks that a generic load or store of a frame object is
// naturally aligned by what the object's alignment guarantees: accesses
// are naturally aligned (docs/generic-mir.md), and an object aligned less
// than its accesses assume would fault at run time.
func (v *verifier) frameAccessAlign(b *Block, in *Instr, uses []Operand) {
	w, ok := accessWidth[in.Op]
	if !ok || int64(len(uses)) <= w.base+1 {
		return
	}
	base, off := uses[w.base], uses[w.base+1]
	if base.Kind != KindFrame || off.Kind != KindImm || base.Imm < 0 || base.Imm >= int64(len(v.f.Frame)) {
		return
	}
	a := max(v.f.Frame[base.Imm].Align, 1)
	for at := base.Off + off.Imm; a > 1 && at%a != 0; {
		a /= 2
	}
	if a < w.width {
		v.errorf(b, in, "%d-byte access to fi#%d%+d, which is only %d-byte aligned", w.width, base.Imm, base.Off+off.Imm, a)
	}
}

// genericShape checks the operand kinds of a generic op's uses.
func (v *verifier) genericShape(b *Block, in *Instr, uses []Operand) {
	var vals []Operand // the uses without a guard
	for _, o := range uses {
		if o.Kind != KindPred && o.Flags&FlagImplicit == 0 {
			vals = append(vals, o)
		}
	}
	want := func(i int, s kindSet) {
		if i < len(vals) && s&(1<<vals[i].Kind) == 0 {
			v.errorf(b, in, "use %d must be a %s", i, s)
		}
	}
	switch in.Op {
	case GPhi:
		if len(vals)%2 != 0 {
			v.errorf(b, in, "PHI needs (value, block) pairs")
			return
		}
		for i := 0; i < len(vals); i += 2 {
			want(i, kReg|kImm)
			want(i+1, kBlock)
		}
	case GSwitch:
		v.switchShape(b, in, vals)
	case GArgs:
		for i := range vals {
			want(i, kImm)
		}
	case GCall:
		if len(vals) == 0 {
			v.errorf(b, in, "G_CALL needs a callee")
			return
		}
		want(0, kSym|kReg)
		for i := 1; i < len(vals); {
			if vals[i].Kind != KindImm {
				v.errorf(b, in, "use %d must be an argument descriptor", i)
				return
			}
			n := ArgDesc(vals[i].Imm).Words()
			for j := i + 1; j <= i+n; j++ {
				if j >= len(vals) {
					v.errorf(b, in, "argument descriptor at use %d announces %d words, found %d", i, n, j-i-1)
					return
				}
				want(j, kReg)
			}
			i += n + 1
		}
	case GRet:
		for i := range vals {
			want(i, kReg)
		}
	case GAtomicCmpXchg:
		v.atomicShape(b, in, vals, 2*(in.NumDefs()-1))
	default:
		if IsAtomicRMW(in.Op) {
			v.atomicShape(b, in, vals, in.NumDefs())
			return
		}
		for i, s := range genericUseKinds[in.Op] {
			if i == 1 && isWideShift(v.f, in) {
				s |= kImm // a constant amount of a wide shift
			}
			want(i, s)
		}
	}
}

// atomicShape checks an atomic op: base, offset, size and byte order, then nvals
// value words (the definitions' count for G_ATOMICRMW_*, twice the old
// value's for G_ATOMIC_CMPXCHG), the size holding the words.
func (v *verifier) atomicShape(b *Block, in *Instr, vals []Operand, nvals int) {
	if nvals <= 0 || len(vals) != 4+nvals { // a G_ATOMIC_CMPXCHG without defs gives nvals < 0
		v.errorf(b, in, "needs base, offset, size, byte order and %d value words, has %d uses", nvals, len(vals))
		return
	}
	for i, s := range []kindSet{kReg | kFrame, kImm, kImm, kImm} {
		if s&(1<<vals[i].Kind) == 0 {
			v.errorf(b, in, "use %d must be a %s", i, s)
		}
	}
	for i := 4; i < len(vals); i++ {
		if vals[i].Kind != KindReg {
			v.errorf(b, in, "use %d must be a register", i)
		}
	}
	words := nvals
	if in.Op == GAtomicCmpXchg {
		words /= 2
	}
	size := vals[2].Imm
	if size != 1 && size != 2 && (size < 4 || size%4 != 0 || int64(words) > size/4) || size < 4 && words != 1 {
		v.errorf(b, in, "size %d cannot hold %d words", size, words)
	}
}

// switchShape checks a G_SWITCH: value register, default block, then
// (case value, block) pairs with distinct values that fit 32 signed bits.
func (v *verifier) switchShape(b *Block, in *Instr, vals []Operand) {
	if len(vals) < 2 || len(vals)%2 != 0 {
		v.errorf(b, in, "G_SWITCH needs a value, a default block and (case, block) pairs")
		return
	}
	if vals[0].Kind != KindReg {
		v.errorf(b, in, "use 0 must be a register")
	}
	seen := map[int64]bool{}
	for i := 1; i < len(vals); i += 2 {
		if vals[i].Kind != KindBlock {
			v.errorf(b, in, "use %d must be a block", i)
		}
		if i == 1 {
			continue
		}
		c := vals[i-1]
		switch {
		case c.Kind != KindImm:
			v.errorf(b, in, "use %d must be an immediate case value", i-1)
		case c.Imm < math.MinInt32 || c.Imm > math.MaxInt32:
			v.errorf(b, in, "case value %d does not fit 32 signed bits", c.Imm)
		case seen[c.Imm]:
			v.errorf(b, in, "duplicate case value %d", c.Imm)
		}
		seen[c.Imm] = true
	}
}

// operand checks that what operand i names exists.
func (v *verifier) operand(b *Block, in *Instr, i int) {
	f := v.f
	o := &in.Ops[i]
	checkReg := func(r Reg) {
		switch {
		case r.IsVirtual():
			if r.VirtIndex() >= f.NumVRegs() {
				v.errorf(b, in, "operand %d: %%%d does not exist", i, r.VirtIndex())
			} else if f.Props&PropNoVRegs != 0 {
				v.errorf(b, in, "operand %d: virtual register after register allocation", i)
			}
		case r.IsPhys() && int(r) >= len(v.arch.Regs):
			v.errorf(b, in, "operand %d: unknown physical register %d", i, r)
		}
	}
	switch o.Kind {
	case KindReg:
		checkReg(o.Reg)
		if o.Reg == NoReg && o.Flags&FlagDef != 0 {
			v.errorf(b, in, "operand %d: def of noreg", i)
		}
	case KindPred:
		if o.Reg == NoReg {
			v.errorf(b, in, "operand %d: guard without a register", i)
		}
		checkReg(o.Reg)
	case KindImm, KindSym, KindStr:
	case KindBlock:
		if !v.inFunc[o.Block] {
			v.errorf(b, in, "operand %d: block is not in the function", i)
		}
	case KindFrame:
		if o.Imm < 0 || o.Imm >= int64(len(f.Frame)) {
			v.errorf(b, in, "operand %d: fi#%d does not exist", i, o.Imm)
		} else if f.Props&PropFrameLowered != 0 {
			v.errorf(b, in, "operand %d: frame index after frame lowering", i)
		}
	case KindJT:
		if o.Imm < 0 || o.Imm >= int64(len(f.JumpTables)) {
			v.errorf(b, in, "operand %d: jt#%d does not exist", i, o.Imm)
		}
	case KindCond:
		if o.Cond >= numConds {
			v.errorf(b, in, "operand %d: bad condition %d", i, o.Cond)
		}
	default:
		v.errorf(b, in, "operand %d: unknown kind %d", i, o.Kind)
	}
}

// succsOf computes b's successors from its branches as RecomputeCFG does.
func (v *verifier) succsOf(i int, b *Block) []*Block {
	var out []*Block
	add := func(s *Block) {
		if !hasBlock(out, s) {
			out = append(out, s)
		}
	}
	for _, in := range b.Instrs {
		for _, m := range in.Flatten() {
			d := v.desc(m.Op)
			for _, o := range m.Ops {
				switch {
				case o.Kind == KindBlock && d.Flags&(FlagBranch|FlagTerminator) != 0:
					add(o.Block)
				case o.Kind == KindJT:
					for _, t := range v.f.JumpTables[o.Imm] {
						add(t)
					}
				}
			}
		}
	}
	if FallsThrough(b) && i+1 < len(v.f.Blocks) {
		add(v.f.Blocks[i+1])
	}
	return out
}

func sameBlockSet(a, b []*Block) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !hasBlock(b, x) {
			return false
		}
	}
	return true
}

// blocks checks the CFG, terminator placement and PHIs.
func (v *verifier) blocks() {
	f := v.f
	v.cfgOK = true
	for i, b := range f.Blocks {
		if want := v.succsOf(i, b); !sameBlockSet(want, b.Succs) {
			v.errorf(b, nil, "Succs %s disagree with the branches (%s): RecomputeCFG needed", blockList(f, b.Succs), blockList(f, want))
			v.cfgOK = false
		}
		if hasBlock(b.Preds, nil) || hasBlock(b.Succs, nil) {
			v.errorf(b, nil, "nil block in Preds or Succs")
			v.cfgOK = false
			continue
		}
		for _, p := range b.Preds {
			if !hasBlock(p.Succs, b) {
				v.errorf(b, nil, "pred bb%d does not list it as a successor", p.ID)
				v.cfgOK = false
			}
		}
		for _, s := range b.Succs {
			if !hasBlock(s.Preds, b) {
				v.errorf(b, nil, "succ bb%d does not list it as a predecessor", s.ID)
				v.cfgOK = false
			}
		}
		if i == len(f.Blocks)-1 && FallsThrough(b) {
			v.errorf(b, nil, "the last block falls off the end of the function")
		}
		v.terminators(b)
		v.phis(b)
	}
}

func blockList(f *Func, bs []*Block) string {
	p := printer{}
	p.setFunc(f)
	p.byte('[')
	for i, b := range bs {
		if i > 0 {
			p.str(", ")
		}
		p.blockRef(b)
	}
	p.byte(']')
	return string(p.buf)
}

// terminators checks that nothing follows an unpredicated barrier (a
// delay-slot filler must be bundled with it, as RecomputeCFG assumes) and
// that only terminators follow the first terminator, except for one
// delay-slot instruction after a delayed conditional branch.
func (v *verifier) terminators(b *Block) {
	seenTerm, slotFree, barrier := false, false, false
	for _, in := range b.Instrs {
		ctl := in.Control()
		d := v.desc(ctl.Op)
		isTerm := d.Flags&FlagTerminator != 0
		switch {
		case barrier:
			v.errorf(b, in, "instruction after an unconditional transfer (bundle delay-slot fillers with it)")
		case seenTerm && !isTerm && !slotFree:
			v.errorf(b, in, "non-terminator after a terminator")
		}
		slotFree = isTerm && d.Flags&FlagHasDelaySlot != 0 && len(in.Bundle) == 0
		if isTerm {
			seenTerm = true
			barrier = barrier || d.Flags&FlagBarrier != 0 && ctl.Pred() == nil
		}
	}
}

// packet checks a VLIW packet's shape: at least two members, and a
// transfer of control only as the last member (mir.Instr).
func (v *verifier) packet(b *Block, in *Instr) {
	if len(in.Bundle) == 0 {
		v.errorf(b, in, "packet with a single instruction")
		return
	}
	ms := in.Flatten()
	for _, m := range ms[:len(ms)-1] {
		if d := v.desc(m.Op); d != nil && d.Flags&ControlFlags != 0 {
			v.errorf(b, in, "%s is not the last instruction of its packet", v.arch.OpName(m.Op))
		}
	}
}

// phis checks PHI placement and incoming entries.
func (v *verifier) phis(b *Block) {
	f := v.f
	leading := true
	for _, in := range b.Instrs {
		if in.Op != GPhi {
			leading = false
			continue
		}
		if f.Props&PropNoPHIs != 0 {
			v.errorf(b, in, "PHI after phi elimination")
		}
		if !leading {
			v.errorf(b, in, "PHI after a non-PHI instruction")
		}
		uses := in.Uses()
		if len(uses)%2 != 0 || !v.cfgOK {
			continue
		}
		seen := map[*Block]bool{}
		for i := 1; i < len(uses); i += 2 {
			p := uses[i].Block
			switch {
			case seen[p]:
				v.errorf(b, in, "two entries for bb%d", p.ID)
			case !hasBlock(b.Preds, p):
				v.errorf(b, in, "entry for bb%d, which is not a predecessor", p.ID)
			}
			seen[p] = true
		}
		for _, p := range b.Preds {
			if !seen[p] {
				v.errorf(b, in, "no entry for predecessor bb%d", p.ID)
			}
		}
	}
}

// defSite is where a virtual register is defined.
type defSite struct {
	b   *Block
	pos int // index of the top-level instruction in b
	n   int // number of definitions
}

// ssa checks single definitions and dominance of uses.
func (v *verifier) ssa() {
	f := v.f
	defs := make([]defSite, f.NumVRegs())
	for _, b := range f.Blocks {
		for pos, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					if o.IsDef() && o.Reg.IsVirtual() {
						d := &defs[o.Reg.VirtIndex()]
						d.n++
						if d.n == 1 {
							d.b, d.pos = b, pos
						} else if d.n == 2 {
							v.errorf(b, m, "%%%d has more than one definition", o.Reg.VirtIndex())
						}
					}
				}
			}
		}
	}
	dom := ComputeDominators(f)
	for _, b := range f.Blocks {
		if !dom.Contains(b) {
			continue
		}
		for pos, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for i, o := range m.Ops {
					if !o.IsUse() || !o.Reg.IsVirtual() || o.Flags&FlagUndef != 0 {
						continue
					}
					d := defs[o.Reg.VirtIndex()]
					if d.n == 0 {
						v.errorf(b, m, "%%%d is used but never defined", o.Reg.VirtIndex())
						continue
					}
					if m.Op == GPhi {
						// The value must be available at the end of the
						// incoming block named by the next operand.
						if i+1 < len(m.Ops) && m.Ops[i+1].Kind == KindBlock {
							p := m.Ops[i+1].Block
							if dom.Contains(p) && !dom.Dominates(d.b, p) {
								v.errorf(b, m, "%%%d does not dominate the end of incoming bb%d", o.Reg.VirtIndex(), p.ID)
							}
						}
						continue
					}
					if d.b == b && d.pos >= pos || d.b != b && !dom.Dominates(d.b, b) {
						v.errorf(b, m, "%%%d is used before its definition or not dominated by it", o.Reg.VirtIndex())
					}
				}
			}
		}
	}
}
