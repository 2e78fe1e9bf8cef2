// MIR parser, module level: the module header line, globals and their data items.

package mir

// Module and globals.

func (p *parser) moduleLine() error {
	p.skipSpace()
	s, err := p.name()
	if err != nil {
		return err
	}
	p.m.Source = s
	p.state = stModule
	_, err = p.endLine()
	return err
}

func (p *parser) moduleAttr() error {
	switch p.word() {
	case "byte-order:":
		p.skipSpace()
		switch p.word() {
		case "big":
			p.m.BigEndian = true
		case "little":
			p.m.BigEndian = false
		default:
			return p.errf("expected big or little")
		}
	case "externs:":
		if err := p.commaList(func() error {
			if err := p.expect("@"); err != nil {
				return err
			}
			s, err := p.name()
			if err != nil {
				return err
			}
			p.m.Externs = append(p.m.Externs, s)
			return nil
		}); err != nil {
			return err
		}
	case "alias:": // alias: @name = @target+off [exported]
		var a Alias
		var err error
		p.skipSpace()
		if err = p.expect("@"); err == nil {
			if a.Name, err = p.name(); err == nil {
				p.skipSpace()
				if err = p.expect("="); err == nil {
					p.skipSpace()
					if err = p.expect("@"); err == nil {
						if a.Target, err = p.name(); err == nil {
							a.Offset, err = p.offset()
						}
					}
				}
			}
		}
		if err != nil {
			return err
		}
		p.skipSpace()
		if p.word() == "exported" {
			a.Exported = true
		}
		p.m.Aliases = append(p.m.Aliases, a)
	default:
		p.i = 0
		return p.errf("expected byte-order:, externs: or alias:")
	}
	_, err := p.endLine()
	return err
}

var sectionByName = map[string]Section{".data": SecData, ".rodata": SecRodata, ".bss": SecBSS}

func (p *parser) globalLine() error {
	p.skipSpace()
	if err := p.expect("@"); err != nil {
		return err
	}
	n, err := p.name()
	if err != nil {
		return err
	}
	g := &Global{Name: n}
	err = p.attrs(func(k string, at pos, hasValue bool) (err error) {
		switch k {
		case "size":
			g.Size, err = p.intValue(k, hasValue)
		case "align":
			g.Align, err = p.intValue(k, hasValue)
		case "section":
			s, ok := sectionByName[p.word()]
			if !ok || !hasValue {
				return p.errAt(at, "expected section=.data, .rodata or .bss")
			}
			g.Section = s
		case "exported":
			g.Exported = true
		case "addrspace":
			var v int64
			v, err = p.intValue(k, hasValue)
			g.AddrSpace = int(v)
		default:
			return p.errAt(at, "unknown global attribute %q", k)
		}
		return err
	})
	if err != nil {
		return err
	}
	p.g = g
	p.m.Globals = append(p.m.Globals, g)
	p.state = stGlobal
	return nil
}

func (p *parser) dataItem() error {
	at := p.here()
	kind := p.word()
	p.skipSpace()
	size, err := p.int()
	if err != nil {
		return err
	}
	it := DataItem{Size: size}
	p.skipSpace()
	switch kind {
	case "int":
		it.Kind = DataInt
		it.Value, err = p.int()
	case "sym":
		it.Kind = DataSym
		if err = p.expect("@"); err == nil {
			if it.Sym, err = p.name(); err == nil {
				it.Value, err = p.offset()
			}
		}
	case "symdiff": // symdiff 4 @a+off @b
		it.Kind = DataSymDiff
		if err = p.expect("@"); err == nil {
			if it.Sym, err = p.name(); err == nil {
				if it.Value, err = p.offset(); err == nil {
					p.skipSpace()
					if err = p.expect("@"); err == nil {
						it.Sym2, err = p.name()
					}
				}
			}
		}
	case "zero":
		it.Kind = DataZero
	case "bytes":
		it.Kind = DataBytes
		var s string
		if p.peekByte() != '"' {
			return p.errf("expected a quoted string")
		}
		s, err = p.name()
		it.Bytes = []byte(s)
	default:
		return p.errAt(at, "unknown data item %q", kind)
	}
	if err != nil {
		return err
	}
	p.g.Items = append(p.g.Items, it)
	_, err = p.endLine()
	return err
}
