; From OpenCL C (clang-14 -O2 --target=spir):
;
;   // Private-memory read-modify-write: h[k] is read, stored by VDW DMA,
;   // and read again (stale through the TMU on the incoherent cache model).
;   __kernel void private_rmw(__global int *out, __global const int *in)
;   {
;   	int i = get_global_id(0);
;   	int h[4];
;   	for (int b = 0; b < 4; b++)
;   		h[b] = 0;
;   	int k = in[i] & 3;
;   	int k2 = (in[i] >> 2) & 3;
;   	h[k]++;
;   	h[k2]++;
;   	out[i] = h[k];
;   }
;
; h lives in private memory: the stores are VDW DMAs; TMU lookups of lines
; filled before those DMAs would return stale words on the incoherent cache
; model (out[i] = 0 instead of 1 or 2), so private loads use VDR DMA.

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

define dso_local spir_kernel void @private_rmw(i32 addrspace(1)* nocapture noundef writeonly %0, i32 addrspace(1)* nocapture noundef readonly %1) local_unnamed_addr {
  %3 = alloca [4 x i32], align 4
  %4 = bitcast [4 x i32]* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* nonnull %4)
  call void @llvm.memset.p0i8.i32(i8* noundef nonnull align 4 dereferenceable(16) %4, i8 0, i32 16, i1 false)
  %5 = tail call spir_func i32 @_Z13get_global_idj(i32 noundef 0)
  %6 = getelementptr inbounds i32, i32 addrspace(1)* %1, i32 %5
  %7 = load i32, i32 addrspace(1)* %6, align 4
  %8 = and i32 %7, 3
  %9 = lshr i32 %7, 2
  %10 = and i32 %9, 3
  %11 = getelementptr inbounds [4 x i32], [4 x i32]* %3, i32 0, i32 %8
  %12 = load i32, i32* %11, align 4
  %13 = add nsw i32 %12, 1
  store i32 %13, i32* %11, align 4
  %14 = getelementptr inbounds [4 x i32], [4 x i32]* %3, i32 0, i32 %10
  %15 = load i32, i32* %14, align 4
  %16 = add nsw i32 %15, 1
  store i32 %16, i32* %14, align 4
  %17 = load i32, i32* %11, align 4
  %18 = getelementptr inbounds i32, i32 addrspace(1)* %0, i32 %5
  store i32 %17, i32 addrspace(1)* %18, align 4
  call void @llvm.lifetime.end.p0i8(i64 16, i8* nonnull %4)
  ret void
}

declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)

declare dso_local spir_func i32 @_Z13get_global_idj(i32 noundef) local_unnamed_addr

declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture)

declare void @llvm.memset.p0i8.i32(i8* nocapture writeonly, i8, i32, i1 immarg)
