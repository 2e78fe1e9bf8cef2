// Gather loads with data-dependent indices, including a second hop through
// a value loaded from the table.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:rand:13,int:256:rand:14,int:64:zero,i32:255
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:17:0,int:256:seq:1000:-3,int:32:zero,i32:255
__kernel void gather(__global const int *idx, __global const int *table, __global int *out, int mask)
{
	int i = get_global_id(0);
	int j = idx[i] & mask;
	int k = table[j] & mask;
	out[i] = table[j] * 2 + table[k];
}
