# Builds one stage's guest tests into a static binary.
#
#   make -f labs/lib/build.mk LAB=labs/00-baseline NUM=0 OUT=<dir> VMLINUX_H=<file>
#
# Every labs/NN-name/*.bpf.c becomes a libbpf skeleton <name>.skel.h (CO-RE
# against VMLINUX_H, made from the lab kernel's BTF); every other *.c there
# is linked with labs/lib/lab.c into OUT/test, a KTAP test program. Its *.h
# are what the two sides share (both rebuild when one changes).
# Nothing here runs a BPF program: the binaries only run in the guest.

LAB ?= $(error LAB= is not set)
OUT ?= $(error OUT= is not set)
VMLINUX_H ?= $(error VMLINUX_H= is not set)

LIB := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
NUM ?= $(error NUM= (the stage number) is not set)

CLANG ?= clang
BPFTOOL ?= bpftool
CC ?= cc
BPF_CFLAGS := -g -O2 -Wall -target bpf -D__TARGET_ARCH_x86 \
	-I$(dir $(VMLINUX_H)) -I$(LIB)
CFLAGS := -g -O2 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	-DLAB_OWN_STAGE=$(NUM) -I$(OUT) -I$(LIB)
LDLIBS := -static -lbpf -lelf -lz -lzstd

BPF_SRCS := $(wildcard $(LAB)/*.bpf.c)
USER_SRCS := $(filter-out %.bpf.c,$(wildcard $(LAB)/*.c)) $(LIB)/lab.c
LAB_HDRS := $(wildcard $(LAB)/*.h)
SKELS := $(patsubst $(LAB)/%.bpf.c,$(OUT)/%.skel.h,$(BPF_SRCS))

all: $(OUT)/test

$(OUT):
	mkdir -p $@

$(OUT)/%.bpf.o: $(LAB)/%.bpf.c $(VMLINUX_H) $(wildcard $(LIB)/*.bpf.h) $(LAB_HDRS) | $(OUT)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@

$(OUT)/%.skel.h: $(OUT)/%.bpf.o
	$(BPFTOOL) gen skeleton $< name $(subst -,_,$*) > $@.tmp
	mv $@.tmp $@

$(OUT)/test: $(USER_SRCS) $(LIB)/lab.h $(LAB_HDRS) $(SKELS) | $(OUT)
	$(CC) $(CFLAGS) $(USER_SRCS) $(LDLIBS) -o $@

.PHONY: all
.DELETE_ON_ERROR:
