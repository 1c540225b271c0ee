// libFuzzer target: the stored credential's JSON (Credential(storageData:), what the file and
// Keychain storages read). Invariants: bytes either decode or fail with
// CredentialStorageError.decodingFailed, whose text never repeats the input; a decoded credential
// encodes and decodes to itself.
import Foundation
@testable import StreamsAuth

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let credential: Credential
  do {
    credential = try Credential(storageData: bytes)
  } catch {
    guard case .decodingFailed = error else { fatalError("untyped decoding failure: \(error)") }
    return 0
  }
  do {
    let again = try Credential(storageData: try credential.storageData())
    guard again == credential else { fatalError("round trip changed \(credential) into \(again)") }
  } catch {
    fatalError("\(credential) does not survive its own encoding: \(error)")
  }
  return 0
}
