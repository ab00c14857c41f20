import Foundation

/// The orderings the tests name, as the standard library's `Atomic` spells them. A ``Atomic`` guards every access
/// with a lock, which is at least as strong as any of them.
public enum AtomicOrdering: Sendable {
  case relaxed
  case acquiring
  case releasing
  case acquiringAndReleasing
  case sequentiallyConsistent
}

/// A stand-in for the standard library's `Atomic` (iOS 18, macOS 15) with the operations the tests use: the test
/// targets deploy to the package's floor (iOS 13, macOS 10.15), so they cannot use the real one. Every operation
/// takes an `NSLock`, which Thread Sanitizer sees as synchronization.
public final class Atomic<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func load(ordering: AtomicOrdering) -> Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  public func store(_ newValue: Value, ordering: AtomicOrdering) {
    lock.lock()
    value = newValue
    lock.unlock()
  }

  /// Replaces the value; returns the previous one.
  @discardableResult
  public func exchange(_ newValue: Value, ordering: AtomicOrdering) -> Value {
    lock.lock()
    defer { lock.unlock() }
    let oldValue = value
    value = newValue
    return oldValue
  }
}

extension Atomic where Value: FixedWidthInteger {
  /// Adds `operand`, wrapping on overflow; returns the values before and after.
  @discardableResult
  public func wrappingAdd(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
    lock.lock()
    defer { lock.unlock() }
    let oldValue = value
    value = oldValue &+ operand
    return (oldValue, value)
  }

  /// Subtracts `operand`, wrapping on overflow; returns the values before and after.
  @discardableResult
  public func wrappingSubtract(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
    wrappingAdd(0 &- operand, ordering: ordering)
  }
}
