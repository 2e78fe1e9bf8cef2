; Atomics are plain memory operations on single-core Cpu0; floating-point
; atomicrmw is not supported.
; RUN: not %lltosimd -march=cpu0el %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: unsupported-atomic.ll:[[@LINE+2]]:3: unsupported: atomic operation on type 'float' in function @f
define float @f(float* %p) {
  %v = atomicrmw fadd float* %p, float 1.0 seq_cst
  ret float %v
}
