package llparse

import (
	"math/big"
	"strconv"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
)

// typedConst parses "T C".
func (p *parser) typedConst() constant.Constant {
	return p.constant(p.typ())
}

// constant parses a constant of type t. Every constructor and check is
// llir's, so that the constants are the ones it makes.
func (p *parser) constant(t types.Type) constant.Constant {
	switch p.kind {
	case tInt:
		return p.intConst(t)
	case tFloat:
		ft, ok := t.(*types.FloatType)
		if !ok {
			p.fail("floating-point literal of type %v", t)
		}
		c, err := constant.NewFloatFromString(ft, p.text)
		if err != nil {
			p.fail("%v", err)
		}
		p.next()
		return c
	case tGlobal:
		c, ok := p.globals[globalIdent(p.text)]
		if !ok {
			p.fail("undefined global @%s", p.text)
		}
		p.next()
		return c
	case tCString:
		c := constant.NewCharArray(unescape(p.text[1 : len(p.text)-1]))
		if !t.Equal(c.Typ) {
			p.fail("character array of type %v", t)
		}
		p.next()
		return c
	case tPunct:
		switch p.text {
		case "[":
			at, ok := t.(*types.ArrayType)
			if !ok {
				p.fail("array constant of type %v", t)
			}
			p.next()
			elems := p.constList("]")
			if len(elems) == 0 {
				et := types.NewArray(0, at.ElemType)
				if !t.Equal(et) {
					p.fail("array constant of type %v", t)
				}
				return &constant.Array{Typ: et}
			}
			return constant.NewArray(at, elems...)
		case "{":
			st, ok := t.(*types.StructType)
			if !ok {
				p.fail("struct constant of type %v", t)
			}
			p.next()
			return constant.NewStruct(st, p.constList("}")...)
		case "<":
			p.next()
			if p.accept("{") {
				st, ok := t.(*types.StructType)
				if !ok {
					p.fail("struct constant of type %v", t)
				}
				fields := p.constList("}")
				p.expect(">")
				return constant.NewStruct(st, fields...)
			}
			vt, ok := t.(*types.VectorType)
			if !ok {
				p.fail("vector constant of type %v", t)
			}
			elems := p.constList(">")
			if len(elems) == 0 {
				p.fail("empty vector constant")
			}
			return constant.NewVector(vt, elems...)
		}
	case tWord:
		switch p.text {
		case "true", "false":
			it, ok := t.(*types.IntType)
			if !ok || it.BitSize != 1 {
				p.fail("boolean constant of type %v", t)
			}
			c := constant.NewBool(p.text == "true")
			p.next()
			return c
		case "null":
			pt, ok := t.(*types.PointerType)
			if !ok {
				p.fail("null of type %v", t)
			}
			p.next()
			return constant.NewNull(pt)
		case "none":
			if !t.Equal(types.Token) {
				p.fail("none of type %v", t)
			}
			p.next()
			return constant.None
		case "zeroinitializer":
			p.next()
			return constant.NewZeroInitializer(t)
		case "undef":
			p.next()
			return constant.NewUndef(t)
		case "poison":
			p.next()
			return constant.NewPoison(t)
		case "blockaddress":
			return p.blockAddress(t)
		}
		return p.constExpr(t)
	}
	p.fail("expected a constant, found '%s'", p.text)
	return nil
}

func (p *parser) intConst(t types.Type) constant.Constant {
	it, ok := t.(*types.IntType)
	if !ok {
		p.fail("integer literal of type %v", t)
	}
	var c *constant.Int
	if x, err := strconv.ParseInt(p.text, 10, 64); err == nil {
		c = &constant.Int{Typ: it, X: big.NewInt(x)}
	} else {
		var err error
		if c, err = constant.NewIntFromString(it, p.text); err != nil {
			p.fail("%v", err)
		}
	}
	p.next()
	return c
}

// constList parses "T C, T C ..." up to and including close.
func (p *parser) constList(close string) []constant.Constant {
	var cs []constant.Constant
	if p.accept(close) {
		return nil
	}
	for {
		cs = append(cs, p.typedConst())
		if !p.accept(",") {
			break
		}
	}
	p.expect(close)
	return cs
}

// blockAddress parses "blockaddress(@f, %bb)"; the block is resolved when
// the function's body has been parsed (as llir does).
func (p *parser) blockAddress(t types.Type) constant.Constant {
	p.next()
	p.expect("(")
	if p.kind != tGlobal {
		p.fail("expected a function in blockaddress")
	}
	f, ok := p.globals[globalIdent(p.text)].(*ir.Func)
	if !ok {
		p.fail("blockaddress of a non-function @%s", p.text)
	}
	p.next()
	p.expect(",")
	if p.kind != tLocal {
		p.fail("expected a block in blockaddress")
	}
	c := constant.NewBlockAddress(f, &ir.Block{LocalIdent: localIdent(p.text)})
	p.next()
	p.expect(")")
	if !t.Equal(c.Type()) {
		p.fail("blockaddress of type %v", t)
	}
	p.blockAddrs = append(p.blockAddrs, c)
	return c
}

