/// Reports that `observer` does not implement the requirement being called, and returns `value`.
///
/// This is how a Swift protocol gets Objective-C's `@optional` without its runtime. The protocol's author gives
/// each optional requirement a default implementation that calls this function with `self`; an observer that
/// implements the requirement replaces the default and is said to *respond*. When a ``Multiplexer`` combines
/// the results of a call, it skips the observers that did not respond, as MDF's multiplexer skipped delegates
/// for which `respondsToSelector:` was `NO`:
///
/// ```swift
/// protocol ScrollViewDelegate: AnyObject {
///   func viewForZooming(in scrollView: ScrollView) -> View?
///   func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
///   func cachedThumbnail(for page: Int) async -> Image?
/// }
///
/// extension ScrollViewDelegate {
///   func viewForZooming(in scrollView: ScrollView) -> View? { notImplemented(by: self, returning: nil) }
///   func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { notImplemented(by: self, returning: true) }
///   func cachedThumbnail(for page: Int) async -> Image? { notImplemented(by: self, returning: nil) }
/// }
/// ```
///
/// The value you pass is what the requirement returns when it is called directly on an observer that does not
/// implement it; it is usually the same value the multiplexer returns when no observer responds. `Void`
/// requirements need no mark (every observer is called, and a default that does nothing is the same as not
/// being called): give them an empty default.
///
/// The mark applies to the call the multiplexer is making *to `observer`*, on this thread or in this task:
/// - An observer whose implementation calls *another* object's default implementation still responds.
/// - A responding observer that itself dispatches through another multiplexer still responds.
/// - A multiplexer registered in another one can report that none of its own observers responded by calling
///   this function with itself.
/// - Outside a multiplexer's call, the function only returns `value`.
///
/// > Important: The mark names the observer, and the requirement when the dispatch names it. Generated
/// > multiplexers always do, and so does `combine` called from the forwarding member (its `requirement` is
/// > `#function` by default, see ``ForwardedRequirement``). With ``ForwardedRequirement/any``, an observer whose
/// > implementation of one requirement calls *another requirement of its own* that it does not implement (so that
/// > requirement's default runs) is counted as not responding to the call being made. In a call that starts another observer
/// > call synchronously inside it (a nested run loop, `Task.immediate`), a default of the outer observer marks
/// > the innermost call. An asynchronous dispatch started that way runs on the calling thread until it first
/// > suspends, inside the synchronous call, and its calls are then the innermost ones; when one of them is to the
/// > synchronous call's own observer, a mark reaches it only if the two dispatches name different requirements.
///
/// `@Multiplexed` protocols get these default implementations generated; hand-written conformances use the
/// same function, so both give the same results.
///
/// - Parameters:
///   - observer: The object whose default implementation is running: pass `self`.
///   - value: The value the default implementation returns.
///   - requirement: The requirement whose default is running; leave the default, `#function`. When the dispatch
///     names its requirement too (``Multiplexer/combine(default:requirement:_:)``), only a mark for that
///     requirement counts.
/// - Returns: `value`.
/// - Complexity: O(1): a thread-local load and compare; a task-local lookup when called from an asynchronous
///   call.
@inlinable
public func notImplemented<Value>(
  by observer: AnyObject,
  returning value: Value,
  requirement: StaticString = #function
) -> Value {
  let identifier = ObjectIdentifier(observer)
  if let frame = _CallFrame.current, frame.pointee.observer != nil {
    // The synchronous observer call in progress is the innermost one, and only it may be marked, for its observer
    // and requirement. A mark it does not take may belong to an asynchronous dispatch that this call started and
    // that runs on this thread until it suspends (`Task.immediate`).
    if !frame.pointee.mark(identifier, requirement: requirement), _AsyncFrame._running.loadRelaxed() > 0 {
      _AsyncFrame._mark(identifier, requirement: requirement, insideSynchronousCall: frame)
    }
  } else if _AsyncFrame._running.loadRelaxed() > 0 {
    // No synchronous observer call is open on this thread, but an asynchronous dispatch may be calling it.
    // Performance: the task-local lookup costs about a hundred instructions; a default implementation called
    // outside any multiplexer, or while no asynchronous combining dispatch runs anywhere, skips it.
    _AsyncFrame._mark(identifier, requirement: requirement, insideSynchronousCall: nil)
  }
  return value
}
