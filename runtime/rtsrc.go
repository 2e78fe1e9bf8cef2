// Package rtsrc embeds the sources of the C runtime and the C library
// headers so that tools (cpu0run) find them without a checkout:
// cpu0/ holds the Cpu0 runtime (*.c compiled by lltosimd, hand-written
// *.s), include/ (when present) the headers programs compile against.
//
// The pattern is "*", not a list of files or even of directories: files
// and directories added to runtime/ are picked up without editing this
// file (directories are embedded whole, minus names starting with . or _).
package rtsrc

import "embed"

// FS holds runtime/ as it was when the binary was built.
//
//go:embed *
var FS embed.FS
