# Startup code of lltosimd's Cpu0 programs (spec cpu0.md §8.2), linked at
# address 0. At reset only PC, $zero, $sw and $lr (= -1) are defined.
	.text
	.globl	_start
_start:
	lui	$sp, 0xff		# $sp = 0x00FF0000, below the 16 MiB top
	addiu	$gp, $zero, 0
	addiu	$4, $zero, 0		# argc = 0
	addiu	$5, $zero, 0		# argv = NULL
	jsub	main
	nop
	addiu	$lr, $zero, -1		# returning to a negative PC ends the run;
	ret	$lr			# main's result stays in $2
	nop
