package sim

import (
	"fmt"
	"math"

	"lltosimd/targets/vc4"
)

// sigReject gives the reason an ALU signal the simulator does not model
// is refused.
var sigReject = [vc4.NumSigs]string{
	vc4.SigBreak:  "software breakpoint (bkpt)",
	vc4.SigThrSw:  "thread switch not modelled (single-threaded compute programs)",
	vc4.SigLThrSw: "thread switch not modelled (single-threaded compute programs)",
	vc4.SigLoadCv: "tile-buffer loads not modelled (no fragment shading)",
	vc4.SigLoadC:  "tile-buffer loads not modelled (no fragment shading)",
	vc4.SigLdcEnd: "tile-buffer loads not modelled (no fragment shading)",
	vc4.SigLoadAm: "tile-buffer loads not modelled (no fragment shading)",
}

// aluOps says which ALUs an instruction uses and which register-file
// ports it reads.
type aluOps struct {
	addOn, mulOn, smallImm, readA, readB bool
}

func aluOpsOf(in *vc4.Instr) aluOps {
	smallImm := in.Sig == vc4.SigSmallImm
	return aluOps{
		addOn: in.OpAdd != vc4.AddNop, mulOn: in.OpMul != vc4.MulNop, smallImm: smallImm,
		readA: in.RaddrA != vc4.AddrNop, readB: in.RaddrB != vc4.AddrNop && !smallImm,
	}
}

// execALU executes an ALU instruction (sig 0..13): the hazard checks, the
// read, compute and write phases, and the signals taking effect after
// the write. It returns the active lanes for the utilisation statistic,
// or a reason for rejecting it.
func (m *Machine) execALU(q *QPU, in *vc4.Instr, ending bool, wA, wB *uint32, wAcc *uint8) (uint16, string) {
	if r := sigReject[in.Sig]; r != "" {
		return 0, r
	}
	ops := aluOpsOf(in)
	rot, reason := m.aluHazards(q, in, ops, ending)
	if reason != "" {
		return 0, reason
	}
	aVal, bVal, reason := m.aluRead(q, in, ops)
	if reason != "" {
		return 0, reason
	}
	addRes, mulRes, sat, addC, mulC := aluCompute(q, in, ops, aVal, bVal, rot)
	return m.aluWrite(q, in, ops, &addRes, &mulRes, &sat, addC, mulC, wA, wB, wAcc)
}

