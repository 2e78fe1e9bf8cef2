// Package vc4 is the VideoCore IV QPU target of lltosimd. This file holds
// the ISA description (spec vc4.md §2–§5) as data: signals, ALU conditions,
// input muxes, add- and mul-ALU opcodes, branch conditions, the small
// immediate table, pack/unpack modes and the register address map. The
// encoder/decoder (encode.go), the assembler (package asm), the simulator
// (package sim) and the code generator (package codegen) all read these
// tables.
//
// Where the Broadcom reference guide and the vc4asm addendum disagree the
// tables follow the addendum, as the spec requires.
package vc4

// Sig is the 4-bit signal field (bits 63:60, spec §3.1).
type Sig uint8

// Signals.
const (
	SigBreak      Sig = 0  // software breakpoint
	SigNone       Sig = 1  // ordinary ALU instruction
	SigThrSw      Sig = 2  // thread switch
	SigThrEnd     Sig = 3  // program end; 2 delay slots follow
	SigSbWait     Sig = 4  // wait for scoreboard
	SigSbDone     Sig = 5  // scoreboard unlock
	SigLThrSw     Sig = 6  // last thread switch
	SigLoadCv     Sig = 7  // coverage load from tile buffer to r4
	SigLoadC      Sig = 8  // colour load from tile buffer to r4
	SigLdcEnd     Sig = 9  // colour load and program end
	SigLdTMU0     Sig = 10 // TMU0 result to r4
	SigLdTMU1     Sig = 11 // TMU1 result to r4
	SigLoadAm     Sig = 12 // alpha-mask load to r4
	SigSmallImm   Sig = 13 // ALU instruction, raddr_b holds a small immediate
	SigLoadImm    Sig = 14 // load immediate or semaphore
	SigBranch     Sig = 15 // branch
	NumSigs           = 16
	sigFieldShift     = 60
)

// SigDef describes one signal.
type SigDef struct {
	Name string // vc4asm mnemonic; empty for the implicit signals 1, 13, 14, 15
	// WritesR4 marks signals that load a peripheral result into r4.
	WritesR4 bool
	// EndsThread marks program-end signals (followed by 2 delay slots).
	EndsThread bool
}

// Sigs is the signal table indexed by Sig.
var Sigs = [NumSigs]SigDef{
	SigBreak:    {Name: "bkpt"},
	SigNone:     {},
	SigThrSw:    {Name: "thrsw"},
	SigThrEnd:   {Name: "thrend", EndsThread: true},
	SigSbWait:   {Name: "sbwait"},
	SigSbDone:   {Name: "sbdone"},
	SigLThrSw:   {Name: "lthrsw"},
	SigLoadCv:   {Name: "loadcv", WritesR4: true},
	SigLoadC:    {Name: "loadc", WritesR4: true},
	SigLdcEnd:   {Name: "ldcend", WritesR4: true, EndsThread: true},
	SigLdTMU0:   {Name: "ldtmu0", WritesR4: true},
	SigLdTMU1:   {Name: "ldtmu1", WritesR4: true},
	SigLoadAm:   {Name: "loadam", WritesR4: true},
	SigSmallImm: {},
	SigLoadImm:  {},
	SigBranch:   {},
}

// Cond is a 3-bit ALU write condition (spec §3.2).
type Cond uint8

// ALU write conditions.
const (
	CondNever  Cond = 0
	CondAlways Cond = 1
	CondZS     Cond = 2 // Z set
	CondZC     Cond = 3 // Z clear
	CondNS     Cond = 4 // N set
	CondNC     Cond = 5 // N clear
	CondCS     Cond = 6 // C set
	CondCC     Cond = 7 // C clear
	NumConds        = 8
)

// CondSuffix is the vc4asm suffix of each condition ("" for always).
var CondSuffix = [NumConds]string{".never", "", ".ifz", ".ifnz", ".ifn", ".ifnn", ".ifc", ".ifcc"}

// Invert returns the complementary condition (cond XOR 1 for 2..7; never
// and always swap).
func (c Cond) Invert() Cond { return c ^ 1 }

