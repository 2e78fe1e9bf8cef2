// Both sides of a uniform if end in divergent branches into the same
// block (-O2 merges the two paths to `out[gid] = v`): the side laid out
// second is top-level code inside the first side's masked run, so it is
// masked too (lanes arriving from top level are all active). It was
// refused ("unstructured control flow: ... leaves a divergent region";
// found by compiling VC4 campaign kernels, seed 3156).
// VC4: kind=divergent global=32 local=16 qpus=1,3 args=int:32:rand:4,int:32:seq:7:0,i32:0,i32:0
// VC4: kind=divergent global=32 local=16 qpus=1 args=int:32:rand:5,int:32:seq:7:0,i32:24,i32:8
// VC4: kind=divergent global=16 local=8 qpus=2 args=int:16:seq,int:16:seq:7:0,i32:24,i32:40
__kernel void uniform_sides_shared_region(__global const uint *in, __global uint *out, uint n, uint ng)
{
	uint gid = get_global_id(0);
	uint v = in[gid];
	switch (n & 7u) {
	case 0u:
		if (n == ng * 3u) {
			if (ng <= n + 5u) {
				uint i = ng & 7u;
				while (i > 0u)
					i--;
				if (ng > n) {
					if ((v & 8u) == 0u)
						break;
				}
			}
			if ((gid & 4u) == 0u)
				out[gid] = v;
		}
	default:
		;
	}
}
