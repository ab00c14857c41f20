package import SwiftDiagnostics

/// The fix-its offered with ``MultiplexedDiagnostic``.
package enum MultiplexedFixIt: FixItMessage {
  case addAnyObject
  case remove(String)
  case insertDefault
  case replaceWithArray(String)
  case replaceRethrows
  case removeDefaultArgument
  case replace(String, with: String)
  case insertAccessors

  package var message: String {
    switch self {
    case .addAnyObject: return "Add ': AnyObject'"
    case .remove(let text): return "Remove '\(text)'"
    case .insertDefault: return "Insert '@MultiplexedDefault(<#value#>)'"
    case .replaceWithArray(let type): return "Replace with '[\(type)]'"
    case .replaceRethrows: return "Replace 'rethrows' with 'throws'"
    case .removeDefaultArgument: return "Remove the default argument"
    case .replace(let old, let new): return "Replace '\(old)' with '\(new)'"
    case .insertAccessors: return "Insert '{ get }'"
    }
  }

  package var fixItID: MessageID {
    let id: String
    switch self {
    case .addAnyObject: id = "addAnyObject"
    case .remove: id = "remove"
    case .insertDefault: id = "insertDefault"
    case .replaceWithArray: id = "replaceWithArray"
    case .replaceRethrows: id = "replaceRethrows"
    case .removeDefaultArgument: id = "removeDefaultArgument"
    case .replace: id = "replace"
    case .insertAccessors: id = "insertAccessors"
    }
    return MessageID(domain: "MultiplexMacros", id: id)
  }
}
