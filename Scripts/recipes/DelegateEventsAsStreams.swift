// The code of the recipe `Sources/Multiplex/Multiplex.docc/DelegateEventsAsStreams.md`, which shows it verbatim
// (`Scripts/check-references.py` checks). `Scripts/apple-check.sh` compiles it against the iOS SDK at the floor.

import Combine
import CoreLocation
import MultiplexCoreLocation
import MultiplexUIKit
import SwiftUI
import UIKit

/// A scroll view for SwiftUI whose coordinator reads the delegate's calls as a stream, in a task that ends with
/// the view.
struct TrackedScrollView: UIViewRepresentable {
  let onScroll: @MainActor (CGFloat) -> Void

  func makeUIView(context: Context) -> UIScrollView {
    let scrollView = UIScrollView()
    context.coordinator.follow(scrollView, onScroll: onScroll)
    return scrollView
  }

  func updateUIView(_ scrollView: UIScrollView, context: Context) {}

  static func dismantleUIView(_ scrollView: UIScrollView, coordinator: Coordinator) {
    coordinator.task?.cancel()  // ends the stream: the scroll view is asked again, without `scrollViewDidScroll(_:)`
  }

  func makeCoordinator() -> Coordinator { Coordinator() }

  @MainActor
  final class Coordinator {
    var task: Task<Void, Never>?

    func follow(_ scrollView: UIScrollView, onScroll: @escaping @MainActor (CGFloat) -> Void) {
      // Installed: the scroll view's delegate stays the primary, and the scroll view is asked again when the
      // stream opens and when it ends.
      let delegates = UIScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate)
      task = Task {
        for await event in delegates.events(of: [.didScroll]) {
          if case .didScroll(let view) = event { onScroll(view.contentOffset.y) }
        }
      }
    }
  }
}

struct ReadingView: View {
  @State private var offset: CGFloat = 0

  var body: some View {
    TrackedScrollView { offset = $0 }
      .overlay(Text("\(Int(offset)) pt"), alignment: .top)
  }
}

/// A location manager feeding a view model: the stream ends when the task that reads it is cancelled.
@MainActor
final class Whereabouts: ObservableObject {
  @Published private(set) var latest: CLLocation?
  private let manager = CLLocationManager()
  private let delegates: CLLocationManagerDelegateMultiplexer

  init() {
    delegates = CLLocationManagerDelegateMultiplexer.install(on: manager, delegate: \.delegate)
  }

  func follow() async {
    let updates = delegates.events(of: [.didUpdateLocations, .didFailWithError])
    manager.startUpdatingLocation()
    defer { manager.stopUpdatingLocation() }
    for await event in updates {
      if case .didUpdateLocations(_, let locations) = event { latest = locations.last }
    }
  }
}

@available(iOS 15.0, *)
struct WhereaboutsView: View {
  @StateObject private var whereabouts = Whereabouts()

  var body: some View {
    Text(whereabouts.latest.map { "\($0.coordinate.latitude), \($0.coordinate.longitude)" } ?? "…")
      .task { await whereabouts.follow() }
  }
}

// Migration: each RxCocoa or CombineCocoa line, and its Multiplex form.

@MainActor
func migrated(tableView: UITableView, scrollView: UIScrollView) async {
  // RxCocoa: tableView.rx.itemSelected.subscribe(onNext: { indexPath in … })
  // CombineCocoa: tableView.didSelectRowPublisher.sink { indexPath in … }
  let table = UITableViewDelegateMultiplexer.install(on: tableView, delegate: \.delegate)
  for await case .didSelectRowAt(_, let indexPath) in table.events(of: [.didSelectRowAt]) {
    print("selected", indexPath)
  }

  // RxCocoa: scrollView.rx.didScroll.subscribe(onNext: { … })
  // CombineCocoa: scrollView.didScrollPublisher.sink { … }
  let scroll = UIScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate)
  for await _ in scroll.events(of: [.didScroll], bufferingPolicy: .bufferingNewest(1)) {
    print("scrolled to", scrollView.contentOffset)
  }

  // RxCocoa: DelegateProxy forwarding to the delegate you had (setForwardToDelegate).
  // Multiplex: install(on:delegate:) keeps it as the primary; add more observers beside it.
  table.add(ImpressionLogger())
}

/// An observer of one table view method, next to the primary delegate.
final class ImpressionLogger: NSObject, UITableViewDelegate {
  func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    print("shown", indexPath)
  }
}
