package mir

import "fmt"

// Opcode identifies an operation. Opcodes below FirstTargetOp are the
// generic ops defined in this file; the rest index Arch.Ops.
type Opcode uint16

// OpFlags describe properties of an op that passes query.
type OpFlags uint32

// Op flags.
const (
	FlagBranch       OpFlags = 1 << iota // may transfer control to a block operand
	FlagTerminator                       // ends a block (branches, returns)
	FlagBarrier                          // control never falls through (jmp, ret)
	FlagCall                             // calls a function
	FlagReturn                           // returns from the function
	FlagLoad                             // reads memory
	FlagStore                            // writes memory
	FlagSideEffect                       // has effects beyond its defs (I/O, traps)
	FlagHasDelaySlot                     // the next instruction executes before the transfer
	FlagCommutable                       // the two source operands may be swapped
	FlagCopy                             // a plain register copy (dst = src)
	FlagIndirect                         // branch or call through a register
	FlagPseudo                           // must be expanded before emission
	FlagCompare                          // sets flags / a status register
)

// ControlFlags mark the ops that transfer control (branches, calls,
// returns): one ends a VLIW packet, as its last member.
const ControlFlags = FlagBranch | FlagTerminator | FlagCall | FlagReturn

// OpDesc describes one op: the data that drives printing, verification and
// the generic passes. Targets give the rest (encoding, syntax) in their own
// tables keyed by the same opcode.
type OpDesc struct {
	Name  string // generic ops: G_ADD ...; target ops: the lbd/LLVM name (ADDu, JEQ ...)
	Flags OpFlags
	// NumDefs is the number of explicit definitions; -1 means variadic
	// (G_CALL, G_ARGS, G_PHI-style ops say so in their doc).
	NumDefs int
	// NumUses is the number of explicit uses; -1 means variadic.
	NumUses int
	// OptionalUses is how many explicit uses may follow the NumUses ones
	// (trailing operands that may be left out, such as BWDSP's lane
	// stride of a memory access).
	OptionalUses int
	// Tied maps a def index to the use index (0-based among uses) it must
	// share a register with (e.g. movz's destination and its false value).
	Tied map[int]int
	// Doc is a one-line meaning.
	Doc string
}

