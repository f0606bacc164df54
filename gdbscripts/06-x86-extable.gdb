# Stage 6: a fault in a JITed program, fixed up from its exception table.
#
# Note the program each fire of btf_lab_probe runs (bpf_trace_run7()).
# Stop in ex_handler_bpf() on the first fault: the unmapped scenario of
# jit_dst_regs, the load into R0 (rax), preset to the marker 0x5a5a000000005a00.
# Print the faulting instruction and the JITed program it lies in, its
# whole exception table (lab-extable), the entry's skip length and
# register ($lab_pt_reg()), the register before and after the fixup; then
# stop back in the program, after the skipped load.
# 'make stage-6 qemu-gdb' in one terminal, 'make stage-6 gdb' in another,
# then in the guest:
#   LAB_FILTER=jit_dst_regs /lab/tests/06-x86-extable/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=jit_dst_regs /lab/tests/06-x86-extable/test
# lab-expect: hit Breakpoint [0-9.]+, ex_handler_bpf
# lab-expect: fault at 0x[0-9a-f]+ in bpf_prog_[0-9a-f]+
# lab-expect: ip is [0-9]+ bytes into the program
# lab-expect: fixup_exception
# lab-expect: bpf_prog_[0-9a-f]+(_[a-z_0-9]+)?: [0-9]+ entries
# lab-expect: \[0\] load at \+[0-9]+: skip [0-9]+ bytes, zero pt_regs\+[0-9]+ \([a-z0-9]+\), type [0-9]+
# lab-expect: entry: skip [0-9]+ bytes, zero pt_regs\+[0-9]+ \(ax\)
# lab-expect: ax before: 0x5a5a000000005a00
# lab-expect: ax after: 0x0
# lab-expect: resume at 0x[0-9a-f]+, [0-9]+ bytes into the program
# lab-expect: back in the program: rax = 0x0

# The program each fire runs: btf_lab_probe has seven arguments.
set $lab_prog = 0
break bpf_trace_run7
commands
  silent
  set $lab_prog = prog
  continue
end

break ex_handler_bpf
echo --- waiting for: a fault in a JITed program (ex_handler_bpf())\n
continue
delete 1
echo \n=== a BTF load faulted in a JITed program ===\n
set $regs = regs
set $x = x
set $ip = $regs->ip
printf "fault at 0x%lx in %s\n", $ip, $lab_prog->aux->ksym.name
printf "the program: 0x%lx, %u bytes; ip is %lu bytes into the program\n", $lab_prog->bpf_func, $lab_prog->jited_len, $ip - (unsigned long)$lab_prog->bpf_func
echo the load, after 6.1's address check:\n
x/2i $ip
bt 4

echo \n=== the program's exception table (lab-extable) ===\n
lab-extable $lab_prog

echo \n=== the entry of this load (the seed's encoding) ===\n
set $skip = $x->fixup & 0xff
set $off = $x->fixup >> 8
set $slot = (unsigned long *)((char *)$regs + $off)
set $lab_s0 = $lab_pt_reg($off)
printf "entry: skip %d bytes, zero pt_regs+%d (%s)\n", $skip, $off, $lab_s0
set $lab_s0 = $lab_pt_reg($off)
printf "%s before: 0x%lx\n", $lab_s0, *$slot
echo --- waiting for: ex_handler_bpf() to return\n
finish
echo \n=== fixed up ===\n
set $lab_s0 = $lab_pt_reg($off)
printf "%s after: 0x%lx\n", $lab_s0, *$slot
printf "resume at 0x%lx, %lu bytes into the program\n", $regs->ip, $regs->ip - (unsigned long)$lab_prog->bpf_func
tbreak *$regs->ip
echo --- waiting for: the program to resume after the load\n
continue
printf "\nback in the program: rax = 0x%lx, at\n", $rax
x/2i $pc
echo --- the walk is complete\n
kill
