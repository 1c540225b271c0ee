// Draws every operator picture of the documentation by running the operator in virtual time, and
// writes them into Sources/Streams/Streams.docc/Resources/Marbles. Run after changing an operator:
//
//   swift run Marbles
//
// A test (MarbleCatalogTests) fails while a committed picture differs from what this writes.
import Foundation
import MarbleCatalog

let directory = MarbleCatalog.directory
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let pictures = try MarbleCatalog.render()
var changed = 0
for picture in pictures {
  let file = directory.appendingPathComponent(picture.fileName)
  let old = try? String(contentsOf: file, encoding: .utf8)
  if old != picture.svg {
    try picture.svg.write(to: file, atomically: true, encoding: .utf8)
    changed += 1
  }
}
let expected = Set(pictures.map(\.fileName))
for stale in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !expected.contains(stale) {
  try FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
  print("removed \(stale): no operator draws it any more")
}
print("\(pictures.count) pictures in \(directory.path) (\(changed) changed)")

for article in try MarbleCatalog.articlesWithCurrentAltText() {
  if (try? String(contentsOf: article.url, encoding: .utf8)) != article.text {
    try article.text.write(to: article.url, atomically: true, encoding: .utf8)
    print("updated the pictures' alt text in \(article.url.lastPathComponent)")
  }
}
