# Hand-written end-to-end test: prints the digits 0..9, a newline and a
# string from .rodata, computes 5! recursively (jsub/ret, the stack, a
# useful jsub delay slot), stores it in a global and returns 120.
	.text
	.section .mdebug.abiO32
	.previous
	.file	"fact.s"
	.globl	main
	.align	2
	.type	main,@function
	.ent	main
main:
	.frame	$sp,24,$lr
	.mask 	0x00004000,-4
	.set	noreorder
	.set	nomacro
	.set	noat
# %bb.0:                                # %entry
	addiu	$sp, $sp, -24
	st	$lr, 20($sp)
	st	$9, 16($sp)
	lui	$9, 0xff00		# output port 0xFF000000
	addiu	$2, $zero, 48		# '0'
	addiu	$3, $zero, 58
$BB0_1:
	sb	$2, 0($9)
	addiu	$2, $2, 1
	bne	$2, $3, $BB0_1
	nop
	addiu	$2, $zero, 10
	sb	$2, 0($9)
	lui	$2, %hi($.str)
	ori	$2, $2, %lo($.str)
$BB0_2:
	lb	$3, 0($2)
	beq	$3, $zero, $BB0_3
	nop
	sb	$3, 0($9)
	addiu	$2, $2, 1
	jmp	$BB0_2			# no delay slot
$BB0_3:
	addiu	$4, $zero, 5
	jsub	fact
	nop
	lui	$3, %hi(result)
	ori	$3, $3, %lo(result)
	st	$2, 0($3)
	ld	$9, 16($sp)
	ld	$lr, 20($sp)
	addiu	$sp, $sp, 24
	ret	$lr
	nop
	.set	macro
	.set	reorder
	.end	main
$func_end0:
	.size	main, ($func_end0)-main

	.globl	fact
	.align	2
	.type	fact,@function
	.ent	fact
fact:					# fact(n) = n <= 1 ? 1 : n * fact(n-1)
	addiu	$sp, $sp, -8
	st	$lr, 4($sp)
	st	$4, 0($sp)
	slti	$2, $4, 2
	beq	$2, $zero, $BB1_2
	nop
	addiu	$2, $zero, 1
	jmp	$BB1_3
$BB1_2:
	jsub	fact
	addiu	$4, $4, -1		# delay slot: runs before fact's first instruction
	ld	$4, 0($sp)
	mul	$2, $2, $4
$BB1_3:
	ld	$lr, 4($sp)
	addiu	$sp, $sp, 8
	ret	$lr
	nop
	.end	fact
$func_end1:
	.size	fact, ($func_end1)-fact

	.type	result,@object
	.data
	.globl	result
	.align	2
result:
	.4byte	0
	.4byte	fact			# address of a function
	.size	result, 8

	.section	.rodata,"a",@progbits
	.type	$.str,@object
$.str:
	.asciz	"hi\n"
	.size	$.str, 4