// aluHazards checks the operand and timing rules an ALU instruction must
// keep (spec §4.2, §5, §6, §7, §10) and returns the mul ALU's vector
// rotation.
func (m *Machine) aluHazards(q *QPU, in *vc4.Instr, ops aluOps, ending bool) (rot int, reason string) {
	since := func(at int64) int64 { return q.icount - at }
	addOn, mulOn, smallImm, readA, readB := ops.addOn, ops.mulOn, ops.smallImm, ops.readA, ops.readB
	if in.Sig == vc4.SigSbWait && q.icount < 2 {
		return 0, "scoreboard wait in the first two instructions (spec §7.6 V35)"
	}

	// Which muxes feed an operation (unary ops read both muxes too).
	var used [8]bool
	if addOn {
		used[in.AddA], used[in.AddB] = true, true
	}
	if mulOn {
		used[in.MulA], used[in.MulB] = true, true
	}
	if used[vc4.MuxA] && !readA || used[vc4.MuxB] && !smallImm && !readB {
		return 0, "reads address 39 (NOP) as data: undefined (spec §10)"
	}

	// Register-file timing (§4.2).
	if in.RaddrA < vc4.NumPhysRegs && q.prevWA>>in.RaddrA&1 != 0 {
		return 0, fmt.Sprintf("reads ra%d written by the previous instruction (spec §4.2, §7.1 V20)", in.RaddrA)
	}
	if !smallImm && in.RaddrB < vc4.NumPhysRegs && q.prevWB>>in.RaddrB&1 != 0 {
		return 0, fmt.Sprintf("reads rb%d written by the previous instruction (spec §4.2, §7.1 V20)", in.RaddrB)
	}
	// Reading a register that was never written gives undefined data (§10).
	for mx := vc4.MuxR0; mx <= vc4.MuxR5; mx++ {
		if used[mx] && q.wroteAcc>>mx&1 == 0 && !(mx == vc4.MuxR4 && q.sfuPending) {
			return 0, fmt.Sprintf("reads r%d, which was never written (undefined, spec §10)", mx)
		}
	}
	if in.RaddrA < vc4.NumPhysRegs && q.wroteA>>in.RaddrA&1 == 0 {
		return 0, fmt.Sprintf("reads ra%d, which was never written (undefined, spec §10)", in.RaddrA)
	}
	if !smallImm && in.RaddrB < vc4.NumPhysRegs && q.wroteB>>in.RaddrB&1 == 0 {
		return 0, fmt.Sprintf("reads rb%d, which was never written (undefined, spec §10)", in.RaddrB)
	}
	// SFU latency (§5, §7.8).
	if s := since(q.sfuAt); s <= 2 {
		if used[vc4.MuxR4] {
			return 0, fmt.Sprintf("reads r4 %d instruction(s) after an SFU write; the result is available from the 3rd (spec §7.8 V33)", s)
		}
		if vc4.Sigs[in.Sig].WritesR4 {
			return 0, "r4 load signal within two instructions of an SFU write (spec §7.8 V33)"
		}
	}
	readsUnif := in.RaddrA == vc4.AddrUniform || readB && in.RaddrB == vc4.AddrUniform
	if readsUnif && since(q.unifAddrAt) <= 2 {
		return 0, "uniform read within two instructions of a UNIFORMS_ADDRESS write (spec §6.5, §7.13 V30)"
	}
	if ending {
		for _, r := range [2]struct {
			on   bool
			addr uint8
		}{{true, in.RaddrA}, {readB, in.RaddrB}} {
			if !r.on {
				continue
			}
			switch r.addr {
			case vc4.AddrUniform, vc4.AddrVarying, vc4.AddrVPM, vc4.AddrVPMSetup, vc4.AddrVPMAddr:
				return 0, fmt.Sprintf("%s read in the thread-end instruction or its delay slots (spec §6.6, §7.2 V40)", vc4.ReadRegs[0][r.addr].Name)
			case 14:
				return 0, "regfile address 14 read in the thread-end instruction or its delay slots (spec §7.4 V41)"
			}
		}
		if msg := endingWrites(q, in); msg != "" {
			return 0, msg
		}
	}
	if in.RaddrA == vc4.AddrMSFlags && since(q.tlbzAt) <= 2 {
		return 0, "multisample mask read within two instructions of a TLB_Z write (spec §7.11)"
	}
	// Vector rotation hazards (§7.9, §7.10).
	if smallImm && in.RaddrB >= vc4.SmallImmRotR5 && mulOn {
		if in.RaddrB == vc4.SmallImmRotR5 {
			if q.prevAcc&(1<<5) != 0 {
				return 0, "rotate by r5 immediately after a write to r5 (spec §7.9 V21)"
			}
			rot = int(q.Acc[5][0] & 15)
		} else {
			rot = int(in.RaddrB) - vc4.SmallImmRotR5
		}
		for _, mx := range [2]vc4.Mux{in.MulA, in.MulB} {
			if mx < vc4.MuxR4 && q.prevAcc&(1<<mx) != 0 {
				return 0, fmt.Sprintf("vector rotation of r%d immediately after a write to it (spec §7.10 V21)", mx)
			}
		}
	}
	// Flags must be defined wherever a condition tests them (§6.1).
	if (addOn && in.CondAdd.IsPredicated() || mulOn && in.CondMul.IsPredicated()) && q.fdef != allLanes {
		return 0, fmt.Sprintf("condition tests flags that were never set in lanes %016b (spec §6.1)", ^q.fdef)
	}

	return rot, ""
}

