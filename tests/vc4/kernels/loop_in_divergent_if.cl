// Loops inside the two arms of a divergent if/else: each loop starts with
// only part of the lanes active and must leave the others alone.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:rand:9,int:64:zero,int:64:zero
// VC4: kind=divergent global=64 local=16 qpus=1 args=int:64:rand:10,int:64:rand:11,int:64:zero,int:64:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:13:0,int:32:seq:1000:0,int:32:zero,int:32:zero
__kernel void loop_in_divergent_if(__global const int *a, __global const int *b,
                                   __global int *acc_out, __global int *cnt_out)
{
	int i = get_global_id(0);
	int x = a[i], y = b[i];
	int acc = 0, cnt = 0;
	if (x & 1) {
		for (int k = 0; k < (x & 15); k++)
			acc += k * (y & 7);
	} else {
		while (y > 1) {
			y >>= 1;
			cnt++;
		}
		acc = -cnt;
	}
	acc_out[i] = acc;
	cnt_out[i] = cnt;
}
