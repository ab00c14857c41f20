/// A weak reference that any number of threads may read and write at the same time.
///
/// An implementation detail of the code `@Multiplexed` generates, public only so that generated code in your module
/// can use it; it may change in any release.
///
/// A plain `weak var` must not be written on one thread while another reads it. `_LockedWeakReference` guards its
/// reference with a lock, so a dispatching thread can read it while another thread replaces it. `@Multiplexed`
/// uses it for the `combiner` property of a multiplexer generated for a protocol that is not isolated to a
/// global actor:
///
/// ```swift
/// let reference = _LockedWeakReference<any ScrollViewDelegateCombining>()
/// reference.object = zoomPolicy        // on one thread
/// let combiner = reference.object      // on another, at the same time
/// ```
///
/// The reference never keeps its object alive: once the object is deallocated, ``object`` reads `nil`.
///
/// `Object` is usually the existential of a class-bound protocol, which Swift does not accept where a generic
/// parameter is constrained to `AnyObject`; so the parameter is unconstrained, and a value that is not a class
/// instance is not stored (``object`` then reads `nil`).
@_documentation(visibility: internal)
public final class _LockedWeakReference<Object> {
  /// Whether an object was set (1; it may have been deallocated since) or not (0): lets the common case, no object,
  /// skip the lock. A multiplexer reads its `combiner` once per call that returns a value. Only accessed through
  /// `_isSet` after `init` (it must stay the first stored property).
  @usableFromInline @exclusivity(unchecked) var _isSetStorage: Int
  // The object, weakly; read back as `Object` with a cast that cannot fail, since only `Object` values are
  // stored. The cast is a cached conformance lookup, paid only while an object is set.
  private weak var _object: AnyObject?
  private let _lock = _Lock()

  @inlinable @inline(__always)
  var _isSet: _AtomicWord { .firstStoredProperty(of: self) }

  /// Creates a reference to `object`, or an empty one.
  ///
  /// - Parameter object: The object to refer to weakly. The default is `nil`.
  /// - Complexity: O(1).
  public init(_ object: Object? = nil) {
    let instance = Self._instance(object)
    self._isSetStorage = instance != nil ? 1 : 0
    self._object = instance
    _AtomicWord._checkLayout(of: self, storedValue: _isSetStorage)
  }

  deinit {
    _lock.destroy()
  }

  /// The object, or `nil` if none was set or it was deallocated.
  ///
  /// Reading returns a strong reference that keeps the object alive for as long as you hold it. Setting a value
  /// that is not a class instance stores `nil`.
  ///
  /// - Complexity: O(1): one atomic load when no object is set; otherwise one lock acquisition and one weak load
  ///   or store.
  public var object: Object? {
    // Performance: `@inlinable`, so that the common case (no object) costs the caller one load and a branch; as
    // a call to the unspecialized getter it cost about 39 instructions per forwarded call (callgrind).
    @inlinable get {
      // A read racing with a write on another thread sees the value before or after it, as with the lock.
      guard _isSet.loadAcquiring() != 0 else { return nil }
      return _loadObject()
    }
    set {
      let instance = Self._instance(newValue)
      _lock.withLock {
        _object = instance
        _isSet.storeReleasing(instance != nil ? 1 : 0)
      }
    }
  }

  /// The object, under the lock (an object was set).
  @usableFromInline
  func _loadObject() -> Object? {
    guard let object = _lock.withLock({ _object }) else { return nil }
    return object as? Object
  }

  /// The class instance inside `value`, or `nil` for `nil` or a value of another type.
  private static func _instance(_ value: Object?) -> AnyObject? {
    guard let value else { return nil }
    let boxed = value as Any
    guard type(of: boxed) is AnyObject.Type else { return nil }
    return boxed as AnyObject
  }
}

// The lock serializes every access to the weak reference; the object crosses threads, so it must be `Sendable`.
extension _LockedWeakReference: @unchecked Sendable where Object: Sendable {}
