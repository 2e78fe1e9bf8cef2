package mir

// FPred is a floating-point comparison predicate: the immediate first use
// of G_FCMP. The values are LLVM's FCmpInst predicates, so the bits say
// which outcomes make the predicate true.
type FPred uint8

// Outcome bits of an FPred.
const (
	FPredEQ  FPred = 1 // a == b
	FPredGT  FPred = 2 // a > b
	FPredLT  FPred = 4 // a < b
	FPredUNO FPred = 8 // a or b is a NaN (alone: the uno predicate)
)

// Predicates (LLVM fcmp spelling).
const (
	FPredFalse FPred = 0
	FPredOEQ         = FPredEQ
	FPredOGT         = FPredGT
	FPredOGE         = FPredGT | FPredEQ
	FPredOLT         = FPredLT
	FPredOLE         = FPredLT | FPredEQ
	FPredONE         = FPredLT | FPredGT
	FPredORD         = FPredLT | FPredGT | FPredEQ
	FPredUEQ         = FPredUNO | FPredEQ
	FPredUGT         = FPredUNO | FPredGT
	FPredUGE         = FPredUNO | FPredGT | FPredEQ
	FPredULT         = FPredUNO | FPredLT
	FPredULE         = FPredUNO | FPredLT | FPredEQ
	FPredUNE         = FPredUNO | FPredLT | FPredGT
	FPredTrue  FPred = 15
)

var fpredNames = [16]string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
	"uno", "ueq", "ugt", "uge", "ult", "ule", "une", "true"}

func (p FPred) String() string {
	if p < 16 {
		return fpredNames[p]
	}
	return "fpred?"
}

// ParseFPred returns the predicate spelled s (LLVM fcmp spelling).
func ParseFPred(s string) (FPred, bool) {
	for i, n := range fpredNames {
		if n == s {
			return FPred(i), true
		}
	}
	return 0, false
}
