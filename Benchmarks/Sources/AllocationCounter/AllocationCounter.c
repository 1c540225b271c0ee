#include "AllocationCounter.h"

#include <stdatomic.h>
#include <stdlib.h>

static _Atomic int counting = 0;
static _Atomic uint64_t total = 0;
// Bytes allocated minus bytes freed while counting, by the allocator's usable size of each block.
static _Atomic int64_t net_bytes = 0;

static inline void count_one(void) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&total, 1, memory_order_relaxed);
  }
}

void allocation_counter_start(void) { atomic_store_explicit(&counting, 1, memory_order_seq_cst); }

void allocation_counter_stop(void) { atomic_store_explicit(&counting, 0, memory_order_seq_cst); }

uint64_t allocation_counter_total(void) { return atomic_load_explicit(&total, memory_order_seq_cst); }

int64_t allocation_counter_net_bytes(void) { return atomic_load_explicit(&net_bytes, memory_order_seq_cst); }

void allocation_counter_probe(uint64_t size) {
  // volatile: keep the compiler from pairing and removing the malloc/free.
  void *volatile pointer = malloc((size_t)size);
  free(pointer);
}

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <malloc.h>
#include <stdint.h>

// glibc's allocator under its own names; exported for exactly this purpose (replacing malloc).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

int allocation_counter_is_available(void) { return 1; }

static inline void *counted(void *pointer) {
  if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&net_bytes, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
  }
  return pointer;
}

static inline void uncount(void *pointer) {
  if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_sub_explicit(&net_bytes, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  count_one();
  return counted(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
  count_one();
  return counted(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
  count_one();
  uncount(pointer);
  return counted(__libc_realloc(pointer, size));
}

void free(void *pointer) {
  uncount(pointer);
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return counted(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return counted(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  count_one();
  void *pointer = counted(__libc_memalign(alignment, size));
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  count_one();
  return counted(__libc_valloc(size));
}

void *pvalloc(size_t size) {
  count_one();
  return counted(__libc_pvalloc(size));
}

#else

int allocation_counter_is_available(void) { return 0; }

#endif
