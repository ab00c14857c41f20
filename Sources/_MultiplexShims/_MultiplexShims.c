// The out-of-line forms of the header's atomics, for debug builds (see the header): Thread Sanitizer sees them
// because SwiftPM compiles this file with the sanitizer on.
#include "_MultiplexShims.h"

intptr_t _mpx_outlined_load_relaxed(const intptr_t *address) {
  return _mpx_atomic_load_relaxed(address);
}

intptr_t _mpx_outlined_load_acquire(const intptr_t *address) {
  return _mpx_atomic_load_acquire(address);
}

intptr_t _mpx_outlined_load_seq_cst(const intptr_t *address) {
  return _mpx_atomic_load_seq_cst(address);
}

void _mpx_outlined_store_relaxed(intptr_t *address, intptr_t value) {
  _mpx_atomic_store_relaxed(address, value);
}

void _mpx_outlined_store_release(intptr_t *address, intptr_t value) {
  _mpx_atomic_store_release(address, value);
}

intptr_t _mpx_outlined_fetch_add_relaxed(intptr_t *address, intptr_t value) {
  return _mpx_atomic_fetch_add_relaxed(address, value);
}

intptr_t _mpx_outlined_fetch_add_acquire(intptr_t *address, intptr_t value) {
  return _mpx_atomic_fetch_add_acquire(address, value);
}

intptr_t _mpx_outlined_fetch_add_release(intptr_t *address, intptr_t value) {
  return _mpx_atomic_fetch_add_release(address, value);
}

intptr_t _mpx_outlined_fetch_add_seq_cst(intptr_t *address, intptr_t value) {
  return _mpx_atomic_fetch_add_seq_cst(address, value);
}

intptr_t _mpx_outlined_fetch_or_seq_cst(intptr_t *address, intptr_t value) {
  return _mpx_atomic_fetch_or_seq_cst(address, value);
}

intptr_t _mpx_outlined_fetch_and_seq_cst(intptr_t *address, intptr_t value) {
  return _mpx_atomic_fetch_and_seq_cst(address, value);
}

void _mpx_outlined_fence_seq_cst(void) {
  _mpx_atomic_fence_seq_cst();
}

_Thread_local void *_mpx_current_frame = 0;

intptr_t _mpx_async_frames_running = 0;

// See the header: a read Thread Sanitizer does not see.
__attribute__((no_sanitize("thread"))) intptr_t _mpx_unsanitized_load(const intptr_t *address) {
  return *address;
}
