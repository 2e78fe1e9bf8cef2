# setjmp(env) / longjmp(env, val) for Cpu0 (both CPUs).
# env holds the registers the O32 ABI makes callee-saved (spec §2: $9 $10
# $fp $lr) plus $gp and $sp: words 0..5 = $9 $10 $gp $fp $sp $lr. setjmp
# returns 0; longjmp restores them and returns val (1 if val is 0) from
# the setjmp call, whose frame must still be live. Caller-saved registers
# need no saving: the compiler assumes the call clobbered them.
# _setjmp and __sigsetjmp (which ignores its signal-mask argument: there
# are no signal masks), _longjmp and siglongjmp are the same functions:
# glibc's <setjmp.h> makes programs call them (setjmp(env) is
# _setjmp(env) there).
	.text
	.globl	setjmp
	.align	2
	.type	setjmp,@function
	.ent	setjmp
	.globl	_setjmp
	.globl	__sigsetjmp
_setjmp:
__sigsetjmp:
setjmp:
	.set	noreorder
	.set	nomacro
	st	$9, 0($4)
	st	$10, 4($4)
	st	$gp, 8($4)
	st	$fp, 12($4)
	st	$sp, 16($4)
	st	$lr, 20($4)
	addiu	$2, $zero, 0
	ret	$lr
	nop
	.set	macro
	.set	reorder
	.end	setjmp
$func_end_setjmp:
	.size	setjmp, ($func_end_setjmp)-setjmp

	.globl	longjmp
	.align	2
	.type	longjmp,@function
	.ent	longjmp
	.globl	_longjmp
	.globl	siglongjmp
_longjmp:
siglongjmp:
longjmp:
	.set	noreorder
	.set	nomacro
	ld	$9, 0($4)
	ld	$10, 4($4)
	ld	$gp, 8($4)
	ld	$fp, 12($4)
	ld	$sp, 16($4)
	ld	$lr, 20($4)
	addu	$2, $5, $zero
	addiu	$3, $zero, 1
	movz	$2, $3, $5		# val == 0 returns 1
	ret	$lr
	nop
	.set	macro
	.set	reorder
	.end	longjmp
$func_end_longjmp:
	.size	longjmp, ($func_end_longjmp)-longjmp
