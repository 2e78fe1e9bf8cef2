// Stores inside a loop whose trip count differs per lane: each work-item
// fills the first n entries of its own row and must leave the rest of the
// row untouched.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:512:seq:-1:0
// VC4: kind=divergent global=32 local=16 qpus=1 args=int:32:rand:12,int:256:rand:13
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:5:0,int:256:seq:-1:0
__kernel void row_fill(__global const int *len, __global int *rows)
{
	int i = get_global_id(0);
	int n = len[i] & 7;
	__global int *row = rows + 8 * i;
	for (int k = 0; k < n; k++)
		row[k] = i * 100 + k;
	if (n == 0)
		row[7] = -i;
}
