// The app Scripts/apple-link.sh links with the ready-made products whose frameworks all have stubs, where the SDK
// lacks a stub the others need (compiled and linked, never run): it names URLSession's ready-made class, adds an
// observer and dispatches.

import Foundation
import MultiplexFoundation

final class SessionListener: NSObject, URLSessionDelegate {
  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {}
}

#if (os(iOS) || os(macOS)) && !targetEnvironment(macCatalyst)
let sessions = URLSessionDelegateMultiplexer()
sessions.add(SessionListener(), retention: .strong)
sessions.urlSession(URLSession.shared, didBecomeInvalidWithError: nil)
#endif
