// The code of the recipe `Sources/Multiplex/Multiplex.docc/SeveralPushSDKs.md`, which shows it verbatim
// (`Scripts/check-references.py` checks). `Scripts/apple-check.sh` compiles it against the iOS SDK at the floor.

import MultiplexUserNotifications
import UIKit
import UserNotifications

/// What the app knows of a push SDK: its notification delegate, and whether a notification is its own.
protocol PushSDK: AnyObject {
  var notificationDelegate: any UNUserNotificationCenterDelegate { get }
  func sent(_ notification: UNNotification) -> Bool
}

/// Hands each notification to the SDK that sent it. `willPresent` and `didReceive` hand over a completion
/// handler, so the multiplexer gives each to one observer, which must answer for every SDK.
final class PushRouter: NSObject, UNUserNotificationCenterDelegate {
  private let sdks: [any PushSDK]

  init(sdks: [any PushSDK]) {
    self.sdks = sdks
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter,
    willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    guard let sdk = sdks.first(where: { $0.sent(notification) }),
      let willPresent = sdk.notificationDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:)
    else { return completionHandler([]) }
    willPresent(center, notification, completionHandler)
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter,
    didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    guard let sdk = sdks.first(where: { $0.sent(response.notification) }),
      let didReceive = sdk.notificationDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:)
    else { return completionHandler() }
    didReceive(center, response, completionHandler)
  }
}

final class AppDelegate: UIResponder, UIApplicationDelegate {
  var sdks: [any PushSDK] = []  // the SDKs, as each one's documentation says to create them
  private var router: PushRouter?

  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    // Before launch ends, as Apple asks. A delegate already in the slot stays first (the primary).
    let notifications = UNUserNotificationCenterDelegateMultiplexer.install(
      on: UNUserNotificationCenter.current(),
      delegate: \.delegate
    )
    let router = PushRouter(sdks: sdks)
    self.router = router
    notifications.add(router, priority: 100)
    // Every SDK also receives the calls without a completion handler (`openSettingsFor`).
    for sdk in sdks {
      notifications.add(sdk.notificationDelegate)
    }
    return true
  }
}
