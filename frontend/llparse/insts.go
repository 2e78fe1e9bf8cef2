package llparse

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// fn is the state of one function body's parse.
type fn struct {
	f      *ir.Func
	ids    []value.Value // numbered locals and blocks by ID
	names  map[string]value.Value
	nextID int64
	// Blocks named by a branch before their label, and values used before
	// their definition (phi operands of back edges, or blocks laid out
	// after their users): resolved at the end of the body.
	pending int
	fwd     []*fwdRef
}

// fwdRef stands for a local used before its definition.
type fwdRef struct {
	ident ir.LocalIdent
	typ   types.Type
}

func (r *fwdRef) String() string   { return r.typ.String() + " " + r.ident.Ident() }
func (r *fwdRef) Type() types.Type { return r.typ }
func (r *fwdRef) Ident() string    { return r.ident.Ident() }

func (s *fn) lookup(id ir.LocalIdent) value.Value {
	if id.LocalName == "" {
		if id.LocalID < int64(len(s.ids)) {
			return s.ids[id.LocalID]
		}
		return nil
	}
	return s.names[id.LocalName]
}

func (s *fn) set(id ir.LocalIdent, v value.Value) {
	if id.LocalName == "" {
		for int64(len(s.ids)) <= id.LocalID {
			s.ids = append(s.ids, nil)
		}
		s.ids[id.LocalID] = v
		return
	}
	if s.names == nil {
		s.names = map[string]value.Value{}
	}
	s.names[id.LocalName] = v
}

// pendingBlock marks blocks created by a use before their label.
type pendingBlock struct{ *ir.Block }

// define gives the next local its identifier: an explicit number must be
// the next ID (as LLVM requires), an unnamed value takes it.
func (p *parser) define(s *fn, text string, hasName bool) ir.LocalIdent {
	var id ir.LocalIdent
	if hasName {
		id = localIdent(text)
	}
	if id.LocalName == "" {
		if hasName && id.LocalID != s.nextID {
			p.fail("local %%%d out of sequence (expected %%%d)", id.LocalID, s.nextID)
		}
		id.LocalID = s.nextID
		s.nextID++
	}
	return id
}

func (p *parser) addLocal(s *fn, id ir.LocalIdent, v value.Value) {
	if old := s.lookup(id); old != nil {
		p.fail("local %s defined twice", id.Ident())
	}
	s.set(id, v)
}

// block returns the block named text, creating it when it is not defined
// yet.
func (p *parser) block(s *fn, text string) *ir.Block {
	id := localIdent(text)
	switch v := s.lookup(id).(type) {
	case *ir.Block:
		return v
	case nil:
		b := &ir.Block{LocalIdent: id, Parent: s.f}
		s.set(id, pendingBlock{b})
		s.pending++
		return b
	case pendingBlock:
		return v.Block
	}
	p.fail("%%%s is not a block", text)
	return nil
}

func (p *parser) label(s *fn) *ir.Block {
	p.expect("label")
	if p.kind != tLocal {
		p.fail("expected a block, found '%s'", p.text)
	}
	b := p.block(s, p.text)
	p.next()
	return b
}

// value parses a value of type t.
func (p *parser) value(s *fn, t types.Type) value.Value {
	switch p.kind {
	case tLocal:
		id := localIdent(p.text)
		p.next()
		switch v := s.lookup(id).(type) {
		case nil:
			r := &fwdRef{ident: id, typ: t}
			s.fwd = append(s.fwd, r)
			return r
		case pendingBlock:
			return v.Block
		default:
			return v
		}
	case tWord:
		if p.text == "asm" {
			return p.inlineAsm(t)
		}
	}
	return p.constant(t)
}

func (p *parser) typedValue(s *fn) value.Value {
	return p.value(s, p.typ())
}

func (p *parser) inlineAsm(t types.Type) value.Value {
	p.next()
	var side, align, intel bool
	for p.kind == tWord {
		switch p.text {
		case "sideeffect":
			side = true
		case "alignstack":
			align = true
		case "inteldialect":
			intel = true
		case "unwind":
			p.fail("unsupported inline asm 'unwind'")
		default:
			p.fail("unknown inline asm flag '%s'", p.text)
		}
		p.next()
	}
	text := p.str()
	p.expect(",")
	v := ir.NewInlineAsm(t, text, p.str())
	v.SideEffect, v.AlignStack, v.IntelDialect = side, align, intel
	return v
}

