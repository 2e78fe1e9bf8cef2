// Switches over strings that clang turns into lookup tables; in PIC/PIE
// code (the host default on Debian) they become relative tables of 32-bit
// differences read with llvm.load.relative.
#include <stdio.h>

__attribute__((noinline)) static const char *month(int m) {
	switch (m) {
	case 0: return "January";
	case 1: return "February";
	case 2: return "March";
	case 3: return "April";
	case 4: return "May";
	case 5: return "June";
	case 6: return "July";
	case 7: return "August";
	case 8: return "September";
	case 9: return "October";
	case 10: return "November";
	case 11: return "December";
	}
	return "?";
}

__attribute__((noinline)) static const char *color(unsigned c) {
	switch (c) {
	case 3: return "red";
	case 4: return "green";
	case 5: return "blue";
	case 6: return "cyan";
	case 7: return "magenta";
	default: return "black";
	}
}

int main(void) {
	unsigned len = 0;
	for (int m = -1; m < 13; m++) {
		const char *s = month(m);
		printf("%d %s\n", m, s);
		while (*s++)
			len++;
	}
	for (unsigned c = 0; c < 10; c++)
		printf("%s ", color(c));
	printf("\n");
	return len & 0xff;
}
