package exec

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/tests/internal/testtools"
)

// libDecl is one function declaration clang printed: its result and
// parameter types, attributes dropped.
type libDecl struct {
	ret    string
	params []string
}

var (
	declareRE  = regexp.MustCompile(`^declare (?:[a-z]+ )*(.+?) @(\w+)\((.*)\)`)
	attrRE     = regexp.MustCompile(`\s+(?:noundef|signext|zeroext|nonnull|readonly|nocapture|align \d+|sret\([^)]*\))`)
	structRE   = regexp.MustCompile(`(?m)^(%struct\.\w+) = type \{ (.*) \}$`)
	protoTypes = regexp.MustCompile(`(?s)\b(unsigned long|size_t|long|ssize_t|off_t|time_t|clock_t)\s+\**\s*(\w+)\s*\(`)
)

// headerIR compiles a file referencing every function the runtime's headers
// declare for triple, returning the declarations and the struct types.
func headerIR(t *testing.T, clang, src, triple string) (map[string]libDecl, map[string]string) {
	t.Helper()
	inc := filepath.Join(testtools.RepoRoot(t), "runtime", "include")
	out, stderr, code, err := testtools.Run(nil, clang, "--target="+triple, "-S", "-emit-llvm", "-ffreestanding",
		"-fno-builtin", "-nostdlibinc", "-I", inc, "-w", "-o", "-", src)
	if err != nil || code != 0 {
		t.Fatalf("clang --target=%s: exit %d %v\n%s", triple, code, err, stderr)
	}
	decls := map[string]libDecl{}
	for _, l := range strings.Split(out, "\n") {
		m := declareRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		d := libDecl{ret: m[1]}
		if m[3] != "" {
			for _, p := range strings.Split(m[3], ", ") {
				d.params = append(d.params, strings.TrimSpace(attrRE.ReplaceAllString(p, "")))
			}
		}
		decls[m[2]] = d
	}
	structs := map[string]string{}
	for _, m := range structRE.FindAllStringSubmatch(out, -1) {
		structs[m[1]] = m[2]
	}
	return decls, structs
}

// TestLibProtos derives from the runtime's headers, with clang, the
// functions whose prototype in x86-64 (LP64) or RISC-V 32 IR differs from
// the mipsel one the runtime is built with, and checks frontend.LibProtos
// against them: each long/size_t parameter that becomes i64 is an 'l', an
// i64 result is 'u' or 's' by the header's type, and a struct returned in
// registers (or without O32's sret) lists its fields.
func TestLibProtos(t *testing.T) {
	clang := testtools.Tool(t, "CLANG", "clang-14")
	inc := filepath.Join(testtools.RepoRoot(t), "runtime", "include")
	headers, err := filepath.Glob(filepath.Join(inc, "*.h"))
	if err != nil || len(headers) == 0 {
		t.Fatalf("no headers in %s: %v", inc, err)
	}
	var text, src strings.Builder
	for _, h := range headers {
		b, err := os.ReadFile(h)
		if err != nil {
			t.Fatal(err)
		}
		text.Write(b)
		src.WriteString("#include <" + filepath.Base(h) + ">\n")
	}
	// Every function declared in the headers, referenced so clang declares it.
	protoRE := regexp.MustCompile(`(?m)^[a-z_][\w\s\*]*?\b(\w+)\s*\([^;{]*\)\s*(?:__attribute__\(\(\w+\)\)\s*)?;`)
	var names []string
	for _, m := range protoRE.FindAllStringSubmatch(text.String(), -1) {
		if !strings.HasPrefix(m[1], "__builtin") && !strings.HasPrefix(m[0], "typedef") {
			names = append(names, m[1])
		}
	}
	sort.Strings(names)
	src.WriteString("void *refs[] = {\n")
	for _, n := range names {
		src.WriteString("(void *)&" + n + ",\n")
	}
	src.WriteString("};\n")
	file := filepath.Join(t.TempDir(), "all.c")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	unsignedRet := map[string]bool{}
	for _, m := range protoTypes.FindAllStringSubmatch(text.String(), -1) {
		unsignedRet[m[2]] = m[1] == "unsigned long" || m[1] == "size_t"
	}
	base, baseStructs := headerIR(t, clang, file, "mipsel-unknown-linux-gnu")
	want := map[string]frontend.LibProto{}
	for _, triple := range []string{"x86_64-unknown-linux-gnu", "riscv32-unknown-linux-gnu"} {
		decls, structs := headerIR(t, clang, file, triple)
		for name, d := range decls {
			b, ok := base[name]
			if !ok {
				continue
			}
			p := want[name]
			bp := b.params
			if b.ret == "void" && len(bp) > 0 && strings.HasPrefix(bp[0], "%struct.") && d.ret != "void" {
				// O32 returns the struct through a hidden pointer; this
				// triple in registers (or in its own layout).
				fields := strings.Split(baseStructs[strings.TrimSuffix(bp[0], "*")], ", ")
				// Their result: a struct type or literal, else one
				// integer holding the fields ([2 x i32], i64).
				theirs := strings.Split(strings.Trim(d.ret, "{ }"), ", ")
				if s, ok := structs[d.ret]; ok {
					theirs = strings.Split(s, ", ")
				}
				var f strings.Builder
				for i, ft := range fields {
					switch {
					case ft == "i64":
						f.WriteByte('L')
					case len(theirs) == len(fields) && theirs[i] == "i64",
						i < len(p.Fields) && p.Fields[i] == 's':
						// A long: i64 in LP64 IR (seen from any triple).
						f.WriteByte('s')
					default:
						f.WriteByte('i')
					}
				}
				p.Fields = f.String()
				bp = bp[1:]
			}
			for i := 0; i < len(d.params) && i < len(bp); i++ {
				if d.params[i] == "i64" && bp[i] == "i32" {
					for len(p.Params) <= i {
						p.Params += "."
					}
					p.Params = p.Params[:i] + "l" + p.Params[i+1:]
				}
			}
			if d.ret == "i64" && b.ret == "i32" {
				p.Ret = 's'
				if unsignedRet[name] {
					p.Ret = 'u'
				}
			}
			if p != (frontend.LibProto{}) {
				want[name] = p
			}
		}
	}
	for name, w := range want {
		if got, ok := frontend.LibProtos[name]; !ok || got != w {
			t.Errorf("frontend.LibProtos[%q] = %+v (listed %v), want %+v (from the runtime's headers)", name, got, ok, w)
		}
	}
	for name := range frontend.LibProtos {
		if _, ok := want[name]; !ok {
			t.Errorf("frontend.LibProtos[%q]: no prototype difference found in the runtime's headers", name)
		}
	}
}
