// Stores under divergent conditions: only some lanes write, to one of two
// buffers; every other element must keep its initial value.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:seq:1000:1,int:64:rand:3
// VC4: kind=divergent global=64 local=16 qpus=1 args=int:64:rand:4,int:64:seq:-1:0,int:64:seq:-2:0
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:6:0,int:32:seq:1000:1,int:32:rand:3
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:1:0,int:32:seq:1000:1,int:32:rand:3
__kernel void masked_store(__global const int *in, __global int *out, __global int *pos)
{
	int i = get_global_id(0);
	int x = in[i];
	if (x % 3 == 0)
		out[i] = x * 2;
	else if ((x & 7) == 5)
		pos[i] = -x;
}