// body parses a function body from its '{' to its '}' at offset end.
func (p *parser) body(f *ir.Func, end int) {
	s := &fn{f: f}
	for _, param := range f.Params {
		if param.LocalName == "" {
			if param.LocalID != 0 && param.LocalID != s.nextID {
				// llir keeps an explicit parameter number out of sequence
				// only when it is 0: leave such a text to it.
				p.fail("parameter %%%d out of sequence", param.LocalID)
			}
			param.LocalID = s.nextID
			s.nextID++
		}
		p.addLocal(s, param.LocalIdent, param)
	}
	p.expect("{")
	for !p.is("}") {
		var b *ir.Block
		if p.kind == tLabel {
			id := p.define(s, p.text, true)
			if pb, ok := s.lookup(id).(pendingBlock); ok {
				b = pb.Block
				s.pending--
				s.set(id, b)
			} else {
				b = &ir.Block{LocalIdent: id, Parent: f}
				p.addLocal(s, id, b)
			}
			p.next()
		} else {
			id := p.define(s, "", false)
			b = &ir.Block{LocalIdent: id, Parent: f}
			p.addLocal(s, id, b)
		}
		f.Blocks = append(f.Blocks, b)
		for b.Term == nil {
			p.inst(s, b)
		}
	}
	if p.start != end {
		p.fail("the body of @%s ends before its last line", f.Name())
	}
	if len(f.Blocks) == 0 {
		p.fail("function @%s without blocks", f.Name())
	}
	if s.pending > 0 {
		p.fail("branch to an undefined block in @%s", f.Name())
	}
	if len(s.fwd) > 0 {
		p.resolveFwd(s)
	}
	p.next() // '}'
}

// resolveFwd replaces the forward references of a body by their values.
func (p *parser) resolveFwd(s *fn) {
	for _, r := range s.fwd {
		v := s.lookup(r.ident)
		if v == nil {
			p.fail("undefined local %s in @%s", r.ident.Ident(), s.f.Name())
		}
		if _, ok := v.(*ir.Block); ok || !v.Type().Equal(r.typ) {
			p.fail("local %s used with type %v but defined as %v", r.ident.Ident(), r.typ, v.Type())
		}
	}
	fix := func(op *value.Value) {
		switch v := (*op).(type) {
		case *fwdRef:
			*op = s.lookup(v.ident)
		case *ir.Arg:
			if r, ok := v.Value.(*fwdRef); ok {
				v.Value = s.lookup(r.ident)
			}
		}
	}
	for _, b := range s.f.Blocks {
		for _, inst := range b.Insts {
			for _, op := range inst.(value.User).Operands() {
				fix(op)
			}
		}
		for _, op := range b.Term.(value.User).Operands() {
			fix(op)
		}
	}
}

// named is an instruction with a result name.
type named interface {
	SetName(string)
	SetID(int64)
}

// inst parses one instruction (or the terminator) into b.
// binaryFlags are the flags a binary instruction may carry.
type binaryFlags struct {
	ovf   []enum.OverflowFlag
	exact bool
	fmf   []enum.FastMathFlag
}

// binaryInst is a binary instruction: an instruction and its result.
type binaryInst interface {
	ir.Instruction
	value.Value
}

// binaryOps are the binary instructions ("op [flags] ty x, y"): which
// flags follow the opcode ('o' nuw/nsw, 'e' exact, 'f' fast-math, 0 none)
// and how to build the instruction.
var binaryOps = map[string]struct {
	flags byte
	make  func(x, y value.Value, t types.Type, f binaryFlags) binaryInst
}{
	"add": {'o', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstAdd{X: x, Y: y, Typ: t, OverflowFlags: f.ovf}
	}},
	"sub": {'o', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstSub{X: x, Y: y, Typ: t, OverflowFlags: f.ovf}
	}},
	"mul": {'o', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstMul{X: x, Y: y, Typ: t, OverflowFlags: f.ovf}
	}},
	"shl": {'o', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstShl{X: x, Y: y, Typ: t, OverflowFlags: f.ovf}
	}},
	"udiv": {'e', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstUDiv{X: x, Y: y, Typ: t, Exact: f.exact}
	}},
	"sdiv": {'e', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstSDiv{X: x, Y: y, Typ: t, Exact: f.exact}
	}},
	"lshr": {'e', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstLShr{X: x, Y: y, Typ: t, Exact: f.exact}
	}},
	"ashr": {'e', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstAShr{X: x, Y: y, Typ: t, Exact: f.exact}
	}},
	"urem": {0, func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstURem{X: x, Y: y, Typ: t}
	}},
	"srem": {0, func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstSRem{X: x, Y: y, Typ: t}
	}},
	"and": {0, func(x, y value.Value, t types.Type, f binaryFlags) binaryInst { return &ir.InstAnd{X: x, Y: y, Typ: t} }},
	"or":  {0, func(x, y value.Value, t types.Type, f binaryFlags) binaryInst { return &ir.InstOr{X: x, Y: y, Typ: t} }},
	"xor": {0, func(x, y value.Value, t types.Type, f binaryFlags) binaryInst { return &ir.InstXor{X: x, Y: y, Typ: t} }},
	"fadd": {'f', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstFAdd{X: x, Y: y, Typ: t, FastMathFlags: f.fmf}
	}},
	"fsub": {'f', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstFSub{X: x, Y: y, Typ: t, FastMathFlags: f.fmf}
	}},
	"fmul": {'f', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstFMul{X: x, Y: y, Typ: t, FastMathFlags: f.fmf}
	}},
	"fdiv": {'f', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstFDiv{X: x, Y: y, Typ: t, FastMathFlags: f.fmf}
	}},
	"frem": {'f', func(x, y value.Value, t types.Type, f binaryFlags) binaryInst {
		return &ir.InstFRem{X: x, Y: y, Typ: t, FastMathFlags: f.fmf}
	}},
}

