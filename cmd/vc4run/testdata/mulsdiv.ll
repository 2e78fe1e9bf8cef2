; Per-lane 32-bit multiply, signed/unsigned division and remainder, high
; multiply and float ops, for vc4run's Go tests.
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @arith(i32 addrspace(1)* %out, i32 addrspace(1)* %a, i32 addrspace(1)* %b) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, i32 addrspace(1)* %a, i32 %i
  %pb = getelementptr inbounds i32, i32 addrspace(1)* %b, i32 %i
  %x = load i32, i32 addrspace(1)* %pa, align 4
  %y = load i32, i32 addrspace(1)* %pb, align 4
  %base = mul i32 %i, 8
  %m = mul i32 %x, %y
  %sd = sdiv i32 %x, %y
  %sr = srem i32 %x, %y
  %ud = udiv i32 %x, %y
  %ur = urem i32 %x, %y
  %xw = zext i32 %x to i64
  %yw = zext i32 %y to i64
  %pw = mul i64 %xw, %yw
  %hw = lshr i64 %pw, 32
  %h = trunc i64 %hw to i32
  %xs = sext i32 %x to i64
  %ys = sext i32 %y to i64
  %ps = mul i64 %xs, %ys
  %hs64 = ashr i64 %ps, 32
  %hs = trunc i64 %hs64 to i32
  %fx = sitofp i32 %x to float
  %fy = sitofp i32 %y to float
  %fq = fdiv float %fx, %fy
  %fb = bitcast float %fq to i32
  %v0 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %base
  store i32 %m, i32 addrspace(1)* %v0, align 4
  %o1 = add i32 %base, 1
  %v1 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %o1
  store i32 %sd, i32 addrspace(1)* %v1, align 4
  %o2 = add i32 %base, 2
  %v2 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %o2
  store i32 %sr, i32 addrspace(1)* %v2, align 4
  %o3 = add i32 %base, 3
  %v3 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %o3
  store i32 %ud, i32 addrspace(1)* %v3, align 4
  %o4 = add i32 %base, 4
  %v4 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %o4
  store i32 %ur, i32 addrspace(1)* %v4, align 4
  %o5 = add i32 %base, 5
  %v5 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %o5
  store i32 %h, i32 addrspace(1)* %v5, align 4
  %o6 = add i32 %base, 6
  %v6 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %o6
  store i32 %hs, i32 addrspace(1)* %v6, align 4
  %o7 = add i32 %base, 7
  %v7 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %o7
  store i32 %fb, i32 addrspace(1)* %v7, align 4
  ret void
}