// IsPredicated reports whether the condition depends on the flags.
func (c Cond) IsPredicated() bool { return c >= CondZS }

// Mux is a 3-bit ALU input mux value (spec §3.3).
type Mux uint8

// Input mux values.
const (
	MuxR0 Mux = 0
	MuxR1 Mux = 1
	MuxR2 Mux = 2
	MuxR3 Mux = 3
	MuxR4 Mux = 4 // read-only peripheral results
	MuxR5 Mux = 5
	MuxA  Mux = 6 // value read at raddr_a
	MuxB  Mux = 7 // value read at raddr_b, or the small immediate when sig = 13
)

// MuxName is the assembly name of the accumulator muxes 0..5.
var MuxName = [6]string{"r0", "r1", "r2", "r3", "r4", "r5"}

// AddOp is a 5-bit add-ALU opcode (spec §3.4).
type AddOp uint8

// Add-ALU opcodes.
const (
	AddNop     AddOp = 0
	AddFAdd    AddOp = 1
	AddFSub    AddOp = 2
	AddFMin    AddOp = 3
	AddFMax    AddOp = 4
	AddFMinAbs AddOp = 5
	AddFMaxAbs AddOp = 6
	AddFtoI    AddOp = 7
	AddItoF    AddOp = 8
	AddAdd     AddOp = 12
	AddSub     AddOp = 13
	AddShr     AddOp = 14
	AddAsr     AddOp = 15
	AddRor     AddOp = 16
	AddShl     AddOp = 17
	AddMin     AddOp = 18
	AddMax     AddOp = 19
	AddAnd     AddOp = 20
	AddOr      AddOp = 21
	AddXor     AddOp = 22
	AddNot     AddOp = 23
	AddClz     AddOp = 24
	AddV8Adds  AddOp = 30
	AddV8Subs  AddOp = 31
	NumAddOps        = 32
)

// CFlag says how an ALU op sets the C flag (spec §3.4, §3.5).
type CFlag uint8

// C flag rules.
const (
	CZero     CFlag = iota // C cleared
	CPosFloat              // float result > 0.0
	CAGtBF                 // a > b (float)
	CAbsAGtB               // |a| > |b| (float)
	CCarry                 // unsigned carry out of a + b
	CBorrow                // unsigned borrow: a <u b
	CShiftOut              // last bit shifted out (shr, asr, shl)
	CAGtBS                 // a > b (signed)
	CMul24Ovf              // mul24: 48-bit product > 0xFFFFFFFF (VC4C; ambiguous per §10)
)

// OpDef describes one add- or mul-ALU opcode.
type OpDef struct {
	Name     string // vc4asm mnemonic; "" for reserved encodings
	Unary    bool   // one source (encoded in both muxes)
	FloatIn  bool   // sources are float32 (unpack picks float variants)
	FloatOut bool   // result is float32 (pack picks float variants)
	Commutes bool
	C        CFlag
}

// AddOps is the add-ALU opcode table indexed by AddOp.
var AddOps = [NumAddOps]OpDef{
	AddNop:     {Name: "nop"},
	AddFAdd:    {Name: "fadd", FloatIn: true, FloatOut: true, Commutes: true, C: CPosFloat},
	AddFSub:    {Name: "fsub", FloatIn: true, FloatOut: true, C: CPosFloat},
	AddFMin:    {Name: "fmin", FloatIn: true, FloatOut: true, Commutes: true, C: CAGtBF},
	AddFMax:    {Name: "fmax", FloatIn: true, FloatOut: true, Commutes: true, C: CAGtBF},
	AddFMinAbs: {Name: "fminabs", FloatIn: true, FloatOut: true, Commutes: true, C: CAbsAGtB},
	AddFMaxAbs: {Name: "fmaxabs", FloatIn: true, FloatOut: true, Commutes: true, C: CAbsAGtB},
	AddFtoI:    {Name: "ftoi", Unary: true, FloatIn: true},
	AddItoF:    {Name: "itof", Unary: true, FloatOut: true},
	AddAdd:     {Name: "add", Commutes: true, C: CCarry},
	AddSub:     {Name: "sub", C: CBorrow},
	AddShr:     {Name: "shr", C: CShiftOut},
	AddAsr:     {Name: "asr", C: CShiftOut},
	AddRor:     {Name: "ror"},
	AddShl:     {Name: "shl", C: CShiftOut},
	AddMin:     {Name: "min", Commutes: true, C: CAGtBS},
	AddMax:     {Name: "max", Commutes: true, C: CAGtBS},
	AddAnd:     {Name: "and", Commutes: true},
	AddOr:      {Name: "or", Commutes: true},
	AddXor:     {Name: "xor", Commutes: true},
	AddNot:     {Name: "not", Unary: true},
	AddClz:     {Name: "clz", Unary: true},
	AddV8Adds:  {Name: "v8adds", Commutes: true},
	AddV8Subs:  {Name: "v8subs"},
}

