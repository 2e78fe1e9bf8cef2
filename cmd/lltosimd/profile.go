package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfiles starts the -cpuprofile/-memprofile profiles; the returned
// function finishes them.
func startProfiles(o *options) (func(), error) {
	var cpu *os.File
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, err
		}
		cpu = f
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if o.memProfile != "" {
			if f, err := os.Create(o.memProfile); err == nil {
				runtime.GC()
				pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
	}, nil
}
