# benchsite: plain GNU make; every library through pkg-config.
#
#   make            build ./benchsite
#   make demo       install missing build packages, build, import sample-data/
#                   into ./demo.db (never ./results.db) and render ./site/
#   make check      build and run every test (SANITIZE=1: under ASan + UBSan)
#   make bench      time benchsite against the tools users would pick instead
#   make install    PREFIX=/usr/local DESTDIR=
#   make deps       install the missing Debian packages (as root), else print
#                   the apt-get line (and stop when the build needs them)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config
# icu-uc: Unicode's data for the text rule (core/textrule.c: NFC, invisible
# characters); libxml2 links it already, so it costs no new package
PKGS = sqlite3 cairo libxml-2.0 zlib icu-uc

CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Wformat=2 -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wvla -Werror
DEFS = -D_POSIX_C_SOURCE=200809L

# The sanitizer build lives in its own folder so that it never mixes with
# the normal objects; its binary is build-san/benchsite (clang's,
# build-san/clang/benchsite).
ifeq ($(FUZZ),1)
# make fuzz: clang's libFuzzer with ASan + UBSan, in build-fuzz/
CC = clang
BUILD = build-fuzz
SAN = -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
      -fno-sanitize-recover=all
BIN = $(BUILD)/benchsite
# clang also checks helpers that pass a va_list on (gcc does not)
FUZZ_WARN = -Wno-format-nonliteral
else ifeq ($(SANITIZE),1)
# make CC=clang SANITIZE=1: clang's UBSan also stops a float converted to
# an int that cannot hold it (gcc's -fsanitize=undefined does not)
BUILD = build-san$(if $(findstring clang,$(CC)),/clang)
SAN = -fsanitize=address,undefined -fno-omit-frame-pointer \
      -fno-sanitize-recover=all
BIN = $(BUILD)/benchsite
# clang links ASan's runtime into the executable, where its malloc comes
# before any preloaded library: tests/failmalloc.c would count nothing.
# Linked as a shared library (as gcc does), the shim stands in front of it.
ifneq ($(findstring clang,$(CC)),)
SAN_LD = -shared-libasan -Wl,-rpath,$(shell $(CC) -print-runtime-dir)
endif
else
BUILD = build
SAN =
BIN = benchsite
endif

PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lm -pthread
ALL_CFLAGS = $(WARN) $(FUZZ_WARN) $(DEFS) $(PKG_CFLAGS) $(SAN) $(CFLAGS)
# --build-id=sha1: the program's identity for reuse (renderer/site/site_key.c)
# is a SHA-1 of the whole linked file, whatever the linker's default
ALL_LDFLAGS = $(SAN) $(SAN_LD) -Wl,--build-id=sha1 $(LDFLAGS)

