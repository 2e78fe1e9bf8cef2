-- Metatables: arithmetic, comparison, concat, len, index/newindex chains,
-- call, tostring, eq, close, inheritance (a small class system), rawset,
-- proxies, __pairs is gone in 5.4 (__pairs still honoured by pairs).
local V = {}
V.__index = V
local function vec(x, y) return setmetatable({x = x, y = y}, V) end
V.__add = function(a, b) return vec(a.x + b.x, a.y + b.y) end
V.__sub = function(a, b) return vec(a.x - b.x, a.y - b.y) end
V.__mul = function(a, b) if type(a) == "number" then return vec(a * b.x, a * b.y) end return a.x * b.x + a.y * b.y end
V.__unm = function(a) return vec(-a.x, -a.y) end
V.__eq = function(a, b) return a.x == b.x and a.y == b.y end
V.__lt = function(a, b) return a:len() < b:len() end
V.__le = function(a, b) return a:len() <= b:len() end
V.__len = function(a) return 2 end
V.__tostring = function(a) return "(" .. a.x .. ", " .. a.y .. ")" end
V.__concat = function(a, b) return tostring(a) .. tostring(b) end
V.__call = function(self, k) return self[k] end
V.__idiv = function(a, n) return vec(a.x // n, a.y // n) end
V.__mod = function(a, n) return vec(a.x % n, a.y % n) end
V.__band = function(a, b) return "band" end
V.__shl = function(a, b) return "shl" end
V.__bnot = function(a) return "bnot" end
function V:len() return math.sqrt(self.x * self.x + self.y * self.y) end
local a, b = vec(1, 2), vec(3, 4)
print(tostring(a + b), tostring(a - b), a * b, tostring(2 * a), tostring(-a))
print(a == vec(1, 2), a ~= b, a < b, b <= a, #a, a .. b, a("y"), tostring(b // 2), tostring(b % 3))
print(a & b, a << 1, ~a, b:len())
local Animal = {} Animal.__index = Animal
function Animal.new(name, sound) return setmetatable({name = name, sound = sound}, Animal) end
function Animal:speak() return self.name .. " says " .. self.sound end
local Dog = setmetatable({}, {__index = Animal}) Dog.__index = Dog
function Dog.new(name) local d = Animal.new(name, "woof") return setmetatable(d, Dog) end
function Dog:fetch() return self.name .. " fetches" end
local d = Dog.new("Rex")
print(d:speak(), d:fetch(), getmetatable(d) == Dog, rawget(d, "speak"))
local log = {}
local proxy = setmetatable({}, {
  __index = function(t, k) log[#log + 1] = "get " .. tostring(k) return k .. "!" end,
  __newindex = function(t, k, v) log[#log + 1] = "set " .. tostring(k) rawset(t, k, v) end})
print(proxy.foo, proxy.bar)
proxy.baz = 1
proxy.baz = 2
print(proxy.baz, table.concat(log, ","))
local defaults = setmetatable({}, {__index = {color = "red", size = 10}})
defaults.size = 20
print(defaults.color, defaults.size, rawget(defaults, "color"))
local ro = setmetatable({}, {__newindex = function() error("read-only table", 2) end, __metatable = "locked"})
print(pcall(function() ro.x = 1 end))
print(getmetatable(ro), pcall(setmetatable, ro, {}))
print(getmetatable("abc").__index == string, ("x"):rep(3))
local mt = {__pairs = function(t) return function(_, k) if not k then return 1, "one" end end, t, nil end}
for k, v in pairs(setmetatable({}, mt)) do print("pairs:", k, v) end
local cnt = setmetatable({}, {__index = function(t, k) local v = k * 2 rawset(t, k, v) return v end})
print(cnt[21], rawget(cnt, 21), rawget(cnt, 22))
local weak = setmetatable({}, {__mode = "v"})
weak[1] = {}
collectgarbage() collectgarbage()
print(weak[1] == nil, collectgarbage("count") > 0, collectgarbage("isrunning"))
local gcran = false
do local x = setmetatable({}, {__gc = function() gcran = true end}) end
collectgarbage()
print("gc ran:", gcran)
local eqa = setmetatable({}, {__eq = function() return true end})
local eqb = setmetatable({}, {__eq = function() return true end})
print(eqa == eqb, eqa == 1, rawequal(eqa, eqb))
print(tostring(setmetatable({}, {__name = "MyType"})):match("^MyType: ") ~= nil)
local idx = setmetatable({}, {__index = setmetatable({a = 1}, {__index = setmetatable({b = 2}, {__index = {c = 3}})})})
print(idx.a, idx.b, idx.c, idx.d)
local cls = setmetatable({}, {__close = true})
print(pcall(function() local x <close> = 42 end))
