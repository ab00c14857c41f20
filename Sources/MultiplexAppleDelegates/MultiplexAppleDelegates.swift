// Every ready-made multiplexer: this module re-exports the per-framework ones (`MultiplexUIKit`, `MultiplexAppKit`,
// `MultiplexWebKit`, `MultiplexFoundation`, `MultiplexUserNotifications`, `MultiplexCoreLocation`,
// `MultiplexCoreBluetooth`, `MultiplexWatchConnectivity`, `MultiplexCoreData`, `MultiplexMapKit`, `MultiplexPhotosUI`
// and `MultiplexAVFoundation`) and `Multiplex`. Depend on the product of the framework you use instead, so that your
// target builds only what it imports.

@_exported import Multiplex
@_exported import MultiplexAVFoundation
@_exported import MultiplexAppKit
@_exported import MultiplexCoreBluetooth
@_exported import MultiplexCoreData
@_exported import MultiplexCoreLocation
@_exported import MultiplexFoundation
@_exported import MultiplexMapKit
@_exported import MultiplexPhotosUI
@_exported import MultiplexUIKit
@_exported import MultiplexUserNotifications
@_exported import MultiplexWatchConnectivity
@_exported import MultiplexWebKit
