import Foundation
import MojifyCore
import XCTest

final class SHA256Tests: XCTestCase {
    func testSHA256MatchesPublishedVectors() {
        func hex(_ text: String) -> String { SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Several blocks (value from an independent implementation, Python's hashlib).
        XCTAssertEqual(hex(String(repeating: "a", count: 1_000)), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// RFC 4231's test cases 1, 2 and 6 (a key longer than a block is hashed first).
    func testHMACMatchesPublishedVectors() {
        func hex(_ key: [UInt8], _ text: String) -> String {
            SHA256.hmac(key: key, message: Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
        }
        XCTAssertEqual(hex([UInt8](repeating: 0x0b, count: 20), "Hi There"), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        XCTAssertEqual(hex(Array("Jefe".utf8), "what do ya want for nothing?"), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(hex([UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First"), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
