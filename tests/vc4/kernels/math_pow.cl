// pow through 2^(y·log2|x|) with the sign and special cases of OpenCL
// (docs/vc4.md: the error grows with |y·log2 x|, about 1.5 ulp per unit;
// these results stay below 2^20 in magnitude, so ulp=48).
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 ulp=48 args=float:64:rand:9,float:64:seq:-8:0.25,float:64:zero
// VC4: kind=divergent global=32 local=16 qpus=1 ulp=48 args=float:32:list:0,1,2,-2,-3,0.5,4,-0.5,8,-8,16,3,1,0,-1,2.5,7,-7,0.25,64,-64,9,10,-10,0.125,1,2,3,-4,5,-6,100,float:32:list:2,0,-1,3,3,-2,0.5,2,-1,2,0.25,4,100,0,5,-3,1.5,3,-2,0.5,-1,1.5,3,-3,2,-7,10,-4,3,-0.5,2,-2,float:32:zero
kernel void math_pow(global const float *x, global const float *y, global float *p)
{
	size_t i = get_global_id(0);
	float a = x[i], b = y[i];
	if (a > 64.0f)
		a = a * 0.0625f;
	p[i] = pow(a, b);
}
