// Package luacheck runs scripts/lua-check.sh (make lua-check): the Lua 5.4
// interpreter built for mipsel against the Cpu0 C library's headers,
// compiled by lltosimd at -O0 and -O2 and run on the simulator, against
// the host's lua5.4 on tests/lua/*.lua. It needs Lua's source (LUA_SRC,
// or the copy scripts/lua-check.sh fetched into its cache: make setup or
// make lua-check fetch it) and lua5.4; without them, or with -short, it
// is skipped.
package luacheck

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"lltosimd/tests/internal/testtools"
)

func TestLuaCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Lua check takes a minute or two")
	}
	if _, err := exec.LookPath("lua5.4"); err != nil && os.Getenv("HOST_LUA") == "" {
		t.Skip("no lua5.4 (apt-get install lua5.4)")
	}
	root := testtools.RepoRoot(t)
	script := filepath.Join(root, "scripts", "lua-check.sh")
	if os.Getenv("LUA_SRC") == "" {
		// Only a source already fetched: the test does not download.
		cache := os.Getenv("LUA_CACHE_DIR")
		if cache == "" {
			base := os.Getenv("LLTOSIMD_CACHE_DIR")
			if base == "" {
				d, err := os.UserCacheDir()
				if err != nil {
					t.Skip("no cache directory for Lua's source")
				}
				base = filepath.Join(d, "lltosimd")
			}
			cache = filepath.Join(base, "lua")
		}
		if m, _ := filepath.Glob(filepath.Join(cache, "lua-5.4*", "src", "lua.c")); len(m) == 0 {
			t.Skipf("no Lua source in %s (make setup or make lua-check fetches it; or set LUA_SRC)", cache)
		}
	}
	bin := filepath.Dir(testtools.Binary(t, "cpu0run"))
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", script)
	cmd.Env = append(os.Environ(), "LUA_CHECK_BIN="+bin, "LUA_CHECK_WORK="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
	t.Logf("%s", out)
}