// binaryOperands reads "ty x, y" of a binary instruction or compare: the
// second operand has the first one's type.
func (p *parser) binaryOperands(s *fn) (types.Type, value.Value, value.Value) {
	typ := p.typ()
	x := p.value(s, typ)
	p.expect(",")
	return typ, x, p.value(s, x.Type())
}

func (p *parser) inst(s *fn, b *ir.Block) {
	hasName := false
	var name string
	if p.kind == tLocal {
		hasName, name = true, p.text
		p.next()
		p.expect("=")
	}
	if p.kind != tWord {
		p.fail("expected an instruction, found '%s'", p.text)
	}
	op := p.text
	p.next()
	var inst ir.Instruction
	var v value.Value // the result, for a named instruction
	switch op {
	case "ret":
		t := &ir.TermRet{}
		typ := p.typ()
		if !typ.Equal(types.Void) {
			t.X = p.value(s, typ)
		}
		t.Metadata = p.attachments()
		p.term(b, t, hasName)
		return
	case "br":
		if p.is("label") {
			t := &ir.TermBr{Target: p.label(s)}
			t.Metadata = p.attachments()
			p.term(b, t, hasName)
			return
		}
		t := &ir.TermCondBr{}
		t.Cond = p.value(s, p.typ())
		p.expect(",")
		t.TargetTrue = p.label(s)
		p.expect(",")
		t.TargetFalse = p.label(s)
		t.Metadata = p.attachments()
		p.term(b, t, hasName)
		return
	case "switch":
		t := &ir.TermSwitch{}
		t.X = p.typedValue(s)
		p.expect(",")
		t.TargetDefault = p.label(s)
		p.expect("[")
		for !p.is("]") {
			x := p.typedConst()
			p.expect(",")
			t.Cases = append(t.Cases, ir.NewCase(x, p.label(s)))
		}
		p.next()
		t.Metadata = p.attachments()
		p.term(b, t, hasName)
		return
	case "indirectbr":
		t := &ir.TermIndirectBr{}
		t.Addr = p.typedValue(s)
		p.expect(",")
		p.expect("[")
		for !p.is("]") {
			t.ValidTargets = append(t.ValidTargets, p.label(s))
			if !p.accept(",") {
				break
			}
		}
		p.expect("]")
		t.Metadata = p.attachments()
		p.term(b, t, hasName)
		return
	case "unreachable":
		t := &ir.TermUnreachable{}
		t.Metadata = p.attachments()
		p.term(b, t, hasName)
		return

	case "fneg":
		fmf := p.fastMathFlags()
		typ := p.typ()
		i := &ir.InstFNeg{X: p.value(s, typ), Typ: typ, FastMathFlags: fmf}
		inst, v = i, i

	case "icmp":
		pred, ok := ipreds[p.text]
		if !ok || p.kind != tWord {
			p.fail("unknown icmp predicate '%s'", p.text)
		}
		p.next()
		typ, x, y := p.binaryOperands(s)
		i := &ir.InstICmp{Pred: enum.IPred(pred), X: x, Y: y, Typ: p.cmpType(typ, false)}
		inst, v = i, i
	case "fcmp":
		fmf := p.fastMathFlags()
		pred, ok := fpreds[p.text]
		if !ok || p.kind != tWord {
			p.fail("unknown fcmp predicate '%s'", p.text)
		}
		p.next()
		typ, x, y := p.binaryOperands(s)
		i := &ir.InstFCmp{Pred: enum.FPred(pred), X: x, Y: y, Typ: p.cmpType(typ, true), FastMathFlags: fmf}
		inst, v = i, i
	case "phi":
		fmf := p.fastMathFlags()
		typ := p.typ()
		i := &ir.InstPhi{Typ: typ, FastMathFlags: fmf}
		for {
			p.expect("[")
			x := p.value(s, typ)
			p.expect(",")
			if p.kind != tLocal {
				p.fail("expected a block, found '%s'", p.text)
			}
			pred := p.block(s, p.text)
			p.next()
			p.expect("]")
			i.Incs = append(i.Incs, ir.NewIncoming(x, pred))
			if !p.is(",") || p.peekIs(tMetaName) {
				break
			}
			p.next()
		}
		inst, v = i, i
	case "select":
		fmf := p.fastMathFlags()
		cond := p.typedValue(s)
		p.expect(",")
		typ := p.typ()
		a := p.value(s, typ)
		p.expect(",")
		bv := p.typedValue(s)
		i := &ir.InstSelect{Cond: cond, ValueTrue: a, ValueFalse: bv, Typ: typ, FastMathFlags: fmf}
		inst, v = i, i
	case "freeze":
		typ := p.typ()
		i := &ir.InstFreeze{X: p.value(s, typ), Typ: typ}
		p.addInst(s, b, i, i, hasName, name)
		return // llir reads no metadata of freeze
	case "tail", "musttail", "notail", "call":
		inst, v = p.call(s, op)
	case "va_arg":
		list := p.typedValue(s)
		p.expect(",")
		i := &ir.InstVAArg{ArgList: list, ArgType: p.typ()}
		inst, v = i, i

	case "alloca":
		i := &ir.InstAlloca{}
		i.InAlloca = p.accept("inalloca")
		i.SwiftError = p.accept("swifterror")
		i.ElemType = p.typ()
		i.Type() // llir caches the type before reading the address space
		for p.is(",") && !p.peekIs(tMetaName) {
			p.next()
			switch {
			case p.accept("align"):
				i.Align = ir.Align(p.uint())
			case p.accept("addrspace"):
				p.expect("(")
				i.AddrSpace = types.AddrSpace(p.uint())
				p.expect(")")
			default:
				if i.NElems != nil || i.Align != 0 {
					p.fail("unexpected '%s' in alloca", p.text)
				}
				i.NElems = p.typedValue(s)
			}
		}
		inst, v = i, i
	case "load":
		i := &ir.InstLoad{}
		i.Atomic = p.accept("atomic")
		i.Volatile = p.accept("volatile")
		i.ElemType = p.typ()
		p.expect(",")
		i.Src = p.typedValue(s)
		if i.Atomic {
			i.SyncScope = p.syncScope()
			i.Ordering = p.ordering()
		}
		if p.is(",") && !p.peekIs(tMetaName) {
			p.next()
			p.expect("align")
			i.Align = ir.Align(p.uint())
		}
		inst, v = i, i
	case "store":
		i := &ir.InstStore{}
		i.Atomic = p.accept("atomic")
		i.Volatile = p.accept("volatile")
		i.Src = p.typedValue(s)
		p.expect(",")
		i.Dst = p.typedValue(s)
		if i.Atomic {
			i.SyncScope = p.syncScope()
			i.Ordering = p.ordering()
		}
		if p.is(",") && !p.peekIs(tMetaName) {
			p.next()
			p.expect("align")
			i.Align = ir.Align(p.uint())
		}
		inst = i
	case "fence":
		i := &ir.InstFence{}
		i.SyncScope = p.syncScope()
		i.Ordering = p.ordering()
		inst = i
	case "cmpxchg":
		i := &ir.InstCmpXchg{}
		i.Weak = p.accept("weak")
		i.Volatile = p.accept("volatile")
		i.Ptr = p.typedValue(s)
		p.expect(",")
		i.Cmp = p.typedValue(s)
		p.expect(",")
		newType := p.typ()
		i.New = p.value(s, newType)
		i.SyncScope = p.syncScope()
		i.SuccessOrdering = p.ordering()
		i.FailureOrdering = p.ordering()
		// llir's result type (its choice of i8 for the flag kept as is).
		i.Typ = types.NewStruct(newType, types.I8)
		p.skipAlign()
		inst, v = i, i
	case "atomicrmw":
		i := &ir.InstAtomicRMW{}
		i.Volatile = p.accept("volatile")
		aop, ok := atomicOps[p.text]
		if !ok || p.kind != tWord {
			p.fail("unknown atomicrmw operation '%s'", p.text)
		}
		i.Op = enum.AtomicOp(aop)
		p.next()
		dstType := p.typ()
		pt, ok := dstType.(*types.PointerType)
		if !ok {
			p.fail("atomicrmw of a non-pointer")
		}
		i.Dst = p.value(s, dstType)
		p.expect(",")
		i.X = p.typedValue(s)
		i.SyncScope = p.syncScope()
		i.Ordering = p.ordering()
		i.Typ = pt.ElemType
		p.skipAlign()
		inst, v = i, i
	case "getelementptr":
		i := &ir.InstGetElementPtr{}
		i.InBounds = p.accept("inbounds")
		i.ElemType = p.typ()
		p.expect(",")
		srcType := p.typ()
		i.Src = p.value(s, srcType)
		var idx []gepIndex
		for p.is(",") && !p.peekIs(tMetaName) {
			p.next()
			t := p.typ()
			x := p.value(s, t)
			i.Indices = append(i.Indices, x)
			idx = append(idx, p.gepIndexOf(x, t))
		}
		i.Typ = p.gepType(i.ElemType, srcType, idx)
		inst, v = i, i
	case "trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp",
		"ptrtoint", "inttoptr", "bitcast", "addrspacecast":
		from := p.typedValue(s)
		p.expect("to")
		to := p.typ()
		i := convInst(op, from, to)
		inst, v = i, i.(value.Value)
	case "extractvalue":
		typ := p.typ()
		x := p.value(s, typ)
		idx := p.indices()
		i := &ir.InstExtractValue{X: x, Indices: idx, Typ: p.aggregateElem(typ, idx)}
		inst, v = i, i
	case "insertvalue":
		typ := p.typ()
		x := p.value(s, typ)
		p.expect(",")
		elem := p.typedValue(s)
		i := &ir.InstInsertValue{X: x, Elem: elem, Indices: p.indices(), Typ: typ}
		inst, v = i, i
	case "extractelement":
		typ := p.typ()
		vt, ok := typ.(*types.VectorType)
		if !ok {
			p.fail("extractelement of a non-vector")
		}
		x := p.value(s, typ)
		p.expect(",")
		i := &ir.InstExtractElement{X: x, Index: p.typedValue(s), Typ: vt.ElemType}
		inst, v = i, i
	case "insertelement":
		typ := p.typ()
		vt, ok := typ.(*types.VectorType)
		if !ok {
			p.fail("insertelement of a non-vector")
		}
		x := p.value(s, typ)
		p.expect(",")
		elem := p.typedValue(s)
		p.expect(",")
		i := &ir.InstInsertElement{X: x, Elem: elem, Index: p.typedValue(s), Typ: vt}
		inst, v = i, i
	case "shufflevector":
		typ := p.typ()
		vt, ok := typ.(*types.VectorType)
		if !ok {
			p.fail("shufflevector of a non-vector")
		}
		x := p.value(s, typ)
		p.expect(",")
		y := p.typedValue(s)
		p.expect(",")
		mt := p.typ()
		mvt, ok := mt.(*types.VectorType)
		if !ok {
			p.fail("shufflevector mask of a non-vector type")
		}
		i := &ir.InstShuffleVector{X: x, Y: y, Mask: p.value(s, mt), Typ: types.NewVector(mvt.Len, vt.ElemType)}
		inst, v = i, i
	default:
		bo, ok := binaryOps[op]
		if !ok {
			p.fail("unsupported instruction '%s'", op)
		}
		var f binaryFlags
		switch bo.flags {
		case 'o':
			f.ovf = p.overflowFlags()
		case 'e':
			f.exact = p.accept("exact")
		case 'f':
			f.fmf = p.fastMathFlags()
		}
		typ, x, y := p.binaryOperands(s)
		i := bo.make(x, y, typ, f)
		inst, v = i, i
	}
	p.setMetadata(inst)
	p.addInst(s, b, inst, v, hasName, name)
}

