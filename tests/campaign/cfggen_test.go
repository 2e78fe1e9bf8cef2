package campaign

import (
	"sync"
	"testing"
)

// ciCFGSeeds is the size of the random-CFG CI slice; each seed is one lli
// run and six compilations and simulations of a small module.
const (
	ciCFGSeeds      = 60
	ciShortCFGSeeds = 20
)

// TestCFGSlice compiles random CFGs (GenCFG: switches with repeated
// targets, self-loops, critical edges, unreachable defaults, phis) with the
// MIR verifier after every pass and runs them against lli.
func TestCFGSlice(t *testing.T) {
	tools := newTools(t)
	n := ciCFGSeeds
	if testing.Short() {
		n = ciShortCFGSeeds
	}
	tl := NewTally("random CFG slice")
	var mu sync.Mutex
	Parallel(n, 2, func(i int) { // CI machines have two cores
		rs := tools.RunCFG(int64(1+i), CFGConfigs)
		mu.Lock()
		defer mu.Unlock()
		tl.Programs++
		for _, r := range rs {
			tl.Add(r)
		}
	})
	failIfBad(t, tl, Matched, Mismatched, Crashed)
	if tl.By[Matched] != tl.Cases {
		t.Errorf("%d of %d cases matched", tl.By[Matched], tl.Cases)
	}
}