// MulOp is a 3-bit mul-ALU opcode (spec §3.5).
type MulOp uint8

// Mul-ALU opcodes.
const (
	MulNop    MulOp = 0
	MulFMul   MulOp = 1
	MulMul24  MulOp = 2
	MulV8Muld MulOp = 3
	MulV8Min  MulOp = 4
	MulV8Max  MulOp = 5
	MulV8Adds MulOp = 6
	MulV8Subs MulOp = 7
	NumMulOps       = 8
)

// MulOps is the mul-ALU opcode table indexed by MulOp.
var MulOps = [NumMulOps]OpDef{
	MulNop:    {Name: "nop"},
	MulFMul:   {Name: "fmul", FloatIn: true, FloatOut: true, Commutes: true},
	MulMul24:  {Name: "mul24", Commutes: true, C: CMul24Ovf},
	MulV8Muld: {Name: "v8muld", Commutes: true},
	MulV8Min:  {Name: "v8min", Commutes: true},
	MulV8Max:  {Name: "v8max", Commutes: true},
	MulV8Adds: {Name: "v8adds", Commutes: true},
	MulV8Subs: {Name: "v8subs"},
}

// Move ops: vc4asm's "mov" is "or x, x" on the add ALU and "v8min x, x" on
// the mul ALU (spec §3.4, §3.5).
const (
	AddMov = AddOr
	MulMov = MulV8Min
)

// BranchCond is the 4-bit branch condition (spec §3.6).
type BranchCond uint8

// Branch conditions. All/any range over all 16 lanes.
const (
	BrAllZS    BranchCond = 0
	BrAllZC    BranchCond = 1
	BrAnyZS    BranchCond = 2
	BrAnyZC    BranchCond = 3
	BrAllNS    BranchCond = 4
	BrAllNC    BranchCond = 5
	BrAnyNS    BranchCond = 6
	BrAnyNC    BranchCond = 7
	BrAllCS    BranchCond = 8
	BrAllCC    BranchCond = 9
	BrAnyCS    BranchCond = 10
	BrAnyCC    BranchCond = 11
	BrAlways   BranchCond = 15
	NumBrConds            = 16
)

// Flag selects one of the per-lane flags.
type Flag uint8

// Per-lane flags.
const (
	FlagZ Flag = iota
	FlagN
	FlagC
)

// BranchCondDef describes a branch condition: the branch is taken when
// All (or any) of the 16 lanes have Flag equal to Set.
type BranchCondDef struct {
	Suffix   string // vc4asm suffix, "" for always
	Valid    bool   // false for the reserved encodings 12..14
	Always   bool
	All      bool
	Flag     Flag
	Set      bool
	Synonyms []string // other accepted suffixes
}