// addInst appends inst to b and names its result v (nil for store and
// fence).
func (p *parser) addInst(s *fn, b *ir.Block, inst ir.Instruction, v value.Value, hasName bool, name string) {
	b.Insts = append(b.Insts, inst)
	if v == nil || v.Type().Equal(types.Void) {
		if hasName {
			p.fail("name of a value-less instruction")
		}
		return
	}
	id := p.define(s, name, hasName)
	n := inst.(named)
	if id.LocalName != "" {
		n.SetName(id.LocalName)
	} else {
		n.SetID(id.LocalID)
	}
	p.addLocal(s, id, v)
}

func (p *parser) term(b *ir.Block, t ir.Terminator, hasName bool) {
	if hasName {
		p.fail("named terminator")
	}
	b.Term = t
}

// setMetadata parses the metadata attachments of an instruction.
func (p *parser) setMetadata(inst ir.Instruction) {
	if md := p.attachments(); md != nil {
		mdSetter(inst, md, p)
	}
}

func (p *parser) attachments() ir.Metadata {
	var md ir.Metadata
	for p.is(",") {
		p.next()
		if p.kind != tMetaName {
			p.fail("expected a metadata attachment, found '%s'", p.text)
		}
		md = append(md, p.attachment())
	}
	return md
}

func (p *parser) skipAlign() {
	if p.is(",") && !p.peekIs(tMetaName) {
		p.next()
		p.expect("align")
		p.uint()
	}
}

