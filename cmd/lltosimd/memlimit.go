package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// setMemoryLimit gives the garbage collector a soft limit proportional to
// the input: the IR module and the MIR of the functions in flight are the
// peak of a compilation, and collecting more often around it keeps peak
// memory close to llc's for little CPU. The live heap per input byte grows
// with the input (≈6× for 4 MB since each IR function body and each MIR
// function are freed once lowered and printed; ≈12× when the whole module's
// IR and MIR were live), and a limit below the live heap makes the collector
// run back to back (a 10 MB module took 25 s of CPU instead of 6 s), so a
// watcher raises the limit to three times the live heap once the live heap
// passes 85% of it (twice the live heap still left the 10 MB module 50%
// slower). An explicit GOMEMLIMIT wins.
func setMemoryLimit(inputSize int) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(int64(inputSize)*16 + 32<<20)
	gcWatch.Do(watchLiveHeap)
}

var gcWatch sync.Once

// gcSentinel is allocated unreachable so that its finalizer runs after
// every collection; it has a pointer so that it is not a tiny allocation.
type gcSentinel struct{ _ *int }

// watchLiveHeap arranges for raiseLimit to run after every collection.
func watchLiveHeap() {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		raiseLimit()
		watchLiveHeap()
	})
}

// raiseLimit lifts the memory limit to three times the live heap once the
// live heap exceeds 85% of it.
func raiseLimit() {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	live := int64(s[0].Value.Uint64())
	if limit := debug.SetMemoryLimit(-1); live > limit/20*17 {
		debug.SetMemoryLimit(3 * live)
	}
}
