import Foundation
import Multiplex
import OpenCombine

/// One way of fanning a call out to observers, set up with its observers for one workload.
public protocol System: AnyObject {
  /// Performs `iterations` dispatches of the workload's call and folds the answers into the result, so that
  /// nothing can be optimized away.
  func run(_ iterations: Int) -> Int
}

/// Which call a dispatch workload makes.
public enum Call: String, Sendable, CaseIterable {
  /// `didChange(_:)`: a `Void` call to every observer.
  case void
  /// `score()`: the first responding observer's answer; half of the observers do not implement it.
  case firstResponder
  /// `shouldBegin()`: every observer's `Bool`, combined with all-true.
  case allTrue
}

// MARK: - Multiplex

/// The generated-equivalent multiplexer, with weak or strong registrations.
final class MultiplexSystem: System {
  let multiplexer = ListenerMultiplexer()
  let call: Call

  init(_ observers: [any Listener], retention: Retention, call: Call) {
    self.call = call
    for observer in observers { multiplexer.add(observer, retention: retention) }
  }

  func run(_ iterations: Int) -> Int {
    var accumulator = 0
    switch call {
    case .void:
      for iteration in 0..<iterations { multiplexer.didChange(iteration) }
    case .firstResponder:
      for _ in 0..<iterations { accumulator &+= multiplexer.score() ?? 0 }
    case .allTrue:
      for _ in 0..<iterations where multiplexer.allShouldBegin() { accumulator &+= 1 }
    }
    return accumulator
  }
}

// MARK: - Hand-written floors

/// The strong floor: a loop over `[any Listener]`.
final class StrongLoop: System {
  let observers: [any Listener]
  let call: Call

  init(_ observers: [any Listener], call: Call) {
    self.observers = observers
    self.call = call
  }

  func run(_ iterations: Int) -> Int {
    var accumulator = 0
    switch call {
    case .void:
      for iteration in 0..<iterations {
        for observer in observers { observer.didChange(iteration) }
      }
    case .firstResponder:
      for _ in 0..<iterations {
        var result: Int? = nil
        for observer in observers {
          if let value = observer.score(), result == nil { result = value }
        }
        accumulator &+= result ?? 0
      }
    case .allTrue:
      for _ in 0..<iterations {
        var result = true
        for observer in observers { result = observer.shouldBegin() && result }
        if result { accumulator &+= 1 }
      }
    }
    return accumulator
  }
}

/// A class box with a `weak` reference, loaded in place by the weak floor.
final class WeakBox {
  weak var object: (any Listener)?

  init(_ object: any Listener) {
    self.object = object
  }
}

/// The weak floor: a loop over class boxes, loading each `weak` reference in place.
final class WeakBoxLoop: System {
  let boxes: [WeakBox]
  let call: Call

  init(_ observers: [any Listener], call: Call) {
    self.boxes = observers.map(WeakBox.init)
    self.call = call
  }

  func run(_ iterations: Int) -> Int {
    var accumulator = 0
    switch call {
    case .void:
      for iteration in 0..<iterations {
        for box in boxes { box.object?.didChange(iteration) }
      }
    case .firstResponder:
      for _ in 0..<iterations {
        var result: Int? = nil
        for box in boxes {
          if let value = box.object?.score(), result == nil { result = value }
        }
        accumulator &+= result ?? 0
      }
    case .allTrue:
      for _ in 0..<iterations {
        var result = true
        for box in boxes {
          if let observer = box.object { result = observer.shouldBegin() && result }
        }
        if result { accumulator &+= 1 }
      }
    }
    return accumulator
  }
}

/// The common struct holding a `weak` reference.
struct WeakReference {
  weak var object: (any Listener)?
}

/// The common loop: `for reference in array { reference.object?.call() }` over structs holding `weak` references.
final class WeakStructLoop: System {
  let references: [WeakReference]
  let call: Call

  init(_ observers: [any Listener], call: Call) {
    self.references = observers.map { WeakReference(object: $0) }
    self.call = call
  }

  func run(_ iterations: Int) -> Int {
    var accumulator = 0
    switch call {
    case .void:
      for iteration in 0..<iterations {
        for reference in references { reference.object?.didChange(iteration) }
      }
    case .firstResponder:
      for _ in 0..<iterations {
        var result: Int? = nil
        for reference in references {
          if let value = reference.object?.score(), result == nil { result = value }
        }
        accumulator &+= result ?? 0
      }
    case .allTrue:
      for _ in 0..<iterations {
        var result = true
        for reference in references {
          if let observer = reference.object { result = observer.shouldBegin() && result }
        }
        if result { accumulator &+= 1 }
      }
    }
    return accumulator
  }
}

/// An array of closures, each capturing its observer weakly.
final class ClosureLoop: System {
  let void: [(Int) -> Void]
  let score: [() -> Int?]
  let shouldBegin: [() -> Bool?]
  let call: Call

  init(_ observers: [any Listener], call: Call) {
    self.call = call
    void = observers.map { observer in { [weak observer] value in observer?.didChange(value) } }
    score = observers.map { observer in { [weak observer] in observer?.score() } }
    shouldBegin = observers.map { observer in { [weak observer] in observer?.shouldBegin() } }
  }

  func run(_ iterations: Int) -> Int {
    var accumulator = 0
    switch call {
    case .void:
      for iteration in 0..<iterations {
        for closure in void { closure(iteration) }
      }
    case .firstResponder:
      for _ in 0..<iterations {
        var result: Int? = nil
        for closure in score {
          if let value = closure(), result == nil { result = value }
        }
        accumulator &+= result ?? 0
      }
    case .allTrue:
      for _ in 0..<iterations {
        var result = true
        for closure in shouldBegin {
          if let answer = closure() { result = answer && result }
        }
        if result { accumulator &+= 1 }
      }
    }
    return accumulator
  }
}

// MARK: - Other systems

/// Lets a benchmark observer cross into a `@Sendable` closure. The benchmarks that use it call it from one
/// thread at a time, except the contention workload, whose observers have no state.
struct UncheckedListener: @unchecked Sendable {
  weak var object: (any Listener)?
}

/// `NotificationCenter`: one block observer per listener (capturing it weakly), one `post` per dispatch.
final class NotificationCenterSystem: System {
  static let name = Notification.Name("MultiplexBenchmarks.didChange")
  let center = NotificationCenter()
  var tokens: [any NSObjectProtocol] = []

  init(_ observers: [any Listener]) {
    for observer in observers { add(observer) }
  }

  deinit {
    for token in tokens { center.removeObserver(token) }
  }

  func add(_ observer: any Listener) {
    tokens.append(Self.observe(observer, in: center))
  }

  static func observe(_ observer: any Listener, in center: NotificationCenter) -> any NSObjectProtocol {
    let reference = UncheckedListener(object: observer)
    return center.addObserver(forName: name, object: nil, queue: nil) { _ in reference.object?.didChange(1) }
  }

  func run(_ iterations: Int) -> Int {
    for _ in 0..<iterations { center.post(name: Self.name, object: nil) }
    return 0
  }
}

/// OpenCombine: a `PassthroughSubject` with one `sink` per listener (capturing it weakly), one `send` per dispatch.
final class OpenCombineSystem: System {
  let subject = PassthroughSubject<Int, Never>()
  var cancellables: [AnyCancellable] = []

  init(_ observers: [any Listener]) {
    for observer in observers {
      cancellables.append(subject.sink { [weak observer] value in observer?.didChange(value) })
    }
  }

  func run(_ iterations: Int) -> Int {
    for iteration in 0..<iterations { subject.send(iteration) }
    return 0
  }
}
