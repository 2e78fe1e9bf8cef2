// setjmp(env) / longjmp(env, val) for BWDSP (spec bwdsp.md §2.7).
// env (x.R0) holds what the compiler keeps across calls: the callee-saved
// x.R40-R63, U8 (SP), U9 (FP), U10-U15, V8-V15, W8-W15 and RA, 196 bytes of
// jmp_buf's 256. Scalar code uses macro x only, so the other macros'
// registers need no saving yet. setjmp returns 0; longjmp restores them
// and returns val (1 if val is 0) from the setjmp call.
	.text
	.global setjmp
	.func setjmp
setjmp:
	U0 = xR0
	[U0 + 0] = xR40
	[U0 + 4] = xR41
	[U0 + 8] = xR42
	[U0 + 12] = xR43
	[U0 + 16] = xR44
	[U0 + 20] = xR45
	[U0 + 24] = xR46
	[U0 + 28] = xR47
	[U0 + 32] = xR48
	[U0 + 36] = xR49
	[U0 + 40] = xR50
	[U0 + 44] = xR51
	[U0 + 48] = xR52
	[U0 + 52] = xR53
	[U0 + 56] = xR54
	[U0 + 60] = xR55
	[U0 + 64] = xR56
	[U0 + 68] = xR57
	[U0 + 72] = xR58
	[U0 + 76] = xR59
	[U0 + 80] = xR60
	[U0 + 84] = xR61
	[U0 + 88] = xR62
	[U0 + 92] = xR63
	xR8 = U8
	[U0 + 96] = xR8
	xR8 = U9
	[U0 + 100] = xR8
	xR8 = U10
	[U0 + 104] = xR8
	xR8 = U11
	[U0 + 108] = xR8
	xR8 = U12
	[U0 + 112] = xR8
	xR8 = U13
	[U0 + 116] = xR8
	xR8 = U14
	[U0 + 120] = xR8
	xR8 = U15
	[U0 + 124] = xR8
	xR8 = V8
	[U0 + 128] = xR8
	xR8 = V9
	[U0 + 132] = xR8
	xR8 = V10
	[U0 + 136] = xR8
	xR8 = V11
	[U0 + 140] = xR8
	xR8 = V12
	[U0 + 144] = xR8
	xR8 = V13
	[U0 + 148] = xR8
	xR8 = V14
	[U0 + 152] = xR8
	xR8 = V15
	[U0 + 156] = xR8
	xR8 = W8
	[U0 + 160] = xR8
	xR8 = W9
	[U0 + 164] = xR8
	xR8 = W10
	[U0 + 168] = xR8
	xR8 = W11
	[U0 + 172] = xR8
	xR8 = W12
	[U0 + 176] = xR8
	xR8 = W13
	[U0 + 180] = xR8
	xR8 = W14
	[U0 + 184] = xR8
	xR8 = W15
	[U0 + 188] = xR8
	xR8 = RA
	[U0 + 192] = xR8
	xR0 = #0
	ret
	.endfunc

	.global longjmp
	.func longjmp
longjmp:
	U0 = xR0
	xR40 = [U0 + 0]
	xR41 = [U0 + 4]
	xR42 = [U0 + 8]
	xR43 = [U0 + 12]
	xR44 = [U0 + 16]
	xR45 = [U0 + 20]
	xR46 = [U0 + 24]
	xR47 = [U0 + 28]
	xR48 = [U0 + 32]
	xR49 = [U0 + 36]
	xR50 = [U0 + 40]
	xR51 = [U0 + 44]
	xR52 = [U0 + 48]
	xR53 = [U0 + 52]
	xR54 = [U0 + 56]
	xR55 = [U0 + 60]
	xR56 = [U0 + 64]
	xR57 = [U0 + 68]
	xR58 = [U0 + 72]
	xR59 = [U0 + 76]
	xR60 = [U0 + 80]
	xR61 = [U0 + 84]
	xR62 = [U0 + 88]
	xR63 = [U0 + 92]
	xR8 = [U0 + 96]
	U8 = xR8
	xR8 = [U0 + 100]
	U9 = xR8
	xR8 = [U0 + 104]
	U10 = xR8
	xR8 = [U0 + 108]
	U11 = xR8
	xR8 = [U0 + 112]
	U12 = xR8
	xR8 = [U0 + 116]
	U13 = xR8
	xR8 = [U0 + 120]
	U14 = xR8
	xR8 = [U0 + 124]
	U15 = xR8
	xR8 = [U0 + 128]
	V8 = xR8
	xR8 = [U0 + 132]
	V9 = xR8
	xR8 = [U0 + 136]
	V10 = xR8
	xR8 = [U0 + 140]
	V11 = xR8
	xR8 = [U0 + 144]
	V12 = xR8
	xR8 = [U0 + 148]
	V13 = xR8
	xR8 = [U0 + 152]
	V14 = xR8
	xR8 = [U0 + 156]
	V15 = xR8
	xR8 = [U0 + 160]
	W8 = xR8
	xR8 = [U0 + 164]
	W9 = xR8
	xR8 = [U0 + 168]
	W10 = xR8
	xR8 = [U0 + 172]
	W11 = xR8
	xR8 = [U0 + 176]
	W12 = xR8
	xR8 = [U0 + 180]
	W13 = xR8
	xR8 = [U0 + 184]
	W14 = xR8
	xR8 = [U0 + 188]
	W15 = xR8
	xR8 = [U0 + 192]
	RA = xR8
	xR0 = R1
	xCP0 = R1 == #0
	(CP0) xR0 = #1
	ret
	.endfunc
