package llparse

import (
	"strconv"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
)

var floatKinds = enumNames(func(i int) string { return types.FloatKind(i).String() })

// typ parses a type.
func (p *parser) typ() types.Type {
	var t types.Type
	switch p.kind {
	case tWord:
		w := p.text
		switch {
		case w == "void":
			t = types.Void
		case w == "label":
			t = types.Label
		case w == "metadata":
			t = types.Metadata
		case w == "token":
			t = types.Token
		case w == "x86_mmx":
			t = types.MMX
		case len(w) > 1 && w[0] == 'i' && isNumber(w[1:]):
			n, err := strconv.ParseUint(w[1:], 10, 64)
			if err != nil || n == 0 || n > 1<<23 {
				p.fail("bad integer type '%s'", w)
			}
			t = p.intType(n)
		default:
			k, ok := floatKinds[w]
			if !ok {
				p.fail("unsupported type '%s'", w)
			}
			if p.floats[k] == nil {
				p.floats[k] = &types.FloatType{Kind: types.FloatKind(k)}
			}
			t = p.floats[k]
		}
		p.next()
	case tLocal:
		t = p.namedType(typeName(p.text))
		p.next()
	case tPunct:
		switch p.text {
		case "[":
			p.next()
			n := p.uint()
			p.expect("x")
			elem := p.typ()
			p.expect("]")
			t = &types.ArrayType{Len: n, ElemType: elem}
		case "{":
			t = &types.StructType{Fields: p.structFields("}")}
		case "<":
			p.next()
			if p.is("{") {
				t = &types.StructType{Packed: true, Fields: p.structFields("}")}
			} else {
				n := p.uint()
				p.expect("x")
				elem := p.typ()
				t = &types.VectorType{Len: n, ElemType: elem}
			}
			p.expect(">")
		default:
			p.fail("expected a type, found '%s'", p.text)
		}
	default:
		p.fail("expected a type, found '%s'", p.text)
	}
	for {
		switch {
		case p.kind == tPunct && p.text == "*":
			p.next()
			t = p.ptr(t)
		case p.kind == tPunct && p.text == "(":
			t = p.funcType(t)
		case p.kind == tWord && p.text == "addrspace":
			p.next()
			p.expect("(")
			as := types.AddrSpace(p.uint())
			p.expect(")")
			p.expect("*")
			t = &types.PointerType{ElemType: t, AddrSpace: as}
		default:
			return t
		}
	}
}

func (p *parser) intType(n uint64) *types.IntType {
	if n < uint64(len(p.ints)) {
		if p.ints[n] == nil {
			p.ints[n] = &types.IntType{BitSize: n}
		}
		return p.ints[n]
	}
	return &types.IntType{BitSize: n}
}

// ptr returns the (interned) pointer to t in address space 0.
func (p *parser) ptr(t types.Type) *types.PointerType {
	pt, ok := p.ptrs[t]
	if !ok {
		pt = &types.PointerType{ElemType: t}
		p.ptrs[t] = pt
	}
	return pt
}

