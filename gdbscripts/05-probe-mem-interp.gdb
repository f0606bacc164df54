# Stage 5: the interpreter absorbs a bad BTF load.
#
# Stop in bpf_probe_mem() on the first load through NULL and see it give
# 0. Then stop in it for the load through the vmalloc guard page (the
# 'guard' scenario: a canonical kernel address that is not mapped), stop
# again where the page-fault handler finds the exception-table entry of
# the load that faulted, see where it resumes, and see bpf_probe_mem()
# give 0 for that load too.
#
# It stops only in bpf_probe_mem() (the skeleton's, noinline) and in what
# 6.1 itself runs on a fault (fixup_exception()), so it works whatever
# your bpf_probe_mem() calls to read: copy_from_kernel_nofault(),
# get_kernel_nofault(), or your own exception-table entry. A line
# "--- waiting for: ..." says what the next continue waits for; on a
# tree that never gets there, that is the last line.
#
# 'make stage-5 qemu-gdb' in one terminal, 'make stage-5 gdb' in another,
# then in the guest:
#   echo 0 > /proc/sys/net/core/bpf_jit_enable
#   LAB_FILTER=interp_faults /lab/tests/05-probe-mem-interp/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: echo 0 > /proc/sys/net/core/bpf_jit_enable; LAB_FILTER=interp_faults /lab/tests/05-probe-mem-interp/test
# lab-expect: hit Breakpoint [0-9.]+, bpf_probe_mem
# lab-expect: load of [1248] bytes at 0x[0-9a-f]+ \(NULL
# lab-expect: ___bpf_prog_run
# lab-expect: NULL: bpf_probe_mem\(\) gave 0$
# lab-expect: load of [1248] bytes at 0x[0-9a-f]+ \(the guard page
# lab-expect: fixup_exception
# lab-expect: resume at 0x[0-9a-f]+
# lab-expect: guard: bpf_probe_mem\(\) gave 0$

# bpf_probe_mem() runs for every BTF load, and the tests load many while
# the guest boots: arm its breakpoints only once the test fires the
# fixture (btf_lab_fire_write(), the debugfs write).
echo --- waiting for: the test's first fire of the fixture\n
break btf_lab_fire_write
continue
delete

# A load through NULL (plus the member's offset): the first page.
break bpf_probe_mem if addr < 0x1000
echo --- waiting for: bpf_probe_mem() on a load through NULL\n
continue
echo \n=== the interpreter loads through a NULL BTF pointer ===\n
printf "load of %u bytes at 0x%lx (NULL plus the member's offset)\n", size, addr
bt 2
delete
echo --- waiting for: bpf_probe_mem() to return for that load\n
finish
printf "NULL: bpf_probe_mem() gave %llu\n", $

# A load through the guard page after the fixture's vmalloc() page, which
# the fixture makes on the first 'guard' fire: until then btf_lab_vobj is
# NULL, and the range below is the second page, which no load hits.
break bpf_probe_mem if addr - ((unsigned long)btf_lab_vobj + 4096) < 4096
echo --- waiting for: bpf_probe_mem() on a load through the guard page\n
continue
echo \n=== a load through the vmalloc guard page: mapped by nothing ===\n
printf "load of %u bytes at 0x%lx (the guard page after 0x%lx)\n", size, addr, (unsigned long)btf_lab_vobj
delete
break fixup_exception
echo --- waiting for: the page-fault handler's fixup_exception()\n
continue
echo \n=== a real page fault: the handler looks up the load's exception-table entry ===\n
printf "faulting address 0x%lx\n", fault_addr
bt 4
delete
set $regs = regs
finish
echo \n=== fixed up: the faulting instruction resumes at its fixup ===\n
printf "resume at 0x%lx\n", $regs->ip
tbreak *$regs->ip
continue
# Up to bpf_probe_mem()'s frame, however deep the read was, and out of it.
set $up = 0
while !$_caller_is("bpf_probe_mem", 0) && $up < 8
  up-silently
  set $up = $up + 1
end
echo --- waiting for: bpf_probe_mem() to return for that load\n
finish
printf "guard: bpf_probe_mem() gave %llu\n", $
echo --- the walk is complete\n
kill
