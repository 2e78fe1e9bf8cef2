// A degree-71 polynomial evaluated in a loop whose trip count differs per lane:
// the 72 coefficients are loaded before the loop and stay live across it.
// VC4: kind=divergent global=32 local=16 qpus=1,3,12 args=int:72:rand:3,int:32:rand:4,int:32:zero
// VC4: kind=uniform global=16 local=16 qpus=1 args=int:72:seq:5:3,int:16:seq:2:0,int:16:zero
__kernel void spill_poly(__global const uint *c, __global const int *n, __global uint *out)
{
	uint c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3], c4 = c[4], c5 = c[5], c6 = c[6], c7 = c[7];
	uint c8 = c[8], c9 = c[9], c10 = c[10], c11 = c[11], c12 = c[12], c13 = c[13], c14 = c[14], c15 = c[15];
	uint c16 = c[16], c17 = c[17], c18 = c[18], c19 = c[19], c20 = c[20], c21 = c[21], c22 = c[22], c23 = c[23];
	uint c24 = c[24], c25 = c[25], c26 = c[26], c27 = c[27], c28 = c[28], c29 = c[29], c30 = c[30], c31 = c[31];
	uint c32 = c[32], c33 = c[33], c34 = c[34], c35 = c[35], c36 = c[36], c37 = c[37], c38 = c[38], c39 = c[39];
	uint c40 = c[40], c41 = c[41], c42 = c[42], c43 = c[43], c44 = c[44], c45 = c[45], c46 = c[46], c47 = c[47];
	uint c48 = c[48], c49 = c[49], c50 = c[50], c51 = c[51], c52 = c[52], c53 = c[53], c54 = c[54], c55 = c[55];
	uint c56 = c[56], c57 = c[57], c58 = c[58], c59 = c[59], c60 = c[60], c61 = c[61], c62 = c[62], c63 = c[63];
	uint c64 = c[64], c65 = c[65], c66 = c[66], c67 = c[67], c68 = c[68], c69 = c[69], c70 = c[70], c71 = c[71];
	int g = get_global_id(0);
	uint x = g + 1, acc = 0;
	int m = (n[g] & 7) + 1;
	for (int k = 0; k < m; k++) {
		uint p = c71;
		p = p * x + c70;
		p = p * x + c69;
		p = p * x + c68;
		p = p * x + c67;
		p = p * x + c66;
		p = p * x + c65;
		p = p * x + c64;
		p = p * x + c63;
		p = p * x + c62;
		p = p * x + c61;
		p = p * x + c60;
		p = p * x + c59;
		p = p * x + c58;
		p = p * x + c57;
		p = p * x + c56;
		p = p * x + c55;
		p = p * x + c54;
		p = p * x + c53;
		p = p * x + c52;
		p = p * x + c51;
		p = p * x + c50;
		p = p * x + c49;
		p = p * x + c48;
		p = p * x + c47;
		p = p * x + c46;
		p = p * x + c45;
		p = p * x + c44;
		p = p * x + c43;
		p = p * x + c42;
		p = p * x + c41;
		p = p * x + c40;
		p = p * x + c39;
		p = p * x + c38;
		p = p * x + c37;
		p = p * x + c36;
		p = p * x + c35;
		p = p * x + c34;
		p = p * x + c33;
		p = p * x + c32;
		p = p * x + c31;
		p = p * x + c30;
		p = p * x + c29;
		p = p * x + c28;
		p = p * x + c27;
		p = p * x + c26;
		p = p * x + c25;
		p = p * x + c24;
		p = p * x + c23;
		p = p * x + c22;
		p = p * x + c21;
		p = p * x + c20;
		p = p * x + c19;
		p = p * x + c18;
		p = p * x + c17;
		p = p * x + c16;
		p = p * x + c15;
		p = p * x + c14;
		p = p * x + c13;
		p = p * x + c12;
		p = p * x + c11;
		p = p * x + c10;
		p = p * x + c9;
		p = p * x + c8;
		p = p * x + c7;
		p = p * x + c6;
		p = p * x + c5;
		p = p * x + c4;
		p = p * x + c3;
		p = p * x + c2;
		p = p * x + c1;
		p = p * x + c0;
		acc = (acc ^ p) + k;
		x = x * 5 + 1;
	}
	out[g] = acc;
}
