package codegen

import "fmt"

// vkind says what a LIR operand is.
type vkind uint8

const (
	vNone vkind = iota
	vReg        // virtual register (allocated to regfile A or B)
	vPhys       // accumulator or I/O register by vc4asm name (r0, r4, elem_num, unif, vw_addr ...)
	vImm        // small immediate (spec §4.3)
)

// val is a LIR operand.
type val struct {
	k    vkind
	r    int // vReg: register number
	name string
	imm  int32
}

func vr(r int) val        { return val{k: vReg, r: r} }
func ph(n string) val     { return val{k: vPhys, name: n} }
func sim(v int32) val     { return val{k: vImm, imm: v} }
func (v val) isReg() bool { return v.k == vReg }

// exec is the execute-mask register (spec §8): 0 = lane active, otherwise
// the layout index of the block where the lane resumes. It lives in r3 for
// the whole kernel so that testing it never waits for a regfile write.
var exec = ph("r3")

// lins is one LIR instruction: at most one ALU operation (add or mul
// ALU), a load immediate, a branch, or a label. Register operands are
// virtual until emission.
type lins struct {
	op     string // vc4asm mnemonic: add, sub, mov, mul24, fmul, ldi, brr, nop, label
	mul    bool   // a mul-ALU operation
	d      val
	a, b   val
	cond   string // "", "ifz", "ifnz", "ifn", "ifnn", "ifc", "ifcc"
	setf   bool
	sig    string // ldtmu0, thrend
	rot    int    // mul-ALU output rotation (vc4asm "x << rot")
	imm    uint32 // ldi value
	target int    // brr: block position
	bcond  string // brr: allz, anyz, allnz, anynz ... ("" = always)
	masked bool   // write only active lanes: cond is ifz on exec-derived flags
	// execFlags: after this instruction, Z is set exactly in active lanes.
	execFlags bool
	comment   string
}

// defReg returns the virtual register the instruction writes, or -1.
func (in *lins) defReg() int {
	if in.d.k == vReg {
		return in.d.r
	}
	return -1
}

// partial reports whether the write keeps old values in some lanes.
func (in *lins) partial() bool { return in.cond != "" || in.masked }

// uses returns the virtual registers read.
func (in *lins) uses() []int {
	var u []int
	if in.a.k == vReg {
		u = append(u, in.a.r)
	}
	if in.b.k == vReg {
		u = append(u, in.b.r)
	}
	if in.partial() && in.d.k == vReg {
		u = append(u, in.d.r)
	}
	return u
}

func (in *lins) String() string {
	switch in.op {
	case "label":
		return fmt.Sprintf(":b%d", in.target)
	case "brr":
		return fmt.Sprintf("brr.%s b%d", in.bcond, in.target)
	}
	return fmt.Sprintf("%s %v %v %v cond=%s setf=%v masked=%v", in.op, in.d, in.a, in.b, in.cond, in.setf, in.masked)
}
