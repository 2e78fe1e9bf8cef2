-- Closures, upvalues, varargs, recursion, tail calls, multiple results,
-- goto, integer and float for loops, while/repeat.
local function counter()
  local n = 0
  return function() n = n + 1 return n end, function() return n end
end
local inc, get = counter()
inc(); inc(); inc()
print(get())
local fs = {}
for i = 1, 5 do fs[i] = function() return i * i end end
print(fs[1](), fs[3](), fs[5]())
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(fib(20))
local function sum(...)
  local s = 0
  for i = 1, select("#", ...) do s = s + (select(i, ...)) end
  return s, select("#", ...)
end
print(sum(1, 2, 3, 4.5), sum(), (sum(10, 20)))
local function tail(n, acc) if n == 0 then return acc end return tail(n - 1, acc + n) end
print(tail(100000, 0))
local function multi() return 1, 2, 3 end
local a, b, c, d = multi()
print(a, b, c, d, ({multi()})[3], #{multi(), multi()})
for i = 10, 1, -3 do io.write(i, " ") end
for x = 0, 1, 0.25 do io.write(x, " ") end
for i = math.maxinteger - 2, math.maxinteger do io.write(i, " ") end print()
local i = 0
while true do i = i + 1 if i > 5 then break end end
repeat i = i - 1 local done = i < 3 until done
print(i)
do
  local k = 1
  ::top::
  if k < 4 then io.write("k", k, " ") k = k + 1 goto top end
  print()
end
for i = 1, 3 do
  for j = 1, 3 do
    if j == 2 then goto continue end
    io.write(i, ",", j, " ")
    ::continue::
  end
end
print()
local function compose(f, g) return function(...) return f(g(...)) end end
local add1 = function(x) return x + 1 end
local dbl = function(x) return x * 2 end
print(compose(add1, dbl)(5), compose(dbl, add1)(5))
local memo = setmetatable({}, {__mode = "k"})
local function Y(f) return function(...) return f(Y(f), ...) end end
print(Y(function(self, n) if n == 0 then return 1 end return n * self(n - 1) end)(10))
local t = {}
for i = 1, 3 do local x <const> = i * 10; t[i] = function() return x end end
print(t[1](), t[2](), t[3]())
do
  local log = {}
  do
    local x <close> = setmetatable({}, {__close = function(_, e) log[#log + 1] = "closed " .. tostring(e) end})
    log[#log + 1] = "body"
  end
  print(table.concat(log, "; "))
end
print(string.rep("=", 20), load("return 1 + 2")(), load("syntax error here"))
local env = {print = print, x = 5}
print(load("x = x * 2 return x", "chunk", "t", env)(), env.x)
