// The code of the recipe `Sources/Multiplex/Multiplex.docc/CompositeAppDelegate.md`, which shows it verbatim
// (`Scripts/check-references.py` checks). `Scripts/apple-check.sh` compiles it against the iOS SDK at the floor.

import MultiplexUIKit
import UIKit

/// Three services that each need the app delegate's calls.
final class AnalyticsService: NSObject, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    // start a session
    true
  }

  func applicationDidEnterBackground(_ application: UIApplication) {
    // flush the queued events
  }
}

final class PushService: NSObject, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
  ) {
    // send the token to the push provider
  }
}

final class DeepLinkService: NSObject, UIApplicationDelegate {
  func application(
    _ app: UIApplication,
    open url: URL,
    options: [UIApplication.OpenURLOptionsKey: Any] = [:]
  ) -> Bool {
    url.scheme == "myapp"
  }
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  private let services: [any UIApplicationDelegate] = [AnalyticsService(), PushService(), DeepLinkService()]
  /// UIKit may release the delegate it created once the slot holds another object; the multiplexer holds its
  /// primary weakly.
  private static var instance: AppDelegate?

  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    Self.instance = self
    // This app delegate stays in charge (the primary, called first); the services are called after it.
    let delegates = UIApplicationDelegateMultiplexer.install(on: application, delegate: \.delegate)
    for service in services {
      delegates.add(service)
    }
    return true
  }
}
