// Three levels of nested if/else whose conditions are bits of the element:
// lanes split at every level.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:zero
// VC4: kind=uniform global=64 local=16 qpus=1,4 args=int:64:seq:7:0,int:64:zero
// VC4: kind=divergent global=128 local=16 qpus=2 args=int:128:rand:99,int:128:zero
__kernel void nested_if3(__global const int *in, __global int *out)
{
	int i = get_global_id(0);
	int x = in[i];
	int r;
	if (x & 1) {
		if (x & 2) {
			if (x & 4)
				r = x * 3;
			else
				r = x + 100;
		} else {
			if (x & 8)
				r = x - 7;
			else
				r = -x;
		}
	} else {
		if (x & 16) {
			r = x >> 1;
			if (x & 32)
				r += 1000;
		} else {
			r = x ^ 0x55;
			if (x & 4)
				r = r * 2;
			else
				r = r - 3;
		}
	}
	out[i] = r;
}
