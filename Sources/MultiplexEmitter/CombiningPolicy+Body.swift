package import MultiplexModel

extension CombiningPolicy {
  /// The body of a combining method's default implementation: the responses combined by the policy's built-in
  /// combiner. `first` returns the first response's value (the first responder's answer), or the default.
  ///
  /// Every method of a combining protocol has the same shape, `(_ multiplexer:, <label> responses: inout
  /// Responses, default defaultValue:)`, so one body fits each. `multiplex-generate` writes the implementations
  /// from the model (``Generator/combiningDefaults()``); the macro's `@_MultiplexedCombining` from the protocol
  /// `@Multiplexed` generated.
  package var implementationBody: String {
    "Multiplex.Combiner.\(rawValue).combine(&responses, default: defaultValue)"
  }
}
