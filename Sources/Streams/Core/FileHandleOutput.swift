#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

/// Writes diagnostics without Foundation; StreamsAdapters' diagnostics use it too.
package enum FileHandleOutput {
  /// Writes `text` to the process's standard error.
  package static func standardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }
}
