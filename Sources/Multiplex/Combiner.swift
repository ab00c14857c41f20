/// A strategy that turns the responses of the observers to one call into the call's result.
///
/// Pass one to ``Multiplexer/combine(using:default:requirement:_:)``. The built-in combiners cover the common policies:
///
/// | Combiner | Result |
/// | --- | --- |
/// | ``first`` | The first responding observer's answer (the default policy of ``Multiplexer/combine(default:requirement:_:)``). |
/// | ``last`` | The last responding observer's answer. |
/// | ``all`` | Every answer, in call order. |
/// | ``allTrue`` | `true` if every answer is `true`. |
/// | ``anyTrue`` | `true` if at least one answer is `true`. |
/// | ``firstNonNil`` | The first answer that is not `nil`. |
///
/// Every built-in combiner calls *every* responding observer, because delegate calls often have side effects
/// that each observer relies on (MDF and FSQ do the same), and returns the call's `default` when no observer
/// responds. A custom combiner receives the ``Responses`` lazily and may stop early:
///
/// ```swift
/// // FSQ's "a child claims the result": the last observer that claims the call wins.
/// let claimed = Combiner<any TableDelegate, Int?, Int?> { responses, defaultValue in
///   var result = defaultValue
///   for response in responses where response.observer.claimsRowHeight { result = response.value }
///   return result
/// }
/// let height = multiplexer.combine(using: claimed, default: nil, requirement: .any) { $0.heightForRow(at: indexPath) }
/// ```
///
/// A built-in combiner does not allocate, except ``all``, whose array of results does. A custom combiner's lazy
/// iteration allocates a few small objects per call (the state of the iteration it pulls from).
public struct Combiner<Observer, Value, Result> {
  /// How the combiner consumes the responses.
  @usableFromInline
  enum _Strategy: Sendable {
    /// A fold over the responses, run by the multiplexer's own loop: every responding observer is called, and
    /// nothing is allocated. `step` folds one answer into the partial result (`nil` until the first response);
    /// `finish` turns the partial result into the result, given the call's default.
    case fold(step: @Sendable (inout Result?, Value) -> Void, finish: @Sendable (Result?, Value) -> Result)
    /// A fold the multiplexer's loop knows, so that it runs with no closure: no call and no reference counting
    /// per dispatch (a closure fold cost `.allTrue` about 90 instructions per dispatch, callgrind). Only made
    /// where its types fit (see ``_Reduction``).
    case reduce(_Reduction)
    /// A custom combiner that pulls the responses lazily.
    case pull(@Sendable (inout Responses<Observer, Value>, Value) -> Result)
  }

  /// The folds ``_Strategy/reduce(_:)`` runs. Each is only made by a constrained factory that guarantees its
  /// types: `Result == Value` for ``first`` and ``last``, `Value == Bool` and `Result == Bool` for ``allTrue`` and
  /// ``anyTrue``.
  @usableFromInline
  enum _Reduction: Sendable {
    case first, last, allTrue, anyTrue
  }

  @usableFromInline let _strategy: _Strategy

  @inlinable
  init(_strategy: _Strategy) {
    self._strategy = _strategy
  }

  /// Creates a combiner from a closure that reads the responses and the call's default value.
  ///
  /// The closure is `@Sendable`, so a combiner is `Sendable`: keep one in a global or a static property, or
  /// share it across threads. (A combiner that needs state of a non-`Sendable` object, such as a combining
  /// delegate, is what the `PCombining` protocols of generated multiplexers are for.)
  ///
  /// - Parameter combine: Reads as many responses as it needs, in call order, and returns the result. The
  ///   second argument is the `default` passed to the call: the result to use when no observer responds.
  @inlinable
  public init(
    _ combine: @escaping @Sendable (_ responses: inout Responses<Observer, Value>, _ defaultValue: Value) -> Result
  ) {
    self._strategy = .pull(combine)
  }

  /// Combines `responses` into a result.
  ///
  /// - Complexity: What the combiner does; the built-in combiners read every response.
  @inlinable
  public func combine(_ responses: inout Responses<Observer, Value>, default defaultValue: Value) -> Result {
    switch _strategy {
    case .pull(let combine):
      return combine(&responses, defaultValue)
    case .fold(let step, let finish):
      var partial: Result? = nil
      while let response = responses.next() { step(&partial, response.value) }
      return finish(partial, defaultValue)
    case .reduce(let reduction):
      var partial: Result? = nil
      while let response = responses.next() { reduction.step(&partial, response.value) }
      return reduction.finish(partial, defaultValue)
    }
  }

