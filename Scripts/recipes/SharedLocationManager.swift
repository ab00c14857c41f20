// The code of the recipe `Sources/Multiplex/Multiplex.docc/SharedLocationManager.md`, which shows it verbatim
// (`Scripts/check-references.py` checks). `Scripts/apple-check.sh` compiles it against the iOS SDK at the floor.

import CoreLocation
import MultiplexCoreLocation
import UIKit

/// The app's one location manager, and the multiplexer in its delegate slot.
@MainActor
final class Location {
  static let shared = Location()

  let manager: CLLocationManager
  /// Installed in the manager's delegate slot: it lives as long as the manager.
  let delegates: CLLocationManagerDelegateMultiplexer

  private init() {
    let manager = CLLocationManager()
    self.manager = manager
    delegates = CLLocationManagerDelegateMultiplexer.install(on: manager, delegate: \.delegate)
  }
}

/// A screen that shows the distance walked while it is on screen.
final class WalkViewController: UIViewController, CLLocationManagerDelegate {
  private let distanceLabel = UILabel()
  private var start: CLLocation?
  private var observation: ObservationToken?

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    observation = Location.shared.delegates.add(self)
    Location.shared.manager.startUpdatingLocation()
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    observation?.cancel()
  }

  // The manager calls its delegate on the thread that created it: here, the main thread.
  nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    guard let last = locations.last else { return }
    MainActor.assumeIsolated {
      let start = self.start ?? last
      self.start = start
      distanceLabel.text = "\(Int(last.distance(from: start))) m"
    }
  }
}

/// Another screen, at the same time: the map's pin follows the same updates.
final class MapPinViewController: UIViewController, CLLocationManagerDelegate {
  private let coordinateLabel = UILabel()

  override func viewDidLoad() {
    super.viewDidLoad()
    // Weakly held: the registration ends with this screen.
    Location.shared.delegates.add(self)
  }

  nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    guard let coordinate = locations.last?.coordinate else { return }
    MainActor.assumeIsolated {
      coordinateLabel.text = "\(coordinate.latitude), \(coordinate.longitude)"
    }
  }

  nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    MainActor.assumeIsolated {
      coordinateLabel.text = error.localizedDescription
    }
  }
}
