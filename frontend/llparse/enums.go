package llparse

import (
	"strings"

	"github.com/llir/llvm/ir/enum"
)

// Keyword tables of the enumerations, built from the names the ir/enum
// package prints, so that parsing and printing agree by construction.
var (
	linkages     = enumNames(func(i int) string { return enum.Linkage(i).String() })
	preemptions  = enumNames(func(i int) string { return enum.Preemption(i).String() })
	visibilities = enumNames(func(i int) string { return enum.Visibility(i).String() })
	dllStorages  = enumNames(func(i int) string { return enum.DLLStorageClass(i).String() })
	unnamedAddrs = enumNames(func(i int) string { return enum.UnnamedAddr(i).String() })
	tlsModels    = enumNames(func(i int) string { return enum.TLSModel(i).String() })
	callingConvs = enumNames(func(i int) string { return enum.CallingConv(i).String() })
	paramAttrs   = enumNames(func(i int) string { return enum.ParamAttr(i).String() })
	returnAttrs  = enumNames(func(i int) string { return enum.ReturnAttr(i).String() })
	funcAttrs    = enumNames(func(i int) string { return enum.FuncAttr(i).String() })
	fastMath     = enumNames(func(i int) string { return enum.FastMathFlag(i).String() })
	overflows    = enumNames(func(i int) string { return enum.OverflowFlag(i).String() })
	ipreds       = enumNames(func(i int) string { return enum.IPred(i).String() })
	fpreds       = enumNames(func(i int) string { return enum.FPred(i).String() })
	orderings    = enumNames(func(i int) string { return enum.AtomicOrdering(i).String() })
	atomicOps    = enumNames(func(i int) string { return enum.AtomicOp(i).String() })
	tails        = enumNames(func(i int) string { return enum.Tail(i).String() })
	selections   = enumNames(func(i int) string { return enum.SelectionKind(i).String() })
)

// enumNames maps the printed names of an enumeration to its values; the
// stringer prints "Type(N)" past the last value. Calling conventions are
// sparse (numbers up to 1023), so the scan does not stop at the first gap.
func enumNames(name func(int) string) map[string]int {
	m := map[string]int{}
	for i := 0; i < 1024; i++ {
		s := name(i)
		if s == "" || s == "none" || strings.HasSuffix(s, ")") && strings.Contains(s, "(") {
			continue
		}
		if _, ok := m[s]; !ok { // past the type's range the names repeat
			m[s] = i
		}
	}
	return m
}