  /// A combiner that folds every response into a partial result; see `_Strategy.fold`.
  @inlinable
  static func _fold(
    step: @escaping @Sendable (inout Result?, Value) -> Void,
    finish: @escaping @Sendable (Result?, Value) -> Result
  ) -> Self {
    Self(_strategy: .fold(step: step, finish: finish))
  }
}

extension Combiner._Reduction {
  /// Folds `value` into `partial`, as the combiner's documentation says. The casts are identities: the factories
  /// only make a reduction where its types are the ones it casts to.
  @inlinable @inline(__always)
  func step(_ partial: inout Result?, _ value: Value) {
    switch self {
    case .first:
      if partial == nil { partial = unsafeBitCast(value, to: Result.self) }
    case .last:
      partial = unsafeBitCast(value, to: Result.self)
    case .allTrue:
      let answer = unsafeBitCast(value, to: Bool.self)
      partial = unsafeBitCast(unsafeBitCast(partial, to: Bool?.self) ?? true && answer, to: Result.self)
    case .anyTrue:
      let answer = unsafeBitCast(value, to: Bool.self)
      partial = unsafeBitCast(unsafeBitCast(partial, to: Bool?.self) ?? false || answer, to: Result.self)
    }
  }

  /// The result: the folded value, or the call's default when no observer responded.
  @inlinable @inline(__always)
  func finish(_ partial: Result?, _ defaultValue: Value) -> Result {
    partial ?? unsafeBitCast(defaultValue, to: Result.self)
  }
}

extension Combiner where Result == Value {
  /// The first responding observer's answer, or the default if no observer responds.
  ///
  /// This is the policy of MDF's multiplexer and FSQ's forwarder, and the default of
  /// ``Multiplexer/combine(default:requirement:_:)``. Every responding observer is called.
  @inlinable
  public static var first: Self {
    Self(_strategy: .reduce(.first))
  }

  /// The last responding observer's answer, or the default if no observer responds.
  @inlinable
  public static var last: Self {
    Self(_strategy: .reduce(.last))
  }
}

extension Combiner where Result == [Value] {
  /// Every responding observer's answer, in call order; empty if no observer responds.
  ///
  /// The default value is not used. The array is the only allocation a built-in combiner makes.
  @inlinable
  public static var all: Self {
    _fold(
      step: { partial, value in
        if partial == nil { partial = [] }
        partial!.append(value)
      },
      finish: { partial, _ in partial ?? [] }
    )
  }
}

extension Combiner where Value == Bool, Result == Bool {
  /// `true` if every responding observer answers `true`; the default if no observer responds.
  ///
  /// Every responding observer is called, even after one answered `false`.
  @inlinable
  public static var allTrue: Self {
    Self(_strategy: .reduce(.allTrue))
  }

  /// `true` if at least one responding observer answers `true`; the default if no observer responds.
  ///
  /// Every responding observer is called, even after one answered `true`.
  @inlinable
  public static var anyTrue: Self {
    Self(_strategy: .reduce(.anyTrue))
  }
}

extension Combiner where Value: _OptionalValue, Result == Value {
  /// The first answer that is not `nil`; the default if no observer responds or every answer is `nil`.
  ///
  /// Every responding observer is called.
  @inlinable
  public static var firstNonNil: Self {
    _fold(
      step: { partial, value in if partial == nil, !(value == nil) { partial = value } },
      finish: { partial, defaultValue in partial ?? defaultValue }
    )
  }
}

#if !canImport(Darwin) || canImport(Swift, _version: 6.2)
/// `Optional`, for ``Combiner/firstNonNil``. Not meant to be adopted by other types.
///
/// Its one requirement is `Optional`'s own comparison with `nil`: the conformance adds no member to `Optional`.
public protocol _OptionalValue: SendableMetatype {
  /// Whether `value` is `nil`.
  static func == (value: Self, nil: _OptionalNilComparisonType) -> Bool
}
#else
// An Apple SDK whose standard library predates Swift 6.2 (macOS 15.5, iOS 18.5 and older) has no
// `SendableMetatype`, and needs none: the metatype check came with it. (The Linux toolchain's library matches its
// compiler and carries no version to test.)
/// `Optional`, for ``Combiner/firstNonNil``. Not meant to be adopted by other types.
public protocol _OptionalValue {
  /// Whether `value` is `nil`.
  static func == (value: Self, nil: _OptionalNilComparisonType) -> Bool
}
#endif

extension Optional: _OptionalValue {}

// Every strategy's closures are `@Sendable`, and a combiner holds nothing else.
extension Combiner: Sendable {}
