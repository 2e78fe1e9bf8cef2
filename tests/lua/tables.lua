-- Tables: constructors, length, insert/remove/concat/sort/unpack/move,
-- ipairs, pairs over sorted keys, nested tables, integer/float keys.
local t = {10, 20, 30, x = 1, y = 2, [3.0] = "three", [-1] = "neg"}
print(#t, t[3], t.x, t[-1], t[1.0], rawlen(t), rawequal(t, t), rawget(t, "y"))
table.insert(t, 40); table.insert(t, 1, 5)
print(table.concat(t, ","), table.remove(t), table.remove(t, 1), table.concat(t, ","))
local big = {}
for i = 1, 1000 do big[i] = (i * 7919) % 1009 end
table.sort(big)
print(big[1], big[500], big[1000], #big)
table.sort(big, function(a, b) return a > b end)
print(big[1], big[2], big[1000])
local words = {"pear", "apple", "fig", "banana", "cherry", "date"}
table.sort(words)
print(table.concat(words, " "))
table.sort(words, function(a, b) return #a < #b or (#a == #b and a < b) end)
print(table.concat(words, " "))
print(table.unpack({1, 2, 3})); print(table.unpack({1, 2, 3}, 2)); print(select("#", table.unpack({}, 1, 3)))
local mv = table.move({1, 2, 3, 4, 5}, 2, 4, 1)
print(table.concat(mv, ","), table.concat(table.move({1, 2, 3}, 1, 3, 3, {}), ",", 3, 5))
local p = table.pack(1, nil, 3)
print(p.n, p[1], p[2], p[3])
local keys = {}
local h = {alpha = 1, beta = 2, gamma = 3, delta = 4, [1] = "one", [2] = "two", [100] = "hundred"}
for k in pairs(h) do keys[#keys + 1] = tostring(k) end
table.sort(keys)
print(table.concat(keys, " "))
for i, v in ipairs({"a", "b", nil, "d"}) do io.write(i, v, " ") end print()
local m = {}
for i = 1, 10 do m[i] = {} for j = 1, 10 do m[i][j] = i * j end end
local s = 0
for i = 1, 10 do for j = 1, 10 do s = s + m[i][j] end end
print(s, m[7][8], #m, #m[10])
local holes = {}
for i = 1, 100 do holes[i * 2] = i end
local cnt = 0
for k, v in pairs(holes) do cnt = cnt + v end
print(cnt, holes[200], holes[199])
local set = {}
for i = 1, 5000 do set["k" .. i % 777] = (set["k" .. i % 777] or 0) + 1 end
local n, tot = 0, 0
for k, v in pairs(set) do n = n + 1; tot = tot + v end
print(n, tot, set.k0, set.k776)
t = {}
t[1.5] = "a"; t[2^53] = "b"; t[-0.0] = "z"
print(t[1.5], t[2^53], t[0], next({}), type(next({5})))
print(pcall(function() local x = {} x[nil] = 1 end))
print(pcall(function() local x = {} x[0/0] = 1 end))
print(#"", #{n = 1}, #{1, 2, nil}, select(-1, 1, 2, 3), select(2, "a", "b", "c"))
