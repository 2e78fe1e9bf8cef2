# Divergent if/else with Mesa's execute register (spec §8.2; r3 = execute,
# 0 = lane active, block indices ELSE = 2, AFTER = 3):
#   out[i] = (a[i] & 1) ? a[i] * 3 : a[i] + 100
# Uniforms: a, out.
mov ra0, unif
mov ra1, unif
mov r0, elem_num
shl r0, r0, 2
add t0s, ra0, r0
nop; ldtmu0
mov r1, r4               # a
and r0, r1, 1            # cond
mov r3, 0                # execute = 0: all lanes active
mov r2, 0
or.setf -, r3, r0        # Z = active and cond false
mov.ifz r3, 2            # those lanes wait for ELSE
mov.setf -, r3
brr.allnz -, :else       # no lane active for THEN
nop
nop
nop
# THEN
mov.setf -, r3
nop; mul24.ifz r2, r1, 3
mov.setf -, r3
mov.ifz r3, 3            # THEN lanes wait for AFTER
sub.setf -, r3, 3
brr.allz -, :after       # every lane waits for AFTER: skip ELSE
nop
nop
nop
:else
sub.setf -, r3, 2        # activate(ELSE)
mov.ifz r3, 0
ldi r0, 100
mov.setf -, r3
add.ifz r2, r1, r0
:after
ldi vw_setup, 0x1a00     # back at top level: all lanes active
mov vpm, r2
ldi vw_setup, 0x80904000
mov vw_addr, ra1
mov r3, vw_wait
ldi irq, 1
nop; thrend
nop
nop
