# Per-lane trip count with Mesa's execute register (spec §8.3, §8.5):
# lane i runs n[i] iterations of sum += k; k += 1, so out[i] = n(n-1)/2.
# r3 = execute (block 1 = loop header, block 2 = after the loop).
# Uniforms: n, out.
mov ra0, unif
mov ra1, unif
mov r0, elem_num
shl r0, r0, 2
add t0s, ra0, r0
nop; ldtmu0
mov r0, r4               # n
mov r1, 0                # k
mov r2, 0                # sum
mov r3, 0                # execute
:loop
sub.setf -, r3, 1        # activate(CONT)
mov.ifz r3, 0
mov.setf -, r3
sub.ifz.setf -, r1, r0   # Z = active and k == n
mov.ifz r3, 2            # break: wait for block 2
mov.setf -, r3
add.ifz r2, r2, r1
add.ifz r1, r1, 1
mov.setf -, r3
brr.anyz -, :loop        # loop while any lane is active
nop
nop
nop
sub.setf -, r3, 2        # activate(BREAK)
mov.ifz r3, 0
ldi vw_setup, 0x1a00
mov vpm, r2
ldi vw_setup, 0x80904000
mov vw_addr, ra1
mov r3, vw_wait
ldi irq, 1
nop; thrend
nop
nop
