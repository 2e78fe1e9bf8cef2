// Nested loops: continue of the outer loop, break and continue of the inner
// loop from nested divergent ifs, and a divergent break of the outer loop.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:zero
// VC4: kind=divergent global=64 local=16 qpus=1 args=int:64:rand:23,int:64:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:12:0,int:32:zero
__kernel void nested_break(__global const int *in, __global int *out)
{
	int i = get_global_id(0);
	int x = in[i];
	int acc = 0;
	for (int a = 0; a < 8; a++) {
		if (((x >> a) & 3) == 3)
			continue;
		for (int b = 0; b < 8; b++) {
			int t = (x + a * 7 + b * 3) & 31;
			if (t > 20) {
				if (t & 1)
					break;
				acc += 100;
				continue;
			}
			acc += t;
		}
		if (acc > 1500)
			break;
	}
	out[i] = acc;
}
