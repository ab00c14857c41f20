// A C target that `Gadgets` depends on: the plugin must not ask SwiftPM for its symbol graph (with the package's
// C++ language standard set, SwiftPM passes `-std=c++17` to a C module's extraction, which fails, as it does for
// swift-nio-ssl's `CNIOBoringSSLShims`).
static inline int cgadget_default_level(void) { return 2; }
