// Scripts/apple-link.sh's negative control: a call to a function no library defines. Linked with the app, it must
// fail with "undefined symbol: _multiplex_apple_link_nowhere", or the link would let an undefined symbol through.

@_silgen_name("multiplex_apple_link_nowhere")
func nowhere() -> Int

public func callNowhere() -> Int { nowhere() }
