// MIR parser, function level: the function and header lines, frame objects, jump tables, end checks.

package mir

// Functions.

func (p *parser) funcLine() error {
	p.skipSpace()
	n, err := p.name()
	if err != nil {
		return err
	}
	p.f = NewFunc(n, GenericArch)
	p.archSet, p.archUsed = false, false
	p.blocks = map[int]*blockRef{}
	p.cur, p.bundles, p.packets = nil, nil, nil
	p.vregs, p.classSet, p.classes, p.maxVReg = -1, nil, nil, -1
	p.jtRefs, p.fiRefs = nil, nil
	p.state = stHeader
	_, err = p.endLine()
	return err
}

// arch returns the function's architecture and notes it has been used.
func (p *parser) arch() *Arch {
	p.archUsed = true
	return p.f.Arch
}

func (p *parser) headerLine() error {
	at := p.here()
	key := p.word()
	p.skipSpace()
	f := p.f
	switch key {
	case "arch:":
		if p.archSet || p.archUsed {
			return p.errAt(at, "arch: must come once, before anything that names registers or ops")
		}
		n, err := p.name()
		if err != nil {
			return err
		}
		p.archSet = true
		if n != GenericArch.Name {
			if p.lookup == nil {
				return p.errAt(at, "unknown arch %q", n)
			}
			a, err := p.lookup(n)
			if err != nil {
				return p.errAt(at, "arch %q: %v", n, err)
			}
			if a == nil {
				return p.errAt(at, "unknown arch %q", n)
			}
			f.Arch = a
		}
	case "props:":
		for !p.atEnd() {
			wat := p.here()
			w := p.word()
			found := false
			for b, n := range propNames {
				if n == w {
					f.Props |= 1 << b
					found = true
				}
			}
			if !found {
				return p.errAt(wat, "unknown property %q", w)
			}
		}
	case "attrs:":
		for !p.atEnd() {
			wat := p.here()
			switch w := p.word(); w {
			case "exported":
				f.Exported = true
			case "weak":
				f.Weak = true
			case "vararg":
				f.Vararg = true
			case "kernel":
				f.Kernel = true
			default:
				return p.errAt(wat, "unknown function attribute %q", w)
			}
		}
	case "frame-info:":
		return p.attrs(func(k string, at pos, hasValue bool) (err error) {
			switch k {
			case "size":
				f.FrameSize, err = p.intValue(k, hasValue)
			case "max-call-args":
				f.MaxCallArgs, err = p.intValue(k, hasValue)
			case "has-calls":
				f.HasCalls = true
			case "frame-pointer":
				f.FramePointer = true
			case "saved":
				for first := true; first || p.accept(","); first = false {
					r, err := p.physReg()
					if err != nil {
						return err
					}
					f.SavedRegs = append(f.SavedRegs, r)
				}
			default:
				return p.errAt(at, "unknown frame-info attribute %q", k)
			}
			return err
		})
	case "target-info:":
		return p.attrs(func(k string, at pos, hasValue bool) error {
			v, err := p.intValue(k, hasValue)
			if err != nil {
				return err
			}
			if f.TargetInfo == nil {
				f.TargetInfo = map[string]int64{}
			}
			f.TargetInfo[k] = v
			return nil
		})
	case "vregs:":
		n, err := p.int()
		if err != nil {
			return err
		}
		if n < 0 || n > int64(^Reg(0)-VirtBase) {
			return p.errAt(at, "bad vreg count")
		}
		p.vregs = int(n)
	case "undef-vregs:":
		if err := p.commaList(func() error {
			_, err := p.vreg()
			return err
		}); err != nil {
			return err
		}
	case "vector-vregs:":
		if err := p.vecRegsLine(); err != nil {
			return err
		}
	case "wide-vregs:":
		if err := p.wideRegsLine(); err != nil {
			return err
		}
	case "block-syms:": // block-syms: bb3 = @sym, ...
		for first := true; !p.atEnd(); first = false {
			if !first {
				if err := p.expect(","); err != nil {
					return err
				}
			}
			p.skipSpace()
			b, err := p.blockRef()
			if err != nil {
				return err
			}
			p.skipSpace()
			if err := p.expect("="); err != nil {
				return err
			}
			p.skipSpace()
			if err := p.expect("@"); err != nil {
				return err
			}
			s, err := p.name()
			if err != nil {
				return err
			}
			if p.f.BlockSyms == nil {
				p.f.BlockSyms = make(map[*Block]string)
			}
			p.f.BlockSyms[b] = s
		}
	case "frame:":
		p.state = stFrame
	case "jumptables:":
		p.state = stJumpTables
	case "body:":
		p.state = stBody
		p.arch()
	default:
		return p.errAt(at, "unknown function header line %q", key)
	}
	_, err := p.endLine()
	return err
}

