# Stage 0: a first gdb walk through the lab kernel.
#
# Stop in the fixture as it fires, look at what the btf_lab_probe
# tracepoint hands to BPF programs, and read the kernel log from gdb.
# 'make stage-0 qemu-gdb' in one terminal, 'make stage-0 gdb' in another,
# then in the guest:  echo valid > /sys/kernel/debug/btf_lab/fire
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: echo valid > /sys/kernel/debug/btf_lab/fire
# lab-expect: Breakpoint 1, btf_lab_fire_once
# lab-expect: = BTF_LAB_VALID
# lab-expect: u32v = [0-9]+
# lab-expect: next = 0x[0-9a-f]+ <btf_lab_objs\+[0-9]+>
# lab-expect: btf_lab_fire_write

break btf_lab_fire_once
echo --- waiting for: the fixture to fire (btf_lab_fire_once())\n
continue
echo \n=== the fixture fires: btf_lab_fire_once(scenario, ubuf) ===\n
print scenario
bt 2
finish
echo \n=== the object the tracepoint passed as obj ===\n
print btf_lab_objs[0]
echo \n=== ground truth, as /sys/kernel/debug/btf_lab/last shows it ===\n
print btf_lab_num
print btf_lab_objs[0].next->u32v
echo \n=== the kernel logs last lines (lx-dmesg) ===\n
lx-dmesg
echo --- the walk is complete\n
kill
