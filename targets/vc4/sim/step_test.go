package sim

import (
	"testing"

	"lltosimd/targets/vc4"
)

// TestEveryFormatHasExecutor: each instruction format the decoder yields
// is run by an executor of the table.
func TestEveryFormatHasExecutor(t *testing.T) {
	for k := vc4.KindALU; k <= vc4.KindBranch; k++ {
		if int(k) >= len(executors) || executors[k] == nil {
			t.Errorf("instruction format %d has no executor", k)
		}
	}
}
