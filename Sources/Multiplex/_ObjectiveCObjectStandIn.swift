#if !_runtime(_ObjC) && MULTIPLEX_WEAK_OBSERVER_REFERENCES
/// In the Linux build that stands for Apple's runtime path only (`-DMULTIPLEX_WEAK_OBSERVER_REFERENCES`): an
/// observer whose class descends from it is held by a weak registration as an Objective-C object is on Apple
/// platforms, by a `weak` reference, where a native Swift object is held by an unowned one.
///
/// Linux has no Objective-C objects, so without it that build could not reach the `weak` path that every
/// `NSObject` observer takes on Apple platforms. Tests and the benchmark package subclass it to measure and check
/// that path. A class rather than a protocol, so that telling the two kinds apart at `add` costs a walk up the
/// class chain, not a conformance lookup (about 250 instructions more per add + remove, callgrind). It does not exist in any other build: nothing outside this repository may
/// use it.
@_spi(AppleRuntimePath)
open class _ObjectiveCObjectStandIn {
  public init() {}
}
#endif
