-- Files: io.open in every mode, write/read formats, io.lines over a file,
-- seek, append, io.output/io.input redirection, dofile/loadfile/require of
-- generated chunks, os.rename/os.remove, io.tmpfile, and the messages of
-- failures (a missing file: ENOENT). Names are relative to the working
-- directory; the script removes what it creates.
local name, other = "lua_files_tmp.txt", "lua_files_tmp2.txt"

local f = assert(io.open(name, "w"))
print(io.type(f), io.type(io.stdout), io.type(42))
f:write("alpha 1\n", "beta ", 2, "\n", 3.5, " gamma\n")
for i = 1, 3 do f:write(string.rep(string.char(64 + i), 10 * i), "\n") end
print("seek end", f:seek("end"), f:seek("cur"))
f:close()
print(io.type(f), pcall(f.write, f, "x"))

f = assert(io.open(name, "r"))
print(f:read("l"))
print(f:read("n", "n"), f:read("l"))
print(f:read("n"), f:read("L"))
print(f:read(5), f:read(0), #f:read("a"))
print(f:read("a"), f:read("l"), f:read(0))
print("seek", f:seek("set", 6), f:read(1), f:seek("cur", 3), f:read("l"))
print("seek end-4", f:seek("end", -4), f:read("a"))
f:close()

local n = 0
for l in io.lines(name) do n = n + 1; io.write(n, ":", #l, " ") end
print()
for a, b in io.lines(name, 1, "l") do io.write("[", a, "|", b, "]") break end
print()
for w in io.lines(name, "n") do print("number", w) break end

f = assert(io.open(name, "a+"))
f:write("appended line\n")
f:seek("set")
print("after append", f:read("l"), select(2, f:read("a"):gsub("\n", "")))
f:close()

f = assert(io.open(name, "r+"))
f:write("ALPHA")
f:seek("set", 0)
print("r+", f:read("l"))
f:close()

-- io.output/io.input redirection
io.output(other)
io.write("first\n", 42, "\n")
io.close()
io.output(io.stdout)
io.input(other)
print("io.input", io.read("l"), io.read("n"))
io.close(io.input())
io.input(io.stdin)

-- chunks from files
f = assert(io.open(other, "w"))
f:write("local x = ... or 10\nreturn x * 2, 'from file'\n")
f:close()
print("dofile", dofile(other))
print("loadfile", assert(loadfile(other))(21))
f = assert(io.open("lua_files_mod.lua", "w"))
f:write("return {answer = 42}\n")
f:close()
package.path = "./?.lua;" .. package.path
print("require", require("lua_files_mod").answer)
assert(os.remove("lua_files_mod.lua"))

-- rename, remove and failures
print("rename", os.rename(other, name .. ".renamed"))
print("open missing", io.open(other))
print("remove", os.remove(name .. ".renamed"), os.remove(name))
print("remove missing", os.remove(name))
print("rename missing", os.rename(name, other))
print("dofile missing", pcall(dofile, "lua_files_missing.lua"))
print("loadfile missing", loadfile("lua_files_missing.lua"))
print("lines missing", pcall(io.lines, "lua_files_missing.lua"))
print("bad mode", pcall(io.open, name, "rw"))

-- a temporary file
local t = io.tmpfile()
for i = 1, 200 do t:write(i, i % 10 == 0 and "\n" or " ") end
t:seek("set")
local sum, lines = 0, 0
for l in t:lines() do
  lines = lines + 1
  for v in l:gmatch("%d+") do sum = sum + tonumber(v) end
end
print("tmpfile", lines, sum, t:seek("end"))
t:close()
print("args", ...)
