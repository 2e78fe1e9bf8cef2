// Element-wise integer vector addition: the simplest straight-line kernel.
// VC4: kind=uniform global=64 local=16 qpus=1,4 args=int:64:seq,int:64:seq:100:3,int:64:zero
// VC4: kind=uniform global=128 local=16 qpus=1,2,4 args=int:128:rand:7,int:128:rand:8,int:128:seq:5:0
__kernel void vadd(__global const int *a, __global const int *b, __global int *c)
{
	int i = get_global_id(0);
	c[i] = a[i] + b[i];
}
