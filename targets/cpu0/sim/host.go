package sim

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
)

// HostAddr is the host-call port, our extension of spec §8.4 (semihosting,
// as qemu-user gives a program the host's files): a word store (st) of the
// address of a host-call block to it performs one call on the host and
// writes its result back into the block. The block is six words in the
// machine's byte order:
//
//	+0  op      one of the Host* operations below
//	+4  a0      first argument
//	+8  a1      second argument
//	+12 a2      third argument
//	+16 ret     result, written by the simulator (-1 on failure)
//	+20 errno   the host's errno (Linux numbering) on failure, else 0
//
// Paths are NUL-terminated strings in simulated memory, relative to the
// simulator's working directory. With Machine.Host nil (cpu0run and cpu0sim
// -no-host-files) every call fails with EACCES, except HostIsatty, which
// answers 0. docs/cpu0-run.md documents the interface.
const HostAddr = 0xFF000008

// Host-call operations (the block's op word).
const (
	HostOpen    = 1 // a0 = path, a1 = C fopen mode string ("r", "w+b"...); ret = fd
	HostClose   = 2 // a0 = fd; ret = 0
	HostRead    = 3 // a0 = fd, a1 = buffer, a2 = size; ret = bytes read (0 at end of file)
	HostWrite   = 4 // a0 = fd, a1 = buffer, a2 = size; ret = bytes written
	HostLseek   = 5 // a0 = fd, a1 = offset (signed), a2 = whence (SEEK_SET/CUR/END); ret = new offset
	HostRemove  = 6 // a0 = path; ret = 0
	HostRename  = 7 // a0 = old path, a1 = new path; ret = 0
	HostTmpfile = 8 // ret = fd of a new host temporary file, deleted when closed
	HostIsatty  = 9 // a0 = 0, 1 or 2; ret = 1 if the simulator's stdin/stdout/stderr is a terminal
)

// Linux errno values the host calls report themselves.
const (
	errEBADF  = 9
	errEACCES = 13
	errEINVAL = 22
	errEIO    = 5
	errEFAULT = 14
)

// HostFiles is the host side of the host-call port: the files the program
// opened, by descriptor. Descriptors start at 3 (0-2 are the console, which
// the program reaches through the console ports).
type HostFiles struct {
	files map[uint32]*os.File
	next  uint32
	// Std are the simulator's own standard streams, for HostIsatty.
	Std [3]*os.File
}

// NewHostFiles returns a host file table with nothing open; std are the
// simulator's stdin, stdout and stderr (those that are not *os.File count
// as no terminal).
func NewHostFiles(std ...any) *HostFiles {
	h := &HostFiles{files: map[uint32]*os.File{}, next: 3}
	for i, v := range std {
		if i < len(h.Std) {
			h.Std[i], _ = v.(*os.File)
		}
	}
	return h
}

// Close closes every file the program left open.
func (h *HostFiles) Close() {
	for fd, f := range h.files {
		f.Close()
		delete(h.files, fd)
	}
}

// openFlags maps a C fopen mode to os.OpenFile flags.
func openFlags(mode string) (int, bool) {
	if mode == "" {
		return 0, false
	}
	plus := strings.ContainsRune(mode[1:], '+')
	var fl int
	switch mode[0] {
	case 'r':
		fl = os.O_RDONLY
		if plus {
			fl = os.O_RDWR
		}
	case 'w':
		fl = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if plus {
			fl = os.O_RDWR | os.O_CREATE | os.O_TRUNC
		}
	case 'a':
		fl = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		if plus {
			fl = os.O_RDWR | os.O_CREATE | os.O_APPEND
		}
	default:
		return 0, false
	}
	if strings.ContainsRune(mode[1:], 'x') && mode[0] == 'w' {
		fl |= os.O_EXCL
	}
	return fl, true
}

// errnoOf returns the Linux errno of a host error.
func errnoOf(err error) uint32 {
	var e syscall.Errno
	if errors.As(err, &e) {
		return uint32(e)
	}
	return errEIO
}

