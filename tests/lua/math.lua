-- The math library (libm: sin cos tan asin acos atan exp log log2 log10
-- pow sqrt fmod floor ceil modf frexp/ldexp through lua) and float/integer
-- arithmetic.
local m = math
local function p(...) local t = {...} for i = 1, select("#", ...) do t[i] = string.format("%.14g", t[i]) end print(table.concat(t, " ")) end
p(m.pi, m.huge, -m.huge, m.maxinteger + 0.0, m.mininteger + 0.0)
p(m.sin(1), m.cos(1), m.tan(1), m.sin(-2.5), m.cos(100), m.tan(1e6), m.sin(1e22), m.cos(0.5))
p(m.asin(0.5), m.acos(0.5), m.atan(1), m.atan(1, 2), m.atan(-1, -2), m.atan(0, -1), m.asin(1), m.acos(-1))
p(m.exp(1), m.exp(-1), m.exp(10.5), m.exp(700), m.exp(-745), m.exp(0))
p(m.log(2), m.log(10), m.log(1e-300), m.log(8, 2), m.log(1000, 10), m.log(81, 3), m.log(0.5, 2))
p(m.sqrt(2), m.sqrt(1e-300), m.sqrt(144), 2^0.5, 2^-0.5, 10^-3, (-8)^(1/3), 1.0001^10000)
p(m.fmod(7, 3), m.fmod(-7, 3), m.fmod(7.5, 2), m.fmod(-7.5, -2), 7 % 3, -7 % 3, 7 % -3, 7.5 % 2, -7.5 % 2)
print(m.floor(3.7), m.floor(-3.7), m.ceil(3.2), m.ceil(-3.2), m.floor(5), m.abs(-4), m.abs(-4.5), m.abs(m.mininteger))
print(m.modf(3.7), m.modf(-3.7), m.modf(5), m.modf(m.huge), m.max(3, 9, 1), m.min(3, 9, 1), m.max(1.5, 2))
print(m.ult(1, -1), m.ult(-1, 1), m.tointeger(2^31), m.fmod(5, 3), m.fmod(-5, 3), pcall(m.fmod, 5, 0))
print(7 // 2, -7 // 2, 7 // -2, 7.0 // 2, -7.0 // 2, 7 / 2, 1 // 0.0, -1 // 0.0, 0/0 ~= 0/0)
print(3 & 5, 3 | 5, 3 ~ 5, ~0, 1 << 62, 1 << 63, 1 << 64, -1 >> 1, -1 >> 63, 2^62 // 1 | 0)
print(m.maxinteger + 1 == m.mininteger, m.maxinteger * 2, m.mininteger // -1, m.mininteger % -1)
print(123456789 * 987654321, 0x7fffffff * 0x7fffffff, -123456789012 // 1000, -123456789012 % 1000)
print(5 // 0.0, -5 % m.huge, 5 % -m.huge, 2^1023 * 2, -(2^1023) * 2, 1e308 + 1e308)
print(1 < 1.5, 2^53 == 2^53 + 1, m.maxinteger < m.huge, m.mininteger <= -2^63, 1 == 1.0000000000000002)
p(m.exp(m.log(10)), m.sin(m.pi), m.cos(m.pi / 2), m.atan(m.huge), 1e-320 * 1e10)
local acc = 0
for i = 1, 200 do acc = acc + m.sin(i) * m.cos(i / 3) + m.sqrt(i) / m.log(i + 1) end
p(acc)
math.randomseed(42)
local r = {}
for i = 1, 6 do r[#r + 1] = m.random(1, 100) end
print(table.concat(r, " "), m.random(0) ~= nil, m.random() < 1)
math.randomseed(7, 3)
p(m.random(), m.random(), m.random(10))
for _, x in ipairs {0.5, 1.5, 2.5, -0.5, -1.5, 1e15 + 0.5} do io.write(string.format("%.0f ", x), m.floor(x + 0.5), " ") end print()