// aluRead reads the register-file operands (spec §4.2): A and B, or the
// small immediate in every lane.
func (m *Machine) aluRead(q *QPU, in *vc4.Instr, ops aluOps) (aVal, bVal *Vec, reason string) {
	readA, readB, smallImm := ops.readA, ops.readB, ops.smallImm
	if readA {
		if in.RaddrA < vc4.NumPhysRegs {
			aVal = &q.RA[in.RaddrA]
		} else {
			if msg := m.readIO(q, vc4.SpaceA, in.RaddrA, &q.tmpA); msg != "" {
				return nil, nil, msg
			}
			aVal = &q.tmpA
		}
	}
	if smallImm {
		v := vc4.SmallImms[in.RaddrB].Value
		for i := range q.tmpB {
			q.tmpB[i] = v
		}
		bVal = &q.tmpB
	} else if readB {
		if in.RaddrB < vc4.NumPhysRegs {
			bVal = &q.RB[in.RaddrB]
		} else {
			if msg := m.readIO(q, vc4.SpaceB, in.RaddrB, &q.tmpB); msg != "" {
				return nil, nil, msg
			}
			bVal = &q.tmpB
		}
	}
	return aVal, bVal, ""
}

// aluCompute runs the add and mul ALUs on the unpacked operands, with the
// add ALU's 32-bit saturation and the mul ALU's rotation.
func aluCompute(q *QPU, in *vc4.Instr, ops aluOps, aVal, bVal *Vec, rot int) (addRes, mulRes, sat Vec, addC, mulC uint16) {
	addOn, mulOn := ops.addOn, ops.mulOn
	var ua, ub Vec // unpacked operands
	pick := func(mx vc4.Mux, float bool, scratch *Vec) *Vec {
		var v *Vec
		switch {
		case mx < vc4.MuxA:
			v = &q.Acc[mx]
		case mx == vc4.MuxA:
			v = aVal
		default:
			v = bVal
		}
		if in.Unpack != 0 && (mx == vc4.MuxA && !in.PM || mx == vc4.MuxR4 && in.PM) {
			for i := range scratch {
				scratch[i] = unpack(in.Unpack, v[i], float)
			}
			return scratch
		}
		return v
	}

	if addOn {
		def := &vc4.AddOps[in.OpAdd]
		addC = addALU(in.OpAdd, pick(in.AddA, def.FloatIn, &ua), pick(in.AddB, def.FloatIn, &ub), &addRes)
		if in.Pack == vc4.Pack32S && !in.PM && (in.OpAdd == vc4.AddAdd || in.OpAdd == vc4.AddSub) {
			a, b := pick(in.AddA, false, &ua), pick(in.AddB, false, &ub)
			for i := range sat {
				s := int64(int32(a[i])) + int64(int32(b[i]))
				if in.OpAdd == vc4.AddSub {
					s = int64(int32(a[i])) - int64(int32(b[i]))
				}
				sat[i] = uint32(int32(max(min(s, math.MaxInt32), math.MinInt32)))
			}
		} else {
			sat = addRes
		}
	}
	if mulOn {
		def := &vc4.MulOps[in.OpMul]
		mulC = mulALU(in.OpMul, pick(in.MulA, def.FloatIn, &ua), pick(in.MulB, def.FloatIn, &ub), &mulRes)
		if rot != 0 {
			full := in.MulA < vc4.MuxR4 && in.MulB < vc4.MuxR4
			var r Vec
			for i, x := range mulRes {
				j := (i + rot) & 15
				if !full { // ADD: only within each quad
					j = i&^3 | (i+rot)&3
				}
				r[j] = x
			}
			mulRes = r
		}
	}

	return addRes, mulRes, sat, addC, mulC
}

