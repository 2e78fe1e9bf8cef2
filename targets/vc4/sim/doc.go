// Package sim is a functional simulator of VideoCore IV QPUs (spec vc4.md)
// for running and checking compiled kernels: N QPUs run one program, each
// issuing one instruction per cycle unless it stalls, sharing memory, the
// VPM, the mutex, the 16 semaphores, the L2 cache, and per slice of four
// QPUs the TMUs, the SFU and the uniform cache; further runs of the
// program can be queued (Machine.Enqueue) for the next free QPU. Each QPU models 16 lanes, accumulators
// r0–r5, register files A and B, per-lane N/Z/C flags, the uniform stream,
// TMU gather loads, the SFU, VPM writes with VDW DMA to memory, VDR DMA
// loads with VPM reads, branches
// with 3 delay slots and thread end with 2.
//
// The simulator is also a checker: it rejects, with the QPU, PC and
// reason, everything spec §7 forbids, and the things §6 and §10 leave
// undefined, so that compiler bugs surface as errors rather than as
// silently wrong memory. Checks that depend on one instruction only run
// when the program is loaded (Machine.Load); the others run as the
// instruction executes.
//
// Modelling decisions (where the spec leaves freedom or reports
// disagreement):
//
//   - Timing (timing.go, docs/vc4.md "Timing model"): one instruction per
//     cycle; stalls, counted by cause, for ldtmu before the TMU result
//     arrived (latency from the per-slice TMU cache, the shared L2 or
//     memory), a uniform missing the per-slice uniform cache, vw_wait
//     before the VDW DMA completed and vw_addr while the VDW is busy (the
//     same for vr_wait, vr_addr and the VDR), an
//     SFU write when another QPU of the slice wrote the SFU in the same
//     cycle, and sacq/srel/mutex. The SFU result reaches r4 for the 3rd
//     instruction after the write (reading it earlier is rejected).
//   - Caches: Config.CacheModel Coherent (caches only cost time) or
//     Incoherent (the chip: TMU and uniform reads return the cached line,
//     VDW writes go to memory only; Stats.StaleReads counts lane reads
//     that saw an outdated word).
//   - TMU: t0s/t1s lookups read memory when requested (the data is
//     functionally fixed then); each TMU has a FIFO of 4 requests per QPU
//     (ADD: more is unreliable; Config.TMUDepth, up to 8).
//     Writes to t0t/t0r/t0b (texturing) are rejected.
//   - VPM: 64 rows of 16 words, horizontal 32-bit writes and reads, VDW
//     DMA (horizontal) and VDR DMA (horizontal or vertical, 32-bit); the
//     tile buffer is rejected as not modelled. VDR DMA reads memory
//     directly (never stale). Setup registers are per QPU, VPM memory is
//     shared. The VDW stride
//     (ID 3) is the gap between the end of one row and the next (REF).
//   - Floats: denormals flush to zero; fadd/fsub/fmul/itof round toward
//     zero (VC4C); ftoi of NaN or out-of-range values gives 0.
//   - Flags: set by the add ALU unless its op is nop, then by the mul ALU;
//     only in lanes where that ALU's condition holds (ADD). A condition or
//     branch that tests flags never set in some lane is rejected.
//   - Branches: the link value is the byte offset of branch+4 instructions
//     from the program start; reg branches take lane 15 (ADD); absolute
//     targets are byte offsets from the program start.
//   - Reads: raddr fields trigger I/O reads (uniform pops, mutex acquire)
//     even when no mux uses them; reading address 39 as data, reading a
//     register never written, and "mul nop" with a write address are
//     rejected (§10).
//   - Utilisation: active lanes are those whose condition passes on a
//     conditional (ALU or load-immediate) side, 16 otherwise.
package sim
