// __local memory shared by a work-group, synchronized by
// barrier(CLK_LOCAL_MEM_FENCE): a reversal of the group's elements, then a
// tree reduction with a barrier per step (a uniform loop), and a second
// __local array read across the group. Groups of more than 16 work-items
// run as several waves on several QPUs, which the barrier synchronizes
// (docs/vc4.md; vc4run needs at least as many QPUs as waves per group).
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=int:64:rand:11,int:64:zero,int:4:zero
// VC4: kind=divergent global=96 local=32 qpus=3,12 strict=1 args=int:96:rand:12,int:96:zero,int:3:zero
// VC4: kind=divergent global=96 local=48 qpus=3,12 strict=1 args=int:96:seq:-40:3,int:96:zero,int:2:zero
// VC4: kind=divergent global=64 local=8 qpus=1,3 args=int:64:rand:13,int:64:zero,int:8:zero
kernel void local_barrier(global const int *in, global int *out, global int *sums)
{
	__local int buf[64];
	__local int red[64];
	int l = get_local_id(0), n = get_local_size(0);
	int g = get_global_id(0);
	int x = in[g];
	buf[l] = x;
	red[l] = x & 0xffff;
	barrier(CLK_LOCAL_MEM_FENCE);
	int y = buf[n - 1 - l];
	if (y & 1)
		y = y * 3 + buf[(l + 1) % n];
	for (int s = 1; s < n; s *= 2) {
		int v = 0;
		if (l % (2 * s) == 0 && l + s < n)
			v = red[l + s];
		barrier(CLK_LOCAL_MEM_FENCE);
		red[l] += v;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	out[g] = y - red[0] % 1000;
	if (l == 0)
		sums[get_group_id(0)] = red[0];
}
