@testable import MojifyConversion
import MojifyCore
import XCTest

/// IPC_STRUCT, IPC_STRUCT_TRAITS and IPC_ENUM_TRAITS as mojom structs and enums.
final class DefinitionTests: XCTestCase {
    let here = SourceLocation(file: "content/common/test_messages.h", line: 1, column: 1)

    func member(_ type: String, _ name: String, _ value: String? = nil) -> IPCStruct.Member {
        IPCStruct.Member(type: type, name: name, defaultValue: value, location: here)
    }

    func testIPCStructsWithDefaultsAndParents() throws {
        let plan = try Fixtures.plan([Fixtures.message("FooHostMsg_Send", inputs: [Parameter(type: "FooHostMsg_Child_Params")])]) { inventory in
            inventory.structs = [
                IPCStruct(name: "FooHostMsg_Base_Params", parent: nil, members: [
                    member("int", "count", "200"), member("bool", "on", "false"), member("double", "scale", "1.0f"),
                    member("std::string", "label", "\"x\""), member("int", "bad", "kSomeConstant"), member("content::Mode", "mode", "content::MODE_FAST"),
                ], messageClass: "TestMsgStart", conditions: Conditions(), location: here),
                IPCStruct(name: "FooHostMsg_Child_Params", parent: "FooHostMsg_Base_Params", members: [member("GURL", "url")],
                          messageClass: "TestMsgStart", conditions: Conditions(), location: SourceLocation(file: here.file, line: 2, column: 1)),
            ]
            inventory.enumTraits = [EnumTraits(type: "content::Mode", macro: "IPC_ENUM_TRAITS", minValue: nil, maxValue: nil, validation: nil,
                                               conditions: Conditions(), location: here, messageClass: "TestMsgStart")]
            inventory.typeDefinitions = [TypeDefinition(name: "content::Mode", kind: .enumeration, enumerators: [.init(name: "MODE_SLOW", value: 0), .init(name: "MODE_FAST", value: 1)], fields: [], location: here)]
        }
        let file = try XCTUnwrap(plan.files.first)
        XCTAssertEqual(file.structs.map(\.name), ["BaseParams", "ChildParams"])
        let child = file.structs[1]
        XCTAssertEqual(child.fields.map { "\($0.type) \($0.name)\($0.defaultValue.map { " = \($0)" } ?? "")" }, [
            "int32 count = 200", "bool on = false", "double scale = 1.0", "string label = \"x\"", "int32 bad", "Mode mode = Mode.kFast", "url.mojom.Url url",
        ])
        XCTAssertTrue(child.fields[4].comments.contains { $0.contains("kSomeConstant") })
        XCTAssertTrue(child.comments.contains { $0.contains("no inheritance") })
        XCTAssertEqual(file.enums.map(\.values), [[.init(name: "kSlow", value: "0"), .init(name: "kFast", value: "1")]])
        XCTAssertEqual(plan.proposals["FooHostMsg_Send"]?.declaration, "Send(ChildParams child_params);")
    }

    func testTraitsWithoutADefinitionStillParseAndSayWhy() throws {
        let plan = try Fixtures.plan([Fixtures.message("FooHostMsg_Send", inputs: [Parameter(type: "ns::Thing"), Parameter(type: "ns::Kind")])]) { inventory in
            inventory.structTraits = [StructTraits(type: "ns::Thing", members: ["a"], parents: [], conditions: Conditions(), location: here, messageClass: "TestMsgStart")]
            inventory.enumTraits = [EnumTraits(type: "ns::Kind", macro: "IPC_ENUM_TRAITS", minValue: nil, maxValue: nil, validation: nil, conditions: Conditions(), location: here, messageClass: "TestMsgStart")]
        }
        let file = try XCTUnwrap(plan.files.first)
        XCTAssertEqual(file.structs.first?.fields, [])
        XCTAssertTrue(file.structs.first?.comments.contains { $0.contains("TODO(mojify): the C++ definition of ns::Thing was not found") } ?? false)
        XCTAssertTrue(file.enums.first?.comments.contains { $0.contains("TODO(mojify)") } ?? false)
        XCTAssertEqual(plan.proposals["FooHostMsg_Send"]?.declaration, "Send(Thing thing, Kind kind);")
    }

    func testTypesOfAnotherFileAreImported() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("BarHostMsg_Use", messageClass: "BarMsgStart", inputs: [Parameter(type: "std::vector<ns::Shared>")], file: "bar/bar_messages.h"),
        ]) { inventory in
            inventory.structTraits = [StructTraits(type: "ns::Shared", members: ["id"], parents: [], conditions: Conditions(),
                                                   location: SourceLocation(file: "foo/foo_messages.h", line: 1, column: 1), messageClass: "FooMsgStart")]
            inventory.typeDefinitions = [TypeDefinition(name: "ns::Shared", kind: .structure, enumerators: [], fields: [.init(name: "id", type: "int64_t")], location: here)]
        }
        XCTAssertEqual(plan.proposals["BarHostMsg_Use"]?.declaration, "Use(array<foo.mojom.Shared> shared);")
        let bar = try XCTUnwrap(plan.files.first { $0.path == "bar/bar.mojom" })
        XCTAssertEqual(bar.imports, ["foo/foo.mojom"])
        XCTAssertEqual(bar.dependencies, ["//foo:foo_mojom"])
        XCTAssertEqual(plan.files.first { $0.path == "foo/foo.mojom" }?.structs.first?.fields.map(\.type), ["int64"])
    }

    func testUnmappedTypesAreListedWithTheirUsers() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_A", inputs: [Parameter(type: "Opaque*")], line: 1),
            Fixtures.message("FooHostMsg_B", inputs: [Parameter(type: "std::vector<Opaque*>")], line: 2),
        ])
        XCTAssertEqual(plan.unmappedTypes.map(\.cppType), ["Opaque*"])
        XCTAssertEqual(plan.unmappedTypes.first?.uses.map(\.user), ["FooHostMsg_A", "FooHostMsg_B"])
        XCTAssertEqual(plan.files.first?.placeholders.count, 1)
    }
}
