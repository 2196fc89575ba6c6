import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

final class StructAndMapTests: XCTestCase {
    func testStructsWithDefaultsParentsAndTemplateCommas() throws {
        let inventory = try scanSource("""
        #define IPC_MESSAGE_START FooMsgStart
        IPC_STRUCT_BEGIN(FooHostMsg_Params)
          IPC_STRUCT_MEMBER(int, id)
          IPC_STRUCT_MEMBER(std::map<std::string, std::vector<int>>, headers)
          IPC_STRUCT_MEMBER(gfx::Size, size, gfx::Size(1, 2))
          IPC_STRUCT_MEMBER(int, status, 200)
        IPC_STRUCT_END()
        IPC_STRUCT_BEGIN_WITH_PARENT(FooHostMsg_Child, FooHostMsg_Params)
          IPC_STRUCT_MEMBER(bool, extra, false)
        IPC_STRUCT_END()
        """)
        XCTAssertEqual(inventory.structs.count, 2)
        let params = inventory.structs[0]
        XCTAssertEqual(params.name, "FooHostMsg_Params")
        XCTAssertEqual(params.messageClass, "FooMsgStart")
        XCTAssertEqual(params.members.map(\.type), ["int", "std::map<std::string, std::vector<int>>", "gfx::Size", "int"])
        XCTAssertEqual(params.members.map(\.name), ["id", "headers", "size", "status"])
        XCTAssertEqual(params.members.map(\.defaultValue), [nil, nil, "gfx::Size(1, 2)", "200"])
        XCTAssertEqual(params.members[1].location.line, 4)
        XCTAssertEqual(inventory.structs[1].parent, "FooHostMsg_Params")
    }

    /// Chromium's 2017 frame_messages.h repeats the parent as IPC_STRUCT_TRAITS_PARENT inside
    /// IPC_STRUCT_BEGIN_WITH_PARENT: valid, so no warning; naming another parent there is a mistake.
    func testTraitsParentInsideAStructWithParent() throws {
        let inventory = try scanSource("""
        #define IPC_MESSAGE_START FrameMsgStart
        IPC_STRUCT_BEGIN_WITH_PARENT(FrameHostMsg_DidCommit_Params, content::FrameNavigateParams)
          IPC_STRUCT_TRAITS_PARENT(content::FrameNavigateParams)
          IPC_STRUCT_MEMBER(int, nav_entry_id)
        IPC_STRUCT_END()
        IPC_STRUCT_BEGIN_WITH_PARENT(FrameHostMsg_Other_Params, content::FrameNavigateParams)
          IPC_STRUCT_TRAITS_PARENT(content::Unrelated)
        IPC_STRUCT_END()
        """)
        XCTAssertEqual(inventory.structs.map(\.name), ["FrameHostMsg_DidCommit_Params", "FrameHostMsg_Other_Params"])
        XCTAssertEqual(inventory.structs[0].members.map(\.name), ["nav_entry_id"])
        XCTAssertEqual(inventory.structs[0].parent, "content::FrameNavigateParams")
        XCTAssertEqual(inventory.diagnostics.map(\.location.line), [7], "\(inventory.diagnostics)")
        XCTAssertTrue(inventory.diagnostics.first?.message.contains("names another parent") ?? false)
    }

