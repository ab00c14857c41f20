// Protocols whose shapes once made `multiplex-generate` write files that did not compile (issue 23): keywords as
// names and labels, a refinement that restates its parent's requirements, overloaded subscripts and methods
// that need a `--default`. Their generated multiplexers live in `GeneratedMultiplexerTests`.

/// The parent of ``KeywordDelegate``, whose requirements it restates.
public protocol UpdateDelegate: AnyObject {
  /// Default: nothing.
  func update(arg: Int)
  /// Default: `nil`.
  func value(for key: String) -> Int?
  /// Default: `0`.
  var revision: Int { get }
}

extension UpdateDelegate {
  public func update(arg: Int) {}

  public func value(for key: String) -> Int? { nil }

  public var revision: Int { 0 }
}

/// Keywords as method, property and parameter names and as labels, and restatements of the parent's
/// requirements (one as the parent declares it, one with other parameter names and an attribute, and the
/// get-only property as it is: a settable restatement would need a settable default implementation too).
/// Every requirement has a default implementation, so the multiplexer has an event stream.
public protocol KeywordDelegate: UpdateDelegate {
  func update(arg: Int)
  @discardableResult func value(for name: String) -> Int?
  var revision: Int { get }
  func barFunc(for: [Int])
  func f(first throws: String)
  func maxDo(do: Int) -> Int?
  func maxIn(in: Int) -> Int?
  func g(_ self: Int)
  func h(x `inout`: Int)
  func k(default: Int, Type: Int, Self: Int, Any: Int, `init`: Int, where: Int, is: Int, try: Int, await: Int)
  func `default`(x: Int) -> Int
  func `init`(value: Int)
  var `where`: Int? { get set }
  var `self`: Int? { get }
  subscript(for for: Int) -> Int? { get }
}

extension KeywordDelegate {
  public func barFunc(for: [Int]) {}
  public func f(first throws: String) {}
  public func maxDo(do: Int) -> Int? { nil }
  public func maxIn(in: Int) -> Int? { nil }
  public func g(_ self: Int) {}
  public func h(x `inout`: Int) {}
  public func k(default: Int, Type: Int, Self: Int, Any: Int, `init`: Int, where: Int, is: Int, try: Int, await: Int) {}
  public func `default`(x: Int) -> Int { -1 }
  public func `init`(value: Int) {}
  public var `where`: Int? {
    get { nil }
    set {}
  }
  public var `self`: Int? { nil }
  public subscript(for for: Int) -> Int? { nil }
}

/// Overloaded subscripts and methods that return a value with no default implementation: each needs a
/// `--default`, named so that the overloads stay apart.
public protocol TableSource: AnyObject {
  subscript(_ row: Int) -> String { get }
  subscript(_ key: String) -> String { get }
  subscript(row row: Int, column column: Int) -> Double { get }
  func height(_ row: Int) -> Double
  func height(_ key: String) -> Double
  func width(_ row: Int) -> Double
}
