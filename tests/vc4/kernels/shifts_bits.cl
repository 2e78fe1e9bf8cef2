// Shifts by per-lane amounts (OpenCL masks them to 0..31), rotates and the
// classic bit tricks: SWAR population count, lowest set bit, sign extension
// of a byte, bit reversal.
// VC4: kind=uniform global=64 local=16 qpus=1,4 args=int:64:seq:-2147483648:67108863,int:64:seq,int:512:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:rand:6,int:32:rand:7,int:256:zero
__kernel void shifts_bits(__global const int *a, __global const int *s, __global int *out)
{
	int i = get_global_id(0);
	int x = a[i];
	uint u = (uint)x;
	int n = s[i] & 31;
	out[8 * i + 0] = (int)(u << n);
	out[8 * i + 1] = x >> n;
	out[8 * i + 2] = (int)(u >> n);
	out[8 * i + 3] = (int)((u << n) | (u >> ((32 - n) & 31)));
	uint c = u - ((u >> 1) & 0x55555555u);
	c = (c & 0x33333333u) + ((c >> 2) & 0x33333333u);
	c = (((c + (c >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
	out[8 * i + 4] = (int)c;
	out[8 * i + 5] = (int)(u & (0u - u));
	out[8 * i + 6] = (int)(char)x;
	uint r = u;
	r = ((r >> 1) & 0x55555555u) | ((r & 0x55555555u) << 1);
	r = ((r >> 2) & 0x33333333u) | ((r & 0x33333333u) << 2);
	r = ((r >> 4) & 0x0f0f0f0fu) | ((r & 0x0f0f0f0fu) << 4);
	r = ((r >> 8) & 0x00ff00ffu) | ((r & 0x00ff00ffu) << 8);
	r = (r >> 16) | (r << 16);
	out[8 * i + 7] = (int)r;
}