    func testTraitsAndTheirDefinitionsInAnIncludedHeader() throws {
        let tree = try temporaryFolder()
        try tree.write("content/common/foo_messages.h", """
        #include "content/common/foo_types.h"
        IPC_ENUM_TRAITS_MAX_VALUE(content::Kind, content::KIND_LAST)
        IPC_ENUM_TRAITS(content::Mode)
        IPC_ENUM_TRAITS_MIN_MAX_VALUE(Priority, PRIORITY_LOW, PRIORITY_HIGH)
        IPC_ENUM_TRAITS_VALIDATE(Usage, (value >= 0 && value < 4))
        IPC_STRUCT_TRAITS_BEGIN(content::Region)
          IPC_STRUCT_TRAITS_PARENT(content::Base)
          IPC_STRUCT_TRAITS_MEMBER(bounds)
          IPC_STRUCT_TRAITS_MEMBER(scale)
        IPC_STRUCT_TRAITS_END()
        """)
        try tree.write("content/common/foo_types.h", """
        namespace content {
        enum Kind { KIND_A, KIND_B = 4, KIND_LAST = KIND_B };
        enum class Mode : int32_t { kOff, kOn };
        struct CONTENT_EXPORT Region : public Base {
          gfx::Rect bounds;
          std::map<int, float> scale = {};
        };
        }  // namespace content
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.enumTraits.map(\.type), ["content::Kind", "content::Mode", "Priority", "Usage"])
        XCTAssertEqual(inventory.enumTraits[0].maxValue, "content::KIND_LAST")
        XCTAssertEqual(inventory.enumTraits[2].minValue, "PRIORITY_LOW")
        XCTAssertEqual(inventory.enumTraits[2].maxValue, "PRIORITY_HIGH")
        XCTAssertEqual(inventory.enumTraits[3].validation, "(value >= 0 && value < 4)")
        XCTAssertEqual(inventory.structTraits.first?.members, ["bounds", "scale"])
        XCTAssertEqual(inventory.structTraits.first?.parents, ["content::Base"])

        let kind = try XCTUnwrap(inventory.typeDefinitions.first { $0.name == "content::Kind" })
        XCTAssertEqual(kind.enumerators, [.init(name: "KIND_A", value: 0), .init(name: "KIND_B", value: 4), .init(name: "KIND_LAST", value: 4)])
        XCTAssertEqual(kind.location.file, "content/common/foo_types.h")
        let mode = try XCTUnwrap(inventory.typeDefinitions.first { $0.name == "content::Mode" })
        XCTAssertEqual(mode.enumerators.map(\.name), ["kOff", "kOn"])
        let region = try XCTUnwrap(inventory.typeDefinitions.first { $0.name == "content::Region" })
        XCTAssertEqual(region.fields, [.init(name: "bounds", type: "gfx::Rect"), .init(name: "scale", type: "std::map<int, float>")])
    }

    func testTypeHeadersAreFoundWhenTheScannedRootIsBelowTheSourceRoot() throws {
        let tree = try temporaryFolder()
        try tree.write("runtime/common/hit_messages.h", """
        #include "xwalk/runtime/common/hit_test_data.h"
        IPC_STRUCT_TRAITS_BEGIN(xwalk::HitTestData)
          IPC_STRUCT_TRAITS_MEMBER(href)
        IPC_STRUCT_TRAITS_END()
        """)
        try tree.write("runtime/common/hit_test_data.h", """
        namespace xwalk {
        struct HitTestData { base::string16 href; };
        }
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.typeDefinitions.map(\.name), ["xwalk::HitTestData"])
        XCTAssertEqual(inventory.typeDefinitions.first?.fields, [.init(name: "href", type: "base::string16")])
    }

