# Stage 5: the interpreter absorbs a bad BTF load.
#
# Stop in bpf_probe_mem() on the first load through NULL and see it give
# 0. Then stop where the page-fault handler searches the exception table
# for the load through ERR_PTR(-22), see the chain from the fault back to
# the interpreter, and see that load give 0 too.
# 'make stage-5 qemu-gdb' in one terminal, 'make stage-5 gdb' in another,
# then in the guest:
#   echo 0 > /proc/sys/net/core/bpf_jit_enable
#   LAB_FILTER=interp_faults /lab/tests/05-probe-mem-interp/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: echo 0 > /proc/sys/net/core/bpf_jit_enable; LAB_FILTER=interp_faults /lab/tests/05-probe-mem-interp/test
# lab-expect: hit Breakpoint [0-9.]+, copy_from_kernel_nofault
# lab-expect: load of [1248] bytes at 0x[0-9a-f]+
# lab-expect: bpf_probe_mem
# lab-expect: ___bpf_prog_run
# lab-expect: Value returned is \$[0-9]+ = -34
# lab-expect: destination R[0-9]+ = 0
# lab-expect: fixup_exception
# lab-expect: resume at 0x[0-9a-f]+

# bpf_probe_mem() is inlined into the interpreter; copy_from_kernel_nofault()
# is not. It is called often while the guest boots, and a conditional
# breakpoint costs a round trip to gdb at every call: arm it only once the
# test fires the fixture (btf_lab_fire_write(), the debugfs write).
break btf_lab_fire_write
continue
delete
# A load through NULL (plus the member's offset): the first page.
break copy_from_kernel_nofault if (unsigned long)src < 0x1000
continue
echo \n=== the interpreter loads through a NULL BTF pointer ===\n
printf "load of %lu bytes at 0x%lx\n", size, (unsigned long)src
bt 3
echo \n=== x86 refuses the address up front: -ERANGE, no fault ===\n
finish
echo \n=== back in the interpreter: the destination register is 0 ===\n
finish
printf "destination R%d = %llu\n", insn->dst_reg, regs[insn->dst_reg]
delete

# A load through ERR_PTR(-22): a kernel address that is not mapped.
break copy_from_kernel_nofault if (unsigned long)src > 0xffffffffffffff00
continue
printf "\nload of %lu bytes at 0x%lx\n", size, (unsigned long)src
delete
break fixup_exception
continue
echo \n=== a real page fault: the handler finds the load's fixup ===\n
printf "faulting address 0x%lx\n", fault_addr
bt 8
delete
set $regs = regs
finish
echo \n=== fixed up: the faulting load resumes at its fixup label ===\n
printf "resume at 0x%lx\n", $regs->ip
tbreak *$regs->ip
continue
echo \n=== copy_from_kernel_nofault() fails with -EFAULT: the register gets 0 ===\n
finish
printf "destination R%d = %llu\n", insn->dst_reg, regs[insn->dst_reg]
kill
