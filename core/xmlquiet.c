/*
 * xmlquiet.c: see xmlquiet.h.  The flag is atomic: the renderer may use
 * libxml2 on several threads, and any of them may set it.
 */
#include "xmlquiet.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

static atomic_int oom;
static atomic_int installed;
/* the parser this thread is running (xmlquiet_parsing), or NULL, and the
 * message that ends the process if it never returns */
static _Thread_local void *parsing;
static char stuck_msg[600];
static size_t stuck_len;

static void on_stuck(int sig)
{
	ssize_t k = write(2, stuck_msg, stuck_len);

	(void)sig;
	(void)k;
	_exit(1);
}

/* An allocation failed.  libxml2 2.9.14's HTML parser answers some of its
 * own failures by setting the parser to EOF, where xmlNextChar does not
 * advance, while the loop that called it waits for a byte it will never
 * reach, so a failed allocation while importing a page (a bon_csv2html
 * page, say) can spin forever.  No safe way stops that loop from here
 * (moving the input's cursor lets other paths read past the buffer), and
 * the page is refused as out of memory anyway: so a failure during a
 * parse arms a timer of 2 s of CPU, and if the parse has not returned by
 * then the process says "out of memory" and exits 1.  Its transaction
 * never commits, so the store stays as it was. */
static void failed(void)
{
	atomic_store(&oom, 1);
	if (parsing) {
		struct itimerval t;
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_stuck;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGVTALRM, &sa, NULL);
		memset(&t, 0, sizeof(t));
		t.it_value.tv_sec = 2;
		setitimer(ITIMER_VIRTUAL, &t, NULL);
	}
}

static void *q_malloc(size_t n)
{
	void *p = malloc(n);

	if (!p)
		failed();
	return p;
}

static void *q_realloc(void *p, size_t n)
{
	void *q = realloc(p, n);

	if (!q && n)
		failed();
	return q;
}

static char *q_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = q_malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

static void q_generic(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

static void q_structured(void *ctx, xmlErrorPtr err)
{
	(void)ctx;
	(void)err;
}

void xmlquiet_begin(void)
{
	if (!atomic_exchange(&installed, 1))
		xmlMemSetup(free, q_malloc, q_realloc, q_strdup);
	/* the handlers are per thread: the ThrDef ones are what threads
	 * started later (render's drawing threads) begin with */
	xmlSetGenericErrorFunc(NULL, q_generic);
	xmlSetStructuredErrorFunc(NULL, q_structured);
	xmlThrDefSetGenericErrorFunc(NULL, q_generic);
	xmlThrDefSetStructuredErrorFunc(NULL, q_structured);
	atomic_store(&oom, 0);
}

void xmlquiet_parsing(void *ctxt, const char *name)
{
	if (ctxt) {
		int k = snprintf(stuck_msg, sizeof(stuck_msg), "benchsite: %s: "
				 "out of memory (libxml2 could not go on)\n",
				 name);

		stuck_len = k < 0 ? 0 : (size_t)k < sizeof(stuck_msg) ?
			    (size_t)k : sizeof(stuck_msg) - 1;
	} else {
		struct itimerval t;

		memset(&t, 0, sizeof(t));	/* disarmed */
		setitimer(ITIMER_VIRTUAL, &t, NULL);
	}
	parsing = ctxt;
}

int xmlquiet_oom(void)
{
	return atomic_load(&oom);
}
