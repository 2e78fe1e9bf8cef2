; The frontend gives every plain load and store a memory operand (MIR
; `:: mem(object, offset, size)`, docs/generic-mir.md): the underlying
; object of its pointer through getelementptr, bitcast, phi and select (a
; global, an entry-block alloca as its frame object, an argument with its
; noalias attribute), the byte offset in it when every index is constant
; ("?" otherwise), and the bytes accessed; a value split into words gets
; one per word. Atomic accesses and pointers of unknown origin (loaded
; from memory) get none, and a phi of two objects is unknown; volatile
; accesses get the same facts marked volatile (every word of a split one),
; "?" for an unknown object.
; RUN: %lltosimd -march=cpu0el -stop-after=atomic-lowering %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

%S = type { i32, i16, i64 }
@g = global %S zeroinitializer, align 8
@h = global [4 x i32] zeroinitializer, align 4
@pp = global i32* null, align 4

; CHECK-LABEL: function: objects
define i32 @objects(i32* noalias %p, i32* %q, i32 %i, i64 %w) {
  %t = alloca [4 x i32], align 4
  ; CHECK: G_STORE16 {{.*}} :: mem(@g, 4, 2)
  %f1 = getelementptr %S, %S* @g, i32 0, i32 1
  store i16 7, i16* %f1, align 4
  ; CHECK: G_STORE32 {{.*}} :: mem(@g, 8, 4)
  ; CHECK: G_STORE32 {{.*}} :: mem(@g, 12, 4)
  %f2 = getelementptr %S, %S* @g, i32 0, i32 2
  store i64 %w, i64* %f2, align 8
  ; CHECK: G_LOAD32 {{.*}} :: mem(@h, ?, 4)
  %hi = getelementptr [4 x i32], [4 x i32]* @h, i32 0, i32 %i
  %a = load i32, i32* %hi, align 4
  ; CHECK: G_STORE32 {{.*}} :: mem(fi#0, 8, 4)
  %t2 = getelementptr [4 x i32], [4 x i32]* %t, i32 0, i32 2
  store i32 %a, i32* %t2, align 4
  ; CHECK: G_LOAD32 {{.*}} :: mem(noalias arg#0, 12, 4)
  %p3 = getelementptr i32, i32* %p, i32 3
  %b = load i32, i32* %p3, align 4
  ; CHECK: G_LOAD8U {{.*}} :: mem(arg#1, 5, 1)
  %q8 = bitcast i32* %q to i8*
  %q5 = getelementptr i8, i8* %q8, i32 5
  %c = load i8, i8* %q5, align 1
  %cz = zext i8 %c to i32
  ; CHECK: G_LOAD32 {{.*}} :: mem(arg#1, ?, 4)
  %q3 = getelementptr i32, i32* %q, i32 3
  %qc = icmp eq i32 %i, 0
  %qs = select i1 %qc, i32* %q, i32* %q3
  %d = load i32, i32* %qs, align 4
  ; CHECK: G_LOAD32 {{.*}} :: mem(@pp, 0, 4)
  ; CHECK-NEXT: G_LOAD32 {{[^:]*$}}
  %pl = load i32*, i32** @pp, align 4
  %e = load i32, i32* %pl, align 4
  ; CHECK: G_STORE32 {{.*}} :: mem(volatile arg#1, 0, 4)
  store volatile i32 %e, i32* %q, align 4
  ; CHECK: G_LOAD32 {{.*}} :: mem(volatile ?, ?, 4)
  %ve = load volatile i32, i32* %pl, align 4
  ; CHECK: G_LOAD32 {{.*}} :: mem(volatile @g, 8, 4)
  ; CHECK: G_LOAD32 {{.*}} :: mem(volatile @g, 12, 4)
  %vw = load volatile i64, i64* %f2, align 8
  ; CHECK: G_LOAD32 {{[^:]*$}}
  %at = load atomic i32, i32* %hi seq_cst, align 4
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %cz
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %ve
  %vt = trunc i64 %vw to i32
  %s5 = add i32 %s4, %vt
  %s6 = add i32 %s5, %at
  ret i32 %s6
}

; A pointer induction phi keeps its object, with an unknown offset; a phi
; of two objects is unknown.
; CHECK-LABEL: function: loops
define i32 @loops(i32* %p, i32 %n) {
entry:
  br label %loop
loop:
  %x = phi i32* [ %p, %entry ], [ %x1, %loop ]
  %y = phi i32* [ getelementptr ([4 x i32], [4 x i32]* @h, i32 0, i32 1), %entry ], [ %p, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  ; CHECK: G_LOAD32 {{.*}} :: mem(arg#0, ?, 4)
  %v = load i32, i32* %x, align 4
  ; CHECK: G_STORE32 {{[^:]*$}}
  store i32 %v, i32* %y, align 4
  %x1 = getelementptr i32, i32* %x, i32 1
  %k1 = add i32 %k, 1
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %v
}
