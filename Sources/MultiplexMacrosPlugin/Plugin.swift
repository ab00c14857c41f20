import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct MultiplexMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    MultiplexedMacro.self,
    MultiplexedDefaultMacro.self,
    MultiplexedRequiredMacro.self,
    MultiplexedDecidedOnceMacro.self,
    MultiplexedEveryObserverMacro.self,
    MultiplexedCombineMacro.self,
    MultiplexedCombiningMacro.self,
  ]
}
