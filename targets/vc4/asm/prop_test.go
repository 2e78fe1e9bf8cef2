package asm

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"lltosimd/targets/vc4"
)

// TestRandomRoundTrip generates random instructions from the ISA tables;
// every one that assembles must disassemble to text that assembles to the
// same word.
func TestRandomRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	pick := func(s []string) string { return s[rng.Intn(len(s))] }
	srcs := []string{"r0", "r1", "r2", "r3", "r4", "r5", "ra3", "rb4", "ra17", "rb30", "unif", "elem_num", "qpu_num",
		"vw_wait", "vr_busy", "1", "-3", "15", "2.0", "0.5", "ra2.16a", "ra2.8c", "r4.8d", "ra5.8dr"}
	dsts := []string{"r0", "r1", "r2", "r3", "ra0", "rb1", "ra31", "rb9", "-", "r5quad", "r5rep", "tmurs", "irq",
		"unif_addr", "vpm", "vw_setup", "vr_setup", "vw_addr", "recip", "t0s", "t1s", "mutex", "ra4.16b", "ra6.8a", "rb7.8888c"}
	conds := []string{"", ".ifz", ".ifnz", ".ifn", ".ifnn", ".ifc", ".ifcc", ".never"}
	var addOps, mulOps []string
	for _, d := range vc4.AddOps {
		if d.Name != "" && d.Name != "nop" {
			addOps = append(addOps, d.Name)
		}
	}
	for _, d := range vc4.MulOps[1:] {
		mulOps = append(mulOps, d.Name)
	}
	addOps, mulOps = append(addOps, "mov"), append(mulOps, "mov")
	op := func(names []string, unaryAdd bool) string {
		name := pick(names)
		setf := ""
		if rng.Intn(4) == 0 {
			setf = ".setf"
		}
		s := name + pick(conds) + setf + " " + pick(dsts) + ", " + pick(srcs)
		unary := name == "mov"
		if unaryAdd {
			if o, ok := vc4.AddOpByName(name); ok && vc4.AddOps[o].Unary {
				unary = true
			}
		}
		if !unary {
			s += ", " + pick(srcs)
		}
		if !unaryAdd && rng.Intn(8) == 0 {
			s += pick([]string{" << 3", " << r5", " >> 1"})
		}
		return s
	}
	ok, total := 0, 0
	for n := 0; n < 5000; n++ {
		var parts []string
		switch rng.Intn(6) {
		case 0:
			parts = []string{fmt.Sprintf("ldi%s %s, %#x", pick(conds), pick(dsts), rng.Uint32())}
			if rng.Intn(3) == 0 {
				parts = append(parts, fmt.Sprintf("ldi%s %s, %s", pick(conds), pick(dsts), strings.SplitN(parts[0], ", ", 2)[1]))
			}
		case 1:
			parts = []string{fmt.Sprintf("%s%s %s, %s%#x", pick([]string{"brr", "bra"}), pick([]string{"", ".allz", ".anync", ".alln"}),
				pick(dsts), pick([]string{"", "ra4+", "ra0-"}), rng.Intn(1000)*8)}
		default:
			parts = []string{op(addOps, true)}
			if rng.Intn(2) == 0 {
				parts[0] = "nop"
			}
			if rng.Intn(2) == 0 {
				parts = append(parts, op(mulOps, false))
			}
			if rng.Intn(3) == 0 {
				parts = append(parts, pick([]string{"thrend", "ldtmu0", "ldtmu1", "sbdone", "thrsw"}))
			}
		}
		src := strings.Join(parts, "; ")
		total++
		p, err := Assemble(src)
		if err != nil {
			continue
		}
		ok++
		w := p.Words[0]
		d := Disassemble(w)
		p2, err := Assemble(d)
		if err != nil {
			t.Errorf("%q -> %#016x -> %q: %v", src, w, d, err)
			continue
		}
		if p2.Words[0] != w {
			t.Errorf("%q -> %#016x -> %q -> %#016x", src, w, d, p2.Words[0])
		}
	}
	if ok < total/10 {
		t.Errorf("only %d of %d random instructions assembled", ok, total)
	}
	t.Logf("%d of %d random instructions assembled and round-tripped", ok, total)
}