// aluWrite applies the write conditions, sets the flags, writes both
// results with their pack modes, and completes the signals that load r4.
func (m *Machine) aluWrite(q *QPU, in *vc4.Instr, ops aluOps, addRes, mulRes, sat *Vec, addC, mulC uint16,
	wA, wB *uint32, wAcc *uint8) (uint16, string) {
	addOn, mulOn := ops.addOn, ops.mulOn
	ma, mm := q.condMask(in.CondAdd), q.condMask(in.CondMul)
	if !addOn {
		ma = 0
	}
	if !mulOn {
		mm = 0
	}
	active := activeLanes(in.CondAdd, ma, in.CondMul, mm)
	if !addOn && !mulOn {
		active = allLanes
	}

	// Flags come from the add ALU unless its op is nop (§6.1, ADD).
	if in.SF {
		if addOn {
			q.setFlags(addRes, addC, ma)
		} else if mulOn {
			q.setFlags(mulRes, mulC, mm)
		}
	}

	// Write phase.
	addFloat := addOn && vc4.AddOps[in.OpAdd].FloatOut
	mulFloat := mulOn && vc4.MulOps[in.OpMul].FloatOut
	if msg := m.writeBoth(q, in, addRes, mulRes, ma, mm, addFloat, mulFloat, wA, wB, wAcc, sat); msg != "" {
		return 0, msg
	}

	// Signals that load r4 take effect after the write phase: the result
	// is usable by the next instruction.
	if in.Sig == vc4.SigLdTMU0 || in.Sig == vc4.SigLdTMU1 {
		f := &q.tmu[in.Sig-vc4.SigLdTMU0]
		if f.size == 0 {
			return 0, fmt.Sprintf("%s with no outstanding TMU request", vc4.Sigs[in.Sig].Name)
		}
		q.Acc[4] = f.buf[f.head]
		q.wroteAcc |= 1 << 4
		f.head = (f.head + 1) % maxTMU
		f.size--
	}
	return active, ""
}

// writeBoth writes the add and mul results (or a load immediate) with
// pack modes applied. sat, if given, is the 32-bit saturated add result.
func (m *Machine) writeBoth(q *QPU, in *vc4.Instr, addV, mulV *Vec, ma, mm uint16, addFloat, mulFloat bool,
	wA, wB *uint32, wAcc *uint8, sat ...*Vec) string {
	for side := 0; side < 2; side++ {
		sp, addr, mask, v, float := in.AddWriteSpace(), in.WaddrAdd, ma, addV, addFloat
		cond := in.CondAdd
		if side == 1 {
			sp, addr, mask, v, float = in.MulWriteSpace(), in.WaddrMul, mm, mulV, mulFloat
			cond = in.CondMul
		}
		if addr == vc4.AddrNop || cond == vc4.CondNever {
			continue
		}
		packed := v
		var tmp Vec
		if in.Pack != 0 {
			old := q.regPtr(sp, addr)
			switch {
			case in.PM && side == 1 && old != nil:
				for i := range tmp {
					tmp[i] = packMul(in.Pack, v[i], old[i])
				}
				packed = &tmp
			case !in.PM && in.WS == (side == 1) && addr < vc4.NumPhysRegs:
				s := v
				if side == 0 && len(sat) > 0 {
					s = sat[0]
				}
				for i := range tmp {
					tmp[i] = packA(in.Pack, v[i], old[i], float, s[i])
				}
				packed = &tmp
			}
		}
		if msg := m.writeReg(q, sp, addr, packed, mask, wA, wB, wAcc); msg != "" {
			return msg
		}
	}
	return ""
}

// regPtr returns the storage of a writable register, or nil for I/O.
func (q *QPU) regPtr(sp vc4.Space, addr uint8) *Vec {
	switch {
	case addr < vc4.NumPhysRegs && sp == vc4.SpaceA:
		return &q.RA[addr]
	case addr < vc4.NumPhysRegs:
		return &q.RB[addr]
	case addr >= vc4.AddrR0 && addr < vc4.AddrR0+4:
		return &q.Acc[addr-vc4.AddrR0]
	case addr == vc4.AddrR5:
		return &q.Acc[5]
	}
	return nil
}

func maskedWrite(dst, src *Vec, mask uint16) {
	if mask == allLanes {
		*dst = *src
		return
	}
	for i := range dst {
		if mask>>i&1 != 0 {
			dst[i] = src[i]
		}
	}
}

