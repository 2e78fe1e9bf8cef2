// insts.go: the per-instruction dispatcher and aggregate (extractvalue/insertvalue) values.

package frontend

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// inst translates one non-phi instruction. It reports true when the rest
// of the block is unreachable (after llvm.trap).
func (s *fn) inst(inst ir.Instruction) bool {
	if s.vectorInst(inst) {
		return false
	}
	switch in := inst.(type) {
	case *ir.InstAdd:
		s.define(in, s.binary(binAdd, in.X, in.Y))
	case *ir.InstSub:
		s.define(in, s.binary(binSub, in.X, in.Y))
	case *ir.InstMul:
		s.define(in, s.binary(binMul, in.X, in.Y))
	case *ir.InstSDiv:
		s.define(in, s.binary(binSDiv, in.X, in.Y))
	case *ir.InstUDiv:
		s.define(in, s.binary(binUDiv, in.X, in.Y))
	case *ir.InstSRem:
		s.define(in, s.binary(binSRem, in.X, in.Y))
	case *ir.InstURem:
		s.define(in, s.binary(binURem, in.X, in.Y))
	case *ir.InstShl:
		s.define(in, s.binary(binShl, in.X, in.Y))
	case *ir.InstLShr:
		s.define(in, s.binary(binLShr, in.X, in.Y))
	case *ir.InstAShr:
		s.define(in, s.binary(binAShr, in.X, in.Y))
	case *ir.InstAnd:
		s.define(in, s.binary(binAnd, in.X, in.Y))
	case *ir.InstOr:
		s.define(in, s.binary(binOr, in.X, in.Y))
	case *ir.InstXor:
		s.define(in, s.binary(binXor, in.X, in.Y))
	case *ir.InstTrunc:
		s.define(in, s.cast(castTrunc, in.From, in.To))
	case *ir.InstZExt:
		s.define(in, s.cast(castZExt, in.From, in.To))
	case *ir.InstSExt:
		s.define(in, s.cast(castSExt, in.From, in.To))
	case *ir.InstPtrToInt:
		s.define(in, s.cast(castPtrToInt, in.From, in.To))
	case *ir.InstIntToPtr:
		s.define(in, s.cast(castIntToPtr, in.From, in.To))
	case *ir.InstBitCast:
		s.define(in, s.cast(castBitCast, in.From, in.To))
	case *ir.InstAddrSpaceCast:
		s.define(in, s.cast(castBitCast, in.From, in.To))
	case *ir.InstICmp:
		s.define(in, []mir.Reg{s.icmp(in.Pred, in.X, in.Y)})
	case *ir.InstSelect:
		s.define(in, s.selectV(in.Cond, in.ValueTrue, in.ValueFalse))
	case *ir.InstFreeze:
		s.define(in, s.words(in.X))
	case *ir.InstGetElementPtr:
		s.define(in, []mir.Reg{s.gep(in.ElemType, in.Src, in.Indices)})
	case *ir.InstAlloca:
		s.alloca(in)
	case *ir.InstLoad:
		s.define(in, s.load(in.ElemType, in.Src, int64(in.Align), accessOf(in.Volatile, in.Atomic)))
	case *ir.InstStore:
		s.store(in.Src, in.Dst, int64(in.Align), accessOf(in.Volatile, in.Atomic))
	case *ir.InstCall:
		return s.call(in)
	case *ir.InstExtractValue:
		s.define(in, s.extractValue(in.X, in.Indices))
	case *ir.InstInsertValue:
		s.define(in, s.insertValue(in.X, in.Elem, in.Indices))
	case *ir.InstFence, *ir.InstCmpXchg, *ir.InstAtomicRMW:
		s.atomic(inst) // atomic.go: plain memory operations on one core
	case *ir.InstFAdd, *ir.InstFSub, *ir.InstFMul, *ir.InstFDiv, *ir.InstFRem, *ir.InstFNeg, *ir.InstFCmp,
		*ir.InstFPExt, *ir.InstFPTrunc, *ir.InstFPToSI, *ir.InstFPToUI, *ir.InstSIToFP, *ir.InstUIToFP:
		s.floatInst(inst)
	case *ir.InstLandingPad, *ir.InstCatchPad, *ir.InstCleanupPad:
		fail("unsupported: exception handling ('%s')", opName(inst))
	default:
		fail("unsupported: instruction '%s'", opName(inst))
	}
	return false
}

// opName returns the IR mnemonic of an instruction.
func opName(inst ir.Instruction) string {
	f := strings.Fields(inst.LLString())
	for i, w := range f {
		if w == "=" && i+1 < len(f) {
			return f[i+1]
		}
	}
	if len(f) > 0 {
		return f[0]
	}
	return "?"
}

// aggregatePart returns the word range of the element an extractvalue or
// insertvalue index path selects.
func (s *fn) aggregatePart(t types.Type, path []uint64) (first, n int) {
	for _, i := range path {
		switch tt := t.(type) {
		case *types.StructType:
			if int(i) >= len(tt.Fields) {
				fail("bad aggregate index %d", i)
			}
			for _, f := range tt.Fields[:i] {
				first += s.nwords(f)
			}
			t = tt.Fields[i]
		case *types.ArrayType:
			first += int(i) * s.nwords(tt.ElemType)
			t = tt.ElemType
		default:
			fail("bad aggregate index path")
		}
	}
	return first, s.nwords(t)
}

func (s *fn) extractValue(x value.Value, path []uint64) []mir.Reg {
	first, n := s.aggregatePart(x.Type(), path)
	return s.words(x)[first : first+n]
}

func (s *fn) insertValue(x, elem value.Value, path []uint64) []mir.Reg {
	first, n := s.aggregatePart(x.Type(), path)
	out := append([]mir.Reg(nil), s.words(x)...)
	copy(out[first:first+n], s.words(elem))
	return out
}
