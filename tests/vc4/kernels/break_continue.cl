// Each lane scans its own row: negative entries are skipped (continue), a
// zero ends the scan (break), the rest are summed and counted.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:1024:rand:17,int:64:zero,int:64:zero,i32:16
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:512:seq:5:0,int:32:zero,int:32:zero,i32:16
// VC4: kind=divergent global=32 local=16 qpus=2 args=int:512:seq:0:1,int:32:zero,int:32:zero,i32:16
__kernel void break_continue(__global const int *data, __global int *sum,
                             __global int *count, int width)
{
	int i = get_global_id(0);
	__global const int *row = data + i * width;
	int s = 0, n = 0;
	for (int k = 0; k < width; k++) {
		int v = row[k] % 13 - 2;
		if (v < 0)
			continue;
		if (v == 0)
			break;
		s += v * (k + 1);
		n++;
	}
	sum[i] = s;
	count[i] = n;
}
