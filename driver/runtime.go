package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	rtsrc "lltosimd/runtime"
)

// The runtime cache, shared by the runners (cpu0run, bwdsprun). The runtime's sources are embedded in the binary
// (package rtsrc); on first use for a -march/-mcpu pair they are compiled
// (clang-14, then the in-process compiler at -O2, as `make runtime` does)
// into a directory of the per-user cache named by a hash of everything the
// result depends on: the embedded files, this executable and clang (path,
// size and modification time, like ccache's default compiler check), the
// target, the CPU and the optimisation level. A directory is built under a
// temporary name and renamed into place, so it is complete whenever it
// exists; parallel first runs each build one and all but the first rename
// discard theirs. Nothing is ever updated in place, so no lock is needed.

// cacheFormat changes when the layout of a cache directory changes.
const cacheFormat = "cpu0run-rt-1"

// rtOpt is the optimisation level of the runtime (the Makefile's).
const rtOpt = "2"

// manifest lists the runtime's assembly files in link order.
const manifest = "files.txt"

// Runtime is a compiled runtime: its directory holds src/ (the embedded
// tree; src/include has the C headers when the runtime provides them) and
// the assembly files named in Files.
type Runtime struct {
	Dir   string
	Files []string // assembly files, absolute paths, in link order
}

// rtTarget says how the C library is built for one -march: the clang
// triple whose IR matches the target's byte order, the directory of
// runtime/ holding the target's hand-written assembly (__halt, setjmp),
// and clang -D flags (the BWDSP console ports are not Cpu0's: bwdsp.ConsoleAddr, bwdsp.InputAddr). The C
// sources are always runtime/cpu0/*.c, the one C library.
type rtTarget struct {
	triple  string
	asmDir  string
	defines []string
}

var rtTargets = map[string]rtTarget{
	"cpu0":   {triple: "mips-unknown-linux-gnu", asmDir: "cpu0"},
	"cpu0el": {triple: "mipsel-unknown-linux-gnu", asmDir: "cpu0"},
	"bwdsp":  {triple: "mipsel-unknown-linux-gnu", asmDir: "bwdsp", defines: []string{"-DCPU0_CONSOLE=((volatile char *)0xFFFF0000)", "-DCPU0_INPUT=((volatile int *)0xFFFF0004)", "-DCPU0_NO_HOST"}},
}

// IncludeDir returns the runtime's C header directory, or "" if it has none.
func (r *Runtime) IncludeDir() string {
	d := filepath.Join(r.Dir, "src", "include")
	if fi, err := os.Stat(d); err == nil && fi.IsDir() {
		return d
	}
	return ""
}

// cacheRoot is $LLTOSIMD_CACHE_DIR, else os.UserCacheDir()/lltosimd.
func cacheRoot() (string, error) {
	if d := os.Getenv("LLTOSIMD_CACHE_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (%v); set LLTOSIMD_CACHE_DIR", err)
	}
	return filepath.Join(d, "lltosimd"), nil
}

// Triple is the clang target whose IR matches march's byte order.
func Triple(march string) string {
	if t, ok := rtTargets[march]; ok {
		return t.triple
	}
	return "mipsel-unknown-linux-gnu"
}

// EnsureRuntime returns the compiled runtime for march and mcpu, building
// it if the cache does not have it yet.
func EnsureRuntime(clang, march, mcpu string) (*Runtime, error) {
	return EnsureRuntimeFor(clang, march, mcpu, "")
}

