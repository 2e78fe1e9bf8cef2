// A masked loop with two exits: the header's (the count ran out) and one
// from the body, the loop's last block (x ≤ 19 returns at once). Lanes that
// leave through the body wait for its exit block while the others loop on;
// when no lane is left active after the header test, the skip branch must
// stop at that block, not jump past it to the header's exit: the lanes
// parked there in an earlier iteration would never run it (their result
// stayed 0; found by the VC4 campaign, seed 430, a helper inlined at -O2).
// VC4: kind=divergent global=96 local=48 qpus=1,3 args=int:96:seq,int:96:zero,i32:19
// VC4: kind=divergent global=64 local=16 qpus=1,12 args=int:64:rand:3,int:64:zero,i32:1000
// VC4: kind=divergent global=32 local=8 qpus=2 args=int:32:seq:5:3,int:32:zero,i32:40
uint scan(uint x, uint y, uint lim)
{
	uint r = clamp(y & 0x8000000u, 973u, 54167u);
	if (lim != 12345u) {
		uint i = y & 7u;
		while (i > 0u) {
			i--;
			if ((int)lim < (int)max(x, y))
				continue;
			return (r >> 1) ^ y;
		}
		y += 1u;
	}
	return (r >> 1) ^ y;
}

__kernel void loop_exit_parked(__global const uint *in, __global uint *out, uint lim)
{
	uint gid = get_global_id(0);
	uint v = in[gid] % 97u;
	out[gid] = scan(v, v, lim);
}