// Generic opcodes. Values are 32-bit words in virtual registers of the
// target's general class, vectors of such words (Func.VRegVec) or wide
// integers (Func.VRegWide, which wideint-legalize splits into words); the
// frontend keeps i1/i8/i16 in 32-bit registers (see docs/generic-mir.md).
const (
	GInvalid    Opcode = iota
	GCopy              // dst = src
	GConst             // dst = imm
	GGlobalAddr        // dst = &sym + off               (KindSym)
	GFrameAddr         // dst = address of frame object  (KindFrame)
	GBlockAddr         // dst = address of block         (KindBlock)
	GJTAddr            // dst = address of jump table    (KindJT)
	GAdd
	GSub
	GMul
	GUMulH // dst = high word of unsigned a*b
	GSMulH // dst = high word of signed a*b
	GSDiv
	GUDiv
	GSRem
	GURem
	GAnd
	GOr
	GXor
	GShl // shift amounts are 0..31 (the frontend masks or guards larger ones)
	GLShr
	GAShr
	GRotl
	GRotr
	GCtlz      // count leading zeros (32 for 0)
	GSExtInReg // dst = sign-extend the low imm bits of src
	GICmp      // dst = (a cond b) ? 1 : 0
	GSelect    // dst = c != 0 ? t : f
	GLoad32    // dst = mem32[base + off]; base is a reg or a KindFrame operand
	GLoad16S
	GLoad16U
	GLoad8S
	GLoad8U
	GStore32 // mem32[base + off] = val   (uses: val, base, off)
	GStore16
	GStore8
	GPhi    // dst = phi [v, bb]...  (uses alternate: reg/imm operand, block)
	GBr     // goto bb
	GBrCond // if c != 0 goto bb (falls through otherwise)
	GBrJT   // goto jumptable[idx]  (uses: idx reg, KindJT)
	GBrIndirect
	// GSwitch is a multiway branch: uses are the 32-bit value register,
	// the default block, then (imm case value, block) pairs. Case values
	// are distinct signed 32-bit immediates (the frontend sign-extends
	// narrower switches, so signed order is the source type's order). The
	// switch-lowering pass turns it into jump tables and compare trees.
	GSwitch
	GArgs // defs: the function's argument words; uses: one imm descriptor per argument (see docs)
	GCall // defs: result words; uses: callee (sym or reg), then per argument an imm descriptor followed by its words
	GRet  // uses: the return words
	GTrap // abort execution
	GUnreachable
	GImplicitDef // dst = undefined value
	GVAStart     // dst = address of the first variadic argument
	GStackSave   // dst = $sp
	GStackRestore
	GDynAlloca  // dst = allocate size bytes (uses: size reg, align imm)
	GReturnAddr // dst = the address the current function returns to

	// Atomic ops (docs/generic-mir.md, Atomics): read-modify-writes of an
	// integer of size bytes (1, 2, 4 or a multiple of 4) at base + off,
	// aligned to its size (to 4 beyond a word), whose value is n words in
	// registers, low word first (a pointer in 8 bytes of memory is one
	// word, the high word zero). be (1: big-endian, 0: little-endian)
	// places the words in memory. The old value of a narrow access is
	// zero-extended. atomic-lowering (passes/atomiclower.go) expands the
	// ops a target does not select. The G_ATOMICRMW_* ops are contiguous,
	// in LLVM's AtomicRMWInst::BinOp order.
	GAtomicRMWXchg // old… = mem; mem = x   (uses: base, imm off, imm size, imm be, x…)
	GAtomicRMWAdd  // old… = mem; mem = old + x
	GAtomicRMWSub
	GAtomicRMWAnd
	GAtomicRMWNand // mem = ^(old & x)
	GAtomicRMWOr
	GAtomicRMWXor
	GAtomicRMWMax // signed
	GAtomicRMWMin
	GAtomicRMWUMax // unsigned
	GAtomicRMWUMin
	GAtomicCmpXchg // old…, ok = mem; if old == cmp { mem = new }   (uses: base, imm off, imm size, imm be, cmp…, new…)
	GFence         // a memory barrier (uses: imm ordering, LLVM's AtomicOrdering)

	// Floating-point ops (docs/generic-mir.md). A float is one word, a
	// double two; the number of defs and uses gives the types, and the
	// words of a two-word operand or result are listed in memory order (as
	// G_CALL lists them), so that soft-float lowering passes them through.
	GFAdd    // dst = a + b         (defs n, uses a[n] b[n]; n = 1 float, 2 double)
	GFSub    // dst = a - b
	GFMul    // dst = a * b
	GFDiv    // dst = a / b
	GFRem    // dst = fmod(a, b)
	GFCmp    // dst = (a pred b) ? 1 : 0   (uses: FPred imm, a[n], b[n])
	GSIToFP  // dst = signed integer src as float/double (src 1 or 2 words)
	GUIToFP  // dst = unsigned integer src as float/double
	GFPToSI  // dst = float/double src truncated to a signed integer (1 or 2 words)
	GFPToUI  // dst = float/double src truncated to an unsigned integer
	GFPExt   // dst (2 words) = float src as double
	GFPTrunc // dst = double src (2 words) rounded to float

	// Vector ops (docs/generic-mir.md, Vectors): vector registers have a
	// shape (Func.VRegVec); the lane-wise ops above apply to them too.
	GBuildVector      // dst = <lane0, lane1, ...>   (uses: one reg or imm per lane)
	GExtractVectorElt // dst = vec[idx]               (uses: vec, imm or reg lane index)
	GInsertVectorElt  // dst = vec with [idx] = elt   (uses: vec, elt, imm or reg index)
	GShuffleVector    // dst[i] = (a ++ b)[mask[i]]   (uses: a, b, one imm per result lane; -1 undefined)
	GVLoad            // dst = vector at base + off   (uses: base, imm off, imm alignment)
	GVLoadStrided     // dst lane j = element at base + off + j*stride (uses: base, imm off, imm alignment, imm stride)
	GVStore           // vector at base + off = val   (uses: val, base, imm off, imm alignment)

	// GInlineAsm is inline assembly (mir/inlineasm.go); it survives
	// selection and register allocation and the target's printer expands it.
	GInlineAsm
	// GCmpp is the HPL-PD compare-to-predicate of if-conversion
	// (mir/cmpp.go): one compare, one or two destination predicates.
	GCmpp
	// GSpill and GReload are the register allocator's spill code for the
	// classes whose Size is not 4 (tuples, wide registers): the whole
	// register of the class to or from a spill slot; the target expands
	// them after allocation, knowing the class (the last operand).
	GSpill  // uses: val, KindFrame slot, imm class
	GReload // dst = slot; uses: KindFrame slot, imm class
	// Wide integers (docs/generic-mir.md, Wide integers): a wide register
	// (Func.VRegWide) is built from its 32-bit words and taken apart into
	// them, low word first; wideint-legalize removes both.
	GMergeValues   // dst (wide) = the words   (uses: one 32-bit register per word)
	GUnmergeValues // defs: the words of the wide register use
	GConstant      // dst (wide) = the integer of the given words   (uses: one imm per word, low word first)
	GZExt          // dst (wide) = src (32-bit or narrower wide) zero-extended
	GSExt          // dst (wide) = src (32-bit or narrower wide) sign-extended
	GTrunc         // dst (32-bit or narrower wide) = the low words of src (wide)
	GLoad          // dst (wide) = the integer of size bytes at base + off   (uses: base, imm off, imm size, imm align)
	GStore         // the integer of size bytes at base + off = val (wide)   (uses: val, base, imm off, imm size, imm align)
	FirstTargetOp
)

