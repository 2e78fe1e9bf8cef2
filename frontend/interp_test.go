package frontend

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
)

// machine interprets generic MIR so that the tests can check what the
// translated code computes, not only its shape. Memory is flat and byte
// addressed in the module's byte order; word accesses must be naturally
// aligned (as on the simulators), which checks the frontend's splitting.
type machine struct {
	mod   *mir.Module
	funcs map[string]*mir.Func
	addr  map[string]uint32 // symbol addresses (functions get fake ones)
	byAdr map[uint32]*mir.Func
	mem   []byte
	sp    uint32
	steps int
	order binary.ByteOrder
}

const memSize = 1 << 22

func newMachine(mod *mir.Module) (*machine, error) {
	m := &machine{mod: mod, funcs: map[string]*mir.Func{}, addr: map[string]uint32{},
		byAdr: map[uint32]*mir.Func{}, mem: make([]byte, memSize), sp: memSize - 64, order: binary.LittleEndian}
	if mod.BigEndian {
		m.order = binary.BigEndian
	}
	next := uint32(0x1000)
	for _, g := range mod.Globals {
		a := uint32(g.Align)
		if a < 1 {
			a = 1
		}
		next = (next + a - 1) / a * a
		m.addr[g.Name] = next
		next += uint32(g.Size) + 1
	}
	for _, f := range mod.Funcs {
		// The interpreter runs word ops: split the wide integer ops as
		// every target's pipeline does first.
		if err := passes.LegalizeWideInts(&passes.Ctx{Pass: passes.WideIntLegalizePass, Module: mod}, f, func(mir.Opcode, int) bool { return false }); err != nil {
			return nil, err
		}
		next = (next + 3) &^ 3
		m.addr[f.Name] = next
		m.funcs[f.Name] = f
		m.byAdr[next] = f
		next += 4
	}
	for _, g := range mod.Globals {
		p := m.addr[g.Name]
		for _, it := range g.Items {
			switch it.Kind {
			case mir.DataInt:
				m.storeN(p, uint64(it.Value), int(it.Size))
			case mir.DataSym:
				a, ok := m.addr[it.Sym]
				if !ok {
					return nil, fmt.Errorf("undefined symbol %s in data", it.Sym)
				}
				m.order.PutUint32(m.mem[p:], a+uint32(it.Value))
			case mir.DataBytes:
				copy(m.mem[p:], it.Bytes)
			}
			p += uint32(it.Size)
		}
		if p-m.addr[g.Name] != uint32(g.Size) && len(g.Items) > 0 {
			return nil, fmt.Errorf("global %s: items cover %d of %d bytes", g.Name, p-m.addr[g.Name], g.Size)
		}
	}
	return m, nil
}

func (m *machine) storeN(a uint32, v uint64, n int) {
	for i := 0; i < n; i++ {
		sh := 8 * i
		if m.mod.BigEndian {
			sh = 8 * (n - 1 - i)
		}
		m.mem[a+uint32(i)] = byte(v >> sh)
	}
}

func (m *machine) loadN(a uint32, n int) uint64 {
	var v uint64
	for i := 0; i < n; i++ {
		sh := 8 * i
		if m.mod.BigEndian {
			sh = 8 * (n - 1 - i)
		}
		v |= uint64(m.mem[a+uint32(i)]) << sh
	}
	return v
}

type trap struct{ msg string }

func (m *machine) fail(format string, args ...any) { panic(trap{fmt.Sprintf(format, args...)}) }

// argGroup is one argument: its descriptor and words (ABI order).
type argGroup struct {
	desc  mir.ArgDesc
	words []uint32
}

// Call runs function name and returns its result words (ABI order).
func (m *machine) Call(name string, args ...argGroup) (res []uint32, err error) {
	defer func() {
		if r := recover(); r != nil {
			if t, ok := r.(trap); ok {
				err = fmt.Errorf("%s", t.msg)
				return
			}
			panic(r)
		}
	}()
	f := m.funcs[name]
	if f == nil {
		return nil, fmt.Errorf("no function %s", name)
	}
	return m.run(f, args), nil
}

func (m *machine) alloc(size, align uint32) uint32 {
	if align < 8 {
		align = 8
	}
	m.sp = (m.sp - size) &^ (align - 1)
	if m.sp < 0x100000 {
		m.fail("stack overflow")
	}
	return m.sp
}

