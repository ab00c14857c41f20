@_exported public import Multiplex

@attached(peer, names: suffixed(Multiplexer), suffixed(Combining))
@attached(extension, names: arbitrary)
public macro Multiplexed() = #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedMacro")

@attached(peer)
public macro MultiplexedDefault<Value>(_ value: Value) =
  #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedDefaultMacro")

@attached(peer)
public macro MultiplexedRequired() = #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedRequiredMacro")

@attached(extension, names: arbitrary)
public macro _MultiplexedCombining() =
  #externalMacro(module: "MultiplexMacrosPlugin", type: "MultiplexedCombiningMacro")
