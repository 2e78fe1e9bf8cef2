package mir

import (
	"strings"
	"testing"
)

// packetText has a VLIW packet whose last member is an unconditional jump
// and one that ends in a fall-through: the CFG comes from the packets'
// control members.
const packetText = `--- function: p
arch: test
props: nophis novregs bundled selected
vregs: 0
body:
bb0:
  packet {
    $2 = ADDiu $3, 1
    $3 = ADDiu $2, 2
    JMP bb2
  }

bb1:  ; preds: bb2
  RET $lr

bb2:  ; preds: bb0
  packet {
    $2 = LD $sp, 0
    ST $3, $sp, 4
  }
  JMP bb1
`

func TestPacketRoundTrip(t *testing.T) {
	f := roundTrip(t, packetText, false).Funcs[0]
	if errs := Verify(f); len(errs) > 0 {
		t.Fatalf("verify: %v", errs)
	}
	in := f.Blocks[0].Instrs[0]
	if !in.Packet || len(in.Bundle) != 2 || in.Control() != in.Bundle[1] {
		t.Fatalf("packet not parsed: %+v", in)
	}
	if FallsThrough(f.Blocks[0]) {
		t.Error("a packet ending in JMP falls through")
	}
	if got := f.Blocks[0].Succs; len(got) != 1 || got[0] != f.Blocks[2] {
		t.Errorf("succs of bb0 = %v, want [bb2]", got)
	}
	f.RecomputeCFG()
	if got := f.Blocks[0].Succs; len(got) != 1 || got[0] != f.Blocks[2] {
		t.Errorf("RecomputeCFG: succs of bb0 = %v, want [bb2]", got)
	}
	// A delay-slot bundle keeps its meaning: the head is its control.
	d := f.Blocks[2].Instrs[0]
	d.Packet = false
	if d.Control() != d {
		t.Error("Control of a delay-slot bundle is not its head")
	}
}

func TestPacketVerify(t *testing.T) {
	hdr := "--- function: t\narch: test\nprops: nophis novregs bundled selected\nbody:\nbb0:\n"
	for _, tc := range []struct {
		name, src string
		mutate    func(f *Func)
		want      string
	}{
		{"control not last", hdr + "  packet {\n    JMP bb0\n    NOP\n  }\n", nil, "JMP is not the last instruction of its packet"},
		{"after jump packet", hdr + "  packet {\n    NOP\n    JMP bb0\n  }\n  NOP\n", nil, "instruction after an unconditional transfer"},
		{"single", hdr + "  packet {\n    NOP\n    RET $lr\n  }\n", func(f *Func) {
			f.Blocks[0].Instrs[0].Bundle = nil
		}, "packet with a single instruction"},
		{"falls off", hdr + "  packet {\n    NOP\n    NOP\n  }\n", nil, "falls off the end"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := mustParse(t, tc.src)
			if tc.mutate != nil {
				tc.mutate(f)
			}
			errs := Verify(f)
			var all []string
			for _, e := range errs {
				all = append(all, e.Error())
			}
			if !strings.Contains(strings.Join(all, "\n"), tc.want) {
				t.Errorf("errors %q do not mention %q", all, tc.want)
			}
		})
	}
}
