/// Prints a page heading and a short explanation, like a playground page.
func page(_ number: Int, _ title: String, _ explanation: String) {
  print("\n━━ \(number). \(title) ━━")
  print(explanation)
}

/// Prints one step of an example, indented under the page.
func show(_ line: String) {
  print("   \(line)")
}
