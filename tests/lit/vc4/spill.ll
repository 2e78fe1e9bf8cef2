; More values live at once than registers A and B hold (62): the allocator spills.
; The costliest values go to VPM rows of the QPU (a VPM write setup, then the
; write; a read setup, then the read from the 3rd instruction after it, spec
; vc4.md §5); the others to scratch memory by DMA, following the §5 protocol
; under the VPM mutex: write setup, VPM write, VDW setup, VPM_ST_ADDR, wait;
; VDR setup, VPM_LD_ADDR, wait, read setup, read from the 3rd instruction.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s --check-prefix=UNIF
; RUN: %lltosimd -march=vc4 %s -o /dev/null -stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %lltosimd -march=vc4 %s -o /dev/null -debug-only=vc4-regalloc 2>&1 | FileCheck %s --check-prefix=DEBUG

; -debug-only=vc4-regalloc names the decisions in MIR terms: the virtual
; register, its live positions and where it goes.
; DEBUG-DAG: spill: spill %{{[0-9]+}} live [{{[0-9]+}}, {{[0-9]+}}] uses {{.*}}: rematerialized
; DEBUG-DAG: spill: spill %{{[0-9]+}} live [{{[0-9]+}}, {{[0-9]+}}] uses {{.*}}: to VPM row 0
; DEBUG-DAG: spill: spill %{{[0-9]+}} live [{{[0-9]+}}, {{[0-9]+}}] uses {{.*}}: to memory slot 0
; DEBUG-DAG: spill: acc %{{[0-9]+}} live [{{[0-9]+}}, {{[0-9]+}}] -> $r{{[0-2]}}

