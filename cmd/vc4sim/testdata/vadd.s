# out[i] = a[i] + b[i]: every QPU adds one row of 16 words.
# Uniforms: a, b, out.
mov ra0, unif            # a
mov ra1, unif            # b
mov ra2, unif            # out
mov r0, elem_num
shl r0, r0, 2            # lane * 4
mov r1, qpu_num
shl r1, r1, 6            # qpu * 64 bytes: this QPU's row
add r0, r0, r1
add t0s, ra0, r0         # gather a[row*16 + lane]
add t0s, ra1, r0         # gather b[row*16 + lane]
nop; ldtmu0
mov r2, r4
nop; ldtmu0
add r2, r2, r4
mov r3, mutex            # the VPM and the VDW are shared
ldi r3, 0x1a00           # VPM write: horizontal 32-bit, row qpu_num
add vw_setup, r3, qpu_num
mov vpm, r2
mov r0, qpu_num
shl r0, r0, 7
ldi r3, 0x80904000       # VDW: 1 row of 16 words from VPM row qpu_num
add vw_setup, r3, r0
add vw_addr, ra2, r1
mov r3, vw_wait
mov mutex, 0
ldi irq, 1
nop; thrend
nop
nop
