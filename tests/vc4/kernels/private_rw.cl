// A private array written, read, written again and re-read with
// data-dependent indices: the re-reads must see the kernel's own stores
// (on the chip the TMU caches do not see VDW DMA stores, docs/vc4.md,
// "Memory coherence").
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=int:64:zero,int:64:rand:11
// VC4: kind=uniform global=48 local=16 qpus=1,3,12 args=int:48:zero,int:48:seq
#define N 8

__kernel void private_rw(__global int *out, __global const int *in)
{
	int i = get_global_id(0);
	int p[N];
	for (int k = 0; k < N; k++)
		p[k] = k - i;
	int x = in[i];
	for (int k = 0; k < N; k++) {
		int j = (x + 3 * k) & (N - 1);
		p[j] = p[j] * 3 + k + 1;
		p[(j + 1) & (N - 1)] += p[j];
	}
	uint s = 0;
	for (int k = 0; k < N; k++)
		s = s * 5u + (uint)p[k];
	out[i] = (int)s;
}
