// Switch statements on per-lane values: shared case bodies, a fall-through,
// a default, and a dense switch (-O2 may turn it into a table).
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:zero
// VC4: kind=divergent global=128 local=16 qpus=2 args=int:128:rand:15,int:128:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:3:0,int:32:zero
__kernel void switch_case(__global const int *in, __global int *out)
{
	int i = get_global_id(0);
	int x = in[i];
	int r = 0;
	switch (x & 15) {
	case 0:
		r = 100;
		break;
	case 1:
	case 2:
		r = x * 2;
		break;
	case 3:
		r = -x;
		/* fall through */
	case 4:
		r += 7;
		break;
	case 7:
		r = x ^ 0xff;
		break;
	case 9:
	case 11:
	case 13:
		r = x >> 2;
		break;
	default:
		r = x + 1;
	}
	switch ((x >> 4) & 7) {
	case 0: r += 1; break;
	case 1: r += 20; break;
	case 2: r += 300; break;
	case 3: r += 4000; break;
	case 4: r -= 1; break;
	case 5: r -= 20; break;
	case 6: r *= 2; break;
	default: break;
	}
	out[i] = r;
}
