// Per-lane insertion sort of 8 values in a private array indexed with
// data-dependent indices; the inner loop's trip count depends on the data.
// VC4: kind=divergent global=32 local=16 qpus=1,2 args=int:256:rand:77
// VC4: kind=divergent global=16 local=16 qpus=1 args=int:128:seq:64:-1
// VC4: kind=uniform global=16 local=16 qpus=1 args=int:128:seq
#define N 8

__kernel void private_sort(__global int *data)
{
	int i = get_global_id(0);
	int v[N];
	for (int k = 0; k < N; k++)
		v[k] = data[i * N + k] % 1000;
	for (int k = 1; k < N; k++) {
		int x = v[k];
		int j = k - 1;
		while (j >= 0 && v[j] > x) {
			v[j + 1] = v[j];
			j--;
		}
		v[j + 1] = x;
	}
	for (int k = 0; k < N; k++)
		data[i * N + k] = v[k];
}
