#ifndef FUNCTION_COUNTER_H
#define FUNCTION_COUNTER_H

#include <stdint.h>

/// Counts entries into functions compiled with `-sanitize-coverage=func,trace-pc-guard` (Swift
/// needs a sanitizer beside it: `-sanitize=address`), made by any thread while counting is on.
///
/// The compiler gives every instrumented function a guard and calls
/// `__sanitizer_cov_trace_pc_guard` on entry; this target defines that callback, numbers the
/// guards, and per guard counts the entries and remembers an address inside the function (the
/// callback's return address), so that the caller can name it with a symbolizer.

/// Resets every count to zero and starts counting.
void function_counter_start(void);

/// Stops counting.
void function_counter_stop(void);

/// Whether any function was instrumented (the executable was built with the flags above).
int function_counter_is_available(void);

/// The number of guards (instrumented functions).
uint32_t function_counter_guards(void);

/// The entries counted for guard `index` (from 0) since the last start.
uint64_t function_counter_entries(uint32_t index);

/// An address inside guard `index`'s function, as an offset from the start of the object that
/// holds it (what a symbolizer takes for a position-independent executable); 0 if never entered.
uint64_t function_counter_offset(uint32_t index);

#endif
