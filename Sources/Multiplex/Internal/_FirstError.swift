/// The error a dispatch rethrows: the first one a call threw, in call order. Every dispatch, synchronous or
/// asynchronous, keeps its errors in one of these, so that "the first error wins, the others are discarded, and
/// the remaining observers are still called" is decided here only.
///
/// Performance: a value the dispatch keeps in a local (or an `inout` argument of its inlined loop), never captured
/// by a closure: for a `Never` failure the optimizer then sees that there is none and checks nothing.
@usableFromInline
struct _FirstError<Failure: Error> {
  /// The first error recorded, if any.
  @usableFromInline var error: Failure?

  @inlinable @inline(__always)
  init() {
    self.error = nil
  }

  /// Keeps `error` if it is the first one; later errors are discarded.
  // Performance: the argument is tested first: in the common case it is `nil`, known where the step was inlined,
  // and nothing else is checked. Testing the recorded error first cost every observer call of a `Void` dispatch
  // about 6 instructions (callgrind).
  @inlinable @inline(__always)
  mutating func record(_ error: Failure?) {
    if let error, self.error == nil { self.error = error }
  }

  /// Throws the first error, if a call threw.
  @inlinable @inline(__always)
  func rethrow() throws(Failure) {
    if let error { throw error }
  }
}
