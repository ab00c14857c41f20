/// Reports that the observer being called does not implement the requirement, and returns `value`.
///
/// This is how a Swift protocol gets Objective-C's `@optional` without its runtime. The protocol's author gives
/// each optional requirement a default implementation that calls this function; an observer that implements the
/// requirement replaces the default and is said to *respond*. When a ``Multiplexer`` combines the results of a
/// call, it skips the observers that did not respond, exactly as MDF's multiplexer skipped delegates for which
/// `respondsToSelector:` was `NO`:
///
/// ```swift
/// protocol ScrollViewDelegate: AnyObject {
///   func viewForZooming(in scrollView: ScrollView) -> View?
///   func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
/// }
///
/// extension ScrollViewDelegate {
///   func viewForZooming(in scrollView: ScrollView) -> View? { notImplemented(returning: nil) }
///   func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { notImplemented(returning: true) }
/// }
/// ```
///
/// The value you pass is what the requirement returns when it is called directly on an observer that does not
/// implement it. It is usually the same value the multiplexer returns when no observer responds.
///
/// The mark is kept per thread and per observer call: a responding observer that itself dispatches through
/// another multiplexer (whose observers may not respond) is still counted as responding. Calling this function
/// outside a multiplexer's call has no effect beyond returning `value`.
///
/// `@Multiplexed` protocols get these default implementations generated; hand-written conformances use the
/// same function, so both give the same results.
///
/// - Parameter value: The value the default implementation returns.
/// - Returns: `value`.
/// - Complexity: O(1): one thread-local load and store.
@inlinable
public func notImplemented<Value>(returning value: Value) -> Value {
  let context = _ThreadContext.current
  context.markedFrame = context.currentFrame
  return value
}

/// Reports that the observer being called does not implement this `Void` requirement.
///
/// `Void` requirements need no mark (every observer is called, and a default that does nothing is the same as
/// not being called), so a `Void` default implementation may simply be empty. Calling this function there is
/// harmless and documents the intent.
///
/// - Complexity: O(1).
@inlinable
public func notImplemented() {
  let context = _ThreadContext.current
  context.markedFrame = context.currentFrame
}

/// Reports that the observer being called does not implement this `async` requirement, and returns `value`.
///
/// Use this overload in the default implementation of an `async` requirement. Asynchronous calls can resume on
/// another thread, so the mark travels with the task instead of the thread.
///
/// ```swift
/// extension AssetLoaderDelegate {
///   func cachedData(for url: URL) async -> Data? { await notImplemented(returning: nil) }
/// }
/// ```
///
/// - Parameter value: The value the default implementation returns.
/// - Returns: `value`.
/// - Complexity: O(1): one task-local lookup.
@inlinable
public func notImplemented<Value>(returning value: Value) async -> Value {
  _AsyncFrame.current?.marked = true
  return value
}

/// The "did not respond" mark of an asynchronous observer call, bound as a task-local for the call's duration.
@usableFromInline
final class _AsyncFrame: @unchecked Sendable {
  // Written by the observer's task and read by the dispatching task after the call returned: the `await` orders
  // the two, and no two parties write it at once.
  @usableFromInline var marked = false

  @usableFromInline
  init() {}

  @usableFromInline @TaskLocal static var current: _AsyncFrame?

  /// Runs `operation` with `frame` as the current frame of this task.
  @usableFromInline
  static func _with<Result>(
    _ frame: _AsyncFrame,
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async -> Result
  ) async -> Result {
    await $current.withValue(frame, operation: operation)
  }
}