func (p *parser) syncScope() string {
	if !p.accept("syncscope") {
		return ""
	}
	p.expect("(")
	s := p.str()
	p.expect(")")
	return s
}

func (p *parser) ordering() enum.AtomicOrdering {
	v, ok := orderings[p.text]
	if !ok || p.kind != tWord {
		p.fail("expected an atomic ordering, found '%s'", p.text)
	}
	p.next()
	return enum.AtomicOrdering(v)
}

func (p *parser) fastMathFlags() []enum.FastMathFlag {
	var flags []enum.FastMathFlag
	for p.kind == tWord {
		v, ok := fastMath[p.text]
		if !ok {
			break
		}
		flags = append(flags, enum.FastMathFlag(v))
		p.next()
	}
	return flags
}

func (p *parser) cmpType(t types.Type, float bool) types.Type {
	switch t := t.(type) {
	case *types.IntType, *types.PointerType:
		if !float {
			return types.I1
		}
	case *types.FloatType:
		if float {
			return types.I1
		}
	case *types.VectorType:
		return types.NewVector(t.Len, types.I1)
	}
	p.fail("comparison of %v", t)
	return nil
}

// indices parses ", N, N ..." of extractvalue and insertvalue.
func (p *parser) indices() []uint64 {
	var idx []uint64
	for p.is(",") && !p.peekIs(tMetaName) {
		p.next()
		idx = append(idx, p.uint())
	}
	if len(idx) == 0 {
		p.fail("expected indices")
	}
	return idx
}

