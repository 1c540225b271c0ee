// A guided tour of Streams. Run it with `swift run Basics`.
print("Streams basics: a tour of Observable, subjects, operators, DisposeBag, schedulers and a marble test.")
observablePage()
subjectsPage()
operatorsPage()
disposeBagPage()
schedulersPage()
try marblesPage()
searchPage()
if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
  await searchThreeWaysPage()
}
print("\nThat's the tour. The tests in Tests/ pin every rule shown here.")
