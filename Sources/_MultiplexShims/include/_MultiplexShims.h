// Atomic operations on a machine word, and a thread-local variable, for the Multiplex runtime.
//
// Multiplex deploys below the OS releases that ship the standard library's `Atomic` type (iOS 18, macOS 15), so
// it reaches the processor's atomic instructions through the C compiler's `__atomic` builtins instead.
//
// Each operation comes twice:
// - `_mpx_atomic_*`, `static inline`: Swift imports it, and the optimizer inlines it to the one instruction it
//   stands for (a plain load or store on x86-64 and arm64 for the relaxed, acquire and release forms). Release
//   builds use these.
// - `_mpx_outlined_*`, compiled out of line in `_MultiplexShims.c`: debug builds use these. Swift does not
//   instrument the C functions it imports, so Thread Sanitizer (which CI runs on a debug build) only sees atomics
//   that SwiftPM compiled in this C target with the sanitizer on.
//
// These declarations are an implementation detail of Multiplex: nothing outside the package may use them.

#ifndef MULTIPLEX_SHIMS_H
#define MULTIPLEX_SHIMS_H

#include <stdint.h>

static inline intptr_t _mpx_atomic_load_relaxed(const intptr_t *address) {
  return __atomic_load_n(address, __ATOMIC_RELAXED);
}
intptr_t _mpx_outlined_load_relaxed(const intptr_t *address);

static inline intptr_t _mpx_atomic_load_acquire(const intptr_t *address) {
  return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}
intptr_t _mpx_outlined_load_acquire(const intptr_t *address);

static inline intptr_t _mpx_atomic_load_seq_cst(const intptr_t *address) {
  return __atomic_load_n(address, __ATOMIC_SEQ_CST);
}
intptr_t _mpx_outlined_load_seq_cst(const intptr_t *address);

static inline void _mpx_atomic_store_relaxed(intptr_t *address, intptr_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELAXED);
}
void _mpx_outlined_store_relaxed(intptr_t *address, intptr_t value);

static inline void _mpx_atomic_store_release(intptr_t *address, intptr_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELEASE);
}
void _mpx_outlined_store_release(intptr_t *address, intptr_t value);

static inline intptr_t _mpx_atomic_fetch_add_relaxed(intptr_t *address, intptr_t value) {
  return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
}
intptr_t _mpx_outlined_fetch_add_relaxed(intptr_t *address, intptr_t value);

static inline intptr_t _mpx_atomic_fetch_add_acquire(intptr_t *address, intptr_t value) {
  return __atomic_fetch_add(address, value, __ATOMIC_ACQUIRE);
}
intptr_t _mpx_outlined_fetch_add_acquire(intptr_t *address, intptr_t value);

static inline intptr_t _mpx_atomic_fetch_add_release(intptr_t *address, intptr_t value) {
  return __atomic_fetch_add(address, value, __ATOMIC_RELEASE);
}
intptr_t _mpx_outlined_fetch_add_release(intptr_t *address, intptr_t value);

static inline intptr_t _mpx_atomic_fetch_add_seq_cst(intptr_t *address, intptr_t value) {
  return __atomic_fetch_add(address, value, __ATOMIC_SEQ_CST);
}
intptr_t _mpx_outlined_fetch_add_seq_cst(intptr_t *address, intptr_t value);

static inline intptr_t _mpx_atomic_fetch_or_seq_cst(intptr_t *address, intptr_t value) {
  return __atomic_fetch_or(address, value, __ATOMIC_SEQ_CST);
}
intptr_t _mpx_outlined_fetch_or_seq_cst(intptr_t *address, intptr_t value);

static inline intptr_t _mpx_atomic_fetch_and_seq_cst(intptr_t *address, intptr_t value) {
  return __atomic_fetch_and(address, value, __ATOMIC_SEQ_CST);
}
intptr_t _mpx_outlined_fetch_and_seq_cst(intptr_t *address, intptr_t value);

static inline void _mpx_atomic_fence_seq_cst(void) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
void _mpx_outlined_fence_seq_cst(void);

// The innermost dispatch in progress on the calling thread: a `_DispatchFrame` on that dispatch's stack (the first
// field of a `_CallFrame` for a combining dispatch), linked to the enclosing one (see `_DispatchFrame.swift`); null
// when none runs. Read and written by every synchronous dispatch.
//
// A C11 thread-local variable: in an executable (SwiftPM links package modules statically) the linker turns
// each access into one load or store relative to the thread pointer; `pthread_getspecific` cost a call and about
// 17 instructions. It owns nothing, so nothing needs freeing when the thread exits.
extern _Thread_local void *_mpx_current_frame;

static inline void *_mpx_load_current_frame(void) {
  return _mpx_current_frame;
}

static inline void _mpx_store_current_frame(void *frame) {
  _mpx_current_frame = frame;
}

// The number of asynchronous combining dispatches in progress, in every task (see `_AsyncFrame` in
// `Sources/Multiplex/Internal/_AsyncFrame.swift`). A C global, so that a default implementation called outside any
// dispatch reads it with one load: a Swift `static let` holding a counter object cost a lazy-initialization call and a
// metadata lookup.
extern intptr_t _mpx_async_frames_running;

static inline intptr_t *_mpx_async_frames_running_address(void) {
  return &_mpx_async_frames_running;
}

// The Swift runtime's conditional retain, which a `weak` load performs inside: retains the Swift object `object`
// and returns it, unless its deinit has begun (its strong count reached zero), then returns null. Exported by the
// runtime on every platform (`libswiftCore`: its Linux library, and the `libswiftCore.tbd` of Apple's SDKs), with
// the C calling convention. Tokens use it to reach their multiplexer without a `weak` reference (see
// `_OwnerLink.swift`).
void *swift_tryRetain(void *object);

static inline void *_mpx_try_retain(void *object) {
  return swift_tryRetain(object);
}

// A plain load of a word that Thread Sanitizer does not see: the registrations' storage (`_EntryStorage.swift`)
// reads its elements and count through it in debug builds. Its buffers are copy-on-write: a thread reads a copy it
// holds a reference to, drops the reference, and the thread that then finds the buffer uniquely referenced writes it
// in place. The reference count's atomic operations order the two, but they happen in the Swift runtime, which
// Thread Sanitizer does not see, so it would report a race (the standard library's own collections do the same
// reads in its uninstrumented code). Compiled out of line, without instrumentation.
intptr_t _mpx_unsanitized_load(const intptr_t *address);

// The Swift runtime's unowned reference count (what an `unowned` reference holds): while it is above zero, the
// object's memory stays allocated after its deinit ran, so that `swift_tryRetain` can still be asked about it (and
// answers null). Exported by the runtime on every platform, with the C calling convention, for native Swift
// objects only. Weak registrations of native Swift objects use them (on Apple platforms, of objects whose class
// uses Swift's native reference counting; an Objective-C object keeps a `weak` reference): see `_Entry._object`.
void *swift_unownedRetain(void *object);
void swift_unownedRelease(void *object);

// The Swift runtime's release of a native Swift object, with the C calling convention (exported on every platform).
// A weak registration's dispatch releases with it what `swift_tryRetain` returned: the object is known to be native,
// where releasing it as an `AnyObject` would first ask (on Apple platforms) whether it is an Objective-C object.
void swift_release(void *object);

static inline void _mpx_release(void *object) {
  swift_release(object);
}

static inline void _mpx_unowned_retain(void *object) {
  swift_unownedRetain(object);
}

static inline void _mpx_unowned_release(void *object) {
  swift_unownedRelease(object);
}

#endif
