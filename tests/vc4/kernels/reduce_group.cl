// Per-work-group partial sums without barriers: every lane sums its group's
// slice of the input (reading the other lanes' elements) and the inclusive
// prefix up to itself.
// VC4: kind=uniform global=64 local=16 qpus=1,4 args=int:64:rand:41,int:64:zero,int:64:zero
// VC4: kind=uniform global=64 local=8 qpus=1,2 args=int:64:seq,int:64:zero,int:64:zero
// VC4: kind=uniform global=64 local=32 qpus=1,2 args=int:64:seq:-30:1,int:64:zero,int:64:zero
__kernel void reduce_group(__global const int *in, __global int *total, __global int *prefix)
{
	int lid = get_local_id(0);
	int n = get_local_size(0);
	int base = get_group_id(0) * n;
	int s = 0, p = 0;
	for (int k = 0; k < n; k++) {
		int v = in[base + k];
		s += v;
		if (k <= lid)
			p += v;
	}
	total[get_global_id(0)] = s;
	prefix[get_global_id(0)] = p;
}