    /// Of the headers a traits file includes, only those that name a traits type need an AST; the others are lexed,
    /// and their typedefs still resolve parameter types.
    func testAnIncludedHeaderWithoutTraitsTypesStillResolvesTypedefs() throws {
        let tree = try temporaryFolder()
        try tree.write("content/common/tab_messages.h", """
        #include "base/strings/string16.h"
        #include "content/common/tab_types.h"
        IPC_ENUM_TRAITS_MAX_VALUE(content::TabState, content::TAB_STATE_LAST)
        IPC_MESSAGE_CONTROL2(TabMsg_SetTitle, base::string16 /* title */, content::TabState)
        """)
        try tree.write("base/strings/string16.h", """
        namespace base {
        typedef std::wstring string16;
        struct BASE_EXPORT NullTerminated { int unused; };
        }
        """)
        try tree.write("content/common/tab_types.h", """
        namespace content {
        enum TabState { TAB_STATE_OPEN, TAB_STATE_CLOSED, TAB_STATE_LAST = TAB_STATE_CLOSED };
        }
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(try inventory.message("TabMsg_SetTitle").inputs.map(\.resolvedType), ["std::wstring", nil])
        XCTAssertEqual(inventory.typeDefinitions.map(\.name), ["content::TabState"])
        XCTAssertEqual(inventory.typeDefinitions.first?.enumerators.map(\.value), [0, 1, 1])
        XCTAssertEqual(inventory.stats.filesParsed, 3)
    }

    func testMessageMapsWithEveryHandlerForm() throws {
        let inventory = try scanSource("""
        bool FooHost::OnMessageReceived(const IPC::Message& msg) {
          bool handled = true;
          IPC_BEGIN_MESSAGE_MAP(FooHost, msg)
            IPC_MESSAGE_HANDLER(FooHostMsg_A, OnA)
            IPC_MESSAGE_HANDLER_DELAY_REPLY(FooHostMsg_B, OnB)
            IPC_MESSAGE_HANDLER_GENERIC(FooHostMsg_C, OnC(msg, 1))
            IPC_MESSAGE_FORWARD(FooHostMsg_D, observer_, Observer::OnD)
            IPC_MESSAGE_FORWARD_DELAY_REPLY(FooHostMsg_E, helper_.get(), Helper::OnE)
            IPC_MESSAGE_UNHANDLED(handled = false)
          IPC_END_MESSAGE_MAP()
          return handled;
        }
        void FooHost::Dispatch(const IPC::Message& msg) {
          IPC_BEGIN_MESSAGE_MAP_WITH_PARAM(FooHost, msg, this)
            IPC_MESSAGE_HANDLER(FooHostMsg_F, OnF)
          IPC_END_MESSAGE_MAP()
        }
        """, named: "browser/foo_host.cc")
        XCTAssertEqual(inventory.messageMaps.count, 2)
        let map = inventory.messageMaps[0]
        XCTAssertEqual(map.handlerClass, "FooHost")
        XCTAssertEqual(map.function, "FooHost::OnMessageReceived")
        XCTAssertEqual(map.handlers.map(\.message), ["FooHostMsg_A", "FooHostMsg_B", "FooHostMsg_C", "FooHostMsg_D", "FooHostMsg_E", nil])
        XCTAssertEqual(map.handlers.map(\.method), ["OnA", "OnB", "OnC(msg, 1)", "Observer::OnD", "Helper::OnE", "handled = false"])
        XCTAssertEqual(map.handlers.map(\.delayReply), [false, true, false, false, true, false])
        XCTAssertEqual(map.handlers[3].target, "observer_")
        XCTAssertEqual(map.handlers[4].target, "helper_.get()")
        XCTAssertEqual(map.handlers[0].location.line, 4)
        XCTAssertEqual(inventory.messageMaps[1].macro, "IPC_BEGIN_MESSAGE_MAP_WITH_PARAM")
        XCTAssertEqual(inventory.messageMaps[1].function, "FooHost::Dispatch")
    }

    func testProjectWrapperMacrosDefinedInAnotherFile() throws {
        let tree = try temporaryFolder()
        try tree.write("ext/handler_macros.h", """
        #define EXT_HANDLER(msg, method) IPC_MESSAGE_HANDLER(msg, method)
        #define EXT_FORWARD(obj, msg, method) IPC_MESSAGE_FORWARD(msg, obj, method)
        """)
        try tree.write("ext/filter.cc", """
        bool Filter::OnMessageReceived(const IPC::Message& message) {
          IPC_BEGIN_MESSAGE_MAP(Filter, message)
            EXT_HANDLER(ExtHostMsg_A, OnA)
            EXT_FORWARD(delegate_, ExtHostMsg_B, Delegate::OnB)
          IPC_END_MESSAGE_MAP()
        }
        """)
        let inventory = try tree.scan()
        let handlers = try XCTUnwrap(inventory.messageMaps.first).handlers
        XCTAssertEqual(handlers.map(\.message), ["ExtHostMsg_A", "ExtHostMsg_B"])
        XCTAssertEqual(handlers.map(\.wrapper), ["EXT_HANDLER", "EXT_FORWARD"])
        XCTAssertEqual(handlers.map(\.macro), ["IPC_MESSAGE_HANDLER", "IPC_MESSAGE_FORWARD"])
        XCTAssertEqual(handlers[1].target, "delegate_")
        XCTAssertEqual(handlers[1].method, "Delegate::OnB")
    }

    /// A wrapper a `.cc` file defines for its own message map and `#undef`s before including anything is seen by
    /// that file alone: shared, it would expand in files that cannot see it, and have every file of the tree read
    /// again for its name. One an `#include` comes between (the X-macro header pattern) stays shared.
    func testAWrapperUndefinedBeforeAnyIncludeStaysInItsFile() throws {
        let tree = try temporaryFolder()
        try tree.write("ext/filter.cc", """
        #include "ext/filter.h"
        #define LISTED_HANDLER(msg, method) IPC_MESSAGE_HANDLER(msg, method)
        #include "ext/handlers.inc"
        #define LOCAL_HANDLER(msg, method) IPC_MESSAGE_HANDLER(msg, method)
        bool Filter::OnMessageReceived(const IPC::Message& message) {
          IPC_BEGIN_MESSAGE_MAP(Filter, message)
            LOCAL_HANDLER(ExtHostMsg_A, OnA)
          IPC_END_MESSAGE_MAP()
        }
        #undef LOCAL_HANDLER
        #undef LISTED_HANDLER
        """)
        try tree.write("ext/other.cc", """
        bool Other::OnMessageReceived(const IPC::Message& message) {
          IPC_BEGIN_MESSAGE_MAP(Other, message)
            LOCAL_HANDLER(ExtHostMsg_B, OnB)
            LISTED_HANDLER(ExtHostMsg_C, OnC)
          IPC_END_MESSAGE_MAP()
        }
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.messageMaps.first { $0.handlerClass == "Filter" }?.handlers.map(\.message), ["ExtHostMsg_A"])
        XCTAssertEqual(inventory.messageMaps.first { $0.handlerClass == "Other" }?.handlers.map(\.message), ["ExtHostMsg_C"])
    }

