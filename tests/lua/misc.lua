-- string.pack/unpack, os.date (UTC, fixed times), os.time with a table,
-- os.clock and os.getenv existence, select, tostring/tonumber edge cases,
-- integer division and conversions, string <-> number coercions, integer
-- overflow wrap-around, and a small JSON-like serializer.
print(string.pack("i4", 100):byte(1, -1))
print(string.pack(">i4", 100):byte(1, -1))
print(string.unpack("<i2 >i2", "\1\2\1\2"))
print(string.packsize("i4 i8 d"), string.packsize("!8 i1 i8"), #string.pack("z", "hello"))
local packed = string.pack("<i8 d s1 z B", math.mininteger, math.pi, "abc", "zz", 255)
print(#packed, string.unpack("<i8 d s1 z B", packed))
print(string.unpack("<f", string.pack("<f", 0.1)), string.unpack(">I3", "\1\2\3"))
print(pcall(string.pack, "i17", 1), string.unpack("<j", string.pack("<j", -2)))
print(os.date("!%Y-%m-%d %H:%M:%S", 0), os.date("!%c", 86400 * 365 + 3661))
print(os.date("!%A %B %j %U %W %w %y %p %I %%", 1234567890))
print(os.date("!%x %X %D %F %T %R %e %g %G %V %u %a %b %h %C", 951782400))
local t = os.date("!*t", 1000000000)
print(t.year, t.month, t.day, t.hour, t.min, t.sec, t.wday, t.yday, t.isdst)
print(os.time({year = 2000, month = 1, day = 1, hour = 12}) - os.time({year = 1999, month = 12, day = 31, hour = 12}))
print(os.time({year = 2024, month = 3, day = 0, hour = 0}) - os.time({year = 2024, month = 2, day = 1, hour = 0}))
print(type(os.clock()), type(os.time()), os.getenv("LUA_SURELY_UNSET_VAR"), type(os.date()))
print(math.maxinteger + 1, math.mininteger - 1, math.maxinteger * 3, -math.mininteger)
print(3 // 0.5, 2^31 | 0, -2^31 | 0, 1e15 // 1 | 0, pcall(function() return 1.5 | 0 end))
print(string.format("%d", 3.0), #tostring(12345678901234), 0x10, 0xA.8p1, 1e2, .5e1, 0x.1, 7 // 0.0)
print(8 % 3.5, -2^63 == math.mininteger, 2^63 == math.maxinteger + 1.0, math.ult(0, math.mininteger))
local function ser(v, ind)
  ind = ind or ""
  if type(v) == "table" then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local out = {}
    for _, k in ipairs(keys) do out[#out + 1] = ind .. "  " .. tostring(k) .. ": " .. ser(v[k], ind .. "  ") end
    return "{\n" .. table.concat(out, ",\n") .. "\n" .. ind .. "}"
  end
  return type(v) == "string" and string.format("%q", v) or tostring(v)
end
print(ser({name = "lua", version = 5.4, list = {1, 2, 3}, nested = {a = true, b = {c = "d"}}}))
local sieve, primes = {}, {}
for i = 2, 2000 do
  if not sieve[i] then primes[#primes + 1] = i for j = i * i, 2000, i do sieve[j] = true end end
end
print(#primes, primes[#primes], primes[100])
local words = {}
for w in ("the rain in spain falls mainly on the plain in the rain"):gmatch("%a+") do words[w] = (words[w] or 0) + 1 end
local wl = {}
for w, c in pairs(words) do wl[#wl + 1] = w .. "=" .. c end
table.sort(wl)
print(table.concat(wl, " "))
print(select("#"), select("#", nil, nil), select(2, "a", "b", "c"), select(-2, "a", "b", "c"))
print(next({}, nil), type(_G), _G._G == _G, _VERSION, #arg, arg[0] ~= nil)
print(string.format("%5.2f|%-8d|%08.3f|%+.1e", 3.14159, 42, -3.5, 12345))
print(("%s=%d"):rep(2, ", "):format("a", 1, "b", 2))
io.write("io.write ", 1, " ", 2.5, "\n")
io.stdout:write("stdout:write\n")
print(io.type(io.stdout), io.type(42), io.open("/nonexistent/file") == nil)
