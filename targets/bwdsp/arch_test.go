package bwdsp

import (
	"testing"

	"lltosimd/mir"
)

func TestArch(t *testing.T) {
	if len(Arch.Ops) != len(Forms)+numPseudos {
		t.Fatalf("%d ops for %d forms and %d pseudos", len(Arch.Ops), len(Forms), numPseudos)
	}
	for i, f := range Forms {
		op, ok := Arch.LookupOp(f.Name)
		if !ok || op != MIROp(Opcode(i)) || Arch.Desc(op).Flags != f.Flags {
			t.Errorf("op %s: %v %v", f.Name, op, ok)
		}
		if d := Arch.Desc(op); (d.NumUses < 0) != (f.Syn == SynCmp || f.Syn == SynCmpI) {
			t.Errorf("op %s: %d uses", f.Name, d.NumUses)
		}
	}
	for name, want := range map[string]mir.Reg{"xR0": GPRReg(0, 0), "yR5": GPRReg(1, 5), "tR63": GPRReg(3, 63),
		"zCP7": CPReg(2, 7), "xyztCP3": PredTupleReg(15, 3), "ytCP0": PredTupleReg(10, 0), "U8": SP, "U9": FP, "W15": AddrReg(47), "LC3": LCReg(3), "RA": RegRA} {
		if r, ok := Arch.LookupReg(name); !ok || r != want {
			t.Errorf("register %s = %d, want %d", name, r, want)
		}
	}
	// spec §2.7: callee-saved R40–R63, U10–U15, V8–V15, W8–W15, LC2, LC3;
	// R8/R9 scratch; the global allocator gets R10–R27 and R40–R63.
	for n := 0; n < NumR; n++ {
		d := Arch.Regs[GPRReg(2, n)]
		if d.CalleeSaved != (n >= 40) {
			t.Errorf("z.R%d callee-saved = %v", n, d.CalleeSaved)
		}
		if alloc := !d.Reserved; alloc != (n >= 10 && n <= 27 || n >= 40) && n >= 8 {
			t.Errorf("z.R%d allocatable = %v", n, alloc)
		}
	}
	for a, want := range map[int]bool{9: false, 10: true, 15: true, 16 + 7: false, 16 + 8: true, 32 + 8: true, 7: false} {
		if Arch.Regs[AddrReg(a)].CalleeSaved != want {
			t.Errorf("%s callee-saved != %v", AddrName(uint8(a)), want)
		}
	}
	if !Arch.Regs[LCReg(2)].CalleeSaved || Arch.Regs[LCReg(1)].CalleeSaved || !Arch.Regs[SP].Reserved {
		t.Error("LC2/LC3 callee-saved, SP reserved")
	}
}

// TestFormTable checks the table's latencies and units against spec §2.6
// and §2.3 for a few forms of each unit.
func TestFormTable(t *testing.T) {
	for name, want := range map[string]struct {
		u   Unit
		lat int
	}{
		"ADD": {UnitALU, 1}, "CMPF": {UnitALU, 1}, "SEL": {UnitALU, 1}, "MUL": {UnitMUL, 2}, "FMUL": {UnitMUL, 2},
		"SARI": {UnitSHF, 1}, "SEXT8": {UnitSHF, 1}, "DIV": {UnitSPU, 8}, "FREM": {UnitSPU, 8}, "RECIP": {UnitSPU, 4},
		"SQRT": {UnitSPU, 4}, "LDPM": {UnitLoad, 3}, "LDB": {UnitLoad, 3}, "ST": {UnitStore, 1}, "XFER": {UnitXfer, 1},
		"MOVFA": {UnitXfer, 1}, "MOVTA": {UnitAddr, 1}, "SETLC": {UnitAddr, 1}, "MOVTRA": {UnitAddr, 1}, "BLC": {UnitCtrl, 1},
	} {
		f := OpByName[name].Form()
		if f.Unit != want.u || f.Lat != want.lat {
			t.Errorf("%s: %s latency %d, want %s %d", name, f.Unit, f.Lat, want.u, want.lat)
		}
	}
}
