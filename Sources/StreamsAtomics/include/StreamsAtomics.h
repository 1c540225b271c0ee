#ifndef STREAMS_ATOMICS_H
#define STREAMS_ATOMICS_H

// C11 atomics on one pointer-sized word, for the Apple platforms where Swift's `Atomic` needs
// iOS 18 / macOS 15 (Streams deploys to iOS 13). The word is declared `intptr_t` so Swift can
// import it; each function reads or writes it as `_Atomic(intptr_t)`, which has the same size
// and alignment on every platform Streams builds for. Every function is `static inline`: no
// symbol, so nothing to link, and the optimizer sees the instruction itself.

#include <stdatomic.h>
#include <stdint.h>

#define STREAMS_ATOMIC_WORD(word) ((_Atomic(intptr_t) *)(word))

/// The word's value; what the thread that stored it wrote before is visible after.
static inline intptr_t streams_atomic_load(intptr_t *word) {
  return atomic_load_explicit(STREAMS_ATOMIC_WORD(word), memory_order_acquire);
}

/// Stores `value`; what this thread wrote before is visible to a thread that loads it.
static inline void streams_atomic_store(intptr_t *word, intptr_t value) {
  atomic_store_explicit(STREAMS_ATOMIC_WORD(word), value, memory_order_release);
}

/// Sets `bits` and returns the word as it was before, acquiring and releasing.
static inline intptr_t streams_atomic_fetch_or(intptr_t *word, intptr_t bits) {
  return atomic_fetch_or_explicit(STREAMS_ATOMIC_WORD(word), bits, memory_order_acq_rel);
}

/// Adds `delta` (wrapping) and returns the word as it was before, acquiring and releasing.
static inline intptr_t streams_atomic_fetch_add(intptr_t *word, intptr_t delta) {
  return atomic_fetch_add_explicit(STREAMS_ATOMIC_WORD(word), delta, memory_order_acq_rel);
}

#endif
