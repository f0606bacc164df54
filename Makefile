# The BTF tracing lab. 'make help' lists the targets.
#
#   make stage-N            prepare the tree in work/linux for stage N
#   make stage-N boot       build, then a shell in QEMU (CMD='...' runs one command,
#                           APPEND='...' adds kernel arguments)
#   make stage-N test       grade stages 0..N (T='pattern' runs a subset, DEBUG=1 the debug kernel)
#   make stage-N qemu-gdb   QEMU paused for gdb; 'make stage-N gdb' attaches
#   make stage-N solve      commit the reference solution of stage N (PACK=file: from
#                           the instructor's pack, in a student release)
#   make stage-N submit     your commits of stages 1..N as patches in submission/NN-name/
#                           (commit and push submission/ to hand in)
#   make stage-N similarity for instructors: how much of submission/NN-name/ (or SUBMISSION=dir)
#                           stands verbatim in 6.1 and in the reference solution
#   make release DEST=dir   instructors: a student repository, without solutions/
#   make stage-N release-solution   instructors: stage N's solution pack, for students
#   make autograde STAGE=N SUBMISSIONS=dir OUT=dir [SHARD=i/n]
#                           instructors: grade a class's submissions on one warm tree
#   make autograde-merge OUT=dir   join the shards' OUT=dir/*/class.csv into dir/class.csv
#   make ref [boot|test]    the same on pristine 6.1 with the lab's fixture
#   make check              the lab's own tests (what CI runs)
#   make check-full         make check, plus the last stage on the debug kernel
#   make bench              measure the lab loop and the feature (bench/RESULTS.md)
#   make deps               install the Debian packages, build the base image (root)
#   make dev / export / retag   maintainers: patch sets <-> a git tree in work/dev
#   make mutation STAGE=N   maintainers: mutants generated from the reference's lines, each
#                           graded (solutions/NN-name/MUTATION.md)
#   make corpus             maintainers: the oracle corpus (labs/NN-name/corpus) made
#                           anew from make ref's BTF, with 6.1's verdicts recorded
#
# Stages are the folders stages/NN-name: nothing lists them by hand.

LAB := $(CURDIR)
WORK ?= $(LAB)/work
export WORK
# Where 'make stage-N submit' writes the hand-in: one folder per stage.
SUBMIT ?= $(LAB)/submission

STAGES := $(shell stages/tree stages)

# When this clone's first command ran (deps aside, which is root's): the
# driver reports the time from it to the first graded result.
ifeq ($(filter-out deps help,$(or $(MAKECMDGOALS),help)),)
else
$(shell mkdir -p "$(WORK)" && { [ -f "$(WORK)/.first-command" ] || date +%s > "$(WORK)/.first-command"; })
endif
ACTIONS := boot test qemu-gdb gdb solve submit similarity release-solution build
STAGE_GOAL := $(filter stage-%,$(MAKECMDGOALS))
ACTION := $(filter $(ACTIONS),$(MAKECMDGOALS))
WHAT := $(if $(STAGE_GOAL),$(patsubst stage-%,%,$(STAGE_GOAL)),$(if $(filter ref,$(MAKECMDGOALS)),ref))

ifneq ($(words $(STAGE_GOAL) $(filter ref,$(MAKECMDGOALS))),$(if $(WHAT),1,0))
$(error give one stage at a time, e.g. 'make stage-2 test')
endif

.PHONY: help deps check check-full bench release autograde autograde-merge dev export retag ref corpus mutation \
	$(ACTIONS) $(STAGE_GOAL)

help:
	@sed -n '3,/^#$$/p' Makefile | sed -e '/^#$$/d' -e 's/^# \{0,1\}//'
	@echo "Stages: $(STAGES)"

deps:
	@[ "$$(id -u)" = 0 ] || { echo "make deps installs packages: run it as root (sudo make deps)"; exit 2; }
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		$$(images/need --packages)
	@images/need all && echo "deps: everything the lab needs is installed"
	@echo "deps: building the guest's base image in $$(images/build-base-image --dir) (mkosi needs root)"
	@images/build-base-image
	@echo "deps: done; every other target runs as an ordinary user"

