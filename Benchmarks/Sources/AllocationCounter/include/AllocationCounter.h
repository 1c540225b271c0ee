#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Counts allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign,
/// valloc, pvalloc) made by any thread while counting is on.
///
/// On Linux with glibc the executable defines those functions itself and forwards each to glibc's
/// own `__libc_*` entry point: symbols defined in the executable take precedence over libc's, so
/// every library in the process (the Swift runtime included) allocates through them. Elsewhere
/// nothing is interposed and `allocation_counter_is_available()` returns 0.

/// Starts counting (from the current total; see `allocation_counter_total`).
void allocation_counter_start(void);

/// Stops counting.
void allocation_counter_stop(void);

/// The number of allocation calls counted so far.
uint64_t allocation_counter_total(void);

/// Bytes allocated minus bytes freed, by each block's `malloc_usable_size`, while counting (glibc
/// only; 0 elsewhere).
int64_t allocation_counter_net_bytes(void);

/// 1 if this platform's allocator is interposed, else 0 (a build-time fact; the benchmark also
/// checks at run time that a known allocation is seen).
int allocation_counter_is_available(void);

/// Allocates and frees `size` bytes through `malloc`, so a self-test can check the count moves.
void allocation_counter_probe(uint64_t size);

#endif
