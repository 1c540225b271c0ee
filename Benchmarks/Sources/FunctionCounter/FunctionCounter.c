#define _GNU_SOURCE
#include "FunctionCounter.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>

// One object (the executable: SwiftPM links the package's modules statically) calls the init hook.
static uint32_t guard_count;
static _Atomic uint64_t *entries;
static _Atomic uintptr_t *addresses;
static atomic_int counting;

void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop) {
  if (start == stop || *start) return;
  uint32_t first = guard_count;
  for (uint32_t *guard = start; guard < stop; guard++) *guard = ++guard_count;
  entries = realloc((void *)entries, sizeof(uint64_t) * guard_count);
  addresses = realloc((void *)addresses, sizeof(uintptr_t) * guard_count);
  for (uint32_t index = first; index < guard_count; index++) {
    atomic_init(&entries[index], 0);
    atomic_init(&addresses[index], 0);
  }
}

void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
  if (!*guard || !atomic_load_explicit(&counting, memory_order_relaxed)) return;
  uint32_t index = *guard - 1;
  atomic_fetch_add_explicit(&entries[index], 1, memory_order_relaxed);
  atomic_store_explicit(&addresses[index], (uintptr_t)__builtin_return_address(0), memory_order_relaxed);
}

void function_counter_start(void) {
  for (uint32_t index = 0; index < guard_count; index++) atomic_store(&entries[index], 0);
  atomic_store(&counting, 1);
}

void function_counter_stop(void) { atomic_store(&counting, 0); }

int function_counter_is_available(void) { return guard_count > 0; }

uint32_t function_counter_guards(void) { return guard_count; }

uint64_t function_counter_entries(uint32_t index) { return atomic_load(&entries[index]); }

uint64_t function_counter_offset(uint32_t index) {
  uintptr_t address = atomic_load(&addresses[index]);
  Dl_info info;
  if (!address || !dladdr((void *)address, &info)) return 0;
  return (uint64_t)(address - (uintptr_t)info.dli_fbase);
}
