import MultiplexModel

/// The multiplexer class and its registration API.
extension Generator {
  /// `final class PMultiplexer: P, DelegateMultiplexing`: the combiner, one forwarding member per requirement, and
  /// the event stream when the protocol gets one. The registration API (`add`, `remove`, `count`, …) comes from
  /// `DelegateMultiplexing`'s extension in the runtime.
  package func multiplexerClass() -> String {
    let observer = model.observerType
    let combinerDeclaration: String
    if !hasCombiningProtocol {
      combinerDeclaration = ""
    } else if model.isolation == nil {
      combinerDeclaration = """
        private let \(Naming.combinerStorage) = Multiplex._LockedWeakReference<any \(model.combiningName)>()

        /// The object that combines the observers' answers to calls that return a value; `nil` for the default
        /// policy (the first responding observer's answer).
        ///
        /// Held weakly. Reading and writing it is thread-safe: each call reads it once, when it starts.
        \(memberAccess)var combiner: (any \(model.combiningName))? {
          get { self.\(Naming.combinerStorage).object }
          set { self.\(Naming.combinerStorage).object = newValue }
        }
        """
    } else {
      combinerDeclaration = """
        /// The object that combines the observers' answers to calls that return a value; `nil` for the default
        /// policy (the first responding observer's answer).
        ///
        /// Held weakly, and isolated like the protocol: each call reads it once, when it starts.
        \(memberAccess)weak var combiner: (any \(model.combiningName))?
        """
    }
    var members: [String] = []
    for requirement in model.requirements {
      let member =
        requirement.isObjCOptional
        ? objcOptionalForwardingMember(requirement) ?? forwardingMember(requirement) : forwardingMember(requirement)
      members.append(defaultComment(requirement) + member)
    }
    if let objc = objcMembers() { members.append(objc) }
    if let events = eventMembers() { members.append(events) }
    if let stub = defaultsStub() { members.append(stub) }
    return """
      \(classDocumentation)
      \(typeAttributes)\(typeAccess)final class \(model.multiplexerName): \(superclass)\(protocolConformance)\(parentForwardingConformances), \(delegateMultiplexingConformance)\(debugDescriptionConformance) {
        \(storageDeclaration)\(defaultsStorageDeclaration)

        /// The runtime multiplexer the calls are forwarded to: for per-call combiners, ``Multiplexer/primary``, and
        /// the rest of the runtime API.
        \(memberAccess)var multiplexer: Multiplex.Multiplexer<\(observer)> { self.\(Naming.storage) }

        /// This multiplexer as a `\(observer)`, for a delegate slot. See `DelegateMultiplexing`.
        \(memberAccess)var asDelegate: \(observer) { self }

        \(combinerDeclaration.isEmpty ? "" : indented(combinerDeclaration, 2) + "\n\n  ")/// Creates a multiplexer without observers.
        \(memberAccess)\(subclassesNSObject ? "override " : "")init() {
          self.\(Naming.storage) = Multiplex.Multiplexer()
        }

        /// Creates a multiplexer whose observers come from `source`, evaluated at every call.
        ///
        /// The observers `source` returns are called first, in order, followed by those registered with
        /// ``add(_:retention:priority:)``; see `Multiplexer.init(source:)`.
        \(memberAccess)init(source: @escaping @Sendable () -> [\(observer)]) {
          self.\(Naming.storage) = Multiplex.Multiplexer(source: source)
        }

        /// The observers in call order, with their retention, priority, blocks and delivery contexts. See
        /// `Multiplexer.debugDescription`.
        \(debugDescriptionHeading)var debugDescription: Swift.String { self.\(Naming.storage).debugDescription }

        \(indented((parentConversions + members).joined(separator: "\n\n"), 2))
      }
      """
  }

  /// The access, and for an `NSObject` subclass `override` (and `nonisolated`, as `NSObject` declares it), of
  /// `debugDescription`.
  private var debugDescriptionHeading: String {
    guard subclassesNSObject else { return memberAccess }
    let access = memberAccess.isEmpty ? "" : memberAccess
    return (model.isolation != nil ? "nonisolated " : "") + access + "override "
  }

  /// The stored runtime multiplexer. For an isolated `@objc` protocol it is `nonisolated(unsafe)`: `responds(to:)`,
  /// which `NSObject` declares nonisolated, reads its observers (the runtime multiplexer is thread-safe).
  private var storageDeclaration: String {
    let declaration = "private let \(Naming.storage): Multiplex.Multiplexer<\(model.observerType)>"
    guard isObjC, model.isolation != nil else { return declaration }
    return "/// `nonisolated(unsafe)`: read by `responds(to:)`, which is nonisolated; the runtime multiplexer is\n"
      + "  /// thread-safe.\n  nonisolated(unsafe) " + declaration
  }

  /// The class's documentation comment.
  private var classDocumentation: String {
    let joins =
      model.requirements.contains(where: \.isJoined)
      ? """

      ///
      /// A call whose completion handler was given a combining choice (`--combine`) is joined: every observer gets
      /// a handler of its own, and the sender's handler runs exactly once, after every observer called its own,
      /// with their answers combined. An observer that never calls its handler holds the sender's back.
      """ : ""
    if isObjC, let external = model.external {
      return """
        /// A `\(external.moduleName).\(model.typeReference)` that forwards every call to any number of observers, generated by
        /// `multiplex-generate`.
        ///
        /// Put it in a delegate slot, or install it with `install(on:delegate:)`, and register observers with
        /// ``add(_:retention:priority:)``. An optional requirement reaches only the observers that implement it, and
        /// ``responds(to:)`` tells the sender which optional requirements the primary or some observer implements.
        /// A message this file does not list (a method it left out, or newer than it; an informal or private one)
        /// goes to the primary alone, when the primary implements it (``forwardingTarget(for:)``).
        /// A call that returns a value returns the first responding observer's answer (`nil` is an answer for an
        /// `Optional` result), or the requirement's default when none responds, unless a ``combiner`` decides
        /// otherwise. When the observers change what is implemented, an installed multiplexer assigns itself to its
        /// slot again so that the sender asks again (see ``refreshRespondsToSelector()``).\(joins)
        """
    }
    guard let external = model.external else {
      return """
        /// A `\(model.name)` that forwards every call to any number of observers, generated by `@Multiplexed`.
        ///
        /// Put it in a delegate slot and register observers with ``add(_:retention:priority:)``. Calls that return
        /// nothing reach every observer in order; calls that return a value reach every observer too, and return
        /// the first responding observer's answer (or the requirement's default when none responds) unless a
        /// ``combiner`` decides otherwise.
        """
    }
    let decisions =
      model.hasDecisions
      ? """

      ///
      /// A call that hands over a completion handler (its last parameter, an `@escaping` closure named
      /// `handler` or `…Handler`) is a decision, made once: it goes to the first observer in call order only (the
      /// primary when there is one, unless a `source` gives observers called before it), or, with no observer,
      /// to the protocol's default implementation, so the handler is called exactly once. Observers registered
      /// with a delivery context and event streams do not receive it.
      """ : ""
    let objects =
      external.isClassBound
      ? ""
      : """

      ///
      /// `\(model.typeReference)` is not class-bound, but observers are held weakly, so they are objects: an observer is
      /// `\(model.observerType)`, and a value of a type that conforms cannot be added (the compiler says so; wrap it
      /// in a class that forwards to it). The multiplexer itself is an object, for a slot that holds its delegate as
      /// `AnyObject?` (and casts it) or as `(any \(model.typeReference))?`.
      """
    return """
      /// A `\(external.moduleName).\(model.typeReference)` that forwards every call to any number of observers, generated by
      /// `multiplex-generate`.
      ///
      /// Put it in a delegate slot and register observers with ``add(_:retention:priority:)``. Calls that return
      /// nothing reach every observer in order; calls that return a value reach every observer too. The protocol's
      /// own extension implements requirements for observers that leave them out, so every observer responds: a
      /// call returns the first observer's answer (the first that is not `nil` for an `Optional` result), or,
      /// with no observer, what the protocol's default implementation answers, unless a ``combiner`` decides
      /// otherwise.\(decisions)\(joins)\(objects)
      """
  }

  /// `Foundation.NSObject, ` for a protocol that refines `NSObjectProtocol`, whose requirements `NSObject`
  /// implements; empty otherwise.
  private var superclass: String {
    subclassesNSObject ? "Foundation.NSObject, " : ""
  }

  /// The stored stub that answers with the protocol's default implementations, on its own line; empty when no
  /// requirement needs it.
  private var defaultsStorageDeclaration: String {
    guard model.needsDefaultsStub else { return "" }
    return "\n  private let \(Naming.defaultsStorage) = \(Naming.defaultsStubName)()"
  }

  /// `// No observer answers: true. Documented: <page>.` and a line break, above a member whose default the generator
  /// chose (``Requirement/defaultNote``); nothing otherwise.
  func defaultComment(_ requirement: Requirement) -> String {
    var comment = ""
    if let note = requirement.combiningNote { comment += "// \(note)\n" }
    if let note = requirement.defaultNote, let value = requirement.defaultValue {
      comment += "// Without an answering observer: \(value.text). \(note)\n"
    }
    return comment
  }
}
