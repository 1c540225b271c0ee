// What StreamsAuth.md takes for granted: where the app keeps its credential.
import Foundation

let credentialFile = FileManager.default.temporaryDirectory.appendingPathComponent("credential.json")