// constExpr parses a constant expression of type t.
func (p *parser) constExpr(t types.Type) constant.Constant {
	op := p.text
	p.next()
	var c constant.Constant
	var typ types.Type // the expression's type, checked against t
	switch op {
	case "getelementptr":
		inBounds := p.accept("inbounds")
		p.expect("(")
		elem := p.typ()
		p.expect(",")
		src := p.typedConst()
		var idx []constant.Constant
		for p.accept(",") {
			inRange := p.accept("inrange")
			i := constant.NewIndex(p.typedConst())
			i.InRange = inRange
			idx = append(idx, i)
		}
		p.expect(")")
		e := constant.NewGetElementPtr(elem, src, idx...)
		e.InBounds = inBounds
		if !elem.Equal(e.ElemType) {
			p.fail("getelementptr element type mismatch")
		}
		c, typ = e, e.Typ
	case "trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp",
		"ptrtoint", "inttoptr", "bitcast", "addrspacecast":
		p.expect("(")
		from := p.typedConst()
		p.expect("to")
		to := p.typ()
		p.expect(")")
		c, typ = convExpr(op, from, to), to
	case "add", "sub", "mul", "shl":
		flags := p.overflowFlags()
		x, y := p.constPair()
		switch op {
		case "add":
			e := constant.NewAdd(x, y)
			e.OverflowFlags = flags
			c, typ = e, e.Typ
		case "sub":
			e := constant.NewSub(x, y)
			e.OverflowFlags = flags
			c, typ = e, e.Typ
		case "mul":
			e := constant.NewMul(x, y)
			e.OverflowFlags = flags
			c, typ = e, e.Typ
		default:
			e := constant.NewShl(x, y)
			e.OverflowFlags = flags
			c, typ = e, e.Typ
		}
	case "udiv", "sdiv", "lshr", "ashr":
		exact := p.accept("exact")
		x, y := p.constPair()
		switch op {
		case "udiv":
			e := constant.NewUDiv(x, y)
			e.Exact = exact
			c, typ = e, e.Typ
		case "sdiv":
			e := constant.NewSDiv(x, y)
			e.Exact = exact
			c, typ = e, e.Typ
		case "lshr":
			e := constant.NewLShr(x, y)
			e.Exact = exact
			c, typ = e, e.Typ
		default:
			e := constant.NewAShr(x, y)
			e.Exact = exact
			c, typ = e, e.Typ
		}
	case "urem", "srem", "and", "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem":
		x, y := p.constPair()
		switch op {
		case "urem":
			e := constant.NewURem(x, y)
			c, typ = e, e.Typ
		case "srem":
			e := constant.NewSRem(x, y)
			c, typ = e, e.Typ
		case "and":
			e := constant.NewAnd(x, y)
			c, typ = e, e.Typ
		case "or":
			e := constant.NewOr(x, y)
			c, typ = e, e.Typ
		case "xor":
			e := constant.NewXor(x, y)
			c, typ = e, e.Typ
		case "fadd":
			e := constant.NewFAdd(x, y)
			c, typ = e, e.Typ
		case "fsub":
			e := constant.NewFSub(x, y)
			c, typ = e, e.Typ
		case "fmul":
			e := constant.NewFMul(x, y)
			c, typ = e, e.Typ
		case "fdiv":
			e := constant.NewFDiv(x, y)
			c, typ = e, e.Typ
		default:
			e := constant.NewFRem(x, y)
			c, typ = e, e.Typ
		}
	case "fneg":
		p.expect("(")
		e := constant.NewFNeg(p.typedConst())
		p.expect(")")
		c, typ = e, e.Typ
	case "icmp", "fcmp":
		preds := ipreds
		if op == "fcmp" {
			preds = fpreds
		}
		v, ok := preds[p.text]
		if !ok || p.kind != tWord {
			p.fail("unknown %s predicate '%s'", op, p.text)
		}
		p.next()
		x, y := p.constPair()
		if op == "icmp" {
			e := constant.NewICmp(enum.IPred(v), x, y)
			c, typ = e, e.Typ
		} else {
			e := constant.NewFCmp(enum.FPred(v), x, y)
			c, typ = e, e.Typ
		}
	case "select":
		p.expect("(")
		cond := p.typedConst()
		p.expect(",")
		a := p.typedConst()
		p.expect(",")
		b := p.typedConst()
		p.expect(")")
		e := constant.NewSelect(cond, a, b)
		c, typ = e, e.Typ
	default:
		p.fail("unsupported constant '%s'", op)
	}
	if !t.Equal(typ) {
		p.fail("constant expression of type %v used as %v", typ, t)
	}
	return c
}

