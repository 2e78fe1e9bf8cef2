# __halt(status): end the program with status as main's result.
# The run ends when the PC becomes negative (spec §8.3): put the status in
# $2 (where main's result lives), set $lr = -1 and return through it.
	.text
	.globl	__halt
	.align	2
	.type	__halt,@function
	.ent	__halt
__halt:
	.set	noreorder
	.set	nomacro
	addu	$2, $4, $zero
	addiu	$lr, $zero, -1
	ret	$lr
	nop
	.set	macro
	.set	reorder
	.end	__halt
$func_end_halt:
	.size	__halt, ($func_end_halt)-__halt
