; If-conversion on BWDSP (issue 13; spec ifconv.md §5, bwdsp.md §2.5): the
; guards stay through selection, so a hammock whose sides store (which
; could not be speculated) becomes `(CPk)`-guarded code with no branch.
; The spec's §3.1 diamond gets the two-destination compare
; `xCPd, CPe = Rs REL Rt` (UN,UC after compaction); the §3.2 nested if
; defines the inner predicates under the outer one, `xCPd, CPe = CPg &&
; Rs REL #imm`, which writes 0 to both where CPg is 0. The threshold
; forces conversion (the default model keeps these: on BWL an untaken
; compare-and-branch is free). Without the flag every branch stays.
; RUN: %lltosimd -march=bwdsp -enable-if-conversion -if-conversion-threshold=20 %s -o - | FileCheck %s
; RUN: %lltosimd -march=bwdsp %s -o - | FileCheck %s --check-prefix=OFF
; RUN: %lltosimd -march=bwdsp -enable-if-conversion -if-conversion-threshold=20 -stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; if (a > b) *p = a; else *q = b;
; CHECK-LABEL: diamond:
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: xCP[[T:[0-7]]], CP[[F:[0-7]]] = R{{[0-9]+}} > R{{[0-9]+}}{{( \|\||$)}}
; CHECK-DAG: (CP[[T]]) [{{[UVW][0-9]+}}] = xR{{[0-9]+}}
; CHECK-DAG: (CP[[F]]) [{{[UVW][0-9]+}}] = xR{{[0-9]+}}
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: ret
; OFF-LABEL: diamond:
; OFF: if xR{{[0-9]+}} {{<=|>}} R{{[0-9]+}} b
; OFF-NOT: (CP
; OFF: ret
define void @diamond(i32 %a, i32 %b, i32* %p, i32* %q) {
entry:
  %c = icmp sgt i32 %a, %b
  br i1 %c, label %then, label %else
then:
  store i32 %a, i32* %p
  br label %join
else:
  store i32 %b, i32* %q
  br label %join
join:
  ret void
}

; if (a > 0) { if (b > 0) *p = 1; else *q = 2; }  *r = 3;
; CHECK-LABEL: nested:
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: xCP[[O:[0-7]]] = R{{[0-9]+}} > #0
; CHECK: xCP[[T:[0-7]]], CP[[F:[0-7]]] = CP[[O]] && R{{[0-9]+}} > #0
; CHECK-DAG: (CP[[T]]) [{{[UVW][0-9]+}}] = xR{{[0-9]+}}
; CHECK-DAG: (CP[[F]]) [{{[UVW][0-9]+}}] = xR{{[0-9]+}}
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: ret
define void @nested(i32 %a, i32 %b, i32* %p, i32* %q, i32* %r) {
entry:
  %c = icmp sgt i32 %a, 0
  br i1 %c, label %bb2, label %bb5
bb2:
  %d = icmp sgt i32 %b, 0
  br i1 %d, label %bb3, label %bb4
bb3:
  store i32 1, i32* %p
  br label %bb5
bb4:
  store i32 2, i32* %q
  br label %bb5
bb5:
  store i32 3, i32* %r
  ret void
}

; A value merged where the paths meet: a copy and a guarded copy (the
; guarded load is not speculated: the address may be invalid).
; int pick(int c, int *p, int d) { return c ? *p : d; }
; CHECK-LABEL: pick:
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: (CP[[G:[0-7]]]) xR{{[0-9]+}} = [{{[UVW][0-9]+}}]
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: ret
define i32 @pick(i32 %c, i32* %p, i32 %d) {
entry:
  %t = icmp ne i32 %c, 0
  br i1 %t, label %load, label %join
load:
  %v = load i32, i32* %p
  br label %join
join:
  %r = phi i32 [ %v, %load ], [ %d, %entry ]
  ret i32 %r
}

; STATS-DAG: 3 if-convert - Number of regions if-converted
; STATS-DAG: 2 if-convert - Number of CMPPs removed by compaction