func (p *parser) aggregateElem(t types.Type, idx []uint64) types.Type {
	for _, i := range idx {
		switch at := t.(type) {
		case *types.ArrayType:
			t = at.ElemType
		case *types.StructType:
			if i >= uint64(len(at.Fields)) {
				p.fail("index %d out of %v", i, t)
			}
			t = at.Fields[i]
		default:
			p.fail("index into %v", t)
		}
	}
	return t
}

// gepIndex is what the result type of a getelementptr depends on: the
// value of a constant index, and the length of a vector index.
type gepIndex struct {
	hasVal bool
	val    int64
	vecLen uint64
}

// gepIndexOf follows llir's reading of an index in the instruction form.
func (p *parser) gepIndexOf(x value.Value, t types.Type) gepIndex {
	switch c := x.(type) {
	case *constant.Int:
		return gepIndex{hasVal: true, val: c.X.Int64()}
	case *constant.ZeroInitializer:
		return gepIndex{hasVal: true}
	case *constant.Vector:
		var val int64
		for i, e := range c.Elems {
			ci, ok := e.(*constant.Int)
			if !ok {
				p.fail("getelementptr vector index of %T", e)
			}
			if i == 0 {
				val = ci.X.Int64()
			} else if ci.X.Int64() != val {
				return gepIndex{vecLen: uint64(len(c.Elems))}
			}
		}
		return gepIndex{hasVal: true, val: val, vecLen: uint64(len(c.Elems))}
	case *constant.ExprPtrToInt, *constant.Undef, *constant.Poison:
		return gepIndex{}
	case constant.Constant:
		p.fail("getelementptr index %T", x)
	}
	if vt, ok := t.(*types.VectorType); ok {
		return gepIndex{vecLen: vt.Len}
	}
	return gepIndex{}
}

