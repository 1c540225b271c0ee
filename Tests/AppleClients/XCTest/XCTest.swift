// A stand-in for the declarations of XCTest that RxCocoa's UI test files use, so that
// `scripts/check-apple-platforms` can type-check those files against StreamsCocoa: XCTest ships in
// Xcode's platform folder, not in an SDK. Type-checking only: it is never linked or run, and each
// body stops the program if it ever were.
@_exported import Foundation

open class XCTestCase: NSObject {
  open func setUp() {}
  open func tearDown() {}

  public func expectation(description: String) -> XCTestExpectation {
    XCTestExpectation(description: description)
  }

  public func wait(for expectations: [XCTestExpectation], timeout: TimeInterval, enforceOrder: Bool = false) {
    fatalError("XCTest stand-in: type-checking only")
  }

  public func waitForExpectations(timeout: TimeInterval, handler: ((Error?) -> Void)? = nil) {
    fatalError("XCTest stand-in: type-checking only")
  }
}

open class XCTestExpectation: NSObject {
  public init(description: String) {}
  open func fulfill() {}
  open var expectedFulfillmentCount = 1
  open var isInverted = false
}

public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssert(
  _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertTrue(
  _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertFalse(
  _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertNil(
  _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertNotNil(
  _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertEqual<T: Equatable>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertEqual<T: FloatingPoint>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, accuracy: T,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertNotEqual<T: Equatable>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertThrowsError<T>(
  _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line, _ errorHandler: (_ error: Error) -> Void = { _ in }
) {
  fatalError("XCTest stand-in: type-checking only")
}

public func XCTAssertNoThrow<T>(
  _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  fatalError("XCTest stand-in: type-checking only")
}