// funcType parses the parameter list of a function type returning ret.
func (p *parser) funcType(ret types.Type) *types.FuncType {
	p.expect("(")
	ft := &types.FuncType{RetType: ret}
	for !p.is(")") {
		if p.accept("...") {
			ft.Variadic = true
			break
		}
		ft.Params = append(ft.Params, p.typ())
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	return ft
}

// linkagePrefix reads the optional linkage, preemption, visibility and
// DLL storage class words that open a global's or a function's header, in
// that order (zero values for the absent ones).
func (p *parser) linkagePrefix() (l enum.Linkage, pre enum.Preemption, vis enum.Visibility, dll enum.DLLStorageClass) {
	if v, ok := linkages[p.text]; ok && p.kind == tWord {
		l = enum.Linkage(v)
		p.next()
	}
	if v, ok := preemptions[p.text]; ok && p.kind == tWord {
		pre = enum.Preemption(v)
		p.next()
	}
	if v, ok := visibilities[p.text]; ok && p.kind == tWord {
		vis = enum.Visibility(v)
		p.next()
	}
	if v, ok := dllStorages[p.text]; ok && p.kind == tWord {
		dll = enum.DLLStorageClass(v)
		p.next()
	}
	return l, pre, vis, dll
}

// funcHeader parses a function's header after "define" or "declare",
// creates the function and adds it to the module.
func (p *parser) funcHeader() *ir.Func {
	f := &ir.Func{Parent: p.m}
	f.Linkage, f.Preemption, f.Visibility, f.DLLStorageClass = p.linkagePrefix()
	if cc, ok := p.callingConv(); ok {
		f.CallingConv = cc
	}
	f.ReturnAttrs = p.returnAttrs()
	ret := p.typ()
	if p.kind != tGlobal {
		p.fail("expected a function name, found '%s'", p.text)
	}
	ident := globalIdent(p.text)
	f.GlobalIdent = ident
	p.next()
	p.expect("(")
	sig := &types.FuncType{RetType: ret}
	for !p.is(")") {
		if p.accept("...") {
			sig.Variadic = true
			break
		}
		t := p.typ()
		param := ir.NewParam("", t)
		param.Attrs = p.paramAttrs()
		if p.kind == tLocal {
			param.LocalIdent = localIdent(p.text)
			p.next()
		}
		sig.Params = append(sig.Params, t)
		f.Params = append(f.Params, param)
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	f.Sig = sig
	if v, ok := unnamedAddrs[p.text]; ok && p.kind == tWord {
		f.UnnamedAddr = enum.UnnamedAddr(v)
		p.next()
	}
	f.Typ = types.NewPointer(sig)
	if p.accept("addrspace") {
		p.expect("(")
		f.AddrSpace = types.AddrSpace(p.uint())
		p.expect(")")
		f.Typ.AddrSpace = f.AddrSpace
	}
	for {
		switch {
		case p.kind == tAttrID || p.kind == tString:
			f.FuncAttrs = append(f.FuncAttrs, p.funcAttr(false))
			continue
		case p.kind != tWord:
		case p.text == "align":
			p.next()
			f.Align = ir.Align(p.uint())
			continue
		case p.text == "section":
			p.next()
			f.Section = p.str()
			continue
		case p.text == "partition":
			p.next()
			f.Partition = p.str()
			continue
		case p.text == "gc":
			p.next()
			f.GC = p.str()
			continue
		case p.text == "comdat":
			p.next()
			name := f.Name()
			if p.accept("(") {
				if p.kind != tComdat {
					p.fail("expected a comdat name")
				}
				name = unquote(p.text)
				p.next()
				p.expect(")")
			}
			f.Comdat = p.comdat(name)
			continue
		case p.text == "prefix" || p.text == "prologue" || p.text == "personality":
			p.fail("unsupported function field '%s'", p.text)
		default:
			if _, ok := funcAttrs[p.text]; ok || isFuncAttrFunc(p.text) {
				f.FuncAttrs = append(f.FuncAttrs, p.funcAttr(false))
				continue
			}
		}
		break
	}
	for p.kind == tMetaName {
		a := p.attachment()
		f.Metadata = append(f.Metadata, a)
	}
	p.addGlobal(ident, f)
	p.m.Funcs = append(p.m.Funcs, f)
	return f
}

func isFuncAttrFunc(w string) bool {
	switch w {
	case "alignstack", "allocsize", "vscale_range", "preallocated":
		return true
	}
	return false
}

// callingConv parses an optional calling convention.
func (p *parser) callingConv() (enum.CallingConv, bool) {
	if p.kind != tWord {
		return 0, false
	}
	if p.text == "cc" {
		p.next()
		n := p.uint()
		if n == 0 {
			return enum.CallingConvC, true
		}
		return enum.CallingConv(n), true
	}
	if v, ok := callingConvs[p.text]; ok {
		p.next()
		return enum.CallingConv(v), true
	}
	return 0, false
}

func (p *parser) returnAttrs() []ir.ReturnAttribute {
	var attrs []ir.ReturnAttribute
	for p.kind == tWord {
		if v, ok := returnAttrs[p.text]; ok {
			attrs = append(attrs, enum.ReturnAttr(v))
			p.next()
			continue
		}
		switch p.text {
		case "dereferenceable", "dereferenceable_or_null":
			orNull := p.text == "dereferenceable_or_null"
			p.next()
			p.expect("(")
			attrs = append(attrs, ir.Dereferenceable{N: p.uint(), DerefOrNull: orNull})
			p.expect(")")
			continue
		case "align", "noalias", "nonnull", "noundef", "signext", "zeroext", "inreg":
			p.fail("unsupported return attribute '%s'", p.text)
		}
		break
	}
	return attrs
}

// paramAttrs parses the attributes of a parameter or an argument.
func (p *parser) paramAttrs() []ir.ParamAttribute {
	var attrs []ir.ParamAttribute
	for {
		switch p.kind {
		case tString:
			key := unquote(p.text)
			p.next()
			if p.accept("=") {
				attrs = append(attrs, ir.AttrPair{Key: key, Value: p.str()})
			} else {
				attrs = append(attrs, ir.AttrString(key))
			}
			continue
		case tWord:
		default:
			return attrs
		}
		if v, ok := paramAttrs[p.text]; ok {
			attrs = append(attrs, enum.ParamAttr(v))
			p.next()
			continue
		}
		switch p.text {
		case "align":
			p.next()
			attrs = append(attrs, ir.Align(p.uint()))
		case "alignstack":
			p.next()
			p.expect("(")
			attrs = append(attrs, ir.AlignStack(p.uint()))
			p.expect(")")
		case "byval":
			p.next()
			if p.accept("(") {
				attrs = append(attrs, ir.Byval{Typ: p.typ()})
				p.expect(")")
			} else {
				attrs = append(attrs, ir.Byval{})
			}
		case "sret", "byref", "elementtype", "inalloca", "preallocated":
			w := p.text
			p.next()
			p.expect("(")
			t := p.typ()
			p.expect(")")
			switch w {
			case "sret":
				attrs = append(attrs, ir.SRet{Typ: t})
			case "byref":
				attrs = append(attrs, ir.ByRef{Typ: t})
			case "elementtype":
				attrs = append(attrs, ir.ElementType{Typ: t})
			case "inalloca":
				attrs = append(attrs, ir.InAlloca{Typ: t})
			default:
				attrs = append(attrs, ir.Preallocated{Typ: t})
			}
		case "dereferenceable", "dereferenceable_or_null":
			orNull := p.text == "dereferenceable_or_null"
			p.next()
			p.expect("(")
			attrs = append(attrs, ir.Dereferenceable{N: p.uint(), DerefOrNull: orNull})
			p.expect(")")
		default:
			return attrs
		}
	}
}

func (p *parser) attrStringOrPair() ir.FuncAttribute {
	key := unquote(p.text)
	p.next()
	if p.is("=") {
		p.next()
		return ir.AttrPair{Key: key, Value: p.str()}
	}
	return ir.AttrString(key)
}

// funcAttr parses one function attribute; inGroup selects the "key=value"
// forms of attribute groups.
func (p *parser) funcAttr(inGroup bool) ir.FuncAttribute {
	switch p.kind {
	case tString:
		return p.attrStringOrPair()
	case tAttrID:
		id, err := strconv.ParseInt(p.text, 10, 64)
		if err != nil {
			p.fail("bad attribute group '#%s'", p.text)
		}
		p.next()
		return p.attrGroup(id)
	case tWord:
		if v, ok := funcAttrs[p.text]; ok {
			p.next()
			return enum.FuncAttr(v)
		}
		switch w := p.text; w {
		case "align", "alignstack":
			if !inGroup {
				break
			}
			p.next()
			p.expect("=")
			n := p.uint()
			if w == "align" {
				return ir.Align(n)
			}
			return ir.AlignStack(n)
		case "allocsize":
			p.next()
			p.expect("(")
			a := ir.AllocSize{ElemSizeIndex: int(p.uint()), NElemsIndex: -1}
			if p.accept(",") {
				a.NElemsIndex = int(p.uint())
			}
			p.expect(")")
			return a
		}
	}
	p.fail("unsupported function attribute '%s'", p.text)
	return nil
}

func (p *parser) attrGroup(id int64) *ir.AttrGroupDef {
	g, ok := p.attrGroups[id]
	if !ok {
		if p.frozen {
			p.fail("undefined attribute group #%d", id)
		}
		g = &ir.AttrGroupDef{ID: id}
		p.attrGroups[id] = g
	}
	return g
}

// attrGroupDef parses "#N = { attrs }" after "attributes".
func (p *parser) attrGroupDef() {
	if p.kind != tAttrID {
		p.fail("expected an attribute group ID")
	}
	id, err := strconv.ParseInt(p.text, 10, 64)
	if err != nil {
		p.fail("bad attribute group '#%s'", p.text)
	}
	p.next()
	for _, d := range p.attrDefined {
		if d == id {
			p.fail("attribute group #%d defined twice", id)
		}
	}
	p.attrDefined = append(p.attrDefined, id)
	g := p.attrGroup(id)
	p.expect("=")
	p.expect("{")
	// llir keeps one of attributes spelled alike.
	seen := map[string]bool{}
	for !p.is("}") {
		if p.kind == tAttrID {
			p.fail("attribute group in an attribute group")
		}
		start := p.start
		a := p.funcAttr(true)
		text := strings.TrimRight(p.src[start:p.start], " \t\r\n")
		if !seen[text] {
			seen[text] = true
			g.FuncAttrs = append(g.FuncAttrs, a)
		}
	}
	p.next()
}
