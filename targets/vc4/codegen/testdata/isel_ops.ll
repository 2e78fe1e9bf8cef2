target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.ctlz.i32(i32, i1)

define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n, float %f) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %a = add i32 %i, 7
  %b = sub i32 1000, %a
  %c = mul i32 %b, 12
  %d = mul i32 %c, 8
  %e = mul i32 %d, %n
  %g = shl i32 %e, 20
  %h = lshr i32 %g, 3
  %l = call i32 @llvm.fshl.i32(i32 %h, i32 %h, i32 %n)
  %m = call i32 @llvm.fshr.i32(i32 %l, i32 %l, i32 5)
  %z = call i32 @llvm.ctlz.i32(i32 %m, i1 false)
  %q = icmp ult i32 %z, %n
  %s = select i1 %q, i32 %m, i32 -100
  %t = trunc i32 %s to i8
  %u = sext i8 %t to i32
  %y = or i32 %u, 3
  %w = xor i32 %y, -1
  %ff = uitofp i32 %w to float
  %f2 = fadd float %ff, %f
  %f3 = fmul float %f2, 2.0
  %f4 = fsub float %f3, 1.5
  %fi = fptoui float %f4 to i32
  %fs = fptosi float %f4 to i32
  %si = sitofp i32 %fs to float
  %sb = bitcast float %si to i32
  %r = add i32 %fi, %sb
  %sgt = icmp sgt i32 %r, 0
  br i1 %sgt, label %then, label %join
then:
  br label %join
join:
  %v = phi i32 [ 5, %entry ], [ %r, %then ]
  %p = getelementptr i32, i32 addrspace(1)* %o, i32 %i
  store i32 %v, i32 addrspace(1)* %p
  ret void
}

; An undef phi input (G_IMPLICIT_DEF) and the remaining rules.
define spir_kernel void @k2(i32 addrspace(1)* %o, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %c = icmp eq i32 %n, 3
  br i1 %c, label %a, label %j
a:
  %x = call i32 @llvm.fshr.i32(i32 %i, i32 %i, i32 %n)
  %y = and i32 %x, %n
  %z = ashr i32 %y, 2
  %w0 = xor i32 %z, %i
  %lt = icmp slt i32 %w0, %n
  %w = select i1 %lt, i32 %n, i32 %w0
  br label %j
j:
  %v = phi i32 [ undef, %entry ], [ %w, %a ]
  %p = getelementptr i32, i32 addrspace(1)* %o, i32 %i
  store i32 %v, i32 addrspace(1)* %p
  ret void
}
