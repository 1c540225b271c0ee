#ifndef LOCK_COUNTER_H
#define LOCK_COUNTER_H

/// Counts `pthread_mutex_lock` calls made by any thread while counting is on.
///
/// On Linux with glibc the executable defines `pthread_mutex_lock` itself and forwards each call to
/// glibc's (found with `dlsym(RTLD_NEXT, …)`): a symbol defined in the executable takes precedence,
/// so Streams' locks, the Swift runtime's and Foundation's all go through it. Elsewhere nothing is
/// interposed and `lock_counter_is_available()` returns 0.

/// Whether calls are counted on this platform.
int lock_counter_is_available(void);

/// Resets the count to zero and starts counting.
void lock_counter_start(void);

/// Stops counting and returns the calls counted since `lock_counter_start`.
long lock_counter_stop(void);

#endif
