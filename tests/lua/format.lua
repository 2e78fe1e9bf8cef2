-- string.format and number-to-string conversions: %d %i %u %x %X %o %c
-- %e %E %f %g %G %a %q %s with flags, widths and precisions, and the %.14g
-- of tostring.
local f = string.format
print(f("%d %5d %-5d| %05d %+d %i", 42, 42, 42, 42, 42, -7))
print(f("%x %X %#x %o %#o %c%c", 255, 255, 255, 8, 8, 76, 117))
print(f("%d %d", math.maxinteger, math.mininteger))
print(f("%x", -1), f("%5.3d", 7), f("%.0d", 0) .. "|")
print(f("%e %E %.3e %10.2e|", 12345.678, 0.000123, 1/3, -5e-300))
print(f("%f %.0f %.1f %10.4f %-10.2f|", 3.14159, 2.5, 0.05, -1/7, 1e3))
print(f("%g %g %g %g %g %g", 100000, 1000000, 1e-4, 1e-5, 0.1, 123456789))
print(f("%G %.3g %#g %g %g", 1e-10, 2/3, 1.0, 1e300 * 1e10, -(1e300 * 1e10)))
print(f("%.14g %.14g %.14g %.17g", 0.1, 1/3, 2^53 + 1, 0.1))
print(f("%a %a %A %.3a", 1.0, 0.1, 255.5, math.pi))
print(f("%q %q %q", 1/3, 42, math.mininteger))
print(f("%q", "tab\there\r\n\\ \1\127 \200"))
print(f("%s %s %s %s", nil, true, 12, 1.25), f("%10.3s|", "abcdef"))
print(f("%%"), f("%5.1f%%", 99.44))
print(1e15, 1e16, 123456789012345, 2^53, -2^63, 1e-7, 5e-324, 1.7976931348623157e308)
print(0.1 + 0.2, 100 / 3, -1 / 3, 1 / 0, -1 / 0, 3.0, -0.0, 1e300 * 1e300)
print(tostring(0/0) == tostring(0/0), math.tointeger(3.0), math.tointeger(3.5), 3 | 0)
print(string.format("%.3f", 2.0005), string.format("%.2f", 1.005), string.format("%.20f", 0.1))
print(string.format("%g", 2^-1074), string.format("%.30g", 2^-30), string.format("%g", 1e21))
print(tonumber("0x10"), tonumber("1e2"), tonumber("  12  "), tonumber("0x1p4"), tonumber("1e"),
      tonumber("10", 2), tonumber("ff", 16), tonumber("zz", 36), tonumber("8", 8), tonumber(""))
print(tonumber("0x7fffffffffffffff"), tonumber("0xffffffffffffffff"), tonumber("9223372036854775808"),
      tonumber("1.5e308"), tonumber("2.5e-310"), tonumber(".5"), tonumber("5."), tonumber("0x.8"))
print(math.type(1), math.type(1.0), math.type("1"), 1 == 1.0, "10" + 1, "3.5" * 2, 10 .. 20)
