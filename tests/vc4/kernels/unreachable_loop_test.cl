// A loop test clang -O0 keeps though no path reaches it: the do-while body
// returns, so the `while` block is unreachable, yet its conditional branch
// (on a divergent value) back to the body stays in the CFG. Its "region"
// took in the reachable return block, which then counted as masked code
// branching past the uniform else-side: vc4run refused the kernel with
// "unstructured control flow" (VC4 campaign seed 8155). An unreachable
// block never runs, so its branch masks nothing.
// VC4: kind=divergent global=32 local=8 qpus=1,3,12 args=int:32:zero,i32:1
// VC4: kind=divergent global=48 local=16 qpus=1,3 args=int:48:zero,i32:0
kernel void unreachable_loop_test(global uint *out, uint n)
{
	uint lid = get_local_id(0), gid = get_global_id(0);
	uint grp = get_group_id(0);
	if (n < grp) {
		uint i = 0;
		do {
			out[gid] = 100u + lid;
			return;
		} while (i < lid);
	} else {
		out[gid] = 5u + grp;
	}
	if (lid == 3u || lid < grp + n) {
		if (lid * 3u < grp || out[gid] > 5u)
			out[gid] += lid * 7u;
	}
}
