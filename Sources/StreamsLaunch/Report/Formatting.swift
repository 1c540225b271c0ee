import Foundation

/// `seconds` as whole milliseconds, as in `120 ms`; below one millisecond, `<1 ms`.
func formatMilliseconds(_ seconds: TimeInterval) -> String {
  let milliseconds = (seconds * 1000).rounded()
  if seconds > 0 && milliseconds < 1 { return "<1 ms" }
  return "\(Int(milliseconds)) ms"
}
