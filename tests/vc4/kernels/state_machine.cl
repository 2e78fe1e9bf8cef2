// A small tokenizer state machine per lane over its own row of symbol codes:
// digits form numbers, letters form words, spaces separate, a comment runs
// to the next newline. Counts numbers and words and sums the numbers.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:2048:rand:16,int:192:zero,i32:32
// VC4: kind=divergent global=32 local=16 qpus=1 args=int:768:seq,int:96:zero,i32:24
// VC4: kind=uniform global=16 local=16 qpus=1 args=int:256:seq:2:0,int:48:zero,i32:16
enum state { IDLE, NUM, WORD, COMMENT };

static int classify(int c)
{
	if (c < 10)
		return 0; /* digit */
	if (c < 26)
		return 1; /* letter */
	if (c < 29)
		return 2; /* space */
	if (c == 29)
		return 3; /* newline */
	return 4;         /* comment start */
}

__kernel void state_machine(__global const int *in, __global int *out, int len)
{
	int i = get_global_id(0);
	__global const int *s = in + i * len;
	enum state st = IDLE;
	int numbers = 0, words = 0, value = 0, sum = 0;
	for (int k = 0; k < len; k++) {
		int c = s[k] & 31;
		int cls = classify(c);
		switch (st) {
		case IDLE:
			if (cls == 0) {
				st = NUM;
				value = c;
			} else if (cls == 1) {
				st = WORD;
			} else if (cls == 4) {
				st = COMMENT;
			}
			break;
		case NUM:
			if (cls == 0) {
				value = (value * 10 + c) % 100000;
				break;
			}
			sum += value;
			numbers++;
			st = cls == 1 ? WORD : cls == 4 ? COMMENT : IDLE;
			break;
		case WORD:
			if (cls >= 2) {
				words++;
				st = cls == 4 ? COMMENT : IDLE;
			}
			break;
		case COMMENT:
			if (cls == 3)
				st = IDLE;
			break;
		}
	}
	if (st == NUM) {
		sum += value;
		numbers++;
	} else if (st == WORD) {
		words++;
	}
	out[3 * i + 0] = numbers;
	out[3 * i + 1] = words;
	out[3 * i + 2] = sum;
}