// writeReg writes v to one destination in the lanes of mask.
func (m *Machine) writeReg(q *QPU, sp vc4.Space, addr uint8, v *Vec, mask uint16, wA, wB *uint32, wAcc *uint8) string {
	since := func(at int64) int64 { return q.icount - at }
	// Register writes occupy the write port (and create the §4.2 hazard)
	// even when no lane passes the condition.
	switch {
	case addr < vc4.NumPhysRegs:
		if sp == vc4.SpaceA {
			maskedWrite(&q.RA[addr], v, mask)
			*wA |= 1 << addr
			q.wroteA |= 1 << addr
		} else {
			maskedWrite(&q.RB[addr], v, mask)
			*wB |= 1 << addr
			q.wroteB |= 1 << addr
		}
		return ""
	case addr < vc4.AddrR0+4:
		maskedWrite(&q.Acc[addr-vc4.AddrR0], v, mask)
		*wAcc |= 1 << (addr - vc4.AddrR0)
		q.wroteAcc |= 1 << (addr - vc4.AddrR0)
		return ""
	case mask == 0:
		return ""
	case addr == vc4.AddrR5:
		var r Vec
		for i := range r {
			if sp == vc4.SpaceA { // r5quad: lane 0 of each quad
				r[i] = v[i&^3]
			} else { // r5rep: lane 0 to all lanes
				r[i] = v[0]
			}
		}
		maskedWrite(&q.Acc[5], &r, mask)
		*wAcc |= 1 << 5
		q.wroteAcc |= 1 << 5
		return ""
	case addr == vc4.AddrNop:
		return ""
	}
	if mask != allLanes {
		return fmt.Sprintf("conditional write to I/O register %s (spec §6.2)", vc4.WriteRegs[sp][addr].Name)
	}
	switch addr {
	case vc4.AddrTMUNoSwap:
		q.tmursAt = q.icount
	case vc4.AddrHostInt:
		if v[0] != 0 {
			q.HostInts++
			m.Stats.HostInterrupts++
		}
	case vc4.AddrUnifAddr:
		q.Unif = v[0]
		q.unifAddrAt = q.icount
	case vc4.AddrTLBZ:
		q.tlbzAt = q.icount // accepted and discarded: there is no tile buffer
	case vc4.AddrVPM:
		if !q.vpmSetupOK {
			return "VPM write without a VPM write setup (vw_setup)"
		}
		// Horizontal packed writes (REF "VPM Generic Block Write Setup";
		// VC4C's emulator models them the same way): 32-bit: ADDR is the
		// row; 16-bit: ADDR = {Y, H}, the 16 low halfwords go to words
		// 8H…8H+7 of row Y; 8-bit: ADDR = {Y, B}, the 16 low bytes go to
		// words 4B…4B+3.
		row, shift := q.vpmAddr>>(2-q.vpmSize), 2-q.vpmSize
		if row >= vpmRows {
			return fmt.Sprintf("VPM write to row %d outside the modelled %d rows", row, vpmRows)
		}
		if q.vpmSize == 2 {
			m.vpm[row] = *v
		} else {
			width := uint32(1) << q.vpmSize // bytes per element
			first := (q.vpmAddr & (1<<shift - 1)) * 16 / (4 / width)
			for i, x := range v {
				bit := (uint32(i) * width % 4) * 8
				w := &m.vpm[row][first+uint32(i)*width/4]
				mask := uint32(1)<<(8*width) - 1
				*w = *w&^(mask<<bit) | (x&mask)<<bit
			}
		}
		q.vpmAddr += q.vpmStride
	case vc4.AddrVPMSetup:
		if sp == vc4.SpaceA {
			return q.vpmReadSetup(v[0])
		}
		return q.vpmWriteSetup(v[0])
	case vc4.AddrVPMAddr:
		if sp == vc4.SpaceA {
			return m.vdr(q, v[0])
		}
		return m.vdw(q, v[0])
	case vc4.AddrMutex:
		if m.mutex != q.Num {
			return "mutex released by a QPU that does not hold it"
		}
		m.mutex = -1
	case vc4.AddrSFURecip, vc4.AddrSFURecip + 1, vc4.AddrSFURecip + 2, vc4.AddrSFULog:
		if s := since(q.sfuAt); s <= 2 {
			return fmt.Sprintf("SFU write %d instruction(s) after another SFU write (spec §7.8 V33)", s)
		}
		m.sfuUsed[q.slice()] = m.now
		for i := range q.sfuVal {
			q.sfuVal[i] = sfu(addr, v[i])
		}
		q.sfuAt, q.sfuPending = q.icount, true
	case vc4.AddrTMU0S, vc4.AddrTMU1S:
		if s := since(q.tmursAt); s < 3 {
			return fmt.Sprintf("TMU write %d instruction(s) after a TMU_NOSWAP write; needs at least 3 (spec §7.7 V32)", s)
		}
		f := &q.tmu[(addr-vc4.AddrTMU0S)/4]
		if f.size >= m.cfg.TMUDepth {
			return fmt.Sprintf("more than %d outstanding TMU requests (spec §5: the FIFO is unreliable beyond 4)", m.cfg.TMUDepth)
		}
		tail := (f.head + f.size) % maxTMU
		ready, msg := m.tmuRequest(q, int(addr-vc4.AddrTMU0S)/4, v, &f.buf[tail])
		if msg != "" {
			return msg
		}
		f.ready[tail] = ready
		f.size++
	default:
		name := vc4.WriteRegs[sp][addr].Name
		switch vc4.WriteRegs[sp][addr].Class {
		case vc4.RegTMU:
			return fmt.Sprintf("%s not modelled: only direct memory lookups through t0s/t1s", name)
		case vc4.RegTLB, vc4.RegIO:
			return fmt.Sprintf("%s not modelled (fragment shading I/O)", name)
		}
		return fmt.Sprintf("write to unmapped I/O address %d", addr)
	}
	return ""
}

