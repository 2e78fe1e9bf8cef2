package sim

import (
	"os"
	"path/filepath"
	"testing"
)

// cstr stores s NUL-terminated at addr in m's memory.
func cstr(m *Machine, addr uint32, s string) uint32 {
	copy(m.Mem[addr:], s+"\x00")
	return addr
}

// The host calls on their own: open with C modes, write, lseek, read,
// close, rename, remove, tmpfile, and the failures' errno values (Linux
// numbers), including a sandboxed machine (Host nil).
func TestHostCalls(t *testing.T) {
	dir := t.TempDir()
	m := New(Config{})
	m.Host = NewHostFiles()
	defer m.Host.Close()
	path := cstr(m, 0x1000, filepath.Join(dir, "f.txt"))
	want := func(what string, got, gotErr, ret, eno uint32) {
		t.Helper()
		if got != ret || gotErr != eno {
			t.Errorf("%s: ret %d errno %d, want %d errno %d", what, int32(got), gotErr, int32(ret), eno)
		}
	}
	fd, e := m.hostOp(HostOpen, path, cstr(m, 0x1100, "w+b"), 0)
	want("open w+b", fd, e, 3, 0)
	r, e := m.hostOp(HostWrite, fd, cstr(m, 0x1200, "hello"), 5)
	want("write", r, e, 5, 0)
	r, e = m.hostOp(HostLseek, fd, uint32(0xFFFFFFFC), 1) // -4 from the current offset
	want("lseek", r, e, 1, 0)
	r, e = m.hostOp(HostRead, fd, 0x1300, 10)
	want("read", r, e, 4, 0)
	if got := string(m.Mem[0x1300:0x1304]); got != "ello" {
		t.Errorf("read %q, want %q", got, "ello")
	}
	r, e = m.hostOp(HostRead, fd, 0x1300, 10)
	want("read at the end", r, e, 0, 0)
	r, e = m.hostOp(HostClose, fd, 0, 0)
	want("close", r, e, 0, 0)
	r, e = m.hostOp(HostClose, fd, 0, 0)
	want("close again", r, e, fail, errEBADF)
	r, e = m.hostOp(HostOpen, path, cstr(m, 0x1100, "q"), 0)
	want("open with a bad mode", r, e, fail, errEINVAL)
	newPath := cstr(m, 0x1400, filepath.Join(dir, "g.txt"))
	r, e = m.hostOp(HostRename, path, newPath, 0)
	want("rename", r, e, 0, 0)
	r, e = m.hostOp(HostOpen, path, cstr(m, 0x1100, "r"), 0)
	want("open a missing file", r, e, fail, 2) // ENOENT
	r, e = m.hostOp(HostRemove, newPath, 0, 0)
	want("remove", r, e, 0, 0)
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files left: %v", ents)
	}
	fd, e = m.hostOp(HostTmpfile, 0, 0, 0)
	want("tmpfile", fd, e, 4, 0)
	r, e = m.hostOp(99, 0, 0, 0)
	want("unknown op", r, e, fail, 38) // ENOSYS

	sandbox := New(Config{})
	r, e = sandbox.hostOp(HostOpen, cstr(sandbox, 0x1000, "x"), cstr(sandbox, 0x1100, "r"), 0)
	want("sandboxed open", r, e, fail, errEACCES)
	r, e = sandbox.hostOp(HostIsatty, 0, 0, 0)
	want("sandboxed isatty", r, e, 0, 0)
}
