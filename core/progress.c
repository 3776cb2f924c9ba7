/*
 * progress.c: the updating line of progress.h.  Thread-safe: a render's
 * drawing threads and its main thread may both report.
 */
#include "progress.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int on, shown;
static struct timespec last;

void progress_enable(int want)
{
	pthread_mutex_lock(&lock);
	on = want && isatty(STDERR_FILENO);
	pthread_mutex_unlock(&lock);
}

int progress_enabled(void)
{
	int v;

	pthread_mutex_lock(&lock);
	v = on;
	pthread_mutex_unlock(&lock);
	return v;
}

void progress_show(const char *fmt, ...)
{
	struct timespec now;
	va_list ap;

	pthread_mutex_lock(&lock);
	if (!on) {
		pthread_mutex_unlock(&lock);
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (shown && (now.tv_sec - last.tv_sec) * 1000000000L +
			     (now.tv_nsec - last.tv_nsec) < 100000000L) {
		pthread_mutex_unlock(&lock);
		return;
	}
	last = now;
	/* back to the start of the line, the text, the rest of the line
	 * erased (a shorter text leaves nothing of a longer one) */
	fputs("\r", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\033[K", stderr);
	fflush(stderr);
	shown = 1;
	pthread_mutex_unlock(&lock);
}

void progress_clear(void)
{
	pthread_mutex_lock(&lock);
	if (shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		shown = 0;
	}
	pthread_mutex_unlock(&lock);
}
