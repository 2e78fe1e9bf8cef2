// __constant tables and other module globals: a program-scope __constant
// int and float table indexed per lane (divergent indices, gathered by the
// TMU: the data image is never written), a private array initialized from
// a constant initializer (clang copies it from a private global), a helper
// taking a __constant pointer, and a lookup in a loop with a divergent trip
// count.
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=int:64:rand:5,int:64:zero,float:64:zero
// VC4: kind=divergent global=40 local=8 qpus=1,3 args=int:40:seq:-20:1,int:40:zero,float:40:zero
__constant int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
__constant float weights[5] = {0.5f, -1.25f, 2.0f, 0.125f, 3.5f};
__constant short deltas[6] = {-3, 7, -300, 1000, 0, -32768};
__constant uchar bytes[7] = {1, 200, 3, 255, 5, 128, 7};

int sum_prefix(__constant int *t, int n)
{
	int s = 0;
	for (int k = 0; k < n; k++)
		s += t[k];
	return s;
}

kernel void constant_table(global const int *in, global int *out, global float *fout)
{
	size_t i = get_global_id(0);
	int x = in[i];
	int sq[4] = {1, 4, 9, 16};
	int r = primes[x & 15] * sq[i & 3];
	if (x & 1)
		r += deltas[(x >> 1) % 6 + ((x >> 1) % 6 < 0 ? 6 : 0)];
	else
		r -= bytes[(unsigned)x % 7u];
	r += sum_prefix(primes, (unsigned)x % 9u);
	out[i] = r;
	fout[i] = weights[(unsigned)x % 5u] * (float)(x & 63);
}
