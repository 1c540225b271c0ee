#define _GNU_SOURCE
#include "LockCounter.h"

#ifdef __linux__
#include <features.h>
#endif

#if defined(__linux__) && defined(__GLIBC__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

static _Atomic long counted;
static _Atomic int counting;
static int (*glibc_lock)(pthread_mutex_t *);

int pthread_mutex_lock(pthread_mutex_t *mutex) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&counted, 1, memory_order_relaxed);
  }
  // Resolved on first use: the Swift runtime locks before any constructor of ours would run.
  if (!glibc_lock) glibc_lock = (int (*)(pthread_mutex_t *))dlsym(RTLD_NEXT, "pthread_mutex_lock");
  return glibc_lock(mutex);
}

int lock_counter_is_available(void) { return 1; }
void lock_counter_start(void) {
  atomic_store(&counted, 0);
  atomic_store(&counting, 1);
}
long lock_counter_stop(void) {
  atomic_store(&counting, 0);
  return atomic_load(&counted);
}
#else
int lock_counter_is_available(void) { return 0; }
void lock_counter_start(void) {}
long lock_counter_stop(void) { return 0; }
#endif
