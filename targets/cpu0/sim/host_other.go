//go:build !linux

package sim

import "os"

// isTerminal reports whether f is a character device (an approximation of
// isatty(3) where the terminal ioctl is not at hand).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
