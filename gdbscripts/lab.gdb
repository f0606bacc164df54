# Shared gdb setup for every stage's walk (gdbscripts/NN-name.gdb).
# 'make stage-N gdb' loads vmlinux, the kernel's scripts/gdb helpers
# (lx-dmesg, lx-symbols, lx-ps...) and this file, then the stage's script.
set pagination off
set confirm off
set print pretty on
# Under KVM, software breakpoints may be missed: use hbreak there.
# Section titles in the walks: echo \n=== title ===\n
