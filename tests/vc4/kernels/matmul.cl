// Integer matrix product, one output element per work-item (row and column
// from the global id by division and remainder).
// VC4: kind=uniform global=64 local=16 qpus=1,4 args=int:64:seq:-20:1,int:64:seq:-30:1,int:64:zero,i32:8
// VC4: kind=uniform global=64 local=16 qpus=1 args=int:64:rand:12,int:64:seq:1:0,int:64:zero,i32:8
// VC4: kind=uniform global=144 local=16 qpus=1,4 args=int:144:seq:-500:7,int:144:seq:-70:1,int:144:zero,i32:12
__kernel void matmul(__global const int *A, __global const int *B, __global int *C, int n)
{
	int g = get_global_id(0);
	int row = g / n, col = g % n;
	int s = 0;
	for (int k = 0; k < n; k++)
		s += A[row * n + k] * B[k * n + col];
	C[g] = s;
}
