; A branch on a per-lane value uses the execute mask exactly as in the
; if/else scheme (spec vc4.md §8.2): lanes with the condition false wait for
; ELSE, THEN is skipped when no lane is active, lanes leaving THEN wait for
; AFTER, and ELSE activates the lanes waiting for it. AFTER is top level:
; the mask is dropped there (no activation).

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @ifelse(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i
  %x = load i32, i32 addrspace(1)* %p, align 4
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %then, label %else

then:
  %d = shl i32 %x, 1
  store i32 %d, i32 addrspace(1)* %q, align 4
  br label %after

else:
  %e = add i32 %x, 100
  store i32 %e, i32 addrspace(1)* %q, align 4
  br label %after

after:
  ret void
}

; The condition: execute = 0 (all active), then lanes with c == 0 wait for ELSE.
; THEN's store writes the dummy word in inactive lanes.
; End of THEN: the active lanes wait for AFTER; jump there if all lanes do.
; ELSE: activate the lanes waiting for it.
; AFTER is top level again: no activation, no masking.