    func testSendersWithTheirEnclosingFunctions() throws {
        let inventory = try scanSource("""
        #include "foo_messages.h"
        IPC_MESSAGE_ROUTED1(FooMsg_Defined, int)
        namespace content {
        std::string FooImpl::Get(int id) {
          Send(
              new FooMsg_Defined(id));
          auto unique = std::make_unique<FooHostMsg_Unique>(1);
          Send(new content::FooMsg_Qualified(2));
          Helper* helper = new Helper(3);
          Send(new FooMsg_NoParens);
          return std::string();
        }
        FooImpl::~FooImpl() { Send(new FooMsg_InDestructor()); }
        class Inline {
          void Run() { Send(new FooMsg_InInline()); }
        };
        }  // namespace content
        """, named: "content/foo_impl.cc")
        XCTAssertEqual(inventory.senders.map(\.message), ["FooMsg_Defined", "FooHostMsg_Unique", "FooMsg_Qualified", "FooMsg_NoParens", "FooMsg_InDestructor", "FooMsg_InInline"])
        XCTAssertEqual(inventory.senders.map(\.function), ["FooImpl::Get", "FooImpl::Get", "FooImpl::Get", "FooImpl::Get", "FooImpl::~FooImpl", "Inline::Run"])
        XCTAssertEqual(inventory.senders[0].location.line, 6)
    }

