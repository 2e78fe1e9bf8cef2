# lit configuration for lltosimd's golden tests (LLVM 14 lit + FileCheck).
#
# Run through `go test ./tests/lit` (lit_test.go builds lltosimd and passes
# its path), or by hand:
#   python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv \
#       --param lltosimd=$PWD/bin/lltosimd tests/lit
import os

import lit.formats

config.name = 'lltosimd'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.ll', '.mir']
config.excludes = ['Inputs']
config.test_source_root = os.path.dirname(__file__)
# Keep lit's Output/ directories out of the source tree when asked to.
exec_root = lit_config.params.get('exec_root')
if exec_root:
    config.test_exec_root = exec_root

lltosimd = lit_config.params.get('lltosimd') or os.environ.get('LLTOSIMD')
if not lltosimd:
    root = os.path.dirname(os.path.dirname(config.test_source_root))
    lltosimd = os.path.join(root, 'bin', 'lltosimd')
# lit runs each test in its own directory: a path relative to where lit was
# started (`--param lltosimd=bin/lltosimd`) must be made absolute here.
lltosimd = os.path.abspath(lltosimd)
if not os.path.exists(lltosimd):
    lit_config.fatal('lltosimd binary not found at %s '
                     '(build it with `make build` or pass --param lltosimd=PATH)'
                     % lltosimd)
# The MIR verifier runs after every pass in the tests (--param verify=0
# turns it off); plain user runs do not pay for it.
verify = lit_config.params.get('verify', '1') != '0'
config.substitutions.append(
    ('%lltosimd', lltosimd + (' -verify-machineinstrs' if verify else '')))
# The BWDSP runner, built beside lltosimd (bin/ or the Go test's directory).
config.substitutions.append(
    ('%bwdsprun', os.path.join(os.path.dirname(lltosimd), 'bwdsprun')))

# FileCheck, not and count come from LLVM 14.
llvm_bin = lit_config.params.get('llvm_bin', '/usr/lib/llvm-14/bin')
config.environment['PATH'] = os.pathsep.join(
    [llvm_bin, config.environment.get('PATH', os.environ.get('PATH', ''))])
