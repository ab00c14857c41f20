// Optional `Void` requirements whose mere implementation changes what the sender does (see
// `SenderChangingRequirement`). One entry a line:
//
//     Module | Protocol | requirement | source
//
// `Protocol` is the protocol that declares the requirement, `requirement` its name as `--default` takes it, and the
// source is where Apple (or WebKit's source) says so, with the sentence. Found by searching the headers of the
// frameworks with ready-made multiplexers (iPhoneOS26.2.sdk, MacOSX15.5.sdk) for "if implemented", "instead of",
// "in place of", "will not be called", "is not called" on optional `void` delegate methods.
// `SenderChangingRequirementTests` checks that every entry parses. Entries are sorted by module, protocol and
// requirement.

extension SenderChangingRequirement {
  static let table = #"""
    AppKit | NSApplicationDelegate | application(_:open:) | NSApplication.h: "If this is implemented, `-application:openFiles:` and `-application:openFile:` will not be called."
    AppKit | NSApplicationDelegate | application(_:openFiles:) | NSApplication.h: a delegate handling `-application:openFiles:` replies with `-replyToOpenOrPrint:` ("If an application delegate encounters an error while handling `-application:openFiles:` … `-replyToOpenOrPrint:` should be called"); when it is implemented, AppKit does not call `-application:openFile:`
    AppKit | NSWindowDelegate | window(_:startCustomAnimationToEnterFullScreenOn:withDuration:) | NSWindow.h: "`-window:startCustomAnimationToEnterFullScreenOnScreen:withDuration:` will be called in place of `-window:startCustomAnimationToEnterFullScreenWithDuration:` if both are implemented."
    CoreLocation | CLLocationManagerDelegate | locationManager(_:didUpdateLocations:) | CLLocationManagerDelegate.h: "If implemented, updates will not be delivered to locationManager:didUpdateToLocation:fromLocation:"
    UIKit | UITextFieldDelegate | textFieldDidEndEditing(_:reason:) | UITextField.h: "if implemented, called in place of textFieldDidEndEditing:"
    WebKit | WKNavigationDelegate | webViewWebContentProcessDidTerminate(_:) | WebKit's WebPageProxy::dispatchProcessDidTerminate reloads the page (tryReloadAfterProcessTermination) only when the navigation client did not handle the termination, which it does when the delegate implements `webViewWebContentProcessDidTerminate:` (WKNavigationDelegate.h says nothing)
    """#
}
