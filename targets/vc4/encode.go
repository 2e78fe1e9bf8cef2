package vc4

import "fmt"

// Kind is the instruction format selected by sig (spec §2).
type Kind uint8

// Instruction formats.
const (
	KindALU       Kind = iota // sig 0..13 (13: small immediate in RaddrB)
	KindLoadImm               // sig 14, mode 0, 1, 3
	KindSemaphore             // sig 14, mode 4
	KindBranch                // sig 15
)

// Instr is a decoded QPU instruction. Fields that a format does not have
// are ignored by Encode and zero after Decode.
type Instr struct {
	Kind Kind
	Sig  Sig // ALU: the signal (SigSmallImm when RaddrB is a small immediate)

	// ALU, load immediate and semaphore.
	Unpack   uint8 // ALU unpack (bits 59:57)
	PM       bool
	Pack     uint8
	CondAdd  Cond
	CondMul  Cond
	SF       bool
	WS       bool
	WaddrAdd uint8 // also the first link destination of a branch
	WaddrMul uint8 // also the second link destination of a branch

	// ALU only.
	OpMul  MulOp
	OpAdd  AddOp
	RaddrA uint8 // also the branch register (reg = 1)
	RaddrB uint8 // small-immediate code when Sig = SigSmallImm
	AddA   Mux
	AddB   Mux
	MulA   Mux
	MulB   Mux

	// Load immediate, semaphore and branch.
	Imm     uint32 // ldi value, semaphore low word, or branch offset
	LdiMode LoadImmMode

	// Branch.
	CondBr BranchCond
	Rel    bool
	Reg    bool
}

// Nop is the canonical no-op 0x100009E7_009E7000.
var Nop = Instr{Kind: KindALU, Sig: SigNone, WaddrAdd: AddrNop, WaddrMul: AddrNop, RaddrA: AddrNop, RaddrB: AddrNop}

// NewALU returns an ALU instruction with both op slots empty (canonical nop
// fields), ready to have one or both slots filled in.
func NewALU() Instr { return Nop }

// SemaNum returns the semaphore number of a semaphore instruction.
func (in *Instr) SemaNum() int { return int(in.Imm & 15) }

// SemaAcquire reports whether a semaphore instruction decrements (sacq).
func (in *Instr) SemaAcquire() bool { return in.Imm&16 != 0 }

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func check(ok bool, format string, args ...any) error {
	if ok {
		return nil
	}
	return fmt.Errorf(format, args...)
}

// Encode packs an instruction into its 64-bit word. It rejects field values
// out of range and reserved encodings.
func Encode(in Instr) (uint64, error) {
	var hi uint64
	for _, e := range []error{
		check(in.CondAdd < NumConds && in.CondMul < NumConds, "condition out of range"),
		check(in.WaddrAdd < NumRegAddrs && in.WaddrMul < NumRegAddrs, "write address out of range"),
		check(in.Pack < 16, "pack mode %d out of range", in.Pack),
	} {
		if e != nil {
			return 0, e
		}
	}
	common := b2u(in.PM)<<24 | uint64(in.Pack)<<20 | uint64(in.CondAdd)<<17 | uint64(in.CondMul)<<14 |
		b2u(in.SF)<<13 | b2u(in.WS)<<12 | uint64(in.WaddrAdd)<<6 | uint64(in.WaddrMul)
	switch in.Kind {
	case KindALU:
		if in.Sig >= SigLoadImm {
			return 0, fmt.Errorf("signal %d is not an ALU signal", in.Sig)
		}
		if in.Unpack > 7 || in.RaddrA >= NumRegAddrs || in.RaddrB >= NumRegAddrs ||
			in.AddA > 7 || in.AddB > 7 || in.MulA > 7 || in.MulB > 7 || in.OpMul >= NumMulOps || in.OpAdd >= NumAddOps {
			return 0, fmt.Errorf("ALU field out of range")
		}
		if AddOps[in.OpAdd].Name == "" {
			return 0, fmt.Errorf("reserved add opcode %d", in.OpAdd)
		}
		hi = uint64(in.Sig)<<28 | uint64(in.Unpack)<<25 | common
		lo := uint64(in.OpMul)<<29 | uint64(in.OpAdd)<<24 | uint64(in.RaddrA)<<18 | uint64(in.RaddrB)<<12 |
			uint64(in.AddA)<<9 | uint64(in.AddB)<<6 | uint64(in.MulA)<<3 | uint64(in.MulB)
		return hi<<32 | lo, nil
	case KindLoadImm, KindSemaphore:
		mode := in.LdiMode
		if in.Kind == KindSemaphore {
			mode = LdiSemaphore
		} else if mode != LdiWord && mode != LdiSigned2 && mode != LdiUnsigned2 {
			return 0, fmt.Errorf("invalid load-immediate mode %d", mode)
		}
		hi = uint64(SigLoadImm)<<28 | uint64(mode)<<25 | common
		return hi<<32 | uint64(in.Imm), nil
	case KindBranch:
		if in.CondBr >= NumBrConds || !BranchConds[in.CondBr].Valid {
			return 0, fmt.Errorf("reserved branch condition %d", in.CondBr)
		}
		if in.RaddrA >= NumPhysRegs {
			return 0, fmt.Errorf("branch register address %d out of range 0..31", in.RaddrA)
		}
		hi = uint64(SigBranch)<<28 | uint64(in.CondBr)<<20 | b2u(in.Rel)<<19 | b2u(in.Reg)<<18 |
			uint64(in.RaddrA)<<13 | b2u(in.WS)<<12 | uint64(in.WaddrAdd)<<6 | uint64(in.WaddrMul)
		return hi<<32 | uint64(in.Imm), nil
	}
	return 0, fmt.Errorf("unknown instruction kind %d", in.Kind)
}

