/*
 * buildid.h: the GNU build ID the linker wrote into this program.
 */
#ifndef BENCHSITE_BUILDID_H
#define BENCHSITE_BUILDID_H

#include <stddef.h>

/* The bytes of the running program's NT_GNU_BUILD_ID note into *id (in
 * the loaded image, never freed) and their count; 0 when the program has
 * none (linked with --build-id=none, or not an ELF program). */
size_t build_id(const unsigned char **id);

#endif
