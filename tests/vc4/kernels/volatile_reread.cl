// A work-item stores to a global word and reads it back (volatile, so the
// compiler keeps both loads): on the chip the TMU caches do not see the
// VDW DMA store, so the re-read must not go through the TMU (docs/vc4.md,
// "Memory coherence"); the last re-read is a byte.
// VC4: kind=uniform global=64 local=16 qpus=1,3,12 args=int:64:seq:-20:3,int:64:rand:5
// VC4: kind=divergent global=40 local=8 qpus=1,3,12 args=int:64:rand:9,int:64:seq
__kernel void volatile_reread(volatile __global int *a, __global const int *b)
{
	int i = get_global_id(0);
	a[i] = a[i] + 1;
	a[i] = a[i] * 2;
	if (b[i] & 1)
		a[i] = a[i] - b[i] % 7;
	// A byte of the word just stored (narrow re-read).
	a[i] = a[i] + ((volatile __global uchar *)a)[4 * i + 1];
}