// atomicFlags are the flags of the atomic read-modify-write ops.
const atomicFlags = FlagLoad | FlagStore | FlagSideEffect

// IsAtomicRMW reports whether op is one of the G_ATOMICRMW_* ops.
func IsAtomicRMW(op Opcode) bool { return op >= GAtomicRMWXchg && op <= GAtomicRMWUMin }

// genericOps is the generic op table: the one place that says what each
// generic op is.
var genericOps = [FirstTargetOp]OpDesc{
	GInvalid:       {Name: "G_INVALID"},
	GCopy:          {Name: "COPY", NumDefs: 1, NumUses: 1, Flags: FlagCopy, Doc: "dst = src"},
	GConst:         {Name: "G_CONST", NumDefs: 1, NumUses: 1, Doc: "dst = imm"},
	GGlobalAddr:    {Name: "G_GLOBAL_ADDR", NumDefs: 1, NumUses: 1, Doc: "dst = address of a symbol plus offset"},
	GFrameAddr:     {Name: "G_FRAME_ADDR", NumDefs: 1, NumUses: 1, Doc: "dst = address of a stack object"},
	GBlockAddr:     {Name: "G_BLOCK_ADDR", NumDefs: 1, NumUses: 1, Doc: "dst = address of a block"},
	GJTAddr:        {Name: "G_JT_ADDR", NumDefs: 1, NumUses: 1, Doc: "dst = address of a jump table"},
	GAdd:           {Name: "G_ADD", NumDefs: 1, NumUses: 2, Flags: FlagCommutable, Doc: "dst = a + b"},
	GSub:           {Name: "G_SUB", NumDefs: 1, NumUses: 2, Doc: "dst = a - b"},
	GMul:           {Name: "G_MUL", NumDefs: 1, NumUses: 2, Flags: FlagCommutable, Doc: "dst = low word of a * b"},
	GUMulH:         {Name: "G_UMULH", NumDefs: 1, NumUses: 2, Flags: FlagCommutable, Doc: "dst = high word of unsigned a * b"},
	GSMulH:         {Name: "G_SMULH", NumDefs: 1, NumUses: 2, Flags: FlagCommutable, Doc: "dst = high word of signed a * b"},
	GSDiv:          {Name: "G_SDIV", NumDefs: 1, NumUses: 2, Doc: "dst = a / b, signed, truncating"},
	GUDiv:          {Name: "G_UDIV", NumDefs: 1, NumUses: 2, Doc: "dst = a / b, unsigned"},
	GSRem:          {Name: "G_SREM", NumDefs: 1, NumUses: 2, Doc: "dst = a % b, signed (sign of a)"},
	GURem:          {Name: "G_UREM", NumDefs: 1, NumUses: 2, Doc: "dst = a % b, unsigned"},
	GAnd:           {Name: "G_AND", NumDefs: 1, NumUses: 2, Flags: FlagCommutable, Doc: "dst = a & b"},
	GOr:            {Name: "G_OR", NumDefs: 1, NumUses: 2, Flags: FlagCommutable, Doc: "dst = a | b"},
	GXor:           {Name: "G_XOR", NumDefs: 1, NumUses: 2, Flags: FlagCommutable, Doc: "dst = a ^ b"},
	GShl:           {Name: "G_SHL", NumDefs: 1, NumUses: 2, Doc: "dst = a << b (b in 0..31)"},
	GLShr:          {Name: "G_LSHR", NumDefs: 1, NumUses: 2, Doc: "dst = a >>u b (b in 0..31)"},
	GAShr:          {Name: "G_ASHR", NumDefs: 1, NumUses: 2, Doc: "dst = a >>s b (b in 0..31)"},
	GRotl:          {Name: "G_ROTL", NumDefs: 1, NumUses: 2, Doc: "dst = a rotated left by b (b in 0..31)"},
	GRotr:          {Name: "G_ROTR", NumDefs: 1, NumUses: 2, Doc: "dst = a rotated right by b (b in 0..31)"},
	GCtlz:          {Name: "G_CTLZ", NumDefs: 1, NumUses: 1, Doc: "dst = number of leading zero bits of a (32 for 0)"},
	GSExtInReg:     {Name: "G_SEXT_INREG", NumDefs: 1, NumUses: 2, Doc: "dst = sign-extend the low imm bits of a"},
	GICmp:          {Name: "G_ICMP", NumDefs: 1, NumUses: 3, Doc: "dst = (a cond b) ? 1 : 0"},
	GSelect:        {Name: "G_SELECT", NumDefs: 1, NumUses: 3, Doc: "dst = c != 0 ? t : f"},
	GLoad32:        {Name: "G_LOAD32", NumDefs: 1, NumUses: 2, Flags: FlagLoad, Doc: "dst = mem32[base + off]"},
	GLoad16S:       {Name: "G_LOAD16S", NumDefs: 1, NumUses: 2, Flags: FlagLoad, Doc: "dst = sext mem16[base + off]"},
	GLoad16U:       {Name: "G_LOAD16U", NumDefs: 1, NumUses: 2, Flags: FlagLoad, Doc: "dst = zext mem16[base + off]"},
	GLoad8S:        {Name: "G_LOAD8S", NumDefs: 1, NumUses: 2, Flags: FlagLoad, Doc: "dst = sext mem8[base + off]"},
	GLoad8U:        {Name: "G_LOAD8U", NumDefs: 1, NumUses: 2, Flags: FlagLoad, Doc: "dst = zext mem8[base + off]"},
	GStore32:       {Name: "G_STORE32", NumUses: 3, Flags: FlagStore, Doc: "mem32[base + off] = val"},
	GStore16:       {Name: "G_STORE16", NumUses: 3, Flags: FlagStore, Doc: "mem16[base + off] = low half of val"},
	GStore8:        {Name: "G_STORE8", NumUses: 3, Flags: FlagStore, Doc: "mem8[base + off] = low byte of val"},
	GPhi:           {Name: "PHI", NumDefs: 1, NumUses: -1, Doc: "dst = the value paired with the predecessor control came from"},
	GBr:            {Name: "G_BR", NumUses: 1, Flags: FlagBranch | FlagTerminator | FlagBarrier, Doc: "goto bb"},
	GBrCond:        {Name: "G_BRCOND", NumUses: 2, Flags: FlagBranch | FlagTerminator, Doc: "if c != 0 goto bb"},
	GBrJT:          {Name: "G_BRJT", NumUses: 2, Flags: FlagBranch | FlagTerminator | FlagBarrier | FlagIndirect, Doc: "goto jumptable[idx]"},
	GBrIndirect:    {Name: "G_BRINDIRECT", NumUses: 1, Flags: FlagBranch | FlagTerminator | FlagBarrier | FlagIndirect, Doc: "goto the address in a register"},
	GSwitch:        {Name: "G_SWITCH", NumUses: -1, Flags: FlagBranch | FlagTerminator | FlagBarrier, Doc: "goto the block paired with the value's case, else the default block"},
	GArgs:          {Name: "G_ARGS", NumDefs: -1, NumUses: -1, Doc: "defines the incoming argument words"},
	GCall:          {Name: "G_CALL", NumDefs: -1, NumUses: -1, Flags: FlagCall | FlagSideEffect | FlagLoad | FlagStore, Doc: "call; defs are the result words"},
	GRet:           {Name: "G_RET", NumUses: -1, Flags: FlagReturn | FlagTerminator | FlagBarrier, Doc: "return the given words"},
	GTrap:          {Name: "G_TRAP", Flags: FlagSideEffect | FlagTerminator | FlagBarrier, Doc: "abort the program"},
	GUnreachable:   {Name: "G_UNREACHABLE", Flags: FlagTerminator | FlagBarrier, Doc: "control never reaches here"},
	GImplicitDef:   {Name: "IMPLICIT_DEF", NumDefs: 1, Doc: "dst = undefined"},
	GVAStart:       {Name: "G_VASTART", NumDefs: 1, Doc: "dst = address of the first variadic argument word"},
	GStackSave:     {Name: "G_STACKSAVE", NumDefs: 1, Flags: FlagSideEffect, Doc: "dst = stack pointer"},
	GStackRestore:  {Name: "G_STACKRESTORE", NumUses: 1, Flags: FlagSideEffect, Doc: "stack pointer = src"},
	GDynAlloca:     {Name: "G_DYN_ALLOCA", NumDefs: 1, NumUses: 2, Flags: FlagSideEffect, Doc: "dst = new stack block of size bytes (uses: size, align imm)"},
	GReturnAddr:    {Name: "G_RETURNADDR", NumDefs: 1, Doc: "dst = the current function's return address (its value at entry)"},
	GAtomicRMWXchg: {Name: "G_ATOMICRMW_XCHG", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = x"},
	GAtomicRMWAdd:  {Name: "G_ATOMICRMW_ADD", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = old + x"},
	GAtomicRMWSub:  {Name: "G_ATOMICRMW_SUB", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = old - x"},
	GAtomicRMWAnd:  {Name: "G_ATOMICRMW_AND", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = old & x"},
	GAtomicRMWNand: {Name: "G_ATOMICRMW_NAND", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = ^(old & x)"},
	GAtomicRMWOr:   {Name: "G_ATOMICRMW_OR", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = old | x"},
	GAtomicRMWXor:  {Name: "G_ATOMICRMW_XOR", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = old ^ x"},
	GAtomicRMWMax:  {Name: "G_ATOMICRMW_MAX", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = signed max(old, x)"},
	GAtomicRMWMin:  {Name: "G_ATOMICRMW_MIN", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = signed min(old, x)"},
	GAtomicRMWUMax: {Name: "G_ATOMICRMW_UMAX", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = unsigned max(old, x)"},
	GAtomicRMWUMin: {Name: "G_ATOMICRMW_UMIN", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; mem = unsigned min(old, x)"},
	GAtomicCmpXchg: {Name: "G_ATOMIC_CMPXCHG", NumDefs: -1, NumUses: -1, Flags: atomicFlags, Doc: "atomically: old = mem; ok = old == cmp; if ok { mem = new }"},
	GFence:         {Name: "G_FENCE", NumUses: 1, Flags: FlagSideEffect, Doc: "memory barrier of an ordering"},
	GFAdd:          {Name: "G_FADD", NumDefs: -1, NumUses: -1, Flags: FlagCommutable, Doc: "dst = a + b (float: 1 word, double: 2 words in memory order)"},
	GFSub:          {Name: "G_FSUB", NumDefs: -1, NumUses: -1, Doc: "dst = a - b"},
	GFMul:          {Name: "G_FMUL", NumDefs: -1, NumUses: -1, Flags: FlagCommutable, Doc: "dst = a * b"},
	GFDiv:          {Name: "G_FDIV", NumDefs: -1, NumUses: -1, Doc: "dst = a / b"},
	GFRem:          {Name: "G_FREM", NumDefs: -1, NumUses: -1, Doc: "dst = fmod(a, b)"},
	GFCmp:          {Name: "G_FCMP", NumDefs: 1, NumUses: -1, Doc: "dst = (a pred b) ? 1 : 0 (uses: FPred imm, a, b)"},
	GSIToFP:        {Name: "G_SITOFP", NumDefs: -1, NumUses: -1, Doc: "dst = float/double of a signed integer"},
	GUIToFP:        {Name: "G_UITOFP", NumDefs: -1, NumUses: -1, Doc: "dst = float/double of an unsigned integer"},
	GFPToSI:        {Name: "G_FPTOSI", NumDefs: -1, NumUses: -1, Doc: "dst = signed integer of a float/double, truncated"},
	GFPToUI:        {Name: "G_FPTOUI", NumDefs: -1, NumUses: -1, Doc: "dst = unsigned integer of a float/double, truncated"},
	GFPExt:         {Name: "G_FPEXT", NumDefs: 2, NumUses: 1, Doc: "dst = double of a float"},
	GFPTrunc:       {Name: "G_FPTRUNC", NumDefs: 1, NumUses: 2, Doc: "dst = float of a double, rounded"},

	// Vector ops (docs/generic-mir.md, Vectors).
	GBuildVector:      {Name: "G_BUILD_VECTOR", NumDefs: 1, NumUses: -1, Doc: "dst = a vector of the given lanes (registers or immediates)"},
	GExtractVectorElt: {Name: "G_EXTRACT_VECTOR_ELT", NumDefs: 1, NumUses: 2, Doc: "dst = lane idx of a vector (idx imm or reg; out of range: undefined)"},
	GInsertVectorElt:  {Name: "G_INSERT_VECTOR_ELT", NumDefs: 1, NumUses: 3, Doc: "dst = the vector with lane idx replaced by elt"},
	GShuffleVector:    {Name: "G_SHUFFLE_VECTOR", NumDefs: 1, NumUses: -1, Doc: "dst lane i = lane mask[i] of a ++ b (-1: undefined)"},
	GVLoad:            {Name: "G_VLOAD", NumDefs: 1, NumUses: 3, Flags: FlagLoad, Doc: "dst = the vector in memory at base + off (lanes at consecutive element offsets)"},
	GVLoadStrided: {Name: "G_VLOAD_STRIDED", NumDefs: 1, NumUses: 4, Flags: FlagLoad,
		Doc: "dst lane j = the element in memory at base + off + j*stride (stride 0: every lane the one element)"},
	GVStore: {Name: "G_VSTORE", NumUses: 4, Flags: FlagStore, Doc: "the vector in memory at base + off = val"},
	// Inline assembly is a barrier for every pass: it may read and write
	// any memory and is never deleted or moved.
	GInlineAsm: {Name: "INLINEASM", NumDefs: -1, NumUses: -1, Flags: FlagSideEffect | FlagLoad | FlagStore,
		Doc: "inline assembly: defs are its register outputs (see mir/inlineasm.go)"},
	GCmpp: {Name: "G_CMPP", NumDefs: -1, NumUses: -1,
		Doc: "p1[, p2] = compare a cond b, each destination written by its action (UN, UC, ON, ...)"},
	GSpill:  {Name: "G_SPILL", NumUses: 3, Flags: FlagStore, Doc: "spill slot = val, the whole register of the class (uses: val, slot, class imm)"},
	GReload: {Name: "G_RELOAD", NumDefs: 1, NumUses: 2, Flags: FlagLoad, Doc: "dst = spill slot, the whole register of the class (uses: slot, class imm)"},
	// Wide integers (mir/wideint.go).
	GMergeValues:   {Name: "G_MERGE_VALUES", NumDefs: 1, NumUses: -1, Doc: "dst = the wide integer of the given words, low word first"},
	GUnmergeValues: {Name: "G_UNMERGE_VALUES", NumDefs: -1, NumUses: 1, Doc: "defs = the words of a wide integer, low word first"},
	GConstant:      {Name: "G_CONSTANT", NumDefs: 1, NumUses: -1, Doc: "dst = the wide integer of the given immediate words, low word first"},
	GZExt:          {Name: "G_ZEXT", NumDefs: 1, NumUses: 1, Doc: "dst = src zero-extended to dst's words"},
	GSExt:          {Name: "G_SEXT", NumDefs: 1, NumUses: 1, Doc: "dst = src sign-extended to dst's words"},
	GTrunc:         {Name: "G_TRUNC", NumDefs: 1, NumUses: 1, Doc: "dst = the low words of src"},
	GLoad:          {Name: "G_LOAD", NumDefs: 1, NumUses: 4, Flags: FlagLoad, Doc: "dst = the wide integer of size bytes in memory at base + off (align: of base + off)"},
	GStore:         {Name: "G_STORE", NumUses: 5, Flags: FlagStore, Doc: "the wide integer's low size bytes in memory at base + off = val"},
}

// GenericDesc returns the description of a generic opcode.
func GenericDesc(op Opcode) *OpDesc { return &genericOps[op] }

// IsGeneric reports whether op is a generic opcode.
func (op Opcode) IsGeneric() bool { return op < FirstTargetOp }

// RegClass identifies a register class of a target. Class 0 is the
// target's general 32-bit class, the class of every generic virtual register.
type RegClass uint8

// RegClassDesc describes a register class.
type RegClassDesc struct {
	Name string // printed after a vreg: %7:gpr
	// Alloc lists the allocatable registers in allocation preference order.
	Alloc []Reg
	// Size is the spill size in bytes. Classes of 4 bytes spill with
	// G_STORE32/G_LOAD32; the others with G_SPILL/G_RELOAD, which carry
	// the class for the target's expansion (one store and one load of the
	// whole register, e.g. one SIMD store for a tuple).
	Size int
}

// RegDesc describes a physical register.
type RegDesc struct {
	Name        string // printed name without sigil ("sp", "2", "zero")
	Enc         int    // hardware encoding
	CalleeSaved bool
	Reserved    bool // never allocated (zero, at, sp, gp ...)
	// AsmClobber says inline assembly may clobber this reserved register:
	// the compiler keeps no value in it across instructions, or the
	// prologue saves it when something writes it.
	AsmClobber bool
	Aliases    []string
	// Sub lists the registers a register tuple is made of, in lane
	// (sub-register index) order, as LLVM's RegisterTuples: a BWDSP SIMD
	// register xyztR5 is {xR5, yR5, zR5, tR5}. Empty for a plain
	// register. See Arch.Units: registers interfere iff they share a unit.
	Sub []Reg
	// Banks is the set of register banks through whose read port an
	// instruction reads this register when Arch.ReadPorts is set (VC4:
	// regfile A or B; an I/O register readable at an A and a B address
	// has both); 0 means it takes no read port (VC4's accumulators).
	Banks BankMask
}

// Arch is a target's description as data: its ops, registers and classes.
// It is what the printer, parser, verifier and generic passes consult.
type Arch struct {
	Name      string
	Ops       []OpDesc  // Ops[i] describes Opcode(FirstTargetOp + i)
	Regs      []RegDesc // Regs[0] is unused (NoReg); Regs[r] describes physical register r
	Classes   []RegClassDesc
	RegPrefix string // "$" for Cpu0: printed before physical register names
	// Verify, if set, adds target-specific checks to mir.Verify.
	Verify func(f *Func) []error
	// ReadPorts, if set, says that the registers are in banks with one
	// read port each (RegDesc.Banks): an instruction reads at most one
	// register per bank (readports.go).
	ReadPorts *ReadPorts

	opByName  map[string]Opcode
	regByName map[string]Reg
}

// Desc returns the description of any opcode (generic or target).
func (a *Arch) Desc(op Opcode) *OpDesc {
	if op < FirstTargetOp {
		return &genericOps[op]
	}
	i := int(op - FirstTargetOp)
	if a == nil || i >= len(a.Ops) {
		panic(fmt.Sprintf("mir: opcode %d out of range", op))
	}
	return &a.Ops[i]
}

// OpName returns an opcode's name.
func (a *Arch) OpName(op Opcode) string { return a.Desc(op).Name }

// LookupOp finds an opcode (generic or target) by name.
func (a *Arch) LookupOp(name string) (Opcode, bool) {
	if a.opByName == nil {
		a.opByName = make(map[string]Opcode)
		for i := range genericOps {
			a.opByName[genericOps[i].Name] = Opcode(i)
		}
		for i := range a.Ops {
			a.opByName[a.Ops[i].Name] = FirstTargetOp + Opcode(i)
		}
	}
	op, ok := a.opByName[name]
	return op, ok
}

// RegName returns the printed name of a physical register without sigil.
func (a *Arch) RegName(r Reg) string {
	if int(r) < len(a.Regs) && r != NoReg {
		return a.Regs[r].Name
	}
	return fmt.Sprintf("phys%d", r)
}

// LookupReg finds a physical register by name or alias (without sigil).
func (a *Arch) LookupReg(name string) (Reg, bool) {
	if a.regByName == nil {
		a.regByName = make(map[string]Reg)
		for i := 1; i < len(a.Regs); i++ {
			a.regByName[a.Regs[i].Name] = Reg(i)
			for _, al := range a.Regs[i].Aliases {
				a.regByName[al] = Reg(i)
			}
		}
	}
	r, ok := a.regByName[name]
	return r, ok
}

// LookupClass finds a register class by name.
func (a *Arch) LookupClass(name string) (RegClass, bool) {
	for i, c := range a.Classes {
		if c.Name == name {
			return RegClass(i), true
		}
	}
	return 0, false
}

// GenericArch is an architecture with no target ops: enough to build,
// print and parse generic MIR in tests and in the frontend.
var GenericArch = &Arch{
	Name:    "generic",
	Classes: []RegClassDesc{{Name: "gpr", Size: 4}},
}
