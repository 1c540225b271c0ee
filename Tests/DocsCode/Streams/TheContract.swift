// What TheContract.md takes for granted: a parser that is slow enough to move off the main actor.
@Sendable func expensiveParse(_ value: Int) -> Int { value * 2 }
