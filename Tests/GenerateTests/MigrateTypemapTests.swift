import XCTest

/// Signatures of types Chromium maps to C++ types of its own (mojo_base, gfx): the override must declare the type
/// and passing the bindings generate today, or it hides the interface's method instead of implementing it.
extension MigrateTests {
    func testMappedTypesAreDeclaredAsTodaysBindingsDeclareThem() throws {
        let (result, _) = try migrate(header: """
        IPC_MESSAGE_ROUTED4(TestHostMsg_Mapped, base::DictionaryValue /* usage */, base::TimeDelta /* duration */, base::string16 /* title */, gfx::Rect /* bounds */)

        """, source: """
        IPC_BEGIN_MESSAGE_MAP(Host, message)
          IPC_MESSAGE_HANDLER(TestHostMsg_Mapped, OnMapped)
        IPC_END_MESSAGE_MAP()

        """)
        let signature = "Mapped(base::Value::Dict usage, base::TimeDelta duration, const std::u16string& title, const gfx::Rect& bounds)"
        let header = try XCTUnwrap(result.drafts["content/renderer/test_host_impl.h"], "\(result.drafts.keys.sorted())")
        XCTAssertTrue(header.contains("  void \(signature) override;"), header)
        let mock = try XCTUnwrap(result.drafts["content/common/test_host_mock.h"])
        XCTAssertTrue(mock.contains("MOCK_METHOD(void, Mapped, (base::Value::Dict, base::TimeDelta, const std::u16string&, const gfx::Rect&), (override));"), mock)
        // base::string16 is today's std::u16string by another name; base::DictionaryValue is another type.
        let implementation = try XCTUnwrap(result.drafts["content/renderer/test_host_impl.cc"])
        XCTAssertTrue(implementation.contains("::\(signature) {\n  // TODO(mojify): OnMapped takes the legacy C++ types; convert usage from the\n"), implementation)
    }

    func testContainersOfMoveOnlyMappedTypesArePassedByValue() throws {
        let (result, _) = try migrate(header: """
        IPC_MESSAGE_ROUTED2(TestHostMsg_Lists, std::vector<base::ListValue> /* lists */, std::vector<base::TimeDelta> /* times */)

        """, source: "\n")
        let header = try XCTUnwrap(result.drafts["content/common/test_host_impl.h"], "\(result.drafts.keys.sorted())")
        XCTAssertTrue(header.contains("  void Lists(std::vector<base::Value::List> lists, const std::vector<base::TimeDelta>& times) override;"), header)
    }
}
