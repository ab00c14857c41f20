// A protocol of another module that is not class-bound, declared as some Swift libraries declare their delegates:
// the sender keeps its delegate as `AnyObject?` and casts it at each call. `multiplex-generate` multiplexes it for
// observers that are objects (`OnboardingDelegateMultiplexer` in `GeneratedMultiplexerTests`).

/// The delegate of an ``Onboarding``: a protocol that does not refine `AnyObject`, so a value could conform to it.
public protocol OnboardingDelegate {
  /// Page `index` is now shown. No default: observers implement it.
  func onboardingDidShowPage(_ index: Int)
  /// The title of page `index`, or `nil` for none. Default: `nil`.
  func onboardingTitle(forPage index: Int) -> String?
  /// Whether the user may skip the pages. Default: `true`.
  var allowsSkipping: Bool { get }
  /// How many pages there are: the sender sets it (through a variable: the setter of a protocol that is not
  /// class-bound is `mutating`). No default: observers implement it.
  var pageCount: Int { get set }
}

extension OnboardingDelegate {
  /// No title.
  public func onboardingTitle(forPage index: Int) -> String? { nil }
  /// Skipping is allowed.
  public var allowsSkipping: Bool { true }
}

/// The sender: like paper-onboarding's `PaperOnboarding`, it holds its delegate weakly as `AnyObject?` and casts it
/// to ``OnboardingDelegate`` at each call, so only an object that conforms is told anything.
public final class Onboarding {
  /// The delegate, held weakly; told about pages when it conforms to ``OnboardingDelegate``.
  public weak var delegate: AnyObject?

  /// An onboarding without a delegate.
  public init() {}

  /// Shows page `index`: tells the delegate, and returns the title it gives and whether skipping is allowed (with
  /// no delegate, no title and `true`).
  public func show(page index: Int) -> (title: String?, allowsSkipping: Bool) {
    guard let delegate = delegate as? any OnboardingDelegate else { return (nil, true) }
    delegate.onboardingDidShowPage(index)
    return (delegate.onboardingTitle(forPage: index), delegate.allowsSkipping)
  }

  /// Tells the delegate how many pages there are, and returns what it says back.
  public func configure(pageCount: Int) -> Int? {
    guard var delegate = delegate as? any OnboardingDelegate else { return nil }
    delegate.pageCount = pageCount
    return delegate.pageCount
  }
}