$(STAGE_GOAL):
	@n=$(WHAT); case "$$n" in ''|*[!0-9]*) echo "lab: error: '$@' is not a stage: the stages are $(STAGES)" >&2; exit 2;; esac
	@$(if $(ACTION),true,stages/tree prepare $(WORK)/linux $(WHAT) $(RESET))

ref:
	@$(if $(ACTION),true,stages/tree state $(WORK)/ref/linux ref)

boot test qemu-gdb build:
	@$(if $(WHAT),,echo "lab: error: say which stage, e.g. 'make stage-0 $@' or 'make ref $@'" >&2; exit 2)
	@labs/lib/lab $@ $(WHAT)

gdb:
	@$(if $(WHAT),,echo "lab: error: say which stage, e.g. 'make stage-0 gdb'" >&2; exit 2)
	@labs/lib/lab gdb $(WHAT)

solve:
	@$(if $(STAGE_GOAL),,echo "lab: error: say which stage, e.g. 'make stage-1 solve'" >&2; exit 2)
	@$(if $(PACK),labs/lib/release unpack $(WHAT) "$(PACK)" && )stages/tree solve $(WORK)/linux $(WHAT)

release-solution:
	@$(if $(STAGE_GOAL),,echo "lab: error: say which stage, e.g. 'make stage-1 release-solution'" >&2; exit 2)
	@labs/lib/release solution $(WHAT)

release:
	@labs/lib/release make "$(DEST)"

submit:
	@$(if $(STAGE_GOAL),,echo "lab: error: say which stage, e.g. 'make stage-1 submit'" >&2; exit 2)
	@stages/tree submit $(WORK)/linux $(WHAT) "$(SUBMIT)"

similarity:
	@$(if $(STAGE_GOAL),,echo "lab: error: say which stage, e.g. 'make stage-1 similarity'" >&2; exit 2)
	@s=$$(stages/tree stages | grep "^$$(printf %02d $(WHAT))-"); d="$(or $(SUBMISSION),$(SUBMIT))"; [ ! -d "$$d/$$s" ] || d=$$d/$$s; \
	ls "$$d"/*.patch > /dev/null 2>&1 || { echo "lab: error: no patches in $$d: run 'make stage-$(WHAT) submit' first, or give SUBMISSION=dir" >&2; exit 2; }; \
	[ -d "$(WORK)/pristine/.git" ] || { echo "lab: error: no pristine tree in $(WORK)/pristine: run 'make stage-0' first" >&2; exit 2; }; \
	sol=solutions/$$s; [ -d "$$sol" ] || sol=-; \
	python3 labs/lib/answers.py similarity "$(WORK)/pristine" "$$sol" "$$d"/*.patch

autograde:
	@labs/lib/autograde "$(STAGE)" "$(SUBMISSIONS)" "$(OUT)"

autograde-merge:
	@[ -n "$(OUT)" ] || { echo "autograde: error: say which folder holds the shards: OUT=dir" >&2; exit 2; }
	@python3 labs/lib/autograde.py merge "$(OUT)/class.csv" $(wildcard $(OUT)/*/class.csv)

check:
	@labs/lib/check

check-full:
	@CHECK_FULL=1 labs/lib/check

bench:
	@bench/run

dev:
	@stages/tree dev $(WORK)/dev

export:
	@stages/tree export $(WORK)/dev

retag:
	@stages/tree retag $(WORK)/dev

# The oracle corpus: generated from pristine 6.1's BTF (make ref's build),
# every case run on make ref (CORPUS=all prints each verdict), 6.1's
# verdicts recorded into the files, and the run repeated, which must pass.
corpus:
	@labs/lib/lab build ref
	@python3 labs/lib/corpus.py gen $(WORK)/ref/build/lab/vmlinux.h.btf labs
	@CORPUS=all T='oracle_*' labs/lib/lab test ref > $(WORK)/corpus-record.log 2>&1 || true
	@python3 labs/lib/corpus.py record labs $(WORK)/out/ref/results.ktap
	@CORPUS=all T='oracle_*' labs/lib/lab test ref > $(WORK)/corpus-check.log 2>&1 || \
		{ tail -n 30 $(WORK)/corpus-check.log; echo "corpus: make ref does not pass its own corpus (log: $(WORK)/corpus-check.log)" >&2; exit 1; }
	@python3 labs/lib/corpus.py differences labs

mutation:
	@labs/lib/mutation "$(STAGE)"