// BranchConds is the branch condition table indexed by BranchCond.
var BranchConds = [NumBrConds]BranchCondDef{
	BrAllZS:  {Suffix: ".allz", Valid: true, All: true, Flag: FlagZ, Set: true},
	BrAllZC:  {Suffix: ".allnz", Valid: true, All: true, Flag: FlagZ},
	BrAnyZS:  {Suffix: ".anyz", Valid: true, Flag: FlagZ, Set: true},
	BrAnyZC:  {Suffix: ".anynz", Valid: true, Flag: FlagZ},
	BrAllNS:  {Suffix: ".alln", Valid: true, All: true, Flag: FlagN, Set: true},
	BrAllNC:  {Suffix: ".allnn", Valid: true, All: true, Flag: FlagN},
	BrAnyNS:  {Suffix: ".anyn", Valid: true, Flag: FlagN, Set: true},
	BrAnyNC:  {Suffix: ".anynn", Valid: true, Flag: FlagN},
	BrAllCS:  {Suffix: ".allc", Valid: true, All: true, Flag: FlagC, Set: true},
	BrAllCC:  {Suffix: ".allnc", Valid: true, All: true, Flag: FlagC, Synonyms: []string{".allcc"}},
	BrAnyCS:  {Suffix: ".anyc", Valid: true, Flag: FlagC, Set: true},
	BrAnyCC:  {Suffix: ".anync", Valid: true, Flag: FlagC, Synonyms: []string{".anycc"}},
	BrAlways: {Suffix: "", Valid: true, Always: true},
}

// LoadImmMode is bits 59:57 of a sig-14 instruction (spec §2.2).
type LoadImmMode uint8

// Load-immediate kinds.
const (
	LdiWord      LoadImmMode = 0 // 32-bit value replicated to all lanes
	LdiSigned2   LoadImmMode = 1 // per-element signed 2-bit (-2..1)
	LdiUnsigned2 LoadImmMode = 3 // per-element unsigned 2-bit (0..3)
	LdiSemaphore LoadImmMode = 4 // semaphore (spec §2.3)
)

// LoadImmLane returns the value lane i receives from a load immediate of
// the given mode (spec §2.2).
func LoadImmLane(mode LoadImmMode, imm uint32, lane int) uint32 {
	switch mode {
	case LdiSigned2:
		v := (imm>>(16+lane)&1)<<1 | imm>>lane&1
		return uint32(int32(v<<30) >> 30)
	case LdiUnsigned2:
		return (imm>>(16+lane)&1)<<1 | imm>>lane&1
	}
	return imm
}

// Register-address constants (spec §5): the same number may mean
// different registers in the A and B spaces and for reads and writes.
const (
	AddrUniform   = 32 // read: next uniform
	AddrR0        = 32 // write: accumulator r0 (r1..r3 follow)
	AddrVarying   = 35 // read
	AddrTMUNoSwap = 36 // write
	AddrR5        = 37 // write: r5quad (A space) / r5rep (B space)
	AddrElemQPU   = 38 // read: element number (A) / QPU number (B)
	AddrHostInt   = 38 // write
	AddrNop       = 39
	AddrUnifAddr  = 40 // write: UNIFORMS_ADDRESS
	AddrTLBZ      = 44 // write
	AddrMSFlags   = 42 // A read/write: multisample mask
	AddrVPM       = 48 // VPM_READ / VPM_WRITE
	AddrVPMSetup  = 49 // write: VPM read setup (A) / write setup (B); read: busy
	AddrVPMAddr   = 50 // write: VDR (A) / VDW (B) address; read: wait
	AddrMutex     = 51 // read: acquire; write: release
	AddrSFURecip  = 52 // SFU_RECIP; RECIPSQRT, EXP, LOG follow
	AddrTMU0S     = 56 // TMU0_S; T, R, B follow; TMU1 at 60..63
	AddrSFULog    = 55
	AddrTMU1S     = 60
	NumRegAddrs   = 64
	NumPhysRegs   = 32
)

// RegClass classifies an entry of the register address map.
type RegClass uint8

// Register classes.
const (
	RegNone    RegClass = iota // unmapped I/O address
	RegFile                    // physical regfile A or B (0..31)
	RegAcc                     // accumulator r0..r3
	RegR5                      // r5 replicated write
	RegNopAddr                 // address 39
	RegUniform                 // uniform read / UNIFORMS_ADDRESS write
	RegIO                      // other I/O: reads without side effects or peripheral writes
	RegVarying                 // varying read
	RegTMU                     // TMU request write
	RegSFU                     // SFU write
	RegVPM                     // VPM data or VPM/VDR/VDW setup, address, wait
	RegTLB                     // tile buffer
	RegMutex                   // mutex acquire/release
	RegHostInt                 // host interrupt
)

// RegDef names one address in one of the four address spaces.
type RegDef struct {
	Name  string // vc4asm name; "" for unmapped addresses
	Class RegClass
}

// Spaces of the register address map.
type Space uint8

// Address spaces. Writes through ws pick the space (spec §4.1).
const (
	SpaceA Space = 0
	SpaceB Space = 1
)

// IsPeripheral reports whether writes to the class trigger a peripheral
// (they must be unconditional and unpacked, spec §6.2, §7.15).
func (c RegClass) IsPeripheral() bool {
	switch c {
	case RegNone, RegFile, RegAcc, RegR5, RegNopAddr:
		return false
	}
	return true
}

// ReadRegs and WriteRegs are the register address map (spec §5) indexed by
// [Space][address]. Regfile entries 0..31 are filled in by init.
var (
	ReadRegs  [2][NumRegAddrs]RegDef
	WriteRegs [2][NumRegAddrs]RegDef
)

// ioMap lists the named I/O addresses: address, read A, read B, write A,
// write B names with their classes.
var ioMap = []struct {
	addr               int
	rA, rB, wA, wB     string
	crA, crB, cwA, cwB RegClass
}{
	{32, "unif", "unif", "r0", "r0", RegUniform, RegUniform, RegAcc, RegAcc},
	{33, "", "", "r1", "r1", RegNone, RegNone, RegAcc, RegAcc},
	{34, "", "", "r2", "r2", RegNone, RegNone, RegAcc, RegAcc},
	{35, "vary", "vary", "r3", "r3", RegVarying, RegVarying, RegAcc, RegAcc},
	{36, "", "", "tmurs", "tmurs", RegNone, RegNone, RegTMU, RegTMU},
	{37, "", "", "r5quad", "r5rep", RegNone, RegNone, RegR5, RegR5},
	{38, "elem_num", "qpu_num", "irq", "irq", RegIO, RegIO, RegHostInt, RegHostInt},
	{39, "-", "-", "-", "-", RegNopAddr, RegNopAddr, RegNopAddr, RegNopAddr},
	{40, "", "", "unif_addr", "unif_addr_rel", RegNone, RegNone, RegUniform, RegUniform},
	{41, "x_coord", "y_coord", "quad_x", "quad_y", RegIO, RegIO, RegIO, RegIO},
	{42, "ms_mask", "rev_flag", "ms_mask", "rev_flag", RegIO, RegIO, RegIO, RegIO},
	{43, "", "", "tlb_stencil", "tlb_stencil", RegNone, RegNone, RegTLB, RegTLB},
	{44, "", "", "tlb_z", "tlb_z", RegNone, RegNone, RegTLB, RegTLB},
	{45, "", "", "tlb_colour_ms", "tlb_colour_ms", RegNone, RegNone, RegTLB, RegTLB},
	{46, "", "", "tlb_colour_all", "tlb_colour_all", RegNone, RegNone, RegTLB, RegTLB},
	{47, "", "", "tlb_alpha_mask", "tlb_alpha_mask", RegNone, RegNone, RegTLB, RegTLB},
	{48, "vpm", "vpm", "vpm", "vpm", RegVPM, RegVPM, RegVPM, RegVPM},
	{49, "vr_busy", "vw_busy", "vr_setup", "vw_setup", RegVPM, RegVPM, RegVPM, RegVPM},
	{50, "vr_wait", "vw_wait", "vr_addr", "vw_addr", RegVPM, RegVPM, RegVPM, RegVPM},
	{51, "mutex", "mutex", "mutex", "mutex", RegMutex, RegMutex, RegMutex, RegMutex},
	{52, "", "", "recip", "recip", RegNone, RegNone, RegSFU, RegSFU},
	{53, "", "", "recipsqrt", "recipsqrt", RegNone, RegNone, RegSFU, RegSFU},
	{54, "", "", "exp", "exp", RegNone, RegNone, RegSFU, RegSFU},
	{55, "", "", "log", "log", RegNone, RegNone, RegSFU, RegSFU},
	{56, "", "", "t0s", "t0s", RegNone, RegNone, RegTMU, RegTMU},
	{57, "", "", "t0t", "t0t", RegNone, RegNone, RegTMU, RegTMU},
	{58, "", "", "t0r", "t0r", RegNone, RegNone, RegTMU, RegTMU},
	{59, "", "", "t0b", "t0b", RegNone, RegNone, RegTMU, RegTMU},
	{60, "", "", "t1s", "t1s", RegNone, RegNone, RegTMU, RegTMU},
	{61, "", "", "t1t", "t1t", RegNone, RegNone, RegTMU, RegTMU},
	{62, "", "", "t1r", "t1r", RegNone, RegNone, RegTMU, RegTMU},
	{63, "", "", "t1b", "t1b", RegNone, RegNone, RegTMU, RegTMU},
}

// RegAliases are extra write names the assembler accepts.
var RegAliases = map[string]string{
	"host_int":   "irq",
	"interrupt":  "irq",
	"tmu_noswap": "tmurs",
	"sfu_recip":  "recip",
	"sfu_exp":    "exp",
	"sfu_log":    "log",
	"nop":        "-",
}

func init() {
	prefix := [2]string{"ra", "rb"}
	for s := SpaceA; s <= SpaceB; s++ {
		for i := 0; i < NumPhysRegs; i++ {
			name := prefix[s] + itoa(i)
			ReadRegs[s][i] = RegDef{Name: name, Class: RegFile}
			WriteRegs[s][i] = RegDef{Name: name, Class: RegFile}
		}
	}
	for _, m := range ioMap {
		ReadRegs[SpaceA][m.addr] = RegDef{Name: m.rA, Class: m.crA}
		ReadRegs[SpaceB][m.addr] = RegDef{Name: m.rB, Class: m.crB}
		WriteRegs[SpaceA][m.addr] = RegDef{Name: m.wA, Class: m.cwA}
		WriteRegs[SpaceB][m.addr] = RegDef{Name: m.wB, Class: m.cwB}
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// SmallImm describes the value of one small-immediate code (spec §4.3).
type SmallImm struct {
	Value  uint32 // the 32-bit value seen on mux 7
	Float  bool   // Value is a float32 bit pattern
	Rotate int    // mul-ALU output rotation: -1 = by r5, 0 = none, 1..15 = upwards by n
}

// SmallImms is the small-immediate table indexed by the 6-bit code.
var SmallImms [64]SmallImm

func init() {
	for c := 0; c < 64; c++ {
		var s SmallImm
		switch {
		case c < 16:
			s.Value = uint32(c)
		case c < 32:
			s.Value = uint32(int32(c - 32))
		case c < 40: // 2^(c-32): exponent field 127+(c-32)
			s.Value, s.Float = uint32(127+c-32)<<23, true
		case c < 48: // 2^(c-48)
			s.Value, s.Float = uint32(127+c-48)<<23, true
		default: // ADD: the add ALU sees -16..-1
			s.Value = uint32(int32(c - 64))
			s.Rotate = c - 48
			if c == 48 {
				s.Rotate = -1
			}
		}
		SmallImms[c] = s
	}
}

// SmallImmCode returns the small-immediate code for an integer value
// (-16..15), or ok=false.
func SmallImmCode(v int64) (code uint8, ok bool) {
	switch {
	case v >= 0 && v <= 15:
		return uint8(v), true
	case v >= -16 && v < 0:
		return uint8(v + 32), true
	}
	return 0, false
}

// SmallImmFloatCode returns the small-immediate code whose float value has
// the given bit pattern (1.0..128.0, 1/256..1/2), or ok=false.
func SmallImmFloatCode(bits uint32) (code uint8, ok bool) {
	for c := 32; c < 48; c++ {
		if SmallImms[c].Value == bits {
			return uint8(c), true
		}
	}
	return 0, false
}

// Rotation codes: code 48 rotates by r5, 48+n rotates upwards by n.
const (
	SmallImmRotR5 = 48
)

// PackDef and UnpackDef name the pack/unpack modes (spec §4.5) as vc4asm
// writes them after a register (".16a", ".8888", ...).
var (
	// PackA is indexed by the pack field when pm = 0 (regfile-A pack).
	PackA = [16]string{"", "16a", "16b", "8888", "8a", "8b", "8c", "8d", "32s", "16as", "16bs", "8888s", "8as", "8bs", "8cs", "8ds"}
	// PackMul is indexed by the pack field when pm = 1 (mul-ALU colour pack);
	// "" marks reserved codes except 0.
	PackMul = [16]string{"", "", "", "8888c", "8ac", "8bc", "8cc", "8dc", "", "", "", "", "", "", "", ""}
	// Unpack is indexed by the unpack field (regfile A when pm = 0, r4 when pm = 1).
	Unpack = [8]string{"", "16a", "16b", "8dr", "8a", "8b", "8c", "8d"}
)

// Pack modes (pm = 0).
const (
	PackNone  = 0
	Pack16A   = 1
	Pack16B   = 2
	Pack8888  = 3
	Pack8A    = 4
	Pack32S   = 8
	Pack16AS  = 9
	Pack16BS  = 10
	Pack8888S = 11
	Pack8AS   = 12
)

// Unpack modes.
const (
	UnpackNone = 0
	Unpack16A  = 1
	Unpack16B  = 2
	Unpack8DR  = 3
	Unpack8A   = 4
)

// Lanes is the number of SIMD lanes of a QPU.
const Lanes = 16

// Name lookups for assemblers and instruction selection.
var (
	addOpNames  = map[string]AddOp{}
	mulOpNames  = map[string]MulOp{}
	condNames   = map[string]Cond{}
	brCondNames = map[string]BranchCond{}
	sigNames    = map[string]Sig{}
	regNames    [2][2]map[string]uint8 // [write][space]
)

func init() {
	for op, d := range AddOps {
		if d.Name != "" {
			addOpNames[d.Name] = AddOp(op)
		}
	}
	for op, d := range MulOps {
		mulOpNames[d.Name] = MulOp(op)
	}
	for c, s := range CondSuffix {
		if s != "" {
			condNames[s[1:]] = Cond(c)
		}
	}
	condNames["always"] = CondAlways
	for c, d := range BranchConds {
		if d.Valid && !d.Always {
			brCondNames[d.Suffix[1:]] = BranchCond(c)
			for _, s := range d.Synonyms {
				brCondNames[s[1:]] = BranchCond(c)
			}
		}
	}
	for s, d := range Sigs {
		if d.Name != "" {
			sigNames[d.Name] = Sig(s)
		}
	}
	for w, tab := range [2]*[2][NumRegAddrs]RegDef{&ReadRegs, &WriteRegs} {
		for sp := range tab {
			regNames[w][sp] = map[string]uint8{}
			for a, d := range tab[sp] {
				if d.Name != "" {
					regNames[w][sp][d.Name] = uint8(a)
				}
			}
		}
	}
}

// AddOpByName returns the add-ALU opcode with a vc4asm mnemonic.
func AddOpByName(name string) (AddOp, bool) { op, ok := addOpNames[name]; return op, ok }

// MulOpByName returns the mul-ALU opcode with a vc4asm mnemonic.
func MulOpByName(name string) (MulOp, bool) { op, ok := mulOpNames[name]; return op, ok }

// CondByName returns the ALU condition for a suffix without the dot
// ("ifz", "ifnc"..., "never", "always").
func CondByName(name string) (Cond, bool) { c, ok := condNames[name]; return c, ok }

// BranchCondByName returns the branch condition for a suffix without the
// dot ("allz", "anync", ...).
func BranchCondByName(name string) (BranchCond, bool) { c, ok := brCondNames[name]; return c, ok }

// SigByName returns the signal with a vc4asm mnemonic ("thrend", "ldtmu0", ...).
func SigByName(name string) (Sig, bool) { s, ok := sigNames[name]; return s, ok }

// RegByName returns the address of a named register ("ra5", "unif",
// "vw_setup", "r0", "-", ...) in one address space, for reads or writes.
func RegByName(name string, sp Space, write bool) (uint8, bool) {
	w := 0
	if write {
		w = 1
	}
	if a, ok := RegAliases[name]; ok && write {
		name = a
	}
	a, ok := regNames[w][sp][name]
	return a, ok
}