func (m *machine) run(f *mir.Func, args []argGroup) []uint32 {
	savedSP := m.sp
	defer func() { m.sp = savedSP }()
	regs := make([]uint32, f.NumVRegs())
	frame := make([]uint32, len(f.Frame))
	for i, o := range f.Frame {
		frame[i] = m.alloc(uint32(o.Size), uint32(o.Align))
	}
	// All argument words in an O32-style memory area, for G_VASTART.
	var area []uint32
	for _, g := range args {
		if g.desc.Has(mir.ArgAlign8) && len(area)%2 == 1 {
			area = append(area, 0)
		}
		area = append(area, g.words...)
	}
	areaAddr := m.alloc(uint32(4*len(area)+8), 8)
	for i, w := range area {
		m.order.PutUint32(m.mem[areaAddr+uint32(4*i):], w)
	}
	val := func(o mir.Operand) uint32 {
		switch o.Kind {
		case mir.KindReg:
			return regs[o.Reg.VirtIndex()]
		case mir.KindImm:
			return uint32(o.Imm)
		}
		m.fail("bad operand kind %d", o.Kind)
		return 0
	}
	base := func(o mir.Operand, off mir.Operand) uint32 {
		if o.Kind == mir.KindFrame {
			return frame[o.Imm] + uint32(o.Off) + uint32(off.Imm)
		}
		return val(o) + uint32(off.Imm)
	}
	set := func(o mir.Operand, v uint32) { regs[o.Reg.VirtIndex()] = v }
	var prev *mir.Block
	b := f.Blocks[0]
	blockIndex := make(map[*mir.Block]int, len(f.Blocks))
	for i, x := range f.Blocks {
		blockIndex[x] = i
	}
	for {
		// Phis read their inputs simultaneously.
		var phiVals []uint32
		i := 0
		for ; i < len(b.Instrs) && b.Instrs[i].Op == mir.GPhi; i++ {
			in := b.Instrs[i]
			found := false
			for k := 1; k+1 < len(in.Ops); k += 2 {
				if in.Ops[k+1].Block == prev {
					phiVals = append(phiVals, val(in.Ops[k]))
					found = true
					break
				}
			}
			if !found {
				m.fail("%s: phi in bb%d has no input for the predecessor", f.Name, b.ID)
			}
		}
		for k := 0; k < i; k++ {
			set(b.Instrs[k].Ops[0], phiVals[k])
		}
		var next *mir.Block
	instrs:
		for ; i < len(b.Instrs); i++ {
			m.steps++
			if m.steps > 50_000_000 {
				m.fail("step limit")
			}
			in := b.Instrs[i]
			o := in.Ops
			switch in.Op {
			case mir.GCopy:
				set(o[0], val(o[1]))
			case mir.GConst:
				set(o[0], uint32(o[1].Imm))
			case mir.GGlobalAddr:
				a, ok := m.addr[o[1].Sym]
				if !ok {
					m.fail("undefined symbol %s", o[1].Sym)
				}
				set(o[0], a+uint32(o[1].Imm))
			case mir.GFrameAddr:
				set(o[0], frame[o[1].Imm]+uint32(o[1].Off))
			case mir.GAdd, mir.GSub, mir.GMul, mir.GUMulH, mir.GSMulH, mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem,
				mir.GAnd, mir.GOr, mir.GXor, mir.GShl, mir.GLShr, mir.GAShr, mir.GRotl, mir.GRotr:
				set(o[0], m.arith(in.Op, val(o[1]), val(o[2])))
			case mir.GCtlz:
				set(o[0], uint32(bits.LeadingZeros32(val(o[1]))))
			case mir.GSExtInReg:
				sh := 32 - uint32(o[2].Imm)
				set(o[0], uint32(int32(val(o[1])<<sh)>>sh))
			case mir.GICmp:
				set(o[0], icmpEval(o[1].Cond, val(o[2]), val(o[3])))
			case mir.GSelect:
				if val(o[1]) != 0 {
					set(o[0], val(o[2]))
				} else {
					set(o[0], val(o[3]))
				}
			case mir.GLoad32, mir.GLoad16S, mir.GLoad16U, mir.GLoad8S, mir.GLoad8U:
				a := base(o[1], o[2])
				n := map[mir.Opcode]int{mir.GLoad32: 4, mir.GLoad16S: 2, mir.GLoad16U: 2, mir.GLoad8S: 1, mir.GLoad8U: 1}[in.Op]
				m.check(a, n)
				v := uint32(m.loadN(a, n))
				switch in.Op {
				case mir.GLoad16S:
					v = uint32(int32(int16(v)))
				case mir.GLoad8S:
					v = uint32(int32(int8(v)))
				}
				set(o[0], v)
			case mir.GStore32, mir.GStore16, mir.GStore8:
				a := base(o[1], o[2])
				n := map[mir.Opcode]int{mir.GStore32: 4, mir.GStore16: 2, mir.GStore8: 1}[in.Op]
				m.check(a, n)
				m.storeN(a, uint64(val(o[0])), n)
			case mir.GBr:
				next = o[0].Block
				break instrs
			case mir.GBrCond:
				if val(o[0]) != 0 {
					next = o[1].Block
					break instrs
				}
			case mir.GSwitch:
				next = o[1].Block
				for k := 2; k+1 < len(o); k += 2 {
					if int64(int32(val(o[0]))) == o[k].Imm {
						next = o[k+1].Block
					}
				}
				break instrs
			case mir.GBrJT:
				t := f.JumpTables[o[1].Imm]
				idx := val(o[0])
				if int(idx) >= len(t) {
					m.fail("jump table index %d out of range", idx)
				}
				next = t[idx]
				break instrs
			case mir.GRet:
				res := make([]uint32, len(o))
				for k := range o {
					res[k] = val(o[k])
				}
				return res
			case mir.GTrap:
				m.fail("trap")
			case mir.GUnreachable:
				m.fail("unreachable reached")
			case mir.GImplicitDef:
				set(o[0], 0)
			case mir.GArgs:
				nd := in.NumDefs()
				uses := in.Uses()
				if len(uses) > len(args) {
					m.fail("%s: %d arguments for %d parameters", f.Name, len(args), len(uses))
				}
				k := 0
				for gi, u := range uses {
					d := mir.ArgDesc(u.Imm)
					g := args[gi]
					if d.Has(mir.ArgByVal) {
						cp := m.alloc(uint32(d.Size()), 8)
						copy(m.mem[cp:cp+uint32(d.Size())], m.mem[g.words[0]:])
						g.words = []uint32{cp}
					}
					for _, w := range g.words {
						if k < nd {
							set(o[k], w)
						}
						k++
					}
				}
				// Words of the fixed parameters in the area, for G_VASTART.
				skip := 0
				for gi := range uses {
					if args[gi].desc.Has(mir.ArgAlign8) && skip%2 == 1 {
						skip++
					}
					skip += len(args[gi].words)
				}
				areaAddr += uint32(4 * skip)
			case mir.GVAStart:
				set(o[0], areaAddr)
			case mir.GStackSave:
				set(o[0], m.sp)
			case mir.GStackRestore:
				m.sp = val(o[0])
			case mir.GDynAlloca:
				set(o[0], m.alloc(val(o[1]), uint32(o[2].Imm)))
			case mir.GCall:
				nd := in.NumDefs()
				uses := in.Uses()
				var groups []argGroup
				for k := 1; k < len(uses); {
					d := mir.ArgDesc(uses[k].Imm)
					g := argGroup{desc: d}
					for w := 0; w < d.Words(); w++ {
						g.words = append(g.words, val(uses[k+1+w]))
					}
					groups = append(groups, g)
					k += 1 + d.Words()
				}
				var res []uint32
				if uses[0].Kind == mir.KindSym {
					res = m.callSym(uses[0].Sym, groups)
				} else {
					callee := m.byAdr[val(uses[0])]
					if callee == nil {
						m.fail("indirect call to non-function %#x", val(uses[0]))
					}
					res = m.run(callee, groups)
				}
				if len(res) < nd {
					m.fail("call returned %d words, want %d", len(res), nd)
				}
				for k := 0; k < nd; k++ {
					set(o[k], res[k])
				}
			default:
				m.fail("cannot interpret %s", mir.GenericDesc(in.Op).Name)
			}
		}
		if next == nil {
			bi := blockIndex[b] + 1
			if bi >= len(f.Blocks) {
				m.fail("%s: fell off the end", f.Name)
			}
			next = f.Blocks[bi]
		}
		prev, b = b, next
	}
}

