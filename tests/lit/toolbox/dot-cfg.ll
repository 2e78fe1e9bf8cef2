; -dot-cfg writes one Graphviz file per function (cfg.<name>.dot) with a node
; per block and an edge per CFG edge.
; RUN: rm -rf %t && mkdir -p %t && cd %t && %lltosimd -march=cpu0 -dot-cfg %s -o /dev/null
; RUN: FileCheck %s < %t/cfg.max.dot

; CHECK: digraph
; CHECK-DAG: ->
; CHECK: }

define i32 @max(i32 %a, i32 %b) {
entry:
  %c = icmp sgt i32 %a, %b
  br i1 %c, label %then, label %else
then:
  br label %end
else:
  br label %end
end:
  %r = phi i32 [ %a, %then ], [ %b, %else ]
  ret i32 %r
}