LIB_SRC = $(wildcard core/*.c schema/*.c collector/*.c collector/formats/*.c \
          analysis/*.c renderer/*.c renderer/*/*.c cli/*.c)
GEN_SRC = $(BUILD)/gen/schema_sql.c $(BUILD)/gen/templates.c
LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o) $(GEN_SRC:%.c=%.o)
TEMPLATES = $(sort $(wildcard templates/*))

# Debian packages: to build, and what the tests use besides.
DEB_BUILD = gcc make pkg-config libsqlite3-dev libcairo2-dev libxml2-dev \
            libicu-dev zlib1g-dev fonts-dejavu-core
DEB_TEST = sqlite3 bonnie++ libxml2-utils ministat groff python3 python3-scipy \
           sysbench strace chromium nodejs fio dbench hyperfine postgresql \
           btrfs-progs e2fsprogs

.PHONY: all deps demo check install uninstall clean bench sample-data fuzz \
        fuzz-bins soak valgrind

all: $(BIN)

$(BIN): $(BUILD)/main.o $(LIB_OBJ)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS)

$(BUILD)/%.o: %.c $(wildcard core/*.h schema/*.h collector/*.h \
                  collector/formats/*.h analysis/*.h renderer/*.h \
                  renderer/*/*.h cli/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# schema.sql and the templates are compiled into the binary, so an
# installed benchsite needs no data files.
$(BUILD)/gen/schema_sql.c: schema/schema.sql core/embed.sh
	@mkdir -p $(dir $@)
	sh core/embed.sh schema_sql schema/schema.sql > $@

$(BUILD)/gen/templates.c: $(TEMPLATES) core/embed.sh
	@mkdir -p $(dir $@)
	sh core/embed.sh --table templates $(TEMPLATES) > $@

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

deps:
	@missing=""; for p in $(DEB_BUILD) $(DEB_EXTRA); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' \
	    || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "benchsite needs these Debian packages; run as root:"; \
	  echo "  apt-get install -y$$missing"; \
	  for p in $$missing; do \
	    case " $(DEB_TEST) " in *" $$p "*) ;; *) exit 1 ;; esac; done; \
	  echo "(only tests need them: those tests are skipped)"; \
	fi

# What demo imports: sample-data/ but raw/ (the outputs behind runs.tsv
# and the curves' tables, which would come in again without their
# attributes) and the recipes.
DEMO_INPUTS = $(filter-out sample-data/raw sample-data/README.md \
              sample-data/%.sh,$(sort $(wildcard sample-data/*)))

# The demo has a folder of its own, demo/, with its store (made anew each
# time) and its site: ./results.db and ./site are every command's
# defaults, and may hold someone's imports and site.  A demo/ that the
# demo did not make (no demo/.benchsite-demo) is left alone.
DEMO_DIR = demo
DEMO_DB = $(DEMO_DIR)/demo.db
DEMO_SITE = $(DEMO_DIR)/site

demo: deps
	$(MAKE) all
	@if [ -e $(DEMO_DIR) ] && [ ! -e $(DEMO_DIR)/.benchsite-demo ]; then \
	  echo "make demo: $(DEMO_DIR)/ is not the demo's (no" \
	    "$(DEMO_DIR)/.benchsite-demo): move it away first" >&2; exit 1; \
	fi
	mkdir -p $(DEMO_DIR) && touch $(DEMO_DIR)/.benchsite-demo
	rm -f $(DEMO_DB) $(DEMO_DB)-wal $(DEMO_DB)-shm
	./benchsite --db $(DEMO_DB) import $(DEMO_INPUTS)
	./benchsite --db $(DEMO_DB) compare sysbench-by-fs --suite sysbench \
	  --by fs --where 'command!~=--report-interval=1' \
	  --title "sysbench on tmpfs, ext4 and XFS (make sample-data)"
	./benchsite --db $(DEMO_DB) compare pgbench-clients-sweep --suite pgbench \
	  --by label --x clients \
	  --title "pgbench TPC-B at 1 to 8 clients, synchronous_commit on and off"
	./benchsite --db $(DEMO_DB) compare fileio-over-time --suite sysbench \
	  --by fs --where 'command~=--report-interval=1' \
	  --title "sysbench fileio random read/write on ext4 and XFS, second by second"
	./benchsite --db $(DEMO_DB) compare fio-by-fs --suite fio --by fs \
	  --title "fio random read/write on tmpfs, ext4 and XFS"
	./benchsite --db $(DEMO_DB) compare bonnie-by-fs --suite bonnie++ \
	  --by fs --title "bonnie++ on tmpfs, ext4 and XFS (make sample-data)"
	./benchsite --db $(DEMO_DB) compare bonnie-by-setup --suite bonnie++ \
	  --title "bonnie++ by setup, every run (by hand and make sample-data)"
	./benchsite --db $(DEMO_DB) compare mysql-versions-on-filesystems \
	  --suite mysql-on-filesystems --by fs --split mysql,settings \
	  --title "MySQL 3.23.51 and 4.1.10 on ext3, XFS and ReiserFS"
	./benchsite --db $(DEMO_DB) compare supersmack-os-write-cache \
	  --suite super-smack --by os --split write_cache \
	  --title "Super Smack, MySQL 4.1.18 InnoDB: FreeBSD 6.1 and Debian 3.1, disk write cache on and off"
	./benchsite --db $(DEMO_DB) render --out $(DEMO_SITE)
	@echo "$(CURDIR)/$(DEMO_SITE)/index.html"

# Reruns the benchmarks of sample-data/runs.tsv and raw/, then those of
# the curves (pgbench-clients-sweep.tsv, fileio-over-time.tsv, raw/curves/)
# on this machine (as root: they mount a tmpfs, XFS and ext4 images, start
# MariaDB and PostgreSQL on loopback); see sample-data/make.sh, curves.sh.
sample-data: all
	sh sample-data/make.sh
	sh sample-data/curves.sh

check:
	$(MAKE) deps DEB_EXTRA="$(DEB_TEST)"
	$(MAKE) $(BIN) $(BUILD)/unit $(BUILD)/fuzz-replay \
	  $(BUILD)/benchsite-deferred $(BUILD)/failmalloc.so
	sh tests/run.sh $(BIN) $(BUILD)/unit

# The long tier: every test with SOAK=1 (more kill points, the 50 MB
# .gz import, the fuzzers' grown corpora replayed), then the fuzzers.
soak:
	$(MAKE) deps DEB_EXTRA="$(DEB_TEST)"
	$(MAKE) $(BIN) $(BUILD)/unit $(BUILD)/fuzz-replay \
	  $(BUILD)/benchsite-deferred $(BUILD)/failmalloc.so
	SOAK=1 sh tests/run.sh $(BIN) $(BUILD)/unit
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_SECONDS)

# The CLI tests with benchsite under valgrind: no error, no definitely
# lost byte (tests/valgrind.sh).
VALGRIND_TESTS = cli.test.sh store.test.sh malformed.test.sh \
                 lifecycle.test.sh
valgrind:
	$(MAKE) $(BIN) $(BUILD)/unit
	sh tests/valgrind.sh $(BIN) $(BUILD)/unit $(VALGRIND_TESTS)

UNIT_SRC = $(wildcard tests/unit/*.c)
$(BUILD)/unit: $(UNIT_SRC:%.c=$(BUILD)/%.o) $(LIB_OBJ)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS)

# Timing runs, never part of check: bench/run.sh prints the table of ratios
# (bench/README.md).
bench: $(BIN) $(BUILD)/bench/chartbench $(BUILD)/bench/runtime
	sh bench/run.sh $(BIN) $(BUILD)/bench

$(BUILD)/bench/chartbench: $(BUILD)/bench/chartbench.o $(LIB_OBJ)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS)

$(BUILD)/bench/runtime: $(BUILD)/bench/runtime.o
	$(CC) $(ALL_LDFLAGS) -o $@ $^

# The negative control of tests/hardening.test.sh: benchsite with a
# deferred BEGIN (store.c), built only here, never installed.
$(BUILD)/test-deferred/store.o: schema/store.c $(wildcard schema/*.h core/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DBENCHSITE_TEST_DEFERRED_BEGIN -c -o $@ $<

$(BUILD)/benchsite-deferred: $(BUILD)/main.o $(BUILD)/test-deferred/store.o \
                             $(filter-out $(BUILD)/schema/store.o,$(LIB_OBJ))
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS)

# The allocation-failure shim of tests/oom*.test.sh: preloaded, never
# linked in; not instrumented (it stands in front of the sanitizer's malloc).
$(BUILD)/failmalloc.so: tests/failmalloc.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 -fPIC -shared -o $@ $< -ldl

# Fuzzing (tests/fuzz/README.md).  fuzz-replay runs the stored corpora in
# any build (make check); make fuzz builds one libFuzzer binary per target
# with clang and runs each for FUZZ_SECONDS, seeded from the repository's
# inputs and, read in place, ../shared/corpus.  The targets are what
# `fuzz-replay list` prints: one per format of the registry
# (collector/registry.c) and the others of tests/fuzz/targets.c, so a new
# format is fuzzed without a line here.
FUZZ_SECONDS ?= 60
# small inputs run ~10x faster and reach the same parser states; seeds
# longer than this are cut
FUZZ_MAX_LEN ?= 8192
FUZZ_SEEDS = sample-data tests/fixtures tests/tables \
             $(wildcard ../shared/corpus)
FUZZ_OBJ = $(BUILD)/tests/fuzz/targets.o
# the plain build's lister (make fuzz runs outside FUZZ=1)
FUZZ_LIST = build/fuzz-replay

$(BUILD)/fuzz-replay: $(BUILD)/tests/fuzz/replay.o $(FUZZ_OBJ) $(LIB_OBJ)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS)

$(BUILD)/fuzz-%: tests/fuzz/libfuzzer.c $(FUZZ_OBJ) $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -DFUZZ_TARGET='"$*"' -fsanitize=fuzzer \
	  -o $@ $^ $(PKG_LIBS)

fuzz-bins:
	$(MAKE) FUZZ= SANITIZE= $(FUZZ_LIST)
	$(MAKE) FUZZ=1 $$($(FUZZ_LIST) list | sed 's|^|build-fuzz/fuzz-|')

fuzz: fuzz-bins
	@mkdir -p build-fuzz/findings
	@for t in $$($(FUZZ_LIST) list); do \
	  mkdir -p build-fuzz/corpus/$$t; \
	  echo "# fuzz $$t for $(FUZZ_SECONDS) s"; \
	  seeds=""; for d in tests/fuzz/corpus/$$t tests/fuzz/regress/$$t; do \
	    if [ -d $$d ]; then seeds="$$seeds $$d"; fi; done; \
	  ./build-fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=build-fuzz/findings/$$t- \
	    build-fuzz/corpus/$$t $$seeds $(FUZZ_SEEDS) \
	    > build-fuzz/$$t.log 2>&1 \
	    || { tail -40 build-fuzz/$$t.log; exit 1; }; \
	  grep -h 'stat::number_of_executed_units' build-fuzz/$$t.log; \
	done

install: all
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/benchsite
	install -d $(DESTDIR)$(MANDIR)/man1
	install -m 644 benchsite.1 $(DESTDIR)$(MANDIR)/man1/benchsite.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/benchsite $(DESTDIR)$(MANDIR)/man1/benchsite.1

clean:
	rm -rf build build-san build-fuzz benchsite
