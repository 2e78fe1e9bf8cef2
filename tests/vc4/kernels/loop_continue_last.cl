// A while loop inside a divergent if whose last block in layout is a
// latch (the fall-through back to the header), reached from a divergent
// break test, while other lanes took an earlier continue and wait for the
// header. When no lane stays active for the latch, the skip branch of the
// break test must not jump past the loop end: the lanes waiting for the
// header would never run again, and never reach the join after the loop
// (found by the VC4 campaign, seed 242: r stayed 0 at -O0).
// VC4: kind=divergent global=16 local=16 qpus=1 args=int:32:rand:44,int:16:zero,i32:12
// VC4: kind=divergent global=64 local=16 qpus=1,3 args=int:80:rand:7,int:64:zero,i32:7
// VC4: kind=divergent global=24 local=12 qpus=2 args=int:40:seq:0:1,int:24:zero,i32:5
__kernel void loop_continue_last(__global const uint *in, __global uint *out, uint n)
{
	uint gid = get_global_id(0);
	uint v = in[gid];
	uint r = 0;
	if ((v & 7u) < 4u) {
		uint i = n & 7u;
		while (i > 0u) {
			i--;
			if ((v & 3u) != 1u)
				continue;
			r += 16u;
			if (in[gid + 16u] > 100u)
				break;
		}
		r += 1u;
	}
	out[gid] = r;
}
