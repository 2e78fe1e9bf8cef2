// Spilling around the other sequences that hold state across instructions: 64
// live values through a divergent if with restoring divisions (flags), a
// private array indexed per lane (VDR DMA loads), float products and byte loads.
// VC4: kind=divergent round=rtz global=32 local=16 qpus=1,3,12 args=int:64:rand:21,int:32:rand:22,float:64:seq:1:0.25,int:64:zero
// VC4: kind=uniform round=rtz global=16 local=16 qpus=1 args=int:64:seq:7:13,int:16:seq:4:0,float:64:seq:-3:0.5,int:32:zero
__kernel void spill_mixed(__global const uint *a, __global const int *n, __global const float *x, __global uint *out)
{
	int g = get_global_id(0);
	uint v0 = a[(g + 0) & 63], v1 = a[(g + 1) & 63], v2 = a[(g + 2) & 63], v3 = a[(g + 3) & 63], v4 = a[(g + 4) & 63], v5 = a[(g + 5) & 63], v6 = a[(g + 6) & 63], v7 = a[(g + 7) & 63];
	uint v8 = a[(g + 8) & 63], v9 = a[(g + 9) & 63], v10 = a[(g + 10) & 63], v11 = a[(g + 11) & 63], v12 = a[(g + 12) & 63], v13 = a[(g + 13) & 63], v14 = a[(g + 14) & 63], v15 = a[(g + 15) & 63];
	uint v16 = a[(g + 16) & 63], v17 = a[(g + 17) & 63], v18 = a[(g + 18) & 63], v19 = a[(g + 19) & 63], v20 = a[(g + 20) & 63], v21 = a[(g + 21) & 63], v22 = a[(g + 22) & 63], v23 = a[(g + 23) & 63];
	uint v24 = a[(g + 24) & 63], v25 = a[(g + 25) & 63], v26 = a[(g + 26) & 63], v27 = a[(g + 27) & 63], v28 = a[(g + 28) & 63], v29 = a[(g + 29) & 63], v30 = a[(g + 30) & 63], v31 = a[(g + 31) & 63];
	uint v32 = a[(g + 32) & 63], v33 = a[(g + 33) & 63], v34 = a[(g + 34) & 63], v35 = a[(g + 35) & 63], v36 = a[(g + 36) & 63], v37 = a[(g + 37) & 63], v38 = a[(g + 38) & 63], v39 = a[(g + 39) & 63];
	uint v40 = a[(g + 40) & 63], v41 = a[(g + 41) & 63], v42 = a[(g + 42) & 63], v43 = a[(g + 43) & 63], v44 = a[(g + 44) & 63], v45 = a[(g + 45) & 63], v46 = a[(g + 46) & 63], v47 = a[(g + 47) & 63];
	uint v48 = a[(g + 48) & 63], v49 = a[(g + 49) & 63], v50 = a[(g + 50) & 63], v51 = a[(g + 51) & 63], v52 = a[(g + 52) & 63], v53 = a[(g + 53) & 63], v54 = a[(g + 54) & 63], v55 = a[(g + 55) & 63];
	uint v56 = a[(g + 56) & 63], v57 = a[(g + 57) & 63], v58 = a[(g + 58) & 63], v59 = a[(g + 59) & 63], v60 = a[(g + 60) & 63], v61 = a[(g + 61) & 63], v62 = a[(g + 62) & 63], v63 = a[(g + 63) & 63];
	int priv[8];
	for (int i = 0; i < 8; i++)
		priv[i] = n[(g + i) & 15] % 7;
	uint acc;
	if (n[g] & 1) {
		acc = v0 / (v63 % 13 + 1) + v2 / (v61 % 13 + 1) + v4 / (v59 % 13 + 1) + v6 / (v57 % 13 + 1) + v8 / (v55 % 13 + 1) + v10 / (v53 % 13 + 1) + v12 / (v51 % 13 + 1) + v14 / (v49 % 13 + 1) + v16 / (v47 % 13 + 1) + v18 / (v45 % 13 + 1) + v20 / (v43 % 13 + 1) + v22 / (v41 % 13 + 1) + v24 / (v39 % 13 + 1) + v26 / (v37 % 13 + 1) + v28 / (v35 % 13 + 1) + v30 / (v33 % 13 + 1);
	} else {
		acc = (v1 % (v62 | 1)) ^ (v3 % (v60 | 1)) ^ (v5 % (v58 | 1)) ^ (v7 % (v56 | 1)) ^ (v9 % (v54 | 1)) ^ (v11 % (v52 | 1)) ^ (v13 % (v50 | 1)) ^ (v15 % (v48 | 1)) ^ (v17 % (v46 | 1)) ^ (v19 % (v44 | 1)) ^ (v21 % (v42 | 1)) ^ (v23 % (v40 | 1)) ^ (v25 % (v38 | 1)) ^ (v27 % (v36 | 1)) ^ (v29 % (v34 | 1)) ^ (v31 % (v32 | 1));
	}
	float f = x[g & 63] * x[(g + 5) & 63];
	__global const uchar *bytes = (__global const uchar *)a;
	acc += priv[n[g] & 7] + bytes[g + 3];
	out[2 * g] = acc + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v10 + v11 + v12 + v13 + v14 + v15 + v16 + v17 + v18 + v19 + v20 + v21 + v22 + v23 + v24 + v25 + v26 + v27 + v28 + v29 + v30 + v31 + v32 + v33 + v34 + v35 + v36 + v37 + v38 + v39 + v40 + v41 + v42 + v43 + v44 + v45 + v46 + v47 + v48 + v49 + v50 + v51 + v52 + v53 + v54 + v55 + v56 + v57 + v58 + v59 + v60 + v61 + v62 + v63;
	out[2 * g + 1] = as_uint(f) ^ (v0 ^ v3 ^ v6 ^ v9 ^ v12 ^ v15 ^ v18 ^ v21 ^ v24 ^ v27 ^ v30 ^ v33 ^ v36 ^ v39 ^ v42 ^ v45 ^ v48 ^ v51 ^ v54 ^ v57 ^ v60 ^ v63);
}
