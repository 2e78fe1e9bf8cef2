-- String library: find/match/gsub/gmatch patterns, rep, sub, byte/char,
-- upper/lower, reverse, len and # on strings with embedded zeros.
local s = "The quick brown fox jumps over the lazy dog"
print(#s, s:upper(), s:lower())
print(s:sub(5, 9), s:sub(-3), s:sub(-8, -5), s:sub(0), s:sub(100))
print(s:find("fox"), s:find("o", 20), s:find("xyz"), s:find("l.z", 1, true), s:find("l.z"))
print(s:match("(%a+) (%a+)$"), s:match("()ju()"))
for w in s:gmatch("%a%a%a%a%a") do io.write(w, ",") end print()
print(s:gsub("o", "0"), (s:gsub("%w+", string.upper, 3)))
print(("hello world"):gsub("(%w+) (%w+)", "%2 %1"))
print(("abc"):rep(3, "-"), ("x"):rep(0), ("ab"):reverse())
print(string.byte("ABC", 1, -1), string.char(72, 105, 0, 33):len())
print(("a\0b"):len(), #"a\0b\0", ("%d items"):format(3))
print(("  trim me  "):match("^%s*(.-)%s*$") .. "|")
print(("key=value; k2=v2"):gsub("(%w+)=(%w+)", "%2=%1"))
local t = {}
for k, v in ("a=1, b=22, c=333"):gmatch("(%w+)=(%w+)") do t[#t + 1] = k .. ":" .. v end
print(table.concat(t, " "))
print(("[%bxy]"):len(), ("f(a(b)c)d"):match("%b()"), ("THE (quick) fox"):find("%f[%a]%a+%f[%A]"))
print(("hello"):byte(-1), ("%a"):rep(2), ("x = %q"):format("a\nb\"c\0"))
print(tostring(12), tostring(1.5), tostring(-0.0), tostring(1e100), tostring(2^63), 10 // 3, 10.0 // 3)
print(string.format("%5s|%-5s|%.2s", "ab", "cd", "xyz"))
print(("abc"):upper():lower() == "abc", "a" < "b", "abc" < "abd", "Z" < "a", "" < "a")
print(#string.rep("ab", 1000), string.rep("ab", 1000):sub(999, 1002))
print(("one;two;;three"):gsub(";;", ";"), select("#", ("a,b,c"):gsub(",", ".")))
print(utf8 and utf8.char(72, 228, 8364, 128512), utf8.len("häll€"), #utf8.char(128512))
for p, c in utf8.codes("aé€") do io.write(p, ":", c, " ") end print()
print(utf8.codepoint("häll€", 1, -1))
print(utf8.offset("aé€b", 3), utf8.charpattern)