// readIO reads I/O address addr (32..63) of space sp into out.
func (m *Machine) readIO(q *QPU, sp vc4.Space, addr uint8, out *Vec) string {
	fill := func(x uint32) {
		for i := range out {
			out[i] = x
		}
	}
	switch addr {
	case vc4.AddrUniform:
		w, err := m.readUniform(q)
		if err != nil {
			return "uniform read: " + err.Error()
		}
		q.Unif += 4
		fill(w)
	case vc4.AddrVarying:
		return "varying read not modelled (no fragment/vertex shading)"
	case vc4.AddrVPM:
		return m.vpmRead(q, out)
	case vc4.AddrVPMSetup: // busy
		fill(0)
		if sp == vc4.SpaceB && q.dmaDone > m.now || sp == vc4.SpaceA && q.ldDone > m.now {
			fill(1)
		}
	case vc4.AddrVPMAddr: // wait: the stall was before
		fill(0)
	case vc4.AddrMutex:
		m.mutex, m.mutexLast = q.Num, q.Num // acquire; stalls were handled before
		m.mutexWaiting &^= 1 << q.Num
		fill(0)
	case vc4.AddrMSFlags:
		if sp == vc4.SpaceA {
			fill(0xF) // all samples covered
		} else {
			fill(0)
		}
	case 41:
		return "pixel coordinate read not modelled"
	default: // element number / QPU number; unmapped addresses read the same (REF)
		if sp == vc4.SpaceA {
			for i := range out {
				out[i] = uint32(i)
			}
		} else {
			fill(uint32(q.Num))
		}
	}
	return ""
}

// vpmWriteSetup decodes a VPMVCD_WR_SETUP value (spec §5).
func (q *QPU) vpmWriteSetup(v uint32) string {
	switch v >> 30 {
	case 0: // VPM generic block write setup
		stride, horiz, laned, size, addr := v>>12&63, v>>11&1, v>>10&1, v>>8&3, v&255
		if horiz != 1 || size == 3 || size != 2 && laned != 0 {
			return fmt.Sprintf("VPM write setup 0x%x: only horizontal 32-bit and packed 8/16-bit writes are modelled", v)
		}
		if stride == 0 {
			stride = 64
		}
		q.vpmAddr, q.vpmStride, q.vpmSize, q.vpmSetupOK = addr, stride, size, true
	case 2: // VDW basic setup
		units, depth, horiz, base, modew := v>>23&127, v>>16&127, v>>14&1, v>>3&0x7FF, v&7
		if horiz != 1 || modew == 1 {
			return fmt.Sprintf("VDW setup 0x%x: only horizontal DMA of 32-, 16- or 8-bit elements is modelled", v)
		}
		if units == 0 {
			units = 128
		}
		if depth == 0 {
			depth = 128
		}
		// MODEW (REF table 34; VC4C VPM.h): 0 32-bit; 2–3 16-bit from
		// halfword MODEW[0] of the first word; 4–7 8-bit from byte
		// MODEW[1:0]. DEPTH counts elements; memory is written byte by
		// byte, so an 8-bit DMA writes exactly DEPTH bytes.
		q.vdwWidth, q.vdwOff = 4, 0
		switch {
		case modew >= 4:
			q.vdwWidth, q.vdwOff = 1, modew&3
		case modew >= 2:
			q.vdwWidth, q.vdwOff = 2, 2*(modew&1)
		}
		q.vdwUnits, q.vdwDepth, q.vdwY, q.vdwX = units, depth, base>>4, base&15
		if 4*q.vdwX+q.vdwOff+q.vdwDepth*q.vdwWidth > 4*vc4.Lanes {
			return fmt.Sprintf("VDW setup 0x%x: row of %d elements of %d bytes from column %d leaves the VPM row", v, depth, q.vdwWidth, q.vdwX)
		}
		q.vdwSetupOK = true
	case 3: // VDW stride setup
		q.vdwRowStride = v & 0x1FFF
	default:
		return fmt.Sprintf("VPM/VCD setup 0x%x (ID 1) not modelled", v)
	}
	return ""
}

