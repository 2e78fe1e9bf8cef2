package codegen

import (
	"strings"
	"testing"
)

// op builds a single-ALU line; reads and writes list the regfile names.
func op(text, dst string, srcs ...string) qinst {
	q := qinst{text: text, alu: &aluPart{op: strings.Fields(text)[0], dst: dst, srcs: srcs}}
	if isRegfile(dst) {
		q.writes = []string{dst}
	}
	for _, s := range srcs {
		if isRegfile(s) {
			q.reads = append(q.reads, s)
		}
	}
	if strings.Contains(strings.Fields(text)[0], ".setf") {
		q.alu.setf = true
	}
	if strings.Contains(strings.Fields(text)[0], ".if") {
		q.alu.cond = true
	}
	return q
}

func texts(out []qinst) string {
	var s []string
	for _, q := range out {
		s = append(s, q.text)
	}
	return strings.Join(s, "; ")
}

var (
	nop  = qinst{text: "nop"}
	brr  = qinst{text: "brr -, :b1"}
	brrz = qinst{text: "brr.allz -, :b1"}
)

// TestFillDelaySlots: which instructions may run in a branch's delay
// slots (spec §2.2, §4.2) and which must stay before it.
func TestFillDelaySlots(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []qinst
		want string
	}{
		{"two independent ops fill slots 1 and 2",
			[]qinst{op("add ra1, ra2, r1", "ra1", "ra2", "r1"), op("mov rb3, r0", "rb3", "r0"), brr, nop, nop, nop},
			"brr -, :b1; add ra1, ra2, r1; mov rb3, r0; nop"},
		{"at most two: the last slot keeps a nop before the successor",
			[]qinst{op("mov r0, 1", "r0", "1"), op("mov r1, 2", "r1", "2"), op("mov r2, 3", "r2", "3"), brr, nop, nop, nop},
			"mov r0, 1; brr -, :b1; mov r1, 2; mov r2, 3; nop"},
		{"flag setting stays; an independent op passes it",
			[]qinst{op("mov ra1, r0", "ra1", "r0"), op("sub.setf -, r1, r5", "-", "r1", "r5"), brrz, nop, nop, nop},
			"sub.setf -, r1, r5; brr.allz -, :b1; mov ra1, r0; nop; nop"},
		{"an op the flag test reads does not pass it",
			[]qinst{op("mov r1, ra1", "r1", "ra1"), op("sub.setf -, r1, r5", "-", "r1", "r5"), brrz, nop, nop, nop},
			"mov r1, ra1; sub.setf -, r1, r5; brr.allz -, :b1; nop; nop; nop"},
		{"a conditional write does not pass a flag test",
			[]qinst{op("mov.ifz ra1, r0", "ra1", "r0"), op("mov.setf -, r3", "-", "r3"), brrz, nop, nop, nop},
			"mov.ifz ra1, r0; mov.setf -, r3; brr.allz -, :b1; nop; nop; nop"},
		{"two moved ops with a regfile read-after-write keep their nop",
			[]qinst{op("add ra2, rb2, r2", "ra2", "rb2", "r2"), nop, op("mov rb1, ra2", "rb1", "ra2"), brr, nop, nop, nop},
			"add ra2, rb2, r2; nop; brr -, :b1; mov rb1, ra2; nop; nop"},
		{"nothing leaves an earlier branch's delay slots",
			[]qinst{brr, nop, op("add r1, r1, 8", "r1", "r1", "8"), nop, brr, nop, nop, nop},
			"brr -, :b1; nop; add r1, r1, 8; nop; brr -, :b1; nop; nop; nop"},
		{"I/O reads stay",
			[]qinst{op("mov r1, vr_wait", "r1", "vr_wait"), brr, nop, nop, nop},
			"mov r1, vr_wait; brr -, :b1; nop; nop; nop"},
		{"removal must not bring a VPM read closer to its setup (§5: from the 3rd instruction)",
			[]qinst{line("ldi vr_setup, 0x101a00"), op("add ra1, ra2, r1", "ra1", "ra2", "r1"), nop, line("mov r2, vpm"), brr, nop, nop, nop},
			"ldi vr_setup, 0x101a00; add ra1, ra2, r1; nop; mov r2, vpm; brr -, :b1; nop; nop; nop"},
		{"an op does not pass a uniform read: its removal would bring the read within two instructions of the UNIFORMS_ADDRESS write (V30, stress campaign seed 32)",
			[]qinst{op("add unif_addr, rb15, r1", "unif_addr", "rb15", "r1"), op("mov ra26, 17", "ra26", "17"), op("mov rb28, rb5", "rb28", "rb5"),
				op("mov rb27, unif", "rb27", "unif"), nop, op("sub.setf -, rb27, ra26", "-", "rb27", "ra26"), brrz, nop, nop, nop},
			"add unif_addr, rb15, r1; mov ra26, 17; mov rb28, rb5; mov rb27, unif; nop; sub.setf -, rb27, ra26; brr.allz -, :b1; nop; nop; nop"},
		{"removal must not join a regfile write and its reader",
			[]qinst{op("mov ra1, r0", "ra1", "r0"), op("mov r2, 1", "r2", "1"), op("mov.setf -, ra1", "-", "ra1"), brrz, nop, nop, nop},
			"mov ra1, r0; mov r2, 1; mov.setf -, ra1; brr.allz -, :b1; nop; nop; nop"},
	} {
		out, _ := fillDelaySlots(append([]qinst{}, c.in...))
		if got := texts(out); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestDropNopsBranchTarget: a nop at the top of a branch target separates
// the branch's third delay slot from the target's first instruction too
// (spec §4.2: a regfile write is not readable by the next instruction),
// not only the fall-through predecessor from it.
func TestDropNopsBranchTarget(t *testing.T) {
	in := []qinst{brr, op("mov r1, 1", "r1", "1"), op("mov r2, 2", "r2", "2"), op("mov ra4, r0", "ra4", "r0"),
		op("mov r0, 3", "r0", "3"), {text: ":b1", label: true}, nop, op("add r1, ra4, 1", "r1", "ra4", "1")}
	out, dropped := dropNops(in)
	if dropped != 0 {
		t.Errorf("dropped %d nops: %s", dropped, texts(out))
	}
	// Without the hazard through the slot the nop has no purpose.
	in[3] = op("mov r3, r0", "r3", "r0")
	if out, dropped = dropNops(in); dropped != 1 {
		t.Errorf("dropped %d nops, want 1: %s", dropped, texts(out))
	}
}