// numberedEntry reads the "fi#N:" / "jt#N:" head of a frame object or jump
// table line; entries must come in order, so N is the next index.
func (p *parser) numberedEntry(prefix string, next int) error {
	if err := p.expect(prefix); err != nil {
		return err
	}
	at := p.here()
	n, err := p.int()
	if err != nil {
		return err
	}
	if n != int64(next) {
		return p.errAt(at, "expected %s%d", prefix, next)
	}
	return p.expect(":")
}

func (p *parser) frameObject() error {
	if err := p.numberedEntry("fi#", len(p.f.Frame)); err != nil {
		return err
	}
	var o FrameObject
	err := p.attrs(func(k string, at pos, hasValue bool) (err error) {
		switch k {
		case "size":
			o.Size, err = p.intValue(k, hasValue)
		case "align":
			o.Align, err = p.intValue(k, hasValue)
		case "offset":
			o.Offset, err = p.intValue(k, hasValue)
		case "fixed":
			o.Fixed = true
		case "name":
			o.Name, err = p.name()
		default:
			return p.errAt(at, "unknown frame object attribute %q", k)
		}
		return err
	})
	p.f.Frame = append(p.f.Frame, o)
	return err
}

// commaList calls item for each element of a ", "-separated list that runs
// to the end of the line.
func (p *parser) commaList(item func() error) error {
	for first := true; !p.atEnd(); first = false {
		if !first {
			if err := p.expect(","); err != nil {
				return err
			}
			p.skipSpace()
		}
		if err := item(); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) jumpTable() error {
	if err := p.numberedEntry("jt#", len(p.f.JumpTables)); err != nil {
		return err
	}
	jt := []*Block{}
	if err := p.commaList(func() error {
		b, err := p.blockRef()
		jt = append(jt, b)
		return err
	}); err != nil {
		return err
	}
	p.f.JumpTables = append(p.f.JumpTables, jt)
	_, err := p.endLine()
	return err
}

func (p *parser) finishFunc() error {
	f := p.f
	p.state = stTop
	if len(p.bundles) > 0 {
		return p.errf("unterminated bundle at end of function %s", f.Name)
	}
	for _, r := range p.blocks {
		if !r.defined {
			return p.errAt(r.at, "bb%d is referenced but not defined", r.b.ID)
		}
	}
	for _, r := range p.jtRefs {
		if r.idx < 0 || r.idx >= int64(len(f.JumpTables)) {
			return p.errAt(r.at, "jt#%d does not exist", r.idx)
		}
	}
	for _, r := range p.fiRefs {
		if r.idx < 0 || r.idx >= int64(len(f.Frame)) {
			return p.errAt(r.at, "fi#%d does not exist", r.idx)
		}
	}
	n := p.vregs
	if n < 0 {
		n = p.maxVReg + 1
	}
	f.VRegClass = make([]RegClass, n)
	copy(f.VRegClass, p.classes)
	f.RecomputeCFG()
	p.m.Funcs = append(p.m.Funcs, f)
	p.f = nil
	return nil
}
