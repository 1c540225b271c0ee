// As RxCocoa's umbrella module does on Apple platforms: importing StreamsCocoa brings Foundation
// and the platform's UI framework, so a file that imported RxCocoa for them still compiles.
#if canImport(UIKit) && !os(watchOS)
  @_exported import Foundation
  @_exported import UIKit
#elseif canImport(AppKit)
  @_exported import AppKit
  @_exported import Foundation
#endif
