import Foundation

extension ObservableType where Element == Data {
  /// Decodes each element into an `Item` with `decoder`; a decoding error ends the sequence.
  ///
  /// ```swift
  /// responses.decode(type: User.self, decoder: JSONDecoder())
  /// ```
  public func decode<Item: Decodable>(type: Item.Type, decoder: some DataDecoder) -> Observable<Item> {
    map { try decoder.decode(type, from: $0) }
  }
}

/// A decoder that turns `Data` into a `Decodable` value, for ``ObservableType/decode(type:decoder:)``.
///
/// `JSONDecoder` and `PropertyListDecoder` conform; conform your own decoder to use it.
public protocol DataDecoder {
  /// Decodes a value of `type` from `data`.
  func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