func (m *machine) check(a uint32, n int) {
	if a%uint32(n) != 0 {
		m.fail("misaligned %d-byte access at %#x", n, a)
	}
	if a < 0x1000 || int(a)+n > len(m.mem) {
		m.fail("access out of memory at %#x", a)
	}
}

func (m *machine) arith(op mir.Opcode, a, b uint32) uint32 {
	switch op {
	case mir.GAdd:
		return a + b
	case mir.GSub:
		return a - b
	case mir.GMul:
		return a * b
	case mir.GUMulH:
		return uint32(uint64(a) * uint64(b) >> 32)
	case mir.GSMulH:
		return uint32(uint64(int64(int32(a))*int64(int32(b))) >> 32)
	case mir.GAnd:
		return a & b
	case mir.GOr:
		return a | b
	case mir.GXor:
		return a ^ b
	}
	switch op {
	case mir.GShl, mir.GLShr, mir.GAShr, mir.GRotl, mir.GRotr:
		if b > 31 {
			m.fail("shift amount %d out of 0..31", b)
		}
	default:
		if b == 0 {
			m.fail("division by zero")
		}
	}
	switch op {
	case mir.GShl:
		return a << b
	case mir.GLShr:
		return a >> b
	case mir.GAShr:
		return uint32(int32(a) >> b)
	case mir.GRotl:
		return bits.RotateLeft32(a, int(b))
	case mir.GRotr:
		return bits.RotateLeft32(a, -int(b))
	case mir.GSDiv:
		if int32(a) == -1<<31 && int32(b) == -1 {
			return a
		}
		return uint32(int32(a) / int32(b))
	case mir.GUDiv:
		return a / b
	case mir.GSRem:
		if int32(b) == -1 {
			return 0
		}
		return uint32(int32(a) % int32(b))
	case mir.GURem:
		return a % b
	}
	m.fail("bad op")
	return 0
}

