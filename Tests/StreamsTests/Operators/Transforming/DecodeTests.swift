import Foundation
import Streams
import Testing

@Suite("decode(type:decoder:)")
struct DecodeTests {
  struct Point: Decodable, Equatable {
    let x: Int
  }

  @Test("Decodes each Data element with a JSONDecoder; a decoding error ends the sequence")
  func decodes() {
    let recorder = Recorder<Point>()
    let datas = [#"{"x":1}"#, #"{"x":2}"#, "oops", #"{"x":3}"#].map { Data($0.utf8) }
    _ = Observable.from(datas).decode(type: Point.self, decoder: JSONDecoder()).subscribe(recorder)
    #expect(recorder.elements == [Point(x: 1), Point(x: 2)])
    #expect(recorder.error is DecodingError)
  }

  @Test("Any DataDecoder works")
  func customDecoder() {
    struct Fixed: DataDecoder {
      func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
        try JSONDecoder().decode(type, from: Data(#"{"x":\#(data.count)}"#.utf8))
      }
    }
    let recorder = Recorder<Point>()
    _ = Observable.just(Data([1, 2, 3])).decode(type: Point.self, decoder: Fixed()).subscribe(recorder)
    #expect(recorder.elements == [Point(x: 3)] && recorder.isCompleted)
  }
}
