; oob.cl (clang-14 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header --target=spir -O2):
;   kernel void oob(global const int *in, global int *out, int n) { int i = get_global_id(0); out[i] = in[i + n]; }
;   kernel void oobw(global const int *in, global int *out, int n) { int i = get_global_id(0); if (in[i] > 5) out[i + n] = in[i]; }
; ModuleID = 'oob.cl'
source_filename = "oob.cl"
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @oob(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i32 @_Z13get_global_idj(i32 noundef 0) #2
  %5 = add nsw i32 %4, %2
  %6 = getelementptr inbounds i32, i32 addrspace(1)* %0, i32 %5
  %7 = load i32, i32 addrspace(1)* %6, align 4, !tbaa !8
  %8 = getelementptr inbounds i32, i32 addrspace(1)* %1, i32 %4
  store i32 %7, i32 addrspace(1)* %8, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind readnone willreturn
declare dso_local spir_func i32 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define dso_local spir_kernel void @oobw(i32 addrspace(1)* nocapture noundef readonly %0, i32 addrspace(1)* nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 !kernel_arg_addr_space !4 !kernel_arg_access_qual !5 !kernel_arg_type !6 !kernel_arg_base_type !6 !kernel_arg_type_qual !7 {
  %4 = tail call spir_func i32 @_Z13get_global_idj(i32 noundef 0) #2
  %5 = getelementptr inbounds i32, i32 addrspace(1)* %0, i32 %4
  %6 = load i32, i32 addrspace(1)* %5, align 4, !tbaa !8
  %7 = icmp sgt i32 %6, 5
  br i1 %7, label %8, label %11

8:                                                ; preds = %3
  %9 = add nsw i32 %4, %2
  %10 = getelementptr inbounds i32, i32 addrspace(1)* %1, i32 %9
  store i32 %6, i32 addrspace(1)* %10, align 4, !tbaa !8
  br label %11

11:                                               ; preds = %8, %3
  ret void
}

attributes #0 = { convergent mustprogress nofree norecurse nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress nofree nounwind readnone willreturn "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind readnone willreturn }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!opencl.spir.version = !{!2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{i32 1, i32 1, i32 0}
!5 = !{!"none", !"none", !"none"}
!6 = !{!"int*", !"int*", !"int"}
!7 = !{!"const", !"", !""}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
