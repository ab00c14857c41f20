import MultiplexModel
import Testing

/// The queries the model and the emitter ask of a type: specifiers, attributes, `Void`, `Never`, `Bool`,
/// `Optional`, closures, `some`, `Self`.
@Suite struct SwiftTypeQueryTests {
  private func type(_ text: String) -> SwiftType { SwiftType(parsing: text) }

  /// An attribute that takes no arguments may be written right before the parentheses of the type it applies to.
  @Test func attributesWithoutArgumentsBeforeParentheses() {
    #expect(type("@escaping(Bool) -> Void") == type("@escaping (Bool) -> Void"))
    #expect(type("@escaping(Bool) -> Void").isClosure)
    #expect(type("@Sendable() -> Void").description == "@Sendable () -> Void")
    #expect(type("@autoclosure() -> Bool").hasAttribute("autoclosure"))
    #expect(type("@convention(c) (Int32) -> Int32").description == "@convention(c) (Int32) -> Int32")
  }

  /// Text the parser does not understand still names what its identifiers name.
  @Test func identifiersOfUnparsedText() {
    let unparsed = type("[3 of Event]")
    #expect(!unparsed.isFullyParsed)
    #expect(unparsed.identifiers.contains("Event"))
    #expect(TypeReferences(unparsed).allNames.contains("Event"))
  }

  @Test func specifiers() {
    #expect(type("sending T").hasSpecifier("sending"))
    #expect(type("inout [Int]").hasSpecifier("inout"))
    #expect(type("borrowing some P").hasSpecifier("borrowing"))
    #expect(!type("[sending T]").hasSpecifier("sending"), "only at the top")
    #expect(!type("T").hasSpecifier("sending"))
    #expect(!type("@escaping () -> Void").hasSpecifier("escaping"))
    #expect(type("nonisolated(nonsending) () async -> Void").hasSpecifier("nonisolated"))

    #expect(type("sending T").removingSpecifier("sending") == type("T"))
    #expect(type("sending @Sendable () -> Void").removingSpecifier("sending") == type("@Sendable () -> Void"))
    #expect(type("sending __owned T").removingSpecifier("sending") == type("__owned T"))
    #expect(type("inout T").removingSpecifier("sending") == type("inout T"))
    #expect(type("borrowing T").replacingSpecifier("borrowing", with: "__shared").description == "__shared T")
    #expect(type("consuming T").replacingSpecifier("borrowing", with: "__shared").description == "consuming T")
  }

  @Test func attributes() {
    #expect(type("@escaping (Int) -> Void").hasAttribute("escaping"))
    #expect(type("@autoclosure () -> Bool").hasAttribute("autoclosure"))
    #expect(type("@Module.GlobalActor () -> Void").hasAttribute("GlobalActor"), "matched without its module")
    #expect(!type("((Int) -> Void)?").hasAttribute("escaping"))
    #expect(!type("(@escaping (Int) -> Void)").hasAttribute("escaping"), "only at the top")
    #expect(type("@escaping @Sendable () -> Void").removingAttribute("escaping") == type("@Sendable () -> Void"))
    #expect(type("@escaping () -> Void").removingAttribute("escaping") == type("() -> Void"))
    #expect(type("sending @escaping () -> Void").removingAttribute("escaping") == type("sending () -> Void"))
  }

  @Test func kinds() {
    for void in ["()", "Void", "Swift.Void"] { #expect(type(void).isVoid, "\(void)") }
    for notVoid in ["(())", "Void?", "Module.Void", "(Int)"] { #expect(!type(notVoid).isVoid, "\(notVoid)") }
    #expect(type("Never").isNever && type("Swift.Never").isNever && !type("Never?").isNever)
    #expect(type("Bool").isBool && type("Swift.Bool").isBool && !type("Bool?").isBool && !type("ObjCBool").isBool)
    for optional in ["T?", "T!", "Optional<T>", "Swift.Optional<T>", "[Int]?", "((Int) -> Void)?"] {
      #expect(type(optional).isOptional, "\(optional)")
    }
    for notOptional in ["Optional", "Module.Optional<T>", "[T?]", "(T?)", "T"] {
      #expect(!type(notOptional).isOptional, "\(notOptional)")
    }
  }

  /// `Requirement.isDecisionRequirement`'s closure rule: a function type under attributes, parentheses and
  /// `Optional`.
  @Test func closures() {
    for closure in [
      "(Bool) -> Void", "@escaping (Bool) -> Void", "((Bool) -> Void)?", "((Bool) -> Void)!",
      "Optional<(Bool) -> Void>", "(@escaping @Sendable (Bool) -> Void)", "(handler: () -> Void)",
      "sending @escaping () -> Void",
    ] {
      #expect(type(closure).isClosure, "\(closure)")
    }
    for notClosure in ["Bool", "[() -> Void]", "Swift.Optional<() -> Void>", "(Int, () -> Void)", "Handler"] {
      #expect(!type(notClosure).isClosure, "\(notClosure)")
    }
  }

  /// `storedType`: a function type under one layer of attributes, then parentheses, is a non-escaping closure.
  @Test func functionsUnderParentheses() {
    for function in ["() -> Void", "@Sendable () -> Void", "((Int) -> Void)", "@escaping ((Int) -> Void)"] {
      #expect(type(function).isFunctionUnderParentheses, "\(function)")
    }
    for other in ["((Int) -> Void)?", "(@Sendable () -> Void)", "[() -> Void]", "Int"] {
      #expect(!type(other).isFunctionUnderParentheses, "\(other)")
    }
  }

  @Test func opaqueAndSelf() {
    #expect(type("some P").containsOpaqueType)
    #expect(type("[some P]").containsOpaqueType)
    #expect(type("(some P) -> Void").containsOpaqueType)
    #expect(!type("any P").containsOpaqueType)
    #expect(type("Self").mentionsSelf)
    #expect(type("[Self.Element: Int]").mentionsSelf)
    #expect(type("(Self) -> Void").mentionsSelf)
    #expect(!type("MySelf").mentionsSelf)
    #expect(!type("`Self`").mentionsSelf, "a backticked name is no keyword")
  }

  @Test func implicitlyUnwrapped() {
    #expect(type("T!").implicitlyUnwrappedAsOptional == type("T?"))
    #expect(type("[T!]").implicitlyUnwrappedAsOptional == type("[T!]"), "only at the top")
    #expect(type("Int").implicitlyUnwrappedAsOptional == type("Int"))
  }

  @Test func fullyParsed() {
    #expect(type("[Int: (String) -> Void]").isFullyParsed)
    #expect(!type("[Int").isFullyParsed)
  }
}
