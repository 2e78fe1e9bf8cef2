// fma(a, b, c) with a single rounding (docs/vc4.md: exact integer product
// and sum, round to nearest even), compared bit for bit (ulp=0): sums,
// cancellations that leave the rounding error of a product
// (fma(a, b, -p) where p is the exact product of a and b cut to 12-bit
// mantissas), opposite signs, a c much larger
// or smaller than the product, zeros.
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=float:64:rand:21,float:64:seq:-3.3:0.1171875,float:64:rand:22,float:64:zero
// VC4: kind=divergent global=32 local=8 qpus=1,3 args=float:32:list:1,2,3,0,-1,1e10,1e-20,7,0.1,3.3,-2.5,1,1,65535,4096,0.3,1,2,3,5,-8,16,0.5,0.25,9,100,1000,1e10,-1e10,2,3,1.5,float:32:list:1,2,3,5,-1,1e10,1e-20,7,0.1,-3.3,2.5,1,1,65537,4096,0.3,0,2,3,5,8,16,0.5,0.25,9,100,1000,1e-10,-1e-10,2,3,1.5,float:32:list:0,-4,1e-8,3,-1,1,1,-49,0.01,0,6.25,-1,1e30,1,-16777216,0.09,5,1e-30,-9,25,64,-256,0.25,-0.0625,-81,-10000,1e6,1,1,-4,-9,-2.25,float:32:zero
kernel void math_fma(global const float *x, global const float *y, global const float *z, global float *out)
{
	size_t i = get_global_id(0);
	float a = x[i], b = y[i], c = z[i];
	float r;
	if (i % 4 == 0)
		r = fma(a, b, c);
	else if (i % 4 == 1)
		// 12-bit mantissas: the product is exact on the QPU (which
		// rounds toward zero) and on the host, so fma leaves the low
		// part of the full product.
		r = fma(a, b, -(as_float(as_uint(a) & 0xfffff000u) * as_float(as_uint(b) & 0xfffff000u)));
	else if (i % 4 == 2)
		r = fma(-a, b, c * 1024.0f);
	else
		r = fma(a, c, b * 0.0009765625f);
	out[i] = r;
}