func icmpEval(c mir.Cond, a, b uint32) uint32 {
	if c.Eval(a, b) {
		return 1
	}
	return 0
}

// i64 converts ABI-ordered words to a 64-bit value and back.
func (m *machine) i64(w []uint32) uint64 {
	if m.mod.BigEndian {
		return uint64(w[0])<<32 | uint64(w[1])
	}
	return uint64(w[1])<<32 | uint64(w[0])
}

func (m *machine) words64(v uint64) []uint32 {
	if m.mod.BigEndian {
		return []uint32{uint32(v >> 32), uint32(v)}
	}
	return []uint32{uint32(v), uint32(v >> 32)}
}

// callSym calls a module function or one of the runtime routines the
// frontend uses.
func (m *machine) callSym(name string, g []argGroup) []uint32 {
	if f := m.funcs[name]; f != nil {
		return m.run(f, g)
	}
	arg := func(i int) uint32 { return g[i].words[0] }
	switch name {
	case "memcpy", "memmove":
		copy(m.mem[arg(0):arg(0)+arg(2)], m.mem[arg(1):arg(1)+arg(2)])
		return []uint32{arg(0)}
	case "memset":
		for i := uint32(0); i < arg(2); i++ {
			m.mem[arg(0)+i] = byte(arg(1))
		}
		return []uint32{arg(0)}
	case "__divdi3", "__udivdi3", "__moddi3", "__umoddi3":
		a, b := m.i64(g[0].words), m.i64(g[1].words)
		if b == 0 {
			m.fail("division by zero")
		}
		switch name {
		case "__divdi3":
			return m.words64(uint64(int64(a) / int64(b)))
		case "__udivdi3":
			return m.words64(a / b)
		case "__moddi3":
			return m.words64(uint64(int64(a) % int64(b)))
		}
		return m.words64(a % b)
	case "__divei4", "__udivei4", "__modei4", "__umodei4":
		// compiler-rt's interface: result, a, b pointers and the width.
		size := uint(arg(3) / 8)
		a, b := m.getInt(arg(1), size), m.getInt(arg(2), size)
		if name == "__divei4" || name == "__modei4" {
			a, b = sgn(a, 8*size), sgn(b, 8*size)
		}
		if b.Sign() == 0 {
			m.fail("division by zero")
		}
		r := new(big.Int).Quo(a, b)
		if strings.HasPrefix(name, "__mod") || strings.HasPrefix(name, "__umod") {
			r = new(big.Int).Rem(a, b)
		}
		m.putInt(arg(0), new(big.Int).And(r, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 8*size), big.NewInt(1))), size)
		return nil
	}
	m.fail("call to unknown function %s", name)
	return nil
}