// vdw performs a VDW DMA of the configured block to memory at addr.
func (m *Machine) vdw(q *QPU, addr uint32) string {
	if !q.vdwSetupOK {
		return "VDW address written without a VDW setup"
	}
	for r := uint32(0); r < q.vdwUnits; r++ {
		row := q.vdwY + r
		if row >= vpmRows {
			return fmt.Sprintf("VDW reads VPM row %d outside the modelled %d rows", row, vpmRows)
		}
		n := q.vdwDepth * q.vdwWidth // bytes of the row
		base := addr + r*(n+q.vdwRowStride)
		if msg := m.checkAccess("VDW DMA write", base, n, -1); msg != "" {
			return msg
		}
		if q.vdwWidth == 4 {
			for w := uint32(0); w < q.vdwDepth; w++ {
				if err := m.Write32(base+4*w, m.vpm[row][q.vdwX+w]); err != nil {
					return "VDW DMA: " + err.Error()
				}
			}
			continue
		}
		if base%q.vdwWidth != 0 || uint64(base)+uint64(n) > uint64(len(m.Mem)) {
			return fmt.Sprintf("VDW DMA: memory write of %d bytes at 0x%x out of range or unaligned", n, base)
		}
		for k := uint32(0); k < n; k++ {
			at := 4*q.vdwX + q.vdwOff + k // byte of the VPM row
			m.Mem[base+k] = byte(m.vpm[row][at/4] >> (8 * (at % 4)))
		}
	}
	// Memory changes at once (functionally); the DMA occupies the VDW and
	// vw_wait waits until it has completed.
	q.dmaDone = m.now + m.vdwCycles(q.vdwUnits, (q.vdwDepth*q.vdwWidth+3)/4)
	m.vdwFree = q.dmaDone
	return ""
}

// vpmReadSetup decodes a VPMVCD_RD_SETUP value: a VPM generic block
// read setup (ID 0), a VDR basic setup (ID bit 31) or a VDR extended
// memory pitch setup (ID 9) (spec §5; field layout from REF, "VCD DMA
// Load (VDR) Basic Setup Format" and "VPM Generic Block Read Setup").
func (q *QPU) vpmReadSetup(v uint32) string {
	switch {
	case v>>28 == 9: // VDR extended memory pitch: MPITCHB 12:0 (0: use MPITCH)
		q.vdrPitchB = v & 0x1FFF
		return ""
	case v>>31 == 1: // VDR basic setup
		modew, mpitch, rowlen, nrows, vpitch, vert, xy := v>>28&7, v>>24&15, v>>20&15, v>>16&15, v>>12&15, v>>11&1, v&0x7FF
		if modew != 0 {
			return fmt.Sprintf("VDR setup 0x%x: only 32-bit DMA (MODEW 0) is modelled", v)
		}
		if rowlen == 0 {
			rowlen = 16
		}
		if nrows == 0 {
			nrows = 16
		}
		if vpitch == 0 {
			vpitch = 16
		}
		q.vdrPitch = q.vdrPitchB
		if q.vdrPitch == 0 {
			q.vdrPitch = 8 << mpitch
		}
		q.vdrRows, q.vdrLen, q.vdrVPitch, q.vdrVert = nrows, rowlen, vpitch, vert == 1
		q.vdrY, q.vdrX, q.vdrSetupOK = xy>>4, xy&15, true
		return ""
	case v>>30 == 0: // VPM generic block read setup
		num, stride, horiz, size, addr := v>>20&15, v>>12&63, v>>11&1, v>>8&3, v&255
		if horiz != 1 || size != 2 {
			return fmt.Sprintf("VPM read setup 0x%x: only horizontal 32-bit reads are modelled", v)
		}
		if q.vprNum > 1 {
			// ADD: a new read setup is ignored while the previous one has
			// more than one value outstanding; code must not rely on it.
			return fmt.Sprintf("VPM read setup 0x%x while %d reads of the previous one are outstanding (spec §5)", v, q.vprNum)
		}
		if num == 0 {
			num = 16
		}
		if stride == 0 {
			stride = 64
		}
		q.vprAddr, q.vprStride, q.vprNum, q.vprAt = addr, stride, num, q.icount
		return ""
	}
	return fmt.Sprintf("VPM read setup 0x%x (ID %d) not modelled", v, v>>30)
}

