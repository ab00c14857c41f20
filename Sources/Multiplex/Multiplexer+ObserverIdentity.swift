// Observers as objects: the class instance inside an `Observer` value, and its identity.

extension Multiplexer {
  /// The class instance inside `observer`, or `nil` for a value of a non-class type.
  @inlinable
  func _classInstance(_ observer: Observer) -> AnyObject? {
    _unretainedClassInstance(observer)?.takeUnretainedValue()
  }

  /// The identity of the class instance inside `observer`, or `nil` for a value of a non-class type. Performance:
  /// no retain and release of the instance (see `_unretainedClassInstance(_:)`).
  @inlinable
  func _classIdentifier(_ observer: Observer) -> ObjectIdentifier? {
    guard let unretained = _unretainedClassInstance(observer) else { return nil }
    return unsafeBitCast(unretained.toOpaque(), to: ObjectIdentifier.self)
  }

  /// The class instance inside `observer`, unretained (`observer` keeps it alive), or `nil` for a value of a
  /// non-class type.
  @inlinable
  func _unretainedClassInstance(_ observer: Observer) -> Unmanaged<AnyObject>? {
    // Performance: a class or a class-bound existential (the usual `Observer`) needs no dynamic check, which boxes
    // the value in an `Any` (a retain and a release of the observer, slow for a weakly referenced object) and
    // looks up its dynamic type: about 150 instructions per `add` or `remove` (callgrind).
    guard Self._isClassBound || type(of: observer as Any) is AnyObject.Type else { return nil }
    // The value's first word is the instance, whatever `Observer` is: a class, a class-bound existential, or an
    // opaque existential, which stores a class reference inline. Performance: read, not converted with
    // `as AnyObject`, which bridges (about 450 instructions on Linux).
    return withUnsafeBytes(of: observer) { $0.load(as: Unmanaged<AnyObject>.self) }
  }

  /// Whether every `Observer` value is a class instance: `Observer` is a class, `AnyObject`, or a class-bound
  /// existential (`any ScrollViewDelegate`). Decided by the compiler for classes; for existentials, read from the
  /// type's metadata (the Swift runtime's stable ABI: an existential's kind is 0x303, and bit 31 of the flags that
  /// follow it is clear when the existential is class-bound). `false` only means "check each value".
  @inlinable @inline(__always)
  static var _isClassBound: Bool {
    if _canBeClass(Observer.self) == 1 { return true }
    let metadata = unsafeBitCast(Observer.self as Any.Type, to: UnsafeRawPointer.self)
    return metadata.load(as: UInt.self) == 0x303
      && metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt32.self) & 0x8000_0000 == 0
  }

  /// The identity of an observer from a source, for the "did not respond" frame.
  @usableFromInline
  func _identity(of observer: Observer) -> ObjectIdentifier? {
    _classInstance(observer).map(ObjectIdentifier.init)
  }
}
