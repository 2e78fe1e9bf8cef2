-- Small programs: n-queens, a JSON-ish parser and printer, a Brainfuck
-- interpreter, string building, binary trees (GC pressure), a matrix
-- determinant in floats, integer hashing with 64-bit wrap-around, and a
-- Mandelbrot in ASCII.
local function queens(n)
  local count, cols, d1, d2 = 0, {}, {}, {}
  local function place(r)
    if r > n then count = count + 1 return end
    for c = 1, n do
      if not cols[c] and not d1[r + c] and not d2[r - c + n] then
        cols[c], d1[r + c], d2[r - c + n] = true, true, true
        place(r + 1)
        cols[c], d1[r + c], d2[r - c + n] = nil, nil, nil
      end
    end
  end
  place(1)
  return count
end
print("queens", queens(6), queens(7))

local function parse(s)
  local pos = 1
  local function ws() pos = s:find("%S", pos) or #s + 1 end
  local value
  local function str()
    local e = s:find('"', pos + 1, true)
    local r = s:sub(pos + 1, e - 1)
    pos = e + 1
    return r
  end
  function value()
    ws()
    local c = s:sub(pos, pos)
    if c == "{" then
      local t = {}
      pos = pos + 1 ws()
      if s:sub(pos, pos) == "}" then pos = pos + 1 return t end
      repeat
        ws() local k = str() ws()
        assert(s:sub(pos, pos) == ":") pos = pos + 1
        t[k] = value() ws()
        local sep = s:sub(pos, pos) pos = pos + 1
      until sep == "}"
      return t
    elseif c == "[" then
      local t = {}
      pos = pos + 1 ws()
      if s:sub(pos, pos) == "]" then pos = pos + 1 return t end
      repeat
        t[#t + 1] = value() ws()
        local sep = s:sub(pos, pos) pos = pos + 1
      until sep == "]"
      return t
    elseif c == '"' then return str()
    elseif s:find("^true", pos) then pos = pos + 4 return true
    elseif s:find("^false", pos) then pos = pos + 5 return false
    elseif s:find("^null", pos) then pos = pos + 4 return nil
    else
      local num = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
      pos = pos + #num
      return math.tointeger(tonumber(num)) or tonumber(num)
    end
  end
  return value()
end
local function dump(v)
  if type(v) == "table" then
    if #v > 0 then
      local o = {} for i = 1, #v do o[i] = dump(v[i]) end
      return "[" .. table.concat(o, ",") .. "]"
    end
    local ks = {} for k in pairs(v) do ks[#ks + 1] = k end table.sort(ks)
    local o = {} for _, k in ipairs(ks) do o[#o + 1] = string.format("%q:%s", k, dump(v[k])) end
    return "{" .. table.concat(o, ",") .. "}"
  end
  return tostring(v)
end
local doc = parse('{"name": "lltosimd", "targets": ["cpu0", "vc4", "bwdsp"], "version": 1.5,' ..
  ' "ok": true, "n": -42, "big": 1e300, "nested": {"a": [1, 2, {"b": false}], "e": {}}}')
print(dump(doc))

local function bf(prog, input)
  local tape, ptr, pc, out, inp = {}, 1, 1, {}, 1
  local jump, stack = {}, {}
  for i = 1, #prog do
    local c = prog:sub(i, i)
    if c == "[" then stack[#stack + 1] = i elseif c == "]" then
      local j = table.remove(stack) jump[i], jump[j] = j, i end
  end
  while pc <= #prog do
    local c = prog:byte(pc)
    if c == 62 then ptr = ptr + 1
    elseif c == 60 then ptr = ptr - 1
    elseif c == 43 then tape[ptr] = ((tape[ptr] or 0) + 1) % 256
    elseif c == 45 then tape[ptr] = ((tape[ptr] or 0) - 1) % 256
    elseif c == 46 then out[#out + 1] = string.char(tape[ptr] or 0)
    elseif c == 44 then tape[ptr] = input:byte(inp) or 0 inp = inp + 1
    elseif c == 91 then if (tape[ptr] or 0) == 0 then pc = jump[pc] end
    elseif c == 93 then if (tape[ptr] or 0) ~= 0 then pc = jump[pc] end
    end
    pc = pc + 1
  end
  return table.concat(out)
end
print(bf("++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.", ""))

local parts = {}
for i = 1, 300 do parts[#parts + 1] = string.format("%03d:%x", i, i * i) end
local big = table.concat(parts, ";")
print(#big, big:sub(1, 40), select(2, big:gsub(";", ";")), big:find("150:", 1, true))
print((big:gsub("(%d+):(%x+)", function(a, b) if tonumber(a) % 100 == 0 then return "<" .. a .. ">" end end)):match("<300>"))

local function tree(d) if d == 0 then return {} end return {tree(d - 1), tree(d - 1)} end
local function check(t) if not t[1] then return 1 end return 1 + check(t[1]) + check(t[2]) end
local total = 0
for i = 1, 6 do total = total + check(tree(i)) end
print("trees", total, check(tree(10)))
collectgarbage()

local function det(m)
  local n = #m
  local a = {}
  for i = 1, n do a[i] = {} for j = 1, n do a[i][j] = m[i][j] end end
  local d = 1.0
  for c = 1, n do
    local p = c
    for r = c + 1, n do if math.abs(a[r][c]) > math.abs(a[p][c]) then p = r end end
    if a[p][c] == 0 then return 0 end
    if p ~= c then a[p], a[c] = a[c], a[p] d = -d end
    d = d * a[c][c]
    for r = c + 1, n do
      local f = a[r][c] / a[c][c]
      for k = c, n do a[r][k] = a[r][k] - f * a[c][k] end
    end
  end
  return d
end
local hilbert = {}
for i = 1, 6 do hilbert[i] = {} for j = 1, 6 do hilbert[i][j] = 1 / (i + j - 1) end end
print(string.format("det %.10e %.14g", det(hilbert), det({{2, 1}, {1, 3}})))

local h = 0xcbf29ce484222325
for i = 1, 300 do h = (h ~ (i & 0xff)) * 0x100000001b3 end
print(string.format("fnv %x %d", h, h >> 60), h // 7, h % 1000, math.ult(h, 1))

local rows = {}
for y = -10, 10 do
  local row = {}
  for x = -30, 15 do
    local cr, ci, zr, zi, n = x / 15, y / 9, 0.0, 0.0, 0
    while n < 30 and zr * zr + zi * zi < 4 do zr, zi = zr * zr - zi * zi + cr, 2 * zr * zi + ci n = n + 1 end
    row[#row + 1] = n == 30 and "#" or (n > 8 and "+" or ".")
  end
  rows[#rows + 1] = table.concat(row)
end
print(table.concat(rows, "\n"))