; The QPU's spill rows: a VPM write setup of row 16 + 3·qpu_num (horizontal,
; 32-bit, stride 1: 0x1a00 | row, §5; rows 0-15 stage loads and stores).
; CHECK-LABEL: # kernel spill
; CHECK:      mov r1, qpu_num
; CHECK-DAG:  ldi [[VWB:r[ab][0-9]+]], 0x1a10
; CHECK-DAG:  mul24 r1, r1, 3
; A word of the uniform stream that is re-read later is still consumed in order
; (the scheduler may interleave the uniform reads with the rows' arithmetic).
; CHECK-DAG:  mov -, unif
; CHECK-DAG:  mov [[UBASE:r[ab][0-9]+]], unif{{.*}}uniform stream address
; UNIF:       mov -, unif
; UNIF:       mov {{r[ab][0-9]+}}, unif{{.*}}uniform stream address
; Memory slot: VPM row 0 and the VDW under the mutex, waited for before the release.
; CHECK:      mov {{-|r1}}, mutex{{.*}}spill to memory slot [[S:[0-9]+]]
; CHECK-NEXT: ldi vw_setup, 0x1a00
; CHECK-NEXT: mov vpm, {{r[ab][0-9]+|r[0-2]}}
; CHECK-NEXT: ldi vw_setup, 0x80904000
; CHECK-NEXT: ldi r1, [[OFF:0x[0-9a-f]+]]
; CHECK-NEXT: add vw_addr, [[SCR:r[ab][0-9]+]], r1
; CHECK-NEXT: mov {{-|r1}}, vw_wait
; CHECK-NEXT: mov mutex, 0
; VPM row of the QPU: no mutex, no DMA.
; CHECK:      add vw_setup, [[VWB]], 0{{.*}}spill to VPM row 0
; CHECK-NEXT: mov vpm, {{r[ab][0-9]+|r[0-2]}}
; The memory reload: VDR of the same slot, wait, read setup (NUM 1), the read
; in the 3rd instruction after it, release.
; CHECK:      mov {{-|r1}}, mutex{{.*}}reload from memory slot [[S]]
; CHECK-NEXT: ldi r1, [[OFF]]
; CHECK-NEXT: ldi vr_setup, 0x80010000
; CHECK-NEXT: add vr_addr, [[SCR]], r1
; CHECK-NEXT: mov {{-|r1}}, vr_wait
; At least two instructions between a read setup and the VPM read (§5),
; and between unif_addr and the uniform read: nops or independent work the
; scheduler moved there.
; CHECK-NEXT: ldi vr_setup, 0x101a00
; CHECK-NEXT: {{.+}}
; CHECK-NEXT: {{.+}}
; CHECK:      mov {{r[ab][0-9]+|r[0-2]}}, vpm
; CHECK-NEXT: mov mutex, 0
; The VPM-row reload: read setup = write setup + NUM 1 (the ldi of r1 may
; move up past the previous reload).
; CHECK:      add vr_setup, [[VWB]], r1
; CHECK-NEXT: {{.+}}
; CHECK-NEXT: {{.+}}
; CHECK:      mov {{r[ab][0-9]+|r[0-2]}}, vpm
; The argument %out is re-read from the uniform stream (word 7 = the first
; argument): unif_addr, then two instructions before the read (§5).
; CHECK:      ldi r1, 0x1c{{$}}
; CHECK-NOT:  r1
; CHECK:      add unif_addr, [[UBASE]], r1{{.*}}reread uniform word 7
; CHECK-NEXT: {{.+}}
; CHECK-NEXT: {{.+}}
; CHECK:      mov {{r[ab][0-9]+|r[0-2]}}, unif
; CHECK: thrend

; STATS: vc4-regalloc - Number of reload sequences
; STATS: vc4-regalloc - Number of spill store sequences
; STATS: vc4-regalloc - Number of values rematerialized instead of spilled
; STATS: vc4-regalloc - Number of values spilled to VPM rows or scratch memory

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @spill(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %g = call spir_func i32 @_Z13get_global_idj(i32 0)
  %i0 = add i32 %g, 0
  %p0 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i0
  %v0 = load i32, i32 addrspace(1)* %p0, align 4
  %i1 = add i32 %g, 16
  %p1 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i1
  %v1 = load i32, i32 addrspace(1)* %p1, align 4
  %i2 = add i32 %g, 32
  %p2 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i2
  %v2 = load i32, i32 addrspace(1)* %p2, align 4
  %i3 = add i32 %g, 48
  %p3 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i3
  %v3 = load i32, i32 addrspace(1)* %p3, align 4
  %i4 = add i32 %g, 64
  %p4 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i4
  %v4 = load i32, i32 addrspace(1)* %p4, align 4
  %i5 = add i32 %g, 80
  %p5 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i5
  %v5 = load i32, i32 addrspace(1)* %p5, align 4
  %i6 = add i32 %g, 96
  %p6 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i6
  %v6 = load i32, i32 addrspace(1)* %p6, align 4
  %i7 = add i32 %g, 112
  %p7 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i7
  %v7 = load i32, i32 addrspace(1)* %p7, align 4
  %i8 = add i32 %g, 128
  %p8 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i8
  %v8 = load i32, i32 addrspace(1)* %p8, align 4
  %i9 = add i32 %g, 144
  %p9 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i9
  %v9 = load i32, i32 addrspace(1)* %p9, align 4
  %i10 = add i32 %g, 160
  %p10 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i10
  %v10 = load i32, i32 addrspace(1)* %p10, align 4
  %i11 = add i32 %g, 176
  %p11 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i11
  %v11 = load i32, i32 addrspace(1)* %p11, align 4
  %i12 = add i32 %g, 192
  %p12 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i12
  %v12 = load i32, i32 addrspace(1)* %p12, align 4
  %i13 = add i32 %g, 208
  %p13 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i13
  %v13 = load i32, i32 addrspace(1)* %p13, align 4
  %i14 = add i32 %g, 224
  %p14 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i14
  %v14 = load i32, i32 addrspace(1)* %p14, align 4
  %i15 = add i32 %g, 240
  %p15 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i15
  %v15 = load i32, i32 addrspace(1)* %p15, align 4
  %i16 = add i32 %g, 256
  %p16 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i16
  %v16 = load i32, i32 addrspace(1)* %p16, align 4
  %i17 = add i32 %g, 272
  %p17 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i17
  %v17 = load i32, i32 addrspace(1)* %p17, align 4
  %i18 = add i32 %g, 288
  %p18 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i18
  %v18 = load i32, i32 addrspace(1)* %p18, align 4
  %i19 = add i32 %g, 304
  %p19 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i19
  %v19 = load i32, i32 addrspace(1)* %p19, align 4
  %i20 = add i32 %g, 320
  %p20 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i20
  %v20 = load i32, i32 addrspace(1)* %p20, align 4
  %i21 = add i32 %g, 336
  %p21 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i21
  %v21 = load i32, i32 addrspace(1)* %p21, align 4
  %i22 = add i32 %g, 352
  %p22 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i22
  %v22 = load i32, i32 addrspace(1)* %p22, align 4
  %i23 = add i32 %g, 368
  %p23 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i23
  %v23 = load i32, i32 addrspace(1)* %p23, align 4
  %i24 = add i32 %g, 384
  %p24 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i24
  %v24 = load i32, i32 addrspace(1)* %p24, align 4
  %i25 = add i32 %g, 400
  %p25 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i25
  %v25 = load i32, i32 addrspace(1)* %p25, align 4
  %i26 = add i32 %g, 416
  %p26 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i26
  %v26 = load i32, i32 addrspace(1)* %p26, align 4
  %i27 = add i32 %g, 432
  %p27 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i27
  %v27 = load i32, i32 addrspace(1)* %p27, align 4
  %i28 = add i32 %g, 448
  %p28 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i28
  %v28 = load i32, i32 addrspace(1)* %p28, align 4
  %i29 = add i32 %g, 464
  %p29 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i29
  %v29 = load i32, i32 addrspace(1)* %p29, align 4
  %i30 = add i32 %g, 480
  %p30 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i30
  %v30 = load i32, i32 addrspace(1)* %p30, align 4
  %i31 = add i32 %g, 496
  %p31 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i31
  %v31 = load i32, i32 addrspace(1)* %p31, align 4
  %i32 = add i32 %g, 512
  %p32 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i32
  %v32 = load i32, i32 addrspace(1)* %p32, align 4
  %i33 = add i32 %g, 528
  %p33 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i33
  %v33 = load i32, i32 addrspace(1)* %p33, align 4
  %i34 = add i32 %g, 544
  %p34 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i34
  %v34 = load i32, i32 addrspace(1)* %p34, align 4
  %i35 = add i32 %g, 560
  %p35 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i35
  %v35 = load i32, i32 addrspace(1)* %p35, align 4
  %i36 = add i32 %g, 576
  %p36 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i36
  %v36 = load i32, i32 addrspace(1)* %p36, align 4
  %i37 = add i32 %g, 592
  %p37 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i37
  %v37 = load i32, i32 addrspace(1)* %p37, align 4
  %i38 = add i32 %g, 608
  %p38 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i38
  %v38 = load i32, i32 addrspace(1)* %p38, align 4
  %i39 = add i32 %g, 624
  %p39 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i39
  %v39 = load i32, i32 addrspace(1)* %p39, align 4
  %i40 = add i32 %g, 640
  %p40 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i40
  %v40 = load i32, i32 addrspace(1)* %p40, align 4
  %i41 = add i32 %g, 656
  %p41 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i41
  %v41 = load i32, i32 addrspace(1)* %p41, align 4
  %i42 = add i32 %g, 672
  %p42 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i42
  %v42 = load i32, i32 addrspace(1)* %p42, align 4
  %i43 = add i32 %g, 688
  %p43 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i43
  %v43 = load i32, i32 addrspace(1)* %p43, align 4
  %i44 = add i32 %g, 704
  %p44 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i44
  %v44 = load i32, i32 addrspace(1)* %p44, align 4
  %i45 = add i32 %g, 720
  %p45 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i45
  %v45 = load i32, i32 addrspace(1)* %p45, align 4
  %i46 = add i32 %g, 736
  %p46 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i46
  %v46 = load i32, i32 addrspace(1)* %p46, align 4
  %i47 = add i32 %g, 752
  %p47 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i47
  %v47 = load i32, i32 addrspace(1)* %p47, align 4
  %i48 = add i32 %g, 768
  %p48 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i48
  %v48 = load i32, i32 addrspace(1)* %p48, align 4
  %i49 = add i32 %g, 784
  %p49 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i49
  %v49 = load i32, i32 addrspace(1)* %p49, align 4
  %i50 = add i32 %g, 800
  %p50 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i50
  %v50 = load i32, i32 addrspace(1)* %p50, align 4
  %i51 = add i32 %g, 816
  %p51 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i51
  %v51 = load i32, i32 addrspace(1)* %p51, align 4
  %i52 = add i32 %g, 832
  %p52 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i52
  %v52 = load i32, i32 addrspace(1)* %p52, align 4
  %i53 = add i32 %g, 848
  %p53 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i53
  %v53 = load i32, i32 addrspace(1)* %p53, align 4
  %i54 = add i32 %g, 864
  %p54 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i54
  %v54 = load i32, i32 addrspace(1)* %p54, align 4
  %i55 = add i32 %g, 880
  %p55 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i55
  %v55 = load i32, i32 addrspace(1)* %p55, align 4
  %i56 = add i32 %g, 896
  %p56 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i56
  %v56 = load i32, i32 addrspace(1)* %p56, align 4
  %i57 = add i32 %g, 912
  %p57 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i57
  %v57 = load i32, i32 addrspace(1)* %p57, align 4
  %i58 = add i32 %g, 928
  %p58 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i58
  %v58 = load i32, i32 addrspace(1)* %p58, align 4
  %i59 = add i32 %g, 944
  %p59 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i59
  %v59 = load i32, i32 addrspace(1)* %p59, align 4
  %i60 = add i32 %g, 960
  %p60 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i60
  %v60 = load i32, i32 addrspace(1)* %p60, align 4
  %i61 = add i32 %g, 976
  %p61 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i61
  %v61 = load i32, i32 addrspace(1)* %p61, align 4
  %i62 = add i32 %g, 992
  %p62 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i62
  %v62 = load i32, i32 addrspace(1)* %p62, align 4
  %i63 = add i32 %g, 1008
  %p63 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i63
  %v63 = load i32, i32 addrspace(1)* %p63, align 4
  %i64 = add i32 %g, 1024
  %p64 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i64
  %v64 = load i32, i32 addrspace(1)* %p64, align 4
  %i65 = add i32 %g, 1040
  %p65 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i65
  %v65 = load i32, i32 addrspace(1)* %p65, align 4
  %i66 = add i32 %g, 1056
  %p66 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i66
  %v66 = load i32, i32 addrspace(1)* %p66, align 4
  %i67 = add i32 %g, 1072
  %p67 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i67
  %v67 = load i32, i32 addrspace(1)* %p67, align 4
  %i68 = add i32 %g, 1088
  %p68 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i68
  %v68 = load i32, i32 addrspace(1)* %p68, align 4
  %i69 = add i32 %g, 1104
  %p69 = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i69
  %v69 = load i32, i32 addrspace(1)* %p69, align 4
  %s0 = xor i32 %v0, %v69
  %s1 = xor i32 %s0, %v68
  %s2 = xor i32 %s1, %v67
  %s3 = xor i32 %s2, %v66
  %s4 = xor i32 %s3, %v65
  %s5 = xor i32 %s4, %v64
  %s6 = xor i32 %s5, %v63
  %s7 = xor i32 %s6, %v62
  %s8 = xor i32 %s7, %v61
  %s9 = xor i32 %s8, %v60
  %s10 = xor i32 %s9, %v59
  %s11 = xor i32 %s10, %v58
  %s12 = xor i32 %s11, %v57
  %s13 = xor i32 %s12, %v56
  %s14 = xor i32 %s13, %v55
  %s15 = xor i32 %s14, %v54
  %s16 = xor i32 %s15, %v53
  %s17 = xor i32 %s16, %v52
  %s18 = xor i32 %s17, %v51
  %s19 = xor i32 %s18, %v50
  %s20 = xor i32 %s19, %v49
  %s21 = xor i32 %s20, %v48
  %s22 = xor i32 %s21, %v47
  %s23 = xor i32 %s22, %v46
  %s24 = xor i32 %s23, %v45
  %s25 = xor i32 %s24, %v44
  %s26 = xor i32 %s25, %v43
  %s27 = xor i32 %s26, %v42
  %s28 = xor i32 %s27, %v41
  %s29 = xor i32 %s28, %v40
  %s30 = xor i32 %s29, %v39
  %s31 = xor i32 %s30, %v38
  %s32 = xor i32 %s31, %v37
  %s33 = xor i32 %s32, %v36
  %s34 = xor i32 %s33, %v35
  %s35 = xor i32 %s34, %v1
  %s36 = xor i32 %s35, %v2
  %s37 = xor i32 %s36, %v3
  %s38 = xor i32 %s37, %v4
  %s39 = xor i32 %s38, %v5
  %s40 = xor i32 %s39, %v6
  %s41 = xor i32 %s40, %v7
  %s42 = xor i32 %s41, %v8
  %s43 = xor i32 %s42, %v9
  %s44 = xor i32 %s43, %v10
  %s45 = xor i32 %s44, %v11
  %s46 = xor i32 %s45, %v12
  %s47 = xor i32 %s46, %v13
  %s48 = xor i32 %s47, %v14
  %s49 = xor i32 %s48, %v15
  %s50 = xor i32 %s49, %v16
  %s51 = xor i32 %s50, %v17
  %s52 = xor i32 %s51, %v18
  %s53 = xor i32 %s52, %v19
  %s54 = xor i32 %s53, %v20
  %s55 = xor i32 %s54, %v21
  %s56 = xor i32 %s55, %v22
  %s57 = xor i32 %s56, %v23
  %s58 = xor i32 %s57, %v24
  %s59 = xor i32 %s58, %v25
  %s60 = xor i32 %s59, %v26
  %s61 = xor i32 %s60, %v27
  %s62 = xor i32 %s61, %v28
  %s63 = xor i32 %s62, %v29
  %s64 = xor i32 %s63, %v30
  %s65 = xor i32 %s64, %v31
  %s66 = xor i32 %s65, %v32
  %s67 = xor i32 %s66, %v33
  %s68 = xor i32 %s67, %v34
  %s69 = xor i32 %s68, %v35
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %g
  store i32 %s69, i32 addrspace(1)* %q, align 4
  ret void
}
