# Builds one stage's guest tests into a static binary.
#
#   make -f labs/lib/build.mk LAB=labs/00-baseline NUM=0 OUT=<dir> VMLINUX_H=<file>
#	[HIDDEN=labs-instructor/00-baseline]
#
# Every labs/NN-name/*.bpf.c becomes a libbpf skeleton <name>.skel.h (CO-RE
# against VMLINUX_H, made from the lab kernel's BTF); every other *.c there
# is linked with labs/lib/lab.c into OUT/test, a KTAP test program (and
# labs/lib/corpus.c, the oracle corpus' runner, when the stage has a corpus). Its *.h
# are what the two sides share (both rebuild when one changes).
# HIDDEN, when given, is the stage's instructor-only tests: its *.c and
# *.bpf.c go into the same binary, and may include the stage's own *.h.
# Nothing here runs a BPF program: the binaries only run in the guest.

LAB ?= $(error LAB= is not set)
OUT ?= $(error OUT= is not set)
VMLINUX_H ?= $(error VMLINUX_H= is not set)

LIB := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
NUM ?= $(error NUM= (the stage number) is not set)
HIDDEN ?=

CLANG ?= clang
BPFTOOL ?= bpftool
CC ?= cc
BPF_CFLAGS := -g -O2 -Wall -target bpf -D__TARGET_ARCH_x86 \
	-I$(dir $(VMLINUX_H)) -I$(LAB) -I$(LIB)
CFLAGS := -g -O2 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	-DLAB_OWN_STAGE=$(NUM) -I$(OUT) -I$(LAB) -I$(LIB)
LDLIBS := -static -lbpf -lelf -lz -lzstd

DIRS := $(LAB) $(HIDDEN)
BPF_SRCS := $(foreach d,$(DIRS),$(wildcard $(d)/*.bpf.c))
USER_SRCS := $(filter-out %.bpf.c,$(foreach d,$(DIRS),$(wildcard $(d)/*.c))) $(LIB)/lab.c \
	$(if $(wildcard $(LAB)/corpus),$(LIB)/corpus.c)
LAB_HDRS := $(foreach d,$(DIRS),$(wildcard $(d)/*.h))
SKELS := $(patsubst %.bpf.c,$(OUT)/%.skel.h,$(notdir $(BPF_SRCS)))
vpath %.bpf.c $(DIRS)

all: $(OUT)/test

$(OUT):
	mkdir -p $@

$(OUT)/%.bpf.o: %.bpf.c $(VMLINUX_H) $(wildcard $(LIB)/*.bpf.h) $(LAB_HDRS) | $(OUT)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@

$(OUT)/%.skel.h: $(OUT)/%.bpf.o
	$(BPFTOOL) gen skeleton $< name $(subst -,_,$*) > $@.tmp
	mv $@.tmp $@

# The list of sources: a test that leaves a folder leaves the binary too.
$(OUT)/sources: FORCE | $(OUT)
	@echo '$(USER_SRCS) $(BPF_SRCS)' | cmp -s - $@ || echo '$(USER_SRCS) $(BPF_SRCS)' > $@

$(OUT)/test: $(USER_SRCS) $(LIB)/lab.h $(LAB_HDRS) $(SKELS) $(OUT)/sources | $(OUT)
	$(CC) $(CFLAGS) $(USER_SRCS) $(LDLIBS) -o $@

.PHONY: all FORCE
.DELETE_ON_ERROR:
