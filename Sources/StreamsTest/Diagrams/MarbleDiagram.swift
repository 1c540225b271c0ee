import Streams

/// A marble diagram drawn from recorded virtual-time events: input timelines, an operator box,
/// and the output timelines.
///
/// Build one from what a ``TestScheduler`` run recorded, then write it out with ``svg()``. Because
/// the events come from running the operator, the picture can't disagree with the code.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let source = try scheduler.createHotObservable("-a-b-c-|")
/// let result = scheduler.start { source.map { $0.uppercased() } }
/// let diagram = MarbleDiagram(
///   caption: "map { $0.uppercased() }",
///   inputs: [.init(label: "source", events: source.recordedEvents)],
///   outputs: [.init(label: "result", events: result.events)])
/// let svg = diagram.svg()
/// ```
///
/// Times are drawn in frames of ``frameDuration`` ticks, counted from ``origin`` (the subscription
/// time ``TestScheduler/Defaults/subscribed`` by default), so a picture lines up with the marble strings
/// that scripted its inputs.
public struct MarbleDiagram: Sendable {
  /// One horizontal line of the diagram: a sequence and the events it carried.
  public struct Timeline: Sendable {
    /// The name drawn at the left of the line, such as `source` or `result`.
    public var label: String
    /// The events, at their virtual times. Elements are drawn by their text.
    public var events: [Recorded<Event<String>>]
    /// When the line begins; `nil` for the diagram's origin. Inner sequences begin when they are
    /// subscribed.
    public var start: TestTime?
    /// When the line was cut short by an unsubscription; `nil` when it runs to its end.
    public var cut: TestTime?
    /// Whether the line is an inner sequence, drawn indented under the input that triggered it.
    public var isInner: Bool

    /// Creates a timeline.
    public init(
      label: String, events: [Recorded<Event<String>>], start: TestTime? = nil, cut: TestTime? = nil,
      isInner: Bool = false
    ) {
      self.label = label
      self.events = events
      self.start = start
      self.cut = cut
      self.isInner = isInner
    }
  }

  /// The operator, as written in code; drawn in the box between the inputs and the output.
  public var caption: String
  /// The input timelines, top to bottom, inner sequences among them.
  public var inputs: [Timeline]
  /// The results of the operator, top to bottom: usually one, several for sharing operators
  /// (one per subscriber).
  public var outputs: [Timeline]
  /// The virtual time drawn at frame 0.
  public var origin: TestTime
  /// Ticks per frame: one frame is one character of a marble string.
  public var frameDuration: TestTime

  /// Creates a diagram.
  ///
  /// - Parameters:
  ///   - caption: The operator as written in code.
  ///   - inputs: The input timelines, top to bottom.
  ///   - outputs: The result timelines, top to bottom.
  ///   - origin: The virtual time of frame 0; the default is the subscription time of
  ///     ``TestScheduler/Defaults/subscribed``.
  ///   - frameDuration: Ticks per frame; must be positive. The default matches the marble parser's.
  public init(
    caption: String, inputs: [Timeline], outputs: [Timeline], origin: TestTime = TestScheduler.Defaults.subscribed,
    frameDuration: TestTime = 10
  ) {
    precondition(frameDuration > 0, "frameDuration must be positive")
    self.caption = caption
    self.inputs = inputs
    self.outputs = outputs
    self.origin = origin
    self.frameDuration = frameDuration
  }

  /// Every timeline, top to bottom: the inputs, then the outputs.
  public var timelines: [Timeline] { inputs + outputs }

  /// A plain-text account of the diagram for screen readers, one sentence per timeline.
  ///
  /// For example: `source: a at frame 1, b at frame 3, completed at frame 5.`
  public var textDescription: String {
    timelines.map { timeline in
      let parts = timeline.events.map { recorded -> String in
        let frame = self.frame(of: recorded.time).formatted
        switch recorded.value {
        case .next(let element): return "\(element) at frame \(frame)"
        case .error(let error): return "error \(error) at frame \(frame)"
        case .completed: return "completed at frame \(frame)"
        }
      }
      let body = parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
      let cut = timeline.cut.map { ", unsubscribed at frame \(self.frame(of: $0).formatted)" } ?? ""
      return "\(timeline.label): \(body)\(cut)."
    }.joined(separator: " ")
  }

  /// The frame of a virtual time: fractional when the time falls between frames.
  func frame(of time: TestTime) -> Double {
    Double(time - origin) / Double(frameDuration)
  }
}

extension Double {
  /// `3` for a whole number, `2.5` otherwise.
  fileprivate var formatted: String {
    rounded() == self ? String(Int(self)) : String(self)
  }
}