    /// `new FooMsg_Bar_Params(...)` allocates an IPC struct: only message types are senders. Structs are known
    /// from IPC_STRUCT_BEGIN and traits in the tree; an undefined name ending in `_Params` is taken for a struct.
    func testStructAllocationsAreNotSenders() throws {
        let tree = try temporaryFolder()
        try tree.write("foo/foo_messages.h", """
        #define IPC_MESSAGE_START FooMsgStart
        IPC_STRUCT_BEGIN(FooHostMsg_Create_Info)
          IPC_STRUCT_MEMBER(int, id)
        IPC_STRUCT_END()
        IPC_STRUCT_TRAITS_BEGIN(content::FooMsg_Traits)
          IPC_STRUCT_TRAITS_MEMBER(id)
        IPC_STRUCT_TRAITS_END()
        IPC_MESSAGE_CONTROL1(FooHostMsg_Create, FooHostMsg_Create_Info)
        """)
        try tree.write("foo/foo_client.cc", """
        void FooClient::Create(const Settings& settings) {
          auto* info = new FooHostMsg_Create_Info();
          auto* traits = new content::FooMsg_Traits;
          auto* params = new PrintMsg_PrintPages_Params(settings);
          Send(new FooHostMsg_Create(*info));
          Send(new PrintHostMsg_Upstream(params));
        }
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.senders.map(\.message), ["FooHostMsg_Create", "PrintHostMsg_Upstream"])
    }

    /// emblink reads Khronos' platform header, whose `typedef long int int64_t;` is for its own build, and declares
    /// other names two ways: neither may decide what a message's parameter is.
    func testPlatformTypesAndNamesDeclaredTwoWaysAreNotResolved() throws {
        let tree = try temporaryFolder()
        try tree.write("gpu/ipc/common/gpu_messages.h", """
        #include "third_party/khronos/KHR/khrplatform.h"
        #include "gpu/ipc/common/counts.h"
        IPC_ENUM_TRAITS_MAX_VALUE(khronos_boolean_enum_t, KHRONOS_TRUE)
        IPC_MESSAGE_CONTROL4(GpuMsg_Stamp, int64_t /* stamp */, uint32_t /* flags */, Count /* count */, khronos_float_t /* scale */)
        """)
        try tree.write("third_party/khronos/KHR/khrplatform.h", """
        #if defined(_WIN32)
        typedef __int64 int64_t;
        #else
        typedef long int int64_t;
        #endif
        typedef unsigned long uint32_t;
        typedef float khronos_float_t;
        typedef enum { KHRONOS_FALSE = 0, KHRONOS_TRUE = 1 } khronos_boolean_enum_t;
        typedef long Count;
        """)
        try tree.write("gpu/ipc/common/counts.h", "typedef int32_t Count;\n")
        let inventory = try tree.scan()
        XCTAssertEqual(try inventory.message("GpuMsg_Stamp").inputs.map(\.resolvedType), [nil, nil, nil, "float"])
    }

    func testTypedefsAndAliasesResolveParameterTypes() throws {
        let inventory = try scanSource("""
        namespace foo {
        typedef std::map<std::string, int> CountMap;
        }
        using PairList = std::vector<std::pair<int, GURL>>;
        typedef void (*Callback)(int, int);
        IPC_MESSAGE_CONTROL3(FooMsg_Aliases, foo::CountMap, PairList, CountMap)
        """)
        let message = try inventory.message("FooMsg_Aliases")
        XCTAssertEqual(message.inputs.map(\.resolvedType), ["std::map<std::string, int>", "std::vector<std::pair<int, GURL>>", "std::map<std::string, int>"])
        XCTAssertEqual(message.inputs.map(\.type), ["foo::CountMap", "PairList", "CountMap"], "the type as written stays")
    }
}

/// `FooMsg_Bar::ID` and the other members of a message's class named in code: kept for defined messages, and for
/// members of classes named like messages.
final class MessageReferenceTests: XCTestCase {
    func testMembersOfDefinedMessagesAreReferencesAndOtherNamesAreNot() throws {
        let inventory = try scanSource("""
        #define IPC_MESSAGE_START TestMsgStart
        IPC_MESSAGE_ROUTED1(TestMsg_Bar, int)
        void F::Route(const IPC::Message& m, int* thread) {
          switch (m.type()) {
            case TestMsg_Bar::ID:  // TestMsg_Bar::Log in a comment is no use
              break;
            case Unknown::ID:
              break;
          }
          if (TestMsg_Bar::Read(&m, &p)) TestMsg_Bar::Other();
          Dispatch<TestMsg_Bar>(TestMsg_Bar(1));
          Send(new TestMsg_Bar(2));
        }
        """, named: "test/test_messages.cc")
        let references = try XCTUnwrap(inventory.references)
        // `TestMsg_Bar::Other` is no member a message class has, but names the class all the same; the sender is a
        // sender, not a reference.
        XCTAssertEqual(references.map { "\($0.message)::\($0.member ?? "") \($0.location.line):\($0.location.column) \($0.function ?? "")" },
                       ["TestMsg_Bar::ID 5:10 F::Route", "TestMsg_Bar::Read 10:7 F::Route", "TestMsg_Bar:: 10:34 F::Route", "TestMsg_Bar:: 11:12 F::Route", "TestMsg_Bar:: 11:25 F::Route"])
        XCTAssertEqual(inventory.senders.map(\.location.line), [12])
    }

    /// A conversion removes the definition first: the `::ID` it leaves behind is still a use of the message.
    func testMembersOfUndefinedMessagesAreReferencesButTheirNamesAloneAreNot() throws {
        let inventory = try scanSource("""
        #define IPC_MESSAGE_START TestMsgStart
        IPC_STRUCT_BEGIN(TestMsg_Data)
          IPC_STRUCT_MEMBER(int, value)
        IPC_STRUCT_END()
        void F::Route(const IPC::Message& m) {
          switch (m.type()) {
            case TestMsg_Gone::ID:
            case TestMsg_Data::ID:
            case Unknown::ID:
              break;
          }
          Dispatch<TestMsg_Gone>(this);
        }
        """, named: "test/test_messages.cc")
        XCTAssertEqual(inventory.references?.map { "\($0.message)::\($0.member ?? "") \($0.location.line)" }, ["TestMsg_Gone::ID 7"],
                       "an IPC struct, a name without the message form and an undefined name alone are no references")
    }
}
