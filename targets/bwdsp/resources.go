package bwdsp

import "fmt"

// Resources counts the uses of the resources of spec §2.4 by a sequence
// of instructions (each weighted by how often it runs), to compute a
// resource bound: the bundles the busiest resource alone needs, whatever
// the dependences. Benchmarks compare it with bundles and cycles.
type Resources struct {
	Units     [NumMacros][UnitSPU + 1]uint64 // rule 2: ALU, MUL, SHF, SPU per macro
	Xfers     [NumMacros]uint64              // rule 5: transfers into each macro
	Families  [NumFamilies]uint64            // rule 4: writes to U, V, W
	Loads     uint64                         // rule 3
	Stores    uint64
	Control   uint64 // rule 6
	Insts     uint64 // rule 1 (16 per bundle)
	SIMD      uint64 // instructions with two or more lanes
	LaneSlots uint64 // instructions times their lanes
}

// Add counts instruction in, run n times.
func (r *Resources) Add(in *Inst, n uint64) {
	f := in.Form()
	r.Insts += n
	lanes := in.Mask.Lanes()
	if len(lanes) > 1 {
		r.SIMD += n
	}
	r.LaneSlots += n * uint64(max(len(lanes), 1))
	switch f.Unit {
	case UnitALU, UnitMUL, UnitSHF, UnitSPU:
		for _, m := range lanes {
			r.Units[m][f.Unit] += n
		}
	case UnitLoad:
		r.Loads += n
	case UnitStore:
		r.Stores += n
	case UnitXfer:
		for _, m := range lanes {
			r.Xfers[m] += n
		}
	case UnitCtrl:
		r.Control += n
	}
	if fam, ok := in.FamilyWrite(); ok {
		r.Families[fam] += n
	}
}

// Bound returns the resource bound in bundles and the busiest resource.
func (r *Resources) Bound() (uint64, string) {
	var best uint64
	name := "none"
	try := func(uses, perBundle uint64, what string) {
		if b := (uses + perBundle - 1) / perBundle; b > best {
			best, name = b, what
		}
	}
	for m := 0; m < NumMacros; m++ {
		for u := UnitALU; u <= UnitSPU; u++ {
			try(r.Units[m][u], 1, fmt.Sprintf("%c.%s", MacroNames[m], u))
		}
		try(r.Xfers[m], 1, fmt.Sprintf("%c.transfer", MacroNames[m]))
	}
	for fam := Family(0); fam < NumFamilies; fam++ {
		try(r.Families[fam], 1, fmt.Sprintf("%c family", FamilyNames[fam]))
	}
	try(r.Loads, MaxLoads, "load")
	try(r.Stores, MaxStores, "store")
	try(r.Control, MaxControl, "control")
	try(r.Insts, MaxBundle, "slots")
	return best, name
}
