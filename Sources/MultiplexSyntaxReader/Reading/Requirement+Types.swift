import MultiplexModel
import SwiftSyntax

extension Requirement {
  // MARK: Types

  /// `type` without the specifier `keyword`: `sending T` → `T`.
  static func removingSpecifier(_ keyword: Keyword, from type: TypeSyntax) -> TypeSyntax {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return type }
    let kept = attributed.specifiers.filter { specifier in
      !specifier.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(keyword) }
    }
    guard kept.count != attributed.specifiers.count else { return type }
    if kept.isEmpty && attributed.attributes.isEmpty {
      return attributed.baseType.with(\.leadingTrivia, attributed.leadingTrivia)
    }
    return TypeSyntax(attributed.with(\.specifiers, TypeSpecifierListSyntax(Array(kept))))
  }

  /// `type` with the specifier `old` spelled `new`: `borrowing T` → `__shared T`.
  static func replacingSpecifier(_ old: Keyword, with new: Keyword, in type: TypeSyntax) -> TypeSyntax {
    guard let attributed = type.as(AttributedTypeSyntax.self),
      let specifiers = KeywordReplacer(old: old, new: new).rewrite(attributed.specifiers).as(
        TypeSpecifierListSyntax.self
      )
    else { return type }
    return TypeSyntax(attributed.with(\.specifiers, specifiers))
  }

}

/// Respells one keyword: `borrowing` as `__shared`.
private final class KeywordReplacer: SyntaxRewriter {
  let old: Keyword
  let new: Keyword

  init(old: Keyword, new: Keyword) {
    self.old = old
    self.new = new
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ token: TokenSyntax) -> TokenSyntax {
    token.tokenKind == .keyword(old) ? token.with(\.tokenKind, .keyword(new)) : token
  }
}