// EnsureRuntimeFor is EnsureRuntime for a relocation model ("" or
// "static", "pic"): a PIC program links with a PIC runtime, as static
// code calling a PIC function through a pointer (qsort's comparator,
// atexit handlers) would not set the $t9 its .cpload needs.
func EnsureRuntimeFor(clang, march, mcpu, relocModel string) (*Runtime, error) {
	if relocModel == "static" {
		relocModel = ""
	}
	if _, ok := rtTargets[march]; !ok {
		return nil, fmt.Errorf("no runtime for -march=%s", march)
	}
	root, err := cacheRoot()
	if err != nil {
		return nil, err
	}
	key, err := cacheKey(clang, march, mcpu, relocModel)
	if err != nil {
		return nil, err
	}
	name := march + "-" + mcpu + "-"
	if relocModel != "" {
		name += relocModel + "-"
	}
	dir := filepath.Join(root, name+key[:16])
	if r, err := readRuntime(dir); err == nil {
		return r, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(root, ".build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := buildRuntime(tmp, clang, march, mcpu, relocModel); err != nil {
		return nil, fmt.Errorf("building the runtime for -march=%s -mcpu=%s: %w", march, mcpu, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another run renamed its copy first: use that one.
		if r, rerr := readRuntime(dir); rerr == nil {
			return r, nil
		}
		return nil, err
	}
	return readRuntime(dir)
}

// readRuntime opens a finished cache directory.
func readRuntime(dir string) (*Runtime, error) {
	b, err := os.ReadFile(filepath.Join(dir, manifest))
	if err != nil {
		return nil, err
	}
	r := &Runtime{Dir: dir}
	for _, f := range strings.Fields(string(b)) {
		r.Files = append(r.Files, filepath.Join(dir, f))
	}
	return r, nil
}

// cacheKey hashes everything a compiled runtime depends on.
func cacheKey(clang, march, mcpu, relocModel string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00O%s\x00%s\x00", cacheFormat, march, mcpu, rtOpt, relocModel)
	err := fs.WalkDir(rtsrc.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := rtsrc.FS.ReadFile(p)
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(b))
		h.Write(b)
		return err
	})
	if err != nil {
		return "", err
	}
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	for _, f := range []string{exe, clang} {
		if !strings.ContainsRune(f, filepath.Separator) {
			if f, err = exec.LookPath(f); err != nil {
				return "", err
			}
		}
		if r, err := filepath.EvalSymlinks(f); err == nil {
			f = r
		}
		fi, err := os.Stat(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", f, fi.Size(), fi.ModTime().UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// buildRuntime extracts the embedded sources into dir/src and compiles
// them into dir: the target's hand-written *.s first, then cpu0/*.c (as
// NAME.c.s), each list sorted, and writes the manifest.
func buildRuntime(dir, clang, march, mcpu, relocModel string) error {
	rt := rtTargets[march]
	src := filepath.Join(dir, "src")
	if err := extract(src); err != nil {
		return err
	}
	var asmFiles, cFiles []string
	dirs := []string{rt.asmDir}
	if rt.asmDir != "cpu0" {
		dirs = append(dirs, "cpu0")
	}
	for _, d := range dirs {
		entries, err := fs.ReadDir(rtsrc.FS, d)
		if err != nil {
			return err
		}
		for _, e := range entries {
			switch ext := path.Ext(e.Name()); {
			case ext == ".s" && d == rt.asmDir:
				asmFiles = append(asmFiles, e.Name())
			case ext == ".c" && d == "cpu0":
				cFiles = append(cFiles, e.Name())
			}
		}
	}
	sort.Strings(asmFiles)
	sort.Strings(cFiles)
	if len(cFiles) == 0 {
		return errors.New("no runtime C sources embedded")
	}
	var list []string
	for _, f := range asmFiles {
		b, err := rtsrc.FS.ReadFile(rt.asmDir + "/" + f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			return err
		}
		list = append(list, f)
	}
	for _, f := range cFiles {
		cfile := filepath.Join(src, "cpu0", f)
		ir, err := ClangIR(clang, cfile, rt.triple, rtOpt, nil, rt.defines, nil)
		if err != nil {
			return err
		}
		o := Options{March: march, MCPU: mcpu, Opt: rtOpt}
		if relocModel != "" {
			o.PassOptions = map[string]string{"relocation-model": relocModel}
		}
		res, err := Compile(cfile, ir, o)
		if err != nil {
			return err
		}
		out := f + ".s"
		if err := os.WriteFile(filepath.Join(dir, out), res.Out, 0o644); err != nil {
			return err
		}
		list = append(list, out)
	}
	return os.WriteFile(filepath.Join(dir, manifest), []byte(strings.Join(list, "\n")+"\n"), 0o644)
}

// extract writes the embedded runtime tree to dir.
func extract(dir string) error {
	return fs.WalkDir(rtsrc.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := rtsrc.FS.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// ClangIR compiles a C file to LLVM IR text for triple at -O<opt> as a
// freestanding program (the runtime's own flags: -ffreestanding
// -fno-builtin), with the extra flags; with includes, also -nostdlibinc
// and -I for each, so that only those headers (and clang's own) are seen.
// Clang's diagnostics (file:line:col) make up the error (a *ClangError);
// after a success, its warnings go to warnings (if not nil).
func ClangIR(clang, cfile, triple, opt string, includes, flags []string, warnings io.Writer) ([]byte, error) {
	args := append([]string{"--target=" + triple, "-O" + opt, "-ffreestanding", "-fno-builtin"}, flags...)
	if len(includes) > 0 {
		args = append(args, "-nostdlibinc")
		for _, d := range includes {
			args = append(args, "-I", d)
		}
	}
	args = append(args, "-S", "-emit-llvm", "-o", "-", cfile)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(clang, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimRight(stderr.String(), "\n")
		var ee *exec.ExitError
		if !errors.As(err, &ee) || msg == "" {
			msg = fmt.Sprintf("%s: %v", clang, err)
		}
		return nil, &ClangError{msg}
	}
	if warnings != nil {
		warnings.Write(stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// ClangError is clang's own report of an error in a C file.
type ClangError struct{ msg string }

func (e *ClangError) Error() string { return e.msg }