// gepType is the result type of a getelementptr instruction.
func (p *parser) gepType(elem, src types.Type, idx []gepIndex) types.Type {
	var as types.AddrSpace
	var vecLen uint64
	switch st := src.(type) {
	case *types.PointerType:
		as = st.AddrSpace
	case *types.VectorType:
		pt, ok := st.ElemType.(*types.PointerType)
		if !ok {
			p.fail("getelementptr on %v", src)
		}
		as, vecLen = pt.AddrSpace, st.Len
	default:
		p.fail("getelementptr on %v", src)
	}
	e := elem
	for i, x := range idx {
		if x.vecLen != 0 {
			if vecLen != 0 && x.vecLen != vecLen {
				p.fail("getelementptr vector lengths differ")
			}
			vecLen = x.vecLen
		}
		if i == 0 {
			continue
		}
		switch et := e.(type) {
		case *types.ArrayType:
			e = et.ElemType
		case *types.VectorType:
			e = et.ElemType
		case *types.StructType:
			if !x.hasVal || x.val < 0 || x.val >= int64(len(et.Fields)) {
				p.fail("getelementptr struct index")
			}
			e = et.Fields[x.val]
		default:
			p.fail("getelementptr into %v", e)
		}
	}
	var t types.Type
	if as == 0 {
		t = p.ptr(e)
	} else {
		t = &types.PointerType{ElemType: e, AddrSpace: as}
	}
	if vecLen != 0 {
		return types.NewVector(vecLen, t)
	}
	return t
}

func convInst(op string, from value.Value, to types.Type) ir.Instruction {
	switch op {
	case "trunc":
		return &ir.InstTrunc{From: from, To: to}
	case "zext":
		return &ir.InstZExt{From: from, To: to}
	case "sext":
		return &ir.InstSExt{From: from, To: to}
	case "fptrunc":
		return &ir.InstFPTrunc{From: from, To: to}
	case "fpext":
		return &ir.InstFPExt{From: from, To: to}
	case "fptoui":
		return &ir.InstFPToUI{From: from, To: to}
	case "fptosi":
		return &ir.InstFPToSI{From: from, To: to}
	case "uitofp":
		return &ir.InstUIToFP{From: from, To: to}
	case "sitofp":
		return &ir.InstSIToFP{From: from, To: to}
	case "ptrtoint":
		return &ir.InstPtrToInt{From: from, To: to}
	case "inttoptr":
		return &ir.InstIntToPtr{From: from, To: to}
	case "bitcast":
		return &ir.InstBitCast{From: from, To: to}
	}
	return &ir.InstAddrSpaceCast{From: from, To: to}
}

