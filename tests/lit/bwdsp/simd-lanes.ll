; Uniform branches over the lanes of a vector compare (spec ifconv.md §5,
; bwdsp.md §2.3): clang's `m.x | m.y | m.z | m.w` (some lane) and
; `m.x & m.y & m.z & m.w` (every lane) over a vector compare m become one
; compare with the vector's mask and `if [!]any|[!]all D CPk b L` instead
; of lane transfers, an or/and tree and a compare-and-branch: the loop
; whose lanes leave at different iterations runs while any lane is active
; (`if any xyzt CPk b header`), a region is skipped when no lane needs it
; (BOSCC, `if !any xyzt CPk b skip`), a 2-lane mask tests xy, and the sign
; splat `ashr a, 31` clang makes of `a < 0` tests a < 0. The select on the
; mask phi stays one SIMD select (the phi's lanes are 0 or 1, like its
; inputs'), so the loop body moves no lane between macros.
; RUN: %lltosimd -march=bwdsp -O2 %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; while (any(x > 1)) x = x > 1 ? x >> 1 : x;
; CHECK-LABEL: loop:
; (the select and the branch may each get their own copy of the compare)
; CHECK: xyztCP{{[0-7]}} = R{{[0-9]+}} > R{{[0-9]+}}
; CHECK: if !any xyztCP{{[0-7]}} b
; CHECK: .Lloop.[[H:bb[0-9]+]]:
; CHECK-NOT: = {{[yzt]}}R
; CHECK-NOT: .Lloop.bb
; CHECK: xyztCP{{[0-7]}} = R{{[0-9]+}} > R{{[0-9]+}}
; CHECK: if any xyztCP{{[0-7]}} b .Lloop.[[H]]
; CHECK: .endfunc
define <4 x i32> @loop(<4 x i32> %x0) {
entry:
  %m0 = icmp sgt <4 x i32> %x0, <i32 1, i32 1, i32 1, i32 1>
  %ae0 = extractelement <4 x i1> %m0, i32 0
  %ae1 = extractelement <4 x i1> %m0, i32 1
  %ae2 = extractelement <4 x i1> %m0, i32 2
  %ae3 = extractelement <4 x i1> %m0, i32 3
  %as0 = sext i1 %ae0 to i32
  %as1 = sext i1 %ae1 to i32
  %as2 = sext i1 %ae2 to i32
  %as3 = sext i1 %ae3 to i32
  %ao1 = or i32 %as0, %as1
  %ao2 = or i32 %ao1, %as2
  %ao3 = or i32 %ao2, %as3
  %ac = icmp ne i32 %ao3, 0
  br i1 %ac, label %body, label %done

body:
  %x = phi <4 x i32> [ %x0, %entry ], [ %x1, %body ]
  %m = phi <4 x i1> [ %m0, %entry ], [ %m1, %body ]
  %h = ashr <4 x i32> %x, <i32 1, i32 1, i32 1, i32 1>
  %x1 = select <4 x i1> %m, <4 x i32> %h, <4 x i32> %x
  %m1 = icmp sgt <4 x i32> %x1, <i32 1, i32 1, i32 1, i32 1>
  %e0 = extractelement <4 x i1> %m1, i32 0
  %e1 = extractelement <4 x i1> %m1, i32 1
  %e2 = extractelement <4 x i1> %m1, i32 2
  %e3 = extractelement <4 x i1> %m1, i32 3
  %s0 = sext i1 %e0 to i32
  %s1 = sext i1 %e1 to i32
  %s2 = sext i1 %e2 to i32
  %s3 = sext i1 %e3 to i32
  %o1 = or i32 %s0, %s1
  %o2 = or i32 %o1, %s2
  %o3 = or i32 %o2, %s3
  %c = icmp ne i32 %o3, 0
  br i1 %c, label %body, label %done

done:
  %r = phi <4 x i32> [ %x0, %entry ], [ %x1, %body ]
  ret <4 x i32> %r
}

; if (any(a < b)) *p = a + b;  (BOSCC: skipped when no lane is below)
; CHECK-LABEL: boscc:
; CHECK: xyztCP[[B:[0-7]]] = R{{[0-9]+}} < R{{[0-9]+}}
; CHECK: if !any xyztCP[[B]] b
; CHECK: .endfunc
define void @boscc(<4 x i32> %a, <4 x i32> %b, <4 x i32>* %p) {
entry:
  %m = icmp slt <4 x i32> %a, %b
  %ae0 = extractelement <4 x i1> %m, i32 0
  %ae1 = extractelement <4 x i1> %m, i32 1
  %ae2 = extractelement <4 x i1> %m, i32 2
  %ae3 = extractelement <4 x i1> %m, i32 3
  %as0 = sext i1 %ae0 to i32
  %as1 = sext i1 %ae1 to i32
  %as2 = sext i1 %ae2 to i32
  %as3 = sext i1 %ae3 to i32
  %ao1 = or i32 %as0, %as1
  %ao2 = or i32 %ao1, %as2
  %ao3 = or i32 %ao2, %as3
  %ac = icmp ne i32 %ao3, 0
  br i1 %ac, label %then, label %skip

then:
  %s = add <4 x i32> %a, %b
  store <4 x i32> %s, <4 x i32>* %p
  br label %skip

skip:
  ret void
}

; if (all(a == b)) return 1;  every lane, in the xy lanes of a 2-lane mask
; CHECK-LABEL: all2:
; CHECK: xyCP[[A:[0-7]]] = R{{[0-9]+}} == R{{[0-9]+}}
; CHECK: if {{!?}}all xyCP[[A]] b
; CHECK: .endfunc
define i32 @all2(<2 x i32> %a, <2 x i32> %b) {
entry:
  %m = icmp eq <2 x i32> %a, %b
  %e0 = extractelement <2 x i1> %m, i32 0
  %e1 = extractelement <2 x i1> %m, i32 1
  %z0 = zext i1 %e0 to i32
  %z1 = zext i1 %e1 to i32
  %and = and i32 %z0, %z1
  %c = icmp eq i32 %and, 0
  br i1 %c, label %no, label %yes

yes:
  ret i32 1

no:
  ret i32 0
}

; if (any(a < 0)) *p = -a;  clang's mask for a < 0 is the sign splat a >> 31
; CHECK-LABEL: sign:
; CHECK: xyztCP[[S:[0-7]]] = R{{[0-9]+}} < #0
; CHECK: if !any xyztCP[[S]] b
; CHECK: .endfunc
define void @sign(<4 x i32> %a, <4 x i32>* %p) {
entry:
  %s = ashr <4 x i32> %a, <i32 31, i32 31, i32 31, i32 31>
  %e0 = extractelement <4 x i32> %s, i32 0
  %e1 = extractelement <4 x i32> %s, i32 1
  %e2 = extractelement <4 x i32> %s, i32 2
  %e3 = extractelement <4 x i32> %s, i32 3
  %o1 = or i32 %e0, %e1
  %o2 = or i32 %o1, %e2
  %o3 = or i32 %o2, %e3
  %c = icmp eq i32 %o3, 0
  br i1 %c, label %skip, label %then

then:
  %n = sub <4 x i32> zeroinitializer, %a
  store <4 x i32> %n, <4 x i32>* %p
  br label %skip

skip:
  ret void
}
