-- Coroutines: resume/yield with values, wrap, status, generators,
-- errors inside coroutines, isyieldable, close, yield across pcall.
local co = coroutine.create(function(a, b)
  print("start", a, b)
  local c = coroutine.yield(a + b)
  print("got", c)
  local d, e = coroutine.yield(c * 2)
  print("got", d, e)
  return "done", 99
end)
print(coroutine.resume(co, 1, 2))
print(coroutine.status(co))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, "x", "y"))
print(coroutine.status(co), coroutine.resume(co))
local function gen(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
end
local s = 0
for v in gen(100) do s = s + v end
print(s)
local function perm(a, n)
  n = n or #a
  if n <= 1 then coroutine.yield(a) else
    for i = 1, n do
      a[n], a[i] = a[i], a[n]
      perm(a, n - 1)
      a[n], a[i] = a[i], a[n]
    end
  end
end
local count, out = 0, {}
for p in coroutine.wrap(function() perm({1, 2, 3}) end) do count = count + 1 out[#out + 1] = table.concat(p) end
print(count, table.concat(out, " "))
local bad = coroutine.create(function() error("oops") end)
print(coroutine.resume(bad))
print(coroutine.status(bad))
local bad2 = coroutine.create(function() error({code = 42}) end)
local ok, e = coroutine.resume(bad2)
print(ok, type(e), e.code)
print(coroutine.isyieldable(), select(2, coroutine.running()))
co = coroutine.create(function()
  print(coroutine.isyieldable(), select(2, coroutine.running()))
  local ok, v = pcall(function() local x = coroutine.yield(1) error("after " .. x) end)
  coroutine.yield(ok, v)
  return "end"
end)
print(coroutine.resume(co))
print(coroutine.resume(co, "resume2"))
print(coroutine.resume(co))
local c2 = coroutine.create(function() coroutine.yield() end)
coroutine.resume(c2)
print(coroutine.close(c2), coroutine.status(c2))
local producer = coroutine.wrap(function()
  for _, w in ipairs {"alpha", "beta", "gamma"} do coroutine.yield(w) end
  return nil
end)
local words = {}
while true do local w = producer() if not w then break end words[#words + 1] = w:upper() end
print(table.concat(words, "+"))
print(pcall(coroutine.wrap(function() error("in wrap") end)))
local depth = 0
local function nest(n) if n == 0 then return coroutine.yield("bottom") end
  local c = coroutine.wrap(nest) depth = depth + 1 return c(n - 1) end
print(coroutine.wrap(nest)(50), depth)
