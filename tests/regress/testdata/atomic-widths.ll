; Atomic read-modify-writes and compare-exchanges of every width the
; frontend emits as generic atomic ops and atomic-lowering expands into
; plain load-modify-store sequences (Cpu0 and BWDSP are single-core):
; narrow ones whose compares need the old value and the operand extended
; (umax/max on i8, min/umin on i16, i8 cmpxchg with a negative expected
; value), and i64 ones over carry chains and two-word compares (add and sub
; crossing the word boundary, signed and unsigned min/max deciding on
; either word, nand, xchg, cmpxchg succeeding and failing), and a fence.
; The EXPECT lines are lli's output for this module with the x86-64 triple
; and datalayout (i64 is 8-aligned in both).
; EXPECT: -56 -56 200 100
; EXPECT: -300 65236 -300 100
; EXPECT: 1 0 0 0
; EXPECT: 5 -3 253 -3
; EXPECT: -300 40000 -25536 -3
; EXPECT: 1 0 0 0
; EXPECT: 4294967295 8589934592 17179869185 0 0
; EXPECT: 17179869185 4294967297 -4294967298 0 0
; EXPECT: -8589934593 -8589934593 -8589934593 1 0
; EXPECT: 42 0 0 0 0
; EXPECT: 42 41 -9223372036854775766 0 0
; EXPECT: 9223372036854775807 9223372036854775807 -9223372036854775808 0 0
; EXPECT: 9223372036854775807 -1 -1 0 1
; EXPECT: 43 0 0 0 0
; EXPECT-EXIT: 7
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@b = internal global i8 -56, align 1
@h = internal global i16 -300, align 2
@w = internal global i32 7, align 4
@q = internal global i64 4294967295, align 8
@fmt1 = private constant [13 x i8] c"%d %d %d %d\0A\00"
@fmt2 = private constant [22 x i8] c"%lld %lld %lld %d %d\0A\00"

declare i32 @printf(i8*, ...)

define internal void @narrow(i8 %x, i16 %y) noinline {
  %a = atomicrmw umax i8* @b, i8 %x seq_cst
  %b1 = load i8, i8* @b
  %c = atomicrmw max i8* @b, i8 %x seq_cst
  %d = load i8, i8* @b
  %e = atomicrmw min i16* @h, i16 %y seq_cst
  %f = atomicrmw umin i16* @h, i16 %y seq_cst
  %g = load i16, i16* @h
  %p = cmpxchg i8* @b, i8 %x, i8 5 seq_cst seq_cst
  %pv = extractvalue { i8, i1 } %p, 0
  %pok = extractvalue { i8, i1 } %p, 1
  %a32 = sext i8 %a to i32
  %c32 = zext i8 %c to i32
  %e32 = sext i16 %e to i32
  %f32 = zext i16 %f to i32
  %g32 = sext i16 %g to i32
  %b32 = sext i8 %b1 to i32
  %d32 = sext i8 %d to i32
  %pv32 = sext i8 %pv to i32
  %pok32 = zext i1 %pok to i32
  call i32 (i8*, ...) @printf(i8* getelementptr ([13 x i8], [13 x i8]* @fmt1, i32 0, i32 0), i32 %a32, i32 %b32, i32 %c32, i32 %d32)
  call i32 (i8*, ...) @printf(i8* getelementptr ([13 x i8], [13 x i8]* @fmt1, i32 0, i32 0), i32 %e32, i32 %f32, i32 %g32, i32 %pv32)
  call i32 (i8*, ...) @printf(i8* getelementptr ([13 x i8], [13 x i8]* @fmt1, i32 0, i32 0), i32 %pok32, i32 0, i32 0, i32 0)
  ret void
}

define internal void @wide(i64 %x, i64 %y) noinline {
  %a = atomicrmw add i64* @q, i64 %x seq_cst
  %b = atomicrmw sub i64* @q, i64 %y seq_cst
  %c = atomicrmw max i64* @q, i64 %y seq_cst
  %d = atomicrmw umin i64* @q, i64 %x seq_cst
  %e = atomicrmw nand i64* @q, i64 %x seq_cst
  %f = atomicrmw xchg i64* @q, i64 %y seq_cst
  %g = atomicrmw min i64* @q, i64 %x seq_cst
  %h = atomicrmw umax i64* @q, i64 %x seq_cst
  fence seq_cst
  %p = cmpxchg i64* @q, i64 %y, i64 42 seq_cst seq_cst
  %pok = extractvalue { i64, i1 } %p, 1
  %pz = zext i1 %pok to i32
  %r = cmpxchg i64* @q, i64 %x, i64 43 acq_rel monotonic
  %rok = extractvalue { i64, i1 } %r, 1
  %rz = zext i1 %rok to i32
  %pv = extractvalue { i64, i1 } %p, 0
  %fin = load i64, i64* @q
  call i32 (i8*, ...) @printf(i8* getelementptr ([22 x i8], [22 x i8]* @fmt2, i32 0, i32 0), i64 %a, i64 %b, i64 %c, i32 0, i32 0)
  call i32 (i8*, ...) @printf(i8* getelementptr ([22 x i8], [22 x i8]* @fmt2, i32 0, i32 0), i64 %d, i64 %e, i64 %f, i32 0, i32 0)
  call i32 (i8*, ...) @printf(i8* getelementptr ([22 x i8], [22 x i8]* @fmt2, i32 0, i32 0), i64 %g, i64 %h, i64 %pv, i32 %pz, i32 %rz)
  call i32 (i8*, ...) @printf(i8* getelementptr ([22 x i8], [22 x i8]* @fmt2, i32 0, i32 0), i64 %fin, i64 0, i64 0, i32 0, i32 0)
  ret void
}

define i32 @main() {
  call void @narrow(i8 100, i16 -2)
  call void @narrow(i8 -3, i16 40000)
  call void @wide(i64 4294967297, i64 -8589934593)
  call void @wide(i64 -1, i64 9223372036854775807)
  %v = atomicrmw add i32* @w, i32 1 monotonic
  ret i32 %v
}
