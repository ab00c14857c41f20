// Paths as strings, joined and split on `/` (what the generator did with Foundation's `URL`, without Foundation).

/// Joining and splitting file paths.
package enum Path {
  /// `directory/name`; one `/` between them whether or not `directory` ends with one.
  package static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `path` without its last component: `/a/b` for `/a/b/c` and `/a/b/c/`, `/` for `/a` and `/`, `.` for a name
  /// alone.
  package static func deletingLastComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    var parent = trimmed[..<slash]
    while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
    return String(parent)
  }

  /// The last component of `path`: `c` for `/a/b/c` and `/a/b/c/`.
  package static func lastComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }
}
