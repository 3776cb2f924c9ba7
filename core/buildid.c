/*
 * buildid.c: see buildid.h.  The note is found through the program
 * headers the kernel hands every process (AT_PHDR), so nothing is read
 * from disk.
 */
#include "buildid.h"

#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>

#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

/* The build ID note among the notes at p[0..n), each padded to align. */
static size_t find_note(const unsigned char *p, size_t n, size_t align,
			const unsigned char **id)
{
	while (n >= sizeof(ElfW(Nhdr))) {
		ElfW(Nhdr) h;
		size_t name, desc, all;

		memcpy(&h, p, sizeof(h));
		name = ((size_t)h.n_namesz + align - 1) & ~(align - 1);
		desc = ((size_t)h.n_descsz + align - 1) & ~(align - 1);
		all = sizeof(h) + name + desc;
		if (name > n || desc > n || all > n)
			return 0;
		if (h.n_type == NT_GNU_BUILD_ID && h.n_namesz == 4 &&
		    memcmp(p + sizeof(h), "GNU", 4) == 0 && h.n_descsz > 0) {
			*id = p + sizeof(h) + name;
			return h.n_descsz;
		}
		p += all;
		n -= all;
	}
	return 0;
}

size_t build_id(const unsigned char **id)
{
	const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
	size_t n = (size_t)getauxval(AT_PHNUM), i, k;
	uintptr_t base = 0;

	if (!ph || n == 0)
		return 0;
	/* where the program was loaded: the headers' own address less the
	 * address the file gives them (0 for a program not built as PIE,
	 * which has no PT_PHDR or one at its load address) */
	for (i = 0; i < n; i++)
		if (ph[i].p_type == PT_PHDR)
			base = (uintptr_t)ph - (uintptr_t)ph[i].p_vaddr;
	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_NOTE)
			continue;
		k = find_note((const unsigned char *)(base + ph[i].p_vaddr),
			      (size_t)ph[i].p_memsz,
			      ph[i].p_align == 8 ? 8 : 4, id);
		if (k)
			return k;
	}
	return 0;
}
