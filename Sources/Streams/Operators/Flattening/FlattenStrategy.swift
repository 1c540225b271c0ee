/// How a flattening operator treats a new inner sequence while others are running.
enum FlattenStrategy: Sendable {
  /// Run up to `maxConcurrent` inner sequences at once; queue the rest in order
  /// (`flatMap`, `merge`, and with 1, `concat`/`concatMap`).
  case merge(maxConcurrent: Int)
  /// Dispose the running inner sequence and switch to the new one (`flatMapLatest`, `switchLatest`).
  case latest
  /// Ignore new elements while an inner sequence runs (`flatMapFirst`).
  case first
}
