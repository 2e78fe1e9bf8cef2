// Stores and loads whose lanes' addresses are a constant stride apart (one DMA
// when every lane of the wave is active, one per lane otherwise): at top level,
// in a divergent if where all or only some lanes are active, in partial
// work-groups, and re-reads of the written buffer (VDR DMA) with that stride.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:192:zero,i32:-1
// VC4: kind=divergent global=64 local=16 qpus=2 args=int:64:rand:9,int:192:seq:5:1,i32:4000000
// VC4: kind=divergent global=48 local=8 qpus=1,3 args=int:48:rand:5,int:144:zero,i32:7000000
// VC4: kind=divergent global=36 local=12 qpus=2 args=int:36:seq:3:2,int:108:seq:-50:3,i32:30
__kernel void strided_dma(__global const int *in, __global int *out, int t)
{
	int i = get_global_id(0);
	int x = in[i];
	out[3 * i] = x;
	if (x > t)
		out[3 * i + 1] = x * 2;
	else
		out[3 * i + 2] = -x;
	int y = out[3 * i];
	out[3 * i + 2] += y + get_local_id(0);
}