// vdr performs a VDR DMA of the configured block from memory at addr into
// the VPM. Horizontal: memory row r goes to VPM row Y + r·VPITCH from
// column X; vertical: to column X + r·VPITCH from row Y (REF). Memory rows
// are the pitch apart; the DMA reads memory directly, not through the
// TMU or L2 caches.
func (m *Machine) vdr(q *QPU, addr uint32) string {
	if !q.vdrSetupOK {
		return "VDR address (vr_addr) written without a VDR setup"
	}
	for r := uint32(0); r < q.vdrRows; r++ {
		base := addr + r*q.vdrPitch
		if msg := m.checkAccess("VDR DMA read", base, 4*q.vdrLen, -1); msg != "" {
			return msg
		}
		for w := uint32(0); w < q.vdrLen; w++ {
			y, x := q.vdrY+r*q.vdrVPitch, q.vdrX+w
			if q.vdrVert {
				y, x = q.vdrY+w, q.vdrX+r*q.vdrVPitch
			}
			if y >= vpmRows || x >= vc4.Lanes {
				return fmt.Sprintf("VDR writes VPM row %d column %d outside the modelled %d×16 words", y, x, vpmRows)
			}
			word, err := m.Read32(base + 4*w)
			if err != nil {
				return "VDR DMA: " + err.Error()
			}
			m.vpm[y][x] = word
		}
	}
	q.ldDone = m.now + m.vdwCycles(q.vdrRows, q.vdrLen)
	m.vdrFree = q.ldDone
	return ""
}

// vpmRead pops the next row of the VPM read setup (spec §5: readable from
// the 3rd instruction after the setup; at most NUM reads).
func (m *Machine) vpmRead(q *QPU, out *Vec) string {
	if q.vprNum == 0 {
		return "VPM read without an outstanding VPM read setup (vr_setup)"
	}
	if s := q.icount - q.vprAt; s < 3 {
		return fmt.Sprintf("VPM read %d instruction(s) after the read setup; data is readable from the 3rd (spec §5)", s)
	}
	if q.ldDone > m.now {
		return "VPM read while this QPU's VDR DMA is still running (read vr_wait first)"
	}
	if q.vprAddr >= vpmRows {
		return fmt.Sprintf("VPM read of row %d outside the modelled %d rows", q.vprAddr, vpmRows)
	}
	*out = m.vpm[q.vprAddr]
	q.vprAddr += q.vprStride
	q.vprNum--
	return ""
}

// endingWrites checks the writes of an instruction in the thread-end
// window (the thrend instruction and its two delay slots).
func endingWrites(q *QPU, in *vc4.Instr) string {
	for _, w := range in.Dests() {
		switch {
		case w.Addr == 14:
			return "regfile address 14 written in the thread-end instruction or its delay slots (spec §7.4 V41)"
		case w.Class == vc4.RegVPM:
			return fmt.Sprintf("%s written in the thread-end instruction or its delay slots (spec §6.6, §7.2 V40)", w.Name)
		case w.Addr == vc4.AddrTLBZ && q.endLeft == 1:
			return "the final instruction writes TLB_Z (spec §7.5 V45)"
		}
	}
	return ""
}
