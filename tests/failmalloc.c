/*
 * failmalloc.c: an LD_PRELOAD shim that makes one allocation fail, for
 * tests/oom.test.sh.  Built only as BUILD/failmalloc.so, never linked into
 * benchsite.
 *
 * FAILMALLOC_AT=N: the Nth allocation (malloc, calloc, realloc, strdup,
 * strndup, posix_memalign, aligned_alloc; counted from 1 from the moment
 * main is called, libraries included: the shared libraries' constructors
 * run before main and are not ours to test; pixman's crash) returns NULL with errno ENOMEM; every other
 * one is served.  FAILMALLOC_COUNT=FILE: at exit, the number of
 * allocations made is written to FILE (how the test learns how many points
 * there are to fail).  Unset, the shim only counts.
 *
 * FAILMALLOC_SPARE=NAME:NAME...: allocations made directly by a shared
 * library whose file name contains one of the NAMEs (found by the return
 * address) are served and not counted.  For third-party code that crashes
 * or goes wrong silently on an allocation failure, which benchsite can
 * neither mend nor see (fontconfig, cairo, pixman, FreeType: the header of
 * tests/oom_render.test.sh says how each fails).  The C library's own
 * allocations (opendir, fopen) are spared when a spared library is on the
 * stack (backtrace(3), only then): fontconfig that cannot open a
 * configuration folder skips it silently.  A spared library's calls into
 * any other library are counted and failed.
 *
 * It forwards to the next malloc in the link order (RTLD_NEXT): glibc's,
 * or ASan's when preloaded after libasan, so the sanitizer build is
 * checked the same way (ASan intercepts strdup itself, so strdup is
 * counted and failed here).  dlsym may allocate before the real functions
 * are known; those few early blocks come from a static arena that free
 * ignores.  One thread at a time is assumed for the count (the import is
 * single-threaded); the counter is atomic anyway.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_memalign)(void **, size_t, size_t);

static atomic_long count;
static int armed;
static long fail_at = -1;
static int ready;

/* the executable ranges of the spared libraries (FAILMALLOC_SPARE) */
#define SPARE_MAX 16
static struct {
	unsigned long lo, hi;
} spare[SPARE_MAX];
static int nspare;
/* the C library's executable range: its allocations look at the stack */
static unsigned long libc_lo, libc_hi;

static _Alignas(16) char arena[1 << 16];
static size_t arena_used;

static void *arena_alloc(size_t n)
{
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (n > sizeof(arena) - arena_used)
		return NULL;
	p = arena + arena_used;
	arena_used += n;
	return p;
}

static int in_arena(const void *p)
{
	return (const char *)p >= arena && (const char *)p < arena + sizeof(arena);
}

static void report(void)
{
	const char *f = getenv("FAILMALLOC_COUNT");
	FILE *out;

	/* what the program starts after this neither counts nor fails:
	 * clang's ASan, whose exit handler runs later, starts llvm-symbolizer
	 * to match tests/lsan.supp, and its allocations are not benchsite's
	 * (its count would overwrite this one).  Not at main: the program
	 * may be timeout(1), which must pass the shim on. */
	unsetenv("LD_PRELOAD");
	if (!f || !*f)
		return;
	out = fopen(f, "w");
	if (!out)
		return;
	fprintf(out, "%ld\n", (long)atomic_load(&count));
	fclose(out);
}

static void init(void)
{
	static int busy;

	if (ready || busy)
		return;
	busy = 1;
	real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	real_memalign = (int (*)(void **, size_t, size_t))
		dlsym(RTLD_NEXT, "posix_memalign");
	ready = 1;
	busy = 0;
}

/* dl_iterate_phdr's callback: notes the executable segments of each
 * object whose name contains one of the names in data (':'-separated),
 * and the C library's */
static int find_spare(struct dl_phdr_info *info, size_t size, void *data)
{
	const char *names = data, *p;
	int i;

	(void)size;
	if (!info->dlpi_name || !*info->dlpi_name)
		return 0;
	if (strstr(info->dlpi_name, "/libc.so"))
		for (i = 0; i < info->dlpi_phnum; i++) {
			const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

			if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
				libc_lo = info->dlpi_addr + ph->p_vaddr;
				libc_hi = libc_lo + ph->p_memsz;
			}
		}
	for (p = names; *p; p += strcspn(p, ":"), p += *p == ':') {
		size_t k = strcspn(p, ":");
		const char *hit;

		if (k == 0)
			continue;
		for (hit = info->dlpi_name; (hit = strchr(hit, *p)); hit++)
			if (strncmp(hit, p, k) == 0)
				break;
		if (!hit)
			continue;
		for (i = 0; i < info->dlpi_phnum && nspare < SPARE_MAX; i++) {
			const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

			if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
				continue;
			spare[nspare].lo = info->dlpi_addr + ph->p_vaddr;
			spare[nspare].hi = spare[nspare].lo + ph->p_memsz;
			nspare++;
		}
		break;
	}
	return 0;
}

static int spared(const void *caller)
{
	unsigned long a = (unsigned long)caller;
	int i;

	for (i = 0; i < nspare; i++)
		if (a >= spare[i].lo && a < spare[i].hi)
			return 1;
	return 0;
}

/* 1 when a spared library is among the callers (a C library function
 * allocating for it); re-entered (the unwinder allocating), 1: served */
