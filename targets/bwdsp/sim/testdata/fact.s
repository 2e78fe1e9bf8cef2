// Recursive factorial with the calling convention of spec §2.7: the
// argument and the result in x.R0, SP = U8 (8-byte aligned, grows down),
// RA saved in the frame by the non-leaf function, callee-saved R40 saved
// and restored. Prints "fact\n" on the console port, exits with fact(5).
        U8 = #0x100000 || W1 = #0xFFFF0000 || V1 = #msg
        LC0 = 5
print:  xR1 = [V1 += 1] (BU)
        [W1] = xR1 (B) || if LC0 b print
        xR0 = #5 || call fact
        halt

.func fact
fact:   U8 = U8 + #-8 || xR9 = RA
        [U8 + 4] = xR9 || [U8] = xR40
        xR40 = R0 || if xR0 <= #1 b base
        xR0 = R0 - #1 || call fact
        xR0 = R0 * R40 || b out
base:   xR0 = #1
out:    xR40 = [U8] || xR9 = [U8 + 4]
        RA = xR9
        U8 = U8 + #8 || ret
.endfunc

.data
msg:    .byte 0x66, 0x61, 0x63, 0x74, 10