func (p *parser) constPair() (constant.Constant, constant.Constant) {
	p.expect("(")
	x := p.typedConst()
	p.expect(",")
	y := p.typedConst()
	p.expect(")")
	return x, y
}

func (p *parser) overflowFlags() []enum.OverflowFlag {
	var flags []enum.OverflowFlag
	for p.kind == tWord {
		v, ok := overflows[p.text]
		if !ok {
			break
		}
		flags = append(flags, enum.OverflowFlag(v))
		p.next()
	}
	return flags
}

func convExpr(op string, from constant.Constant, to types.Type) constant.Constant {
	switch op {
	case "trunc":
		return constant.NewTrunc(from, to)
	case "zext":
		return constant.NewZExt(from, to)
	case "sext":
		return constant.NewSExt(from, to)
	case "fptrunc":
		return constant.NewFPTrunc(from, to)
	case "fpext":
		return constant.NewFPExt(from, to)
	case "fptoui":
		return constant.NewFPToUI(from, to)
	case "fptosi":
		return constant.NewFPToSI(from, to)
	case "uitofp":
		return constant.NewUIToFP(from, to)
	case "sitofp":
		return constant.NewSIToFP(from, to)
	case "ptrtoint":
		return constant.NewPtrToInt(from, to)
	case "inttoptr":
		return constant.NewIntToPtr(from, to)
	case "bitcast":
		return constant.NewBitCast(from, to)
	}
	return constant.NewAddrSpaceCast(from, to)
}

// --- metadata ---

// mdTuple returns the (possibly not yet defined) tuple !id.
func (p *parser) mdTuple(id int64) *metadata.Tuple {
	t, ok := p.mdDefs[id]
	if !ok {
		if p.frozen {
			p.fail("undefined metadata !%d", id)
		}
		t = &metadata.Tuple{MetadataID: metadata.MetadataID(id)}
		p.mdDefs[id] = t
	}
	return t
}

func (p *parser) mdID() *metadata.Tuple {
	id, err := strconv.ParseInt(p.text, 10, 64)
	if err != nil {
		p.fail("bad metadata ID !%s", p.text)
	}
	p.next()
	return p.mdTuple(id)
}

// attachment parses "!name !N" or "!name !{...}".
func (p *parser) attachment() *metadata.Attachment {
	a := &metadata.Attachment{Name: string(unescape(p.text))}
	p.next()
	switch {
	case p.kind == tMetaID:
		a.Node = p.mdID()
	case p.is("!"):
		p.next()
		a.Node = p.mdTupleLit(nil)
	default:
		p.fail("unsupported metadata attachment '%s'", p.text)
	}
	return a
}

// mdTupleLit parses "{ fields }" into t, or a new tuple without an ID.
func (p *parser) mdTupleLit(t *metadata.Tuple) *metadata.Tuple {
	if t == nil {
		t = &metadata.Tuple{MetadataID: -1}
	}
	p.expect("{")
	if p.accept("}") {
		return t
	}
	for {
		t.Fields = append(t.Fields, p.mdField())
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
	return t
}

func (p *parser) mdField() metadata.Field {
	switch {
	case p.kind == tWord && p.text == "null":
		p.next()
		return metadata.Null
	case p.kind == tMetaID:
		return p.mdID()
	case p.is("!"):
		p.next()
		if p.kind == tString {
			return &metadata.String{Value: p.str()}
		}
		return p.mdTupleLit(nil)
	case p.kind == tMetaName:
		p.fail("unsupported metadata node !%s", p.text)
	}
	return p.typedConst()
}

// metadataDef parses "!N = [distinct] !{...}" or "!name = !{!N, ...}".
func (p *parser) metadataDef() {
	if p.kind == tMetaName {
		name := string(unescape(p.text))
		p.next()
		p.expect("=")
		p.expect("!")
		p.expect("{")
		def, ok := p.m.NamedMetadataDefs[name]
		if !ok {
			def = &metadata.NamedDef{Name: name}
			p.m.NamedMetadataDefs[name] = def
		}
		if !p.accept("}") {
			for {
				if p.kind != tMetaID {
					p.fail("unsupported named metadata operand '%s'", p.text)
				}
				def.Nodes = append(def.Nodes, p.mdID())
				if !p.accept(",") {
					break
				}
			}
			p.expect("}")
		}
		return
	}
	id, err := strconv.ParseInt(p.text, 10, 64)
	if err != nil {
		p.fail("bad metadata ID !%s", p.text)
	}
	p.next()
	p.expect("=")
	distinct := p.accept("distinct")
	if p.mdDefined == nil {
		p.mdDefined = map[int64]bool{}
	}
	if p.mdDefined[id] {
		p.fail("metadata !%d defined twice", id)
	}
	p.mdDefined[id] = true
	if !p.is("!") {
		p.fail("unsupported metadata '%s'", p.text)
	}
	p.next()
	t := p.mdTuple(id)
	t.Distinct = distinct
	p.mdTupleLit(t)
}