// hostCall performs the call whose block is at addr.
func (m *Machine) hostCall(s *cpu, addr uint32) string {
	if addr&3 != 0 || addr > MemSize-24 {
		return fmt.Sprintf("host call block at bad address 0x%08x", addr)
	}
	word := func(i uint32) uint32 { return s.order.Uint32(m.Mem[addr+4*i:]) }
	op, a0, a1, a2 := word(0), word(1), word(2), word(3)
	ret, eno := m.hostOp(op, a0, a1, a2)
	if ret == ^uint32(0) && eno == 0 {
		eno = errEIO
	}
	if ret != ^uint32(0) {
		eno = 0
	}
	s.order.PutUint32(m.Mem[addr+16:], ret)
	s.order.PutUint32(m.Mem[addr+20:], eno)
	return ""
}

const fail = ^uint32(0)

// hostOp runs one host call and returns its result and errno.
func (m *Machine) hostOp(op, a0, a1, a2 uint32) (uint32, uint32) {
	h := m.Host
	if op == HostIsatty {
		if h == nil || a0 > 2 || h.Std[a0] == nil || !isTerminal(h.Std[a0]) {
			return 0, 0
		}
		return 1, 0
	}
	if h == nil {
		return fail, errEACCES
	}
	str := func(p uint32) (string, bool) {
		for i := p; i < MemSize; i++ {
			if m.Mem[i] == 0 {
				return string(m.Mem[p:i]), true
			}
		}
		return "", false
	}
	buf := func(p, n uint32) ([]byte, bool) {
		if p > MemSize || n > MemSize-p {
			return nil, false
		}
		return m.Mem[p : p+n], true
	}
	file := func(fd uint32) *os.File { return h.files[fd] }
	add := func(f *os.File) (uint32, uint32) {
		fd := h.next
		h.next++
		h.files[fd] = f
		return fd, 0
	}
	switch op {
	case HostOpen:
		path, ok1 := str(a0)
		mode, ok2 := str(a1)
		if !ok1 || !ok2 {
			return fail, errEFAULT
		}
		fl, ok := openFlags(mode)
		if !ok {
			return fail, errEINVAL
		}
		f, err := os.OpenFile(path, fl, 0o666)
		if err != nil {
			return fail, errnoOf(err)
		}
		return add(f)
	case HostTmpfile:
		f, err := os.CreateTemp("", "cpu0tmp")
		if err != nil {
			return fail, errnoOf(err)
		}
		os.Remove(f.Name()) // deleted on close, like tmpfile(3)
		return add(f)
	case HostClose:
		f := file(a0)
		if f == nil {
			return fail, errEBADF
		}
		delete(h.files, a0)
		if err := f.Close(); err != nil {
			return fail, errnoOf(err)
		}
		return 0, 0
	case HostRead, HostWrite:
		f := file(a0)
		if f == nil {
			return fail, errEBADF
		}
		b, ok := buf(a1, a2)
		if !ok {
			return fail, errEFAULT
		}
		var n int
		var err error
		if op == HostRead {
			n, err = io.ReadFull(f, b)
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				err = nil
			}
		} else {
			n, err = f.Write(b)
		}
		if err != nil && n == 0 {
			return fail, errnoOf(err)
		}
		return uint32(n), 0
	case HostLseek:
		f := file(a0)
		if f == nil {
			return fail, errEBADF
		}
		if a2 > 2 {
			return fail, errEINVAL
		}
		pos, err := f.Seek(int64(int32(a1)), int(a2))
		if err != nil {
			return fail, errnoOf(err)
		}
		if pos > 0x7FFFFFFF {
			return fail, 75 // EOVERFLOW: the offset does not fit a long
		}
		return uint32(pos), 0
	case HostRemove:
		path, ok := str(a0)
		if !ok {
			return fail, errEFAULT
		}
		// remove(3) removes a file or an empty directory.
		if err := os.Remove(path); err != nil {
			return fail, errnoOf(err)
		}
		return 0, 0
	case HostRename:
		from, ok1 := str(a0)
		to, ok2 := str(a1)
		if !ok1 || !ok2 {
			return fail, errEFAULT
		}
		if err := os.Rename(from, to); err != nil {
			return fail, errnoOf(err)
		}
		return 0, 0
	}
	return fail, 38 // ENOSYS
}
