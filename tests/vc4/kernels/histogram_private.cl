// A per-lane histogram in a private array: the bin is computed from the
// data, so every increment is a dynamically indexed read-modify-write.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:1024:rand:8,int:512:zero,i32:1024
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:100:seq:96:0,int:256:zero,i32:100
__kernel void histogram_private(__global const uint *in, __global int *hist, int n)
{
	int i = get_global_id(0);
	int stride = get_global_size(0);
	int h[8];
	for (int b = 0; b < 8; b++)
		h[b] = 0;
	for (int k = i; k < n; k += stride)
		h[(in[k] >> 5) & 7u]++;
	for (int b = 0; b < 8; b++)
		hist[i * 8 + b] = h[b];
}
