#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

/// Writes diagnostics to the process's standard error, without Foundation.
enum StandardError {
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      #if canImport(Darwin)
        _ = Darwin.write(2, bytes.baseAddress, bytes.count)
      #elseif canImport(Glibc)
        _ = Glibc.write(2, bytes.baseAddress, bytes.count)
      #elseif canImport(Musl)
        _ = Musl.write(2, bytes.baseAddress, bytes.count)
      #elseif canImport(Bionic)
        _ = Bionic.write(2, bytes.baseAddress, bytes.count)
      #endif
    }
  }
}