// MustEncode is Encode for instructions built by trusted code (tables,
// tests); it panics on an invalid instruction.
func MustEncode(in Instr) uint64 {
	w, err := Encode(in)
	if err != nil {
		panic(err)
	}
	return w
}

// Decode unpacks a 64-bit instruction word. It rejects reserved encodings
// (reserved add opcodes, load-immediate modes and branch conditions).
func Decode(w uint64) (Instr, error) {
	hi, lo := uint32(w>>32), uint32(w)
	var in Instr
	sig := Sig(hi >> 28)
	in.PM = hi>>24&1 != 0
	in.Pack = uint8(hi >> 20 & 15)
	in.CondAdd = Cond(hi >> 17 & 7)
	in.CondMul = Cond(hi >> 14 & 7)
	in.SF = hi>>13&1 != 0
	in.WS = hi>>12&1 != 0
	in.WaddrAdd = uint8(hi >> 6 & 63)
	in.WaddrMul = uint8(hi & 63)
	switch {
	case sig == SigBranch:
		in = Instr{Kind: KindBranch, Sig: sig, WS: in.WS, WaddrAdd: in.WaddrAdd, WaddrMul: in.WaddrMul}
		in.CondBr = BranchCond(hi >> 20 & 15)
		in.Rel = hi>>19&1 != 0
		in.Reg = hi>>18&1 != 0
		in.RaddrA = uint8(hi >> 13 & 31)
		in.Imm = lo
		if hi>>24&15 != 0 {
			return in, fmt.Errorf("branch with non-zero unused bits 59:56")
		}
		if !BranchConds[in.CondBr].Valid {
			return in, fmt.Errorf("reserved branch condition %d", in.CondBr)
		}
	case sig == SigLoadImm:
		in.Sig = sig
		mode := LoadImmMode(hi >> 25 & 7)
		in.Imm = lo
		switch mode {
		case LdiSemaphore:
			in.Kind = KindSemaphore
		case LdiWord, LdiSigned2, LdiUnsigned2:
			in.Kind, in.LdiMode = KindLoadImm, mode
		default:
			return in, fmt.Errorf("reserved load-immediate mode %d", mode)
		}
	default:
		in.Kind, in.Sig = KindALU, sig
		in.Unpack = uint8(hi >> 25 & 7)
		in.OpMul = MulOp(lo >> 29)
		in.OpAdd = AddOp(lo >> 24 & 31)
		in.RaddrA = uint8(lo >> 18 & 63)
		in.RaddrB = uint8(lo >> 12 & 63)
		in.AddA = Mux(lo >> 9 & 7)
		in.AddB = Mux(lo >> 6 & 7)
		in.MulA = Mux(lo >> 3 & 7)
		in.MulB = Mux(lo & 7)
		if AddOps[in.OpAdd].Name == "" {
			return in, fmt.Errorf("reserved add opcode %d", in.OpAdd)
		}
	}
	return in, nil
}

// AddWriteSpace and MulWriteSpace give the address space each ALU writes
// to under the write-swap bit (spec §2.1).
func (in *Instr) AddWriteSpace() Space {
	if in.WS {
		return SpaceB
	}
	return SpaceA
}

// MulWriteSpace is the address space of the mul ALU's write.
func (in *Instr) MulWriteSpace() Space { return in.AddWriteSpace() ^ 1 }

// HasSmallImm reports whether RaddrB holds a small immediate.
func (in *Instr) HasSmallImm() bool { return in.Kind == KindALU && in.Sig == SigSmallImm }

// Dest is one active destination of an instruction: a write whose
// condition is not never and whose address is not 39.
type Dest struct {
	Space  Space
	Addr   uint8
	Cond   Cond
	Class  RegClass
	Name   string
	Packed bool // a pack mode applies to this write
	Mul    bool // written by the mul ALU (or the second ldi/link slot)
}

// Dests lists the active destinations of an ALU, load-immediate or
// semaphore instruction (branch link writes depend on the outcome and are
// not included).
func (in *Instr) Dests() []Dest {
	if in.Kind == KindBranch {
		return nil
	}
	var ds []Dest
	add := func(sp Space, addr uint8, cond Cond, packed, mul bool) {
		if cond == CondNever || addr == AddrNop {
			return
		}
		d := WriteRegs[sp][addr]
		ds = append(ds, Dest{sp, addr, cond, d.Class, d.Name, packed, mul})
	}
	packAdd := in.Pack != 0 && !in.PM && !in.WS
	packMul := in.Pack != 0 && (in.PM || in.WS)
	add(in.AddWriteSpace(), in.WaddrAdd, in.CondAdd, packAdd, false)
	add(in.MulWriteSpace(), in.WaddrMul, in.CondMul, packMul, true)
	return ds
}

// SameRegister reports whether two destinations name the same register:
// accumulators, r5 and most I/O registers exist once for both spaces;
// regfile addresses and the A/B-specific VPM setup and address registers
// do not.
func (d Dest) SameRegister(e Dest) bool {
	if d.Addr != e.Addr {
		return false
	}
	if d.Class == RegAcc || d.Class == RegR5 || d.Class.IsPeripheral() && d.Addr != AddrVPMSetup && d.Addr != AddrVPMAddr {
		return true
	}
	return d.Space == e.Space
}
