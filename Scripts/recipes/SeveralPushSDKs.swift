// The code of the recipe `Sources/Multiplex/Multiplex.docc/SeveralPushSDKs.md`, which shows it verbatim
// (`Scripts/check-references.py` checks). `Scripts/apple-check.sh` compiles it against the iOS SDK at the floor.

import MultiplexUserNotifications
import UIKit
import UserNotifications

/// What the app knows of a push SDK: its notification delegate.
protocol PushSDK: AnyObject {
  var notificationDelegate: any UNUserNotificationCenterDelegate { get }
}

final class AppDelegate: UIResponder, UIApplicationDelegate {
  var sdks: [any PushSDK] = []  // the SDKs, as each one's documentation says to create them

  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    // Before launch ends, as Apple asks. A delegate already in the slot stays first (the primary).
    let notifications = UNUserNotificationCenterDelegateMultiplexer.install(
      on: UNUserNotificationCenter.current(),
      delegate: \.delegate
    )
    for sdk in sdks {
      notifications.add(sdk.notificationDelegate)
    }
    return true
  }
}