// call parses a call instruction after its first word (a tail marker or
// "call").
func (p *parser) call(s *fn, first string) (ir.Instruction, value.Value) {
	i := &ir.InstCall{}
	if first != "call" {
		v, ok := tails[first]
		if !ok {
			p.fail("unknown tail marker '%s'", first)
		}
		i.Tail = enum.Tail(v)
		p.expect("call")
	}
	i.FastMathFlags = p.fastMathFlags()
	if cc, ok := p.callingConv(); ok {
		i.CallingConv = cc
	}
	i.ReturnAttrs = p.returnAttrs()
	if p.accept("addrspace") {
		p.expect("(")
		i.AddrSpace = types.AddrSpace(p.uint())
		p.expect(")")
	}
	typ := p.typ()
	// The callee comes before the arguments in the text but llir types it
	// from them: parse it after them.
	calleeAt := p.lexer
	switch p.kind {
	case tLocal, tGlobal:
		p.next()
	case tWord:
		if p.accept("asm") {
			for p.kind == tWord {
				p.next()
			}
			p.str()
			p.expect(",")
			p.str()
			break
		}
		for p.kind == tWord {
			p.next()
		}
		p.skipParens()
	default:
		p.fail("unsupported callee '%s'", p.text)
	}
	if !p.is("(") {
		p.fail("expected the arguments of a call, found '%s'", p.text)
	}
	p.next()
	for !p.is(")") {
		t := p.typ()
		if t.Equal(types.Metadata) {
			p.fail("unsupported metadata argument")
		}
		attrs := p.paramAttrs()
		x := p.value(s, t)
		if len(attrs) > 0 {
			x = &ir.Arg{Attrs: attrs, Value: x}
		}
		i.Args = append(i.Args, x)
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	after := p.lexer
	sig, ok := typ.(*types.FuncType)
	if ok {
		i.Typ = sig.RetType
	} else {
		i.Typ = typ
		var params []types.Type
		if len(i.Args) > 0 {
			params = make([]types.Type, len(i.Args))
			for k, a := range i.Args {
				params[k] = a.Type()
			}
		}
		sig = types.NewFunc(typ, params...)
	}
	p.lexer = calleeAt
	i.Callee = p.value(s, p.ptr(sig))
	if !p.is("(") {
		p.fail("unexpected '%s' after the callee", p.text)
	}
	p.lexer = after
	for {
		switch {
		case p.kind == tAttrID || p.kind == tString:
			i.FuncAttrs = append(i.FuncAttrs, p.funcAttr(false))
			continue
		case p.kind == tWord:
			if _, ok := funcAttrs[p.text]; ok || isFuncAttrFunc(p.text) {
				i.FuncAttrs = append(i.FuncAttrs, p.funcAttr(false))
				continue
			}
		}
		break
	}
	if p.accept("[") {
		i.OperandBundles = p.operandBundles(s)
	}
	return i, i
}

// operandBundles reads a call's operand bundles after their '[' up to the
// ']': tag "(" typed values ")" separated by commas (clang emits
// llvm.assume's "align" bundle for __builtin_assume_aligned at -O0).
func (p *parser) operandBundles(s *fn) []*ir.OperandBundle {
	var bs []*ir.OperandBundle
	for {
		b := &ir.OperandBundle{Tag: p.str()}
		p.expect("(")
		for !p.is(")") {
			b.Inputs = append(b.Inputs, p.typedValue(s))
			if !p.accept(",") {
				break
			}
		}
		p.expect(")")
		bs = append(bs, b)
		if !p.accept(",") {
			break
		}
	}
	p.expect("]")
	return bs
}

// mdSetter stores metadata attachments in an instruction's Metadata field.
func mdSetter(inst ir.Instruction, md ir.Metadata, p *parser) {
	switch i := inst.(type) {
	case *ir.InstAdd:
		i.Metadata = md
	case *ir.InstSub:
		i.Metadata = md
	case *ir.InstMul:
		i.Metadata = md
	case *ir.InstShl:
		i.Metadata = md
	case *ir.InstUDiv:
		i.Metadata = md
	case *ir.InstSDiv:
		i.Metadata = md
	case *ir.InstLShr:
		i.Metadata = md
	case *ir.InstAShr:
		i.Metadata = md
	case *ir.InstURem:
		i.Metadata = md
	case *ir.InstSRem:
		i.Metadata = md
	case *ir.InstAnd:
		i.Metadata = md
	case *ir.InstOr:
		i.Metadata = md
	case *ir.InstXor:
		i.Metadata = md
	case *ir.InstFAdd:
		i.Metadata = md
	case *ir.InstFSub:
		i.Metadata = md
	case *ir.InstFMul:
		i.Metadata = md
	case *ir.InstFDiv:
		i.Metadata = md
	case *ir.InstFRem:
		i.Metadata = md
	case *ir.InstFNeg:
		i.Metadata = md
	case *ir.InstICmp:
		i.Metadata = md
	case *ir.InstFCmp:
		i.Metadata = md
	case *ir.InstPhi:
		i.Metadata = md
	case *ir.InstSelect:
		i.Metadata = md
	case *ir.InstCall:
		i.Metadata = md
	case *ir.InstVAArg:
		i.Metadata = md
	case *ir.InstAlloca:
		i.Metadata = md
	case *ir.InstLoad:
		i.Metadata = md
	case *ir.InstStore:
		i.Metadata = md
	case *ir.InstFence:
		i.Metadata = md
	case *ir.InstCmpXchg:
		i.Metadata = md
	case *ir.InstAtomicRMW:
		i.Metadata = md
	case *ir.InstGetElementPtr:
		i.Metadata = md
	case *ir.InstTrunc:
		i.Metadata = md
	case *ir.InstZExt:
		i.Metadata = md
	case *ir.InstSExt:
		i.Metadata = md
	case *ir.InstFPTrunc:
		i.Metadata = md
	case *ir.InstFPExt:
		i.Metadata = md
	case *ir.InstFPToUI:
		i.Metadata = md
	case *ir.InstFPToSI:
		i.Metadata = md
	case *ir.InstUIToFP:
		i.Metadata = md
	case *ir.InstSIToFP:
		i.Metadata = md
	case *ir.InstPtrToInt:
		i.Metadata = md
	case *ir.InstIntToPtr:
		i.Metadata = md
	case *ir.InstBitCast:
		i.Metadata = md
	case *ir.InstAddrSpaceCast:
		i.Metadata = md
	case *ir.InstExtractValue:
		i.Metadata = md
	case *ir.InstInsertValue:
		i.Metadata = md
	case *ir.InstExtractElement:
		i.Metadata = md
	case *ir.InstInsertElement:
		i.Metadata = md
	case *ir.InstShuffleVector:
		i.Metadata = md
	default:
		p.fail("metadata on %T", inst)
	}
}

// skipParens moves past a parenthesized token sequence.
func (p *parser) skipParens() {
	p.expect("(")
	for depth := 1; depth > 0; p.next() {
		switch {
		case p.kind == tEOF:
			p.fail("unbalanced parentheses")
		case p.is("("):
			depth++
		case p.is(")"):
			depth--
		}
	}
}