static int spared_on_stack(void)
{
	static _Thread_local int busy;
	void *frame[48];
	int n, i, hit = 0;

	if (busy)
		return 1;
	busy = 1;
	n = backtrace(frame, 48);
	for (i = 1; i < n && !hit; i++)
		hit = spared(frame[i]);
	busy = 0;
	return hit;
}

/* Called at the failure: `break failmalloc_failed` in gdb shows who
 * asked (the tests print the allocation number of each wrong outcome;
 * gdb wants `set startup-with-shell off`, or its shell is preloaded too
 * and counts). */
void failmalloc_failed(void);
__attribute__((noinline)) void failmalloc_failed(void)
{
	__asm__ volatile("");
}

/* 1 when this allocation, made from caller, is the one to fail */
static int fail_now(const void *caller)
{
	long n;

	if (!armed)
		return 0;
	if (nspare && (spared(caller) ||
		       ((unsigned long)caller >= libc_lo &&
			(unsigned long)caller < libc_hi && spared_on_stack())))
		return 0;
	n = atomic_fetch_add(&count, 1) + 1;

	if (n == fail_at) {
		failmalloc_failed();
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

/* malloc for caller (strdup's caller is the one that matters) */
static void *malloc_from(size_t n, const void *caller)
{
	if (!ready) {
		init();
		if (!ready)
			return arena_alloc(n);
	}
	if (fail_now(caller))
		return NULL;
	return real_malloc(n);
}

void *malloc(size_t n)
{
	return malloc_from(n, __builtin_return_address(0));
}

void *calloc(size_t a, size_t b)
{
	if (!ready) {
		init();
		if (!ready) {
			/* the arena is zeroed static memory, never reused */
			if (b && a > (size_t)-1 / b)
				return NULL;
			return arena_alloc(a * b);
		}
	}
	if (fail_now(__builtin_return_address(0)))
		return NULL;
	return real_calloc(a, b);
}

void *realloc(void *p, size_t n)
{
	if (!ready)
		init();
	if (p && in_arena(p)) {
		void *q = malloc_from(n, __builtin_return_address(0));

		/* an arena block is at most the arena's remainder long */
		if (q)
			memcpy(q, p, n < (size_t)(arena + sizeof(arena) -
						   (char *)p) ?
			       n : (size_t)(arena + sizeof(arena) - (char *)p));
		return q;
	}
	if (fail_now(__builtin_return_address(0)))
		return NULL;
	return real_realloc(p, n);
}

void free(void *p)
{
	if (!p || in_arena(p))
		return;
	if (!ready)
		init();
	real_free(p);
}

static int memalign_from(void **out, size_t align, size_t n,
			 const void *caller)
{
	if (!ready)
		init();
	if (fail_now(caller))
		return ENOMEM;
	return real_memalign(out, align, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	return memalign_from(out, align, n, __builtin_return_address(0));
}

void *aligned_alloc(size_t align, size_t n)
{
	void *p;

	return memalign_from(&p, align < sizeof(void *) ? sizeof(void *) :
			     align, n, __builtin_return_address(0)) ? NULL : p;
}

void *memalign(size_t align, size_t n);
void *memalign(size_t align, size_t n)
{
	void *p;

	return memalign_from(&p, align < sizeof(void *) ? sizeof(void *) :
			     align, n, __builtin_return_address(0)) ? NULL : p;
}

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc_from(n, __builtin_return_address(0));

	if (p)
		memcpy(p, s, n);
	return p;
}

char *strndup(const char *s, size_t max)
{
	size_t n = strnlen(s, max);
	char *p = malloc_from(n + 1, __builtin_return_address(0));

	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	return p;
}

/* main's wrapper: allocations count from here */
static int (*real_main)(int, char **, char **);

static int counted_main(int argc, char **argv, char **envp)
{
	/* here, not in init: init may run inside ASan's own start-up,
	 * whose atexit interceptor refuses to be called then */
	const char *s = getenv("FAILMALLOC_AT");
	const char *sp = getenv("FAILMALLOC_SPARE");

	if (s && *s)
		fail_at = strtol(s, NULL, 10);
	/* every library is loaded by now (benchsite opens none later) */
	if (sp && *sp) {
		void *frame[4];

		dl_iterate_phdr(find_spare, (void *)sp);
		/* the first backtrace loads the unwinder (and allocates):
		 * not while armed */
		backtrace(frame, 4);
	}
	atexit(report);
	armed = 1;
	return real_main(argc, argv, envp);
}

int __libc_start_main(int (*main_fn)(int, char **, char **), int argc,
		      char **argv, void (*init_fn)(void), void (*fini)(void),
		      void (*rtld_fini)(void), void *stack_end);
int __libc_start_main(int (*main_fn)(int, char **, char **), int argc,
		      char **argv, void (*init_fn)(void), void (*fini)(void),
		      void (*rtld_fini)(void), void *stack_end)
{
	int (*next)(int (*)(int, char **, char **), int, char **,
		    void (*)(void), void (*)(void), void (*)(void), void *);

	next = (int (*)(int (*)(int, char **, char **), int, char **,
			void (*)(void), void (*)(void), void (*)(void),
			void *))dlsym(RTLD_NEXT, "__libc_start_main");
	real_main = main_fn;
	return next(counted_main, argc, argv, init_fn, fini, rtld_fini,
		    stack_end);
}
