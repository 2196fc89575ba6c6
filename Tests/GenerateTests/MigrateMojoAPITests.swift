import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
@testable import MojifyMigration
import MojifyCore
import MojifyTestSupport
import XCTest

/// `mojify migrate --mojo-api`: the drafts and the patch in today's Mojo C++ API (`mojo::Remote`, `mojo::Receiver`)
/// or in the 2016-2019 one (`FooPtr`, `mojo::Binding`, `FooRequest`), each construct in both forms.
final class MigrateMojoAPITests: XCTestCase {
    /// Spellings only today's API has: none may appear in a legacy draft or patch.
    static let currentOnly = [
        "mojo::Remote", "mojo::AssociatedRemote", "mojo::Receiver", "mojo::AssociatedReceiver", "PendingReceiver",
        "PendingAssociatedReceiver", "BindNewPipeAndPassReceiver", "SelfOwned", "bindings/remote.h", "receiver.h",
        "MOCK_METHOD(", "TaskEnvironment",
    ]

    static func examples(_ registry: OutputFormat, _ api: MojoAPI) throws -> MigrateTests.Result {
        try MigrateTests.migrate(root: repositoryRoot + "/Examples", registry: registry, api: api, draftingEvery: true)
    }

    func testEachSpellingInBothForms() {
        let foo = "ns::mojom::Foo"
        let cases: [(MojoAPI, Bool, [String])] = [
            (.current, false, [
                "mojo::Remote<ns::mojom::Foo>", "mojo/public/cpp/bindings/remote.h", "mojo::Receiver<ns::mojom::Foo>",
                "mojo/public/cpp/bindings/receiver.h", "mojo::PendingReceiver<ns::mojom::Foo>", "mojo/public/cpp/bindings/pending_receiver.h",
                "mojo::MakeSelfOwnedReceiver", "mojo/public/cpp/bindings/self_owned_receiver.h",
            ]),
            (.current, true, [
                "mojo::AssociatedRemote<ns::mojom::Foo>", "mojo/public/cpp/bindings/associated_remote.h", "mojo::AssociatedReceiver<ns::mojom::Foo>",
                "mojo/public/cpp/bindings/associated_receiver.h", "mojo::PendingAssociatedReceiver<ns::mojom::Foo>",
                "mojo/public/cpp/bindings/pending_associated_receiver.h", "mojo::MakeSelfOwnedAssociatedReceiver",
                "mojo/public/cpp/bindings/self_owned_associated_receiver.h",
            ]),
            (.legacy, false, [
                "ns::mojom::FooPtr", "mojo/public/cpp/bindings/interface_ptr.h", "mojo::Binding<ns::mojom::Foo>",
                "mojo/public/cpp/bindings/binding.h", "ns::mojom::FooRequest", "mojo/public/cpp/bindings/interface_request.h",
                "mojo::MakeStrongBinding", "mojo/public/cpp/bindings/strong_binding.h",
            ]),
            (.legacy, true, [
                "ns::mojom::FooAssociatedPtr", "mojo/public/cpp/bindings/associated_interface_ptr.h", "mojo::AssociatedBinding<ns::mojom::Foo>",
                "mojo/public/cpp/bindings/associated_binding.h", "ns::mojom::FooAssociatedRequest",
                "mojo/public/cpp/bindings/associated_interface_request.h", "mojo::MakeStrongAssociatedBinding",
                "mojo/public/cpp/bindings/strong_associated_binding.h",
            ]),
        ]
        for (api, associated, expected) in cases {
            let spelled = [
                api.remote(foo, associated: associated), api.remoteHeader(associated: associated),
                api.receiver(foo, associated: associated), api.receiverHeader(associated: associated),
                api.pendingReceiver(foo, associated: associated), api.pendingReceiverHeader(associated: associated),
                api.selfOwned(associated: associated), api.selfOwnedHeader(associated: associated),
            ]
            XCTAssertEqual(spelled, expected, "\(api) associated: \(associated)")
        }
        XCTAssertEqual(MojoAPI.current.newPipe(binding: "foo_"), "foo_.BindNewPipeAndPassReceiver()")
        XCTAssertEqual(MojoAPI.legacy.newPipe(binding: "foo_"), "mojo::MakeRequest(&foo_)")
        XCTAssertEqual(MojoAPI.current.mockMethod("Bar", types: ["int32_t", "base::flat_map<int, int>"]), "MOCK_METHOD(void, Bar, (int32_t, (base::flat_map<int, int>)), (override));")
        XCTAssertEqual(MojoAPI.legacy.mockMethod("Bar", types: ["int32_t", "base::flat_map<int, int>"]), "MOCK_METHOD2(Bar, void(int32_t, base::flat_map<int, int>));")
        XCTAssertEqual(MojoAPI.legacy.mockMethod("Baz", types: []), "MOCK_METHOD0(Baz, void());")
        XCTAssertEqual(MojoAPI.allCases.map(\.rawValue), ["current", "legacy"], "the CLI names")
    }

    // MARK: - Drafts

    func testSkeletonAndBindFunctionInBothForms() throws {
        let path = "content/browser/frame_host/frame_host_impl"
        let current = try Self.examples(.manifest, .current).drafts
        XCTAssertTrue(current[path + ".h"]!.contains("#include \"mojo/public/cpp/bindings/pending_receiver.h\"\n"), current[path + ".h"]!)
        XCTAssertTrue(current[path + ".h"]!.contains("\nvoid BindFrameHost(mojo::PendingReceiver<mojom::FrameHost> receiver);\n"), current[path + ".h"]!)
        XCTAssertTrue(current[path + ".cc"]!.contains("#include \"mojo/public/cpp/bindings/self_owned_receiver.h\"\n"), current[path + ".cc"]!)
        XCTAssertTrue(current[path + ".cc"]!.contains("\nvoid BindFrameHost(mojo::PendingReceiver<mojom::FrameHost> receiver) {\n"), current[path + ".cc"]!)
        XCTAssertTrue(current[path + ".cc"]!.contains("  mojo::MakeSelfOwnedReceiver(std::make_unique<FrameHostImpl>(nullptr), std::move(receiver));\n}"), current[path + ".cc"]!)

        let legacy = try Self.examples(.manifest, .legacy).drafts
        XCTAssertTrue(legacy[path + ".h"]!.contains("#include \"mojo/public/cpp/bindings/interface_request.h\"\n"), legacy[path + ".h"]!)
        XCTAssertTrue(legacy[path + ".h"]!.contains("\nvoid BindFrameHost(mojom::FrameHostRequest request);\n"), legacy[path + ".h"]!)
        XCTAssertTrue(legacy[path + ".cc"]!.contains("#include \"mojo/public/cpp/bindings/strong_binding.h\"\n"), legacy[path + ".cc"]!)
        XCTAssertTrue(legacy[path + ".cc"]!.contains("\nvoid BindFrameHost(mojom::FrameHostRequest request) {\n"), legacy[path + ".cc"]!)
        XCTAssertTrue(legacy[path + ".cc"]!.contains("  mojo::MakeStrongBinding(std::make_unique<FrameHostImpl>(nullptr), std::move(request));\n}"), legacy[path + ".cc"]!)
        // The same files, the methods as they were: only the API's spellings differ.
        XCTAssertEqual(Set(legacy.keys), Set(current.keys))
        XCTAssertEqual(legacy[path + ".h"]!.components(separatedBy: " override;").count, current[path + ".h"]!.components(separatedBy: " override;").count)

        let associated = try Self.examples(.associated, .legacy).drafts
        XCTAssertTrue(associated[path + ".h"]!.contains("#include \"mojo/public/cpp/bindings/associated_interface_request.h\"\n"), associated[path + ".h"]!)
        XCTAssertTrue(associated[path + ".cc"]!.contains("#include \"mojo/public/cpp/bindings/strong_associated_binding.h\"\n"), associated[path + ".cc"]!)
        XCTAssertTrue(associated[path + ".cc"]!.contains("\nvoid BindFrameHost(mojom::FrameHostAssociatedRequest request) {\n"), associated[path + ".cc"]!)
        XCTAssertTrue(associated[path + ".cc"]!.contains("  mojo::MakeStrongAssociatedBinding(std::make_unique<FrameHostImpl>(nullptr), std::move(request));\n}"), associated[path + ".cc"]!)
        let currentAssociated = try Self.examples(.associated, .current).drafts
        XCTAssertTrue(currentAssociated[path + ".cc"]!.contains("\nvoid BindFrameHost(mojo::PendingAssociatedReceiver<mojom::FrameHost> receiver) {\n"), currentAssociated[path + ".cc"]!)
        XCTAssertTrue(currentAssociated[path + ".cc"]!.contains("  mojo::MakeSelfOwnedAssociatedReceiver(std::make_unique<FrameHostImpl>(nullptr), std::move(receiver));\n}"), currentAssociated[path + ".cc"]!)

        for (name, drafts) in [("manifest", legacy), ("associated", associated)] {
            for (file, text) in drafts {
                for spelling in Self.currentOnly where text.contains(spelling) {
                    XCTFail("legacy \(name) draft \(file) spells \(spelling):\n\(text)")
                }
            }
        }
    }

    func testTheBindFunctionOfAHandlerClassImplementingItsInterfaceInBothForms() throws {
        // PrintRenderFrameHelper implements printing.mojom.Print itself once the patch is applied.
        let path = "components/printing/renderer/print_impl"
        let current = try Self.examples(.manifest, .current).drafts
        XCTAssertTrue(current[path + ".h"]!.contains("\nvoid BindPrint(mojo::PendingReceiver<mojom::Print> receiver);\n"), current[path + ".h"]!)
        XCTAssertTrue(current[path + ".cc"]!.contains("through a mojo::Receiver<mojom::Print> member of it:\n  // receiver_.Bind(std::move(receiver))."), current[path + ".cc"]!)
        let legacy = try Self.examples(.manifest, .legacy).drafts
        XCTAssertTrue(legacy[path + ".h"]!.contains("#include \"mojo/public/cpp/bindings/interface_request.h\"\n"), legacy[path + ".h"]!)
        XCTAssertTrue(legacy[path + ".h"]!.contains("\nvoid BindPrint(mojom::PrintRequest request);\n"), legacy[path + ".h"]!)
        XCTAssertTrue(legacy[path + ".cc"]!.contains("  // TODO(mojify): bind the request to the PrintRenderFrameHelper"), legacy[path + ".cc"]!)
        XCTAssertTrue(legacy[path + ".cc"]!.contains("through a mojo::Binding<mojom::Print> member of it:\n  // binding_.Bind(std::move(request))."), legacy[path + ".cc"]!)
        let associated = try Self.examples(.associated, .legacy).drafts
        XCTAssertTrue(associated[path + ".cc"]!.contains("mojo::AssociatedBinding<mojom::Print>"), associated[path + ".cc"]!)
    }

    func testMockAndFixtureInBothForms() throws {
        let mock = "content/common/frame_host_mock"
        let current = try Self.examples(.manifest, .current).drafts
        XCTAssertTrue(current[mock + ".h"]!.contains("  MOCK_METHOD(void, DidChangeScrollOffsetPinning, (bool, bool), (override));\n"), current[mock + ".h"]!)
        XCTAssertTrue(current[mock + "_unittest.cc"]!.contains("""
         protected:
          base::test::TaskEnvironment task_environment_;
          testing::StrictMock<MockFrameHost> mock_;
          mojo::Remote<mojom::FrameHost> remote_;
          mojo::Receiver<mojom::FrameHost> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
        };
        """), current[mock + "_unittest.cc"]!)

        let legacy = try Self.examples(.manifest, .legacy).drafts
        XCTAssertTrue(legacy[mock + ".h"]!.contains("  MOCK_METHOD2(DidChangeScrollOffsetPinning, void(bool, bool));\n"), legacy[mock + ".h"]!)
        // A comma inside a template needs no parentheses of its own in the function type.
        XCTAssertTrue(legacy[mock + ".h"]!.contains("  MOCK_METHOD1(UpdateLinkPreloads, void(base::flat_map<int32_t, std::vector<"), legacy[mock + ".h"]!)
        XCTAssertTrue(legacy[mock + ".h"]!.contains("  MOCK_METHOD5(RequestThumbnail, void(int32_t, const GURL&, content::mojom::ThumbnailRegionPtr, bool, RequestThumbnailCallback));\n"), legacy[mock + ".h"]!)
        XCTAssertEqual(legacy[mock + "_unittest.cc"], """
        // Drafted by mojify migrate; review before use.

        #include "base/message_loop/message_loop.h"
        #include "base/run_loop.h"
        #include "content/common/frame_host_mock.h"
        #include "mojo/public/cpp/bindings/binding.h"
        #include "mojo/public/cpp/bindings/interface_ptr.h"
        #include "testing/gtest/include/gtest/gtest.h"

        namespace content {

        class FrameHostMockTest : public testing::Test {
         protected:
          void SetUp() override { binding_.Bind(mojo::MakeRequest(&ptr_)); }

          // Not used directly: the bindings need a message loop on this thread.
          base::MessageLoop message_loop_;
          testing::StrictMock<MockFrameHost> mock_;
          mojom::FrameHostPtr ptr_;
          mojo::Binding<mojom::FrameHost> binding_{&mock_};
        };

        TEST_F(FrameHostMockTest, DeliversDidCommitProvisionalLoad) {
          EXPECT_CALL(mock_, DidCommitProvisionalLoad(testing::_));
          ptr_->DidCommitProvisionalLoad(content::mojom::DidCommitProvisionalLoadParams::New());
          base::RunLoop().RunUntilIdle();
        }

        }  // namespace content

        """)
        // An interface whose every method replies can only check the connection.
        let connects = "chrome/common/mime_registry_mock_unittest.cc"
        XCTAssertTrue(current[connects]!.contains("  base::RunLoop().RunUntilIdle();\n  EXPECT_TRUE(remote_.is_connected());\n"), current[connects]!)
        XCTAssertTrue(legacy[connects]!.contains("  base::RunLoop().RunUntilIdle();\n  EXPECT_FALSE(ptr_.encountered_error());\n"), legacy[connects]!)
    }

    // MARK: - Patch

    func testGetterAndMemberInBothForms() throws {
        let files = ["content/renderer/test_sender.h": MigrateRemoteTests.observerHeader, "content/renderer/test_sender.cc": MigrateRemoteTests.observerSource]
        let (current, _) = try migrate(files: files, registry: .manifest, api: .current)
        XCTAssertTrue(current.patch.diff.contains("+  mojo::Remote<content::mojom::TestHost> test_host_remote_;\n"), current.patch.diff)
        XCTAssertTrue(current.patch.diff.contains("+    render_frame()->GetRemoteInterfaces()->GetInterface(test_host_remote_.BindNewPipeAndPassReceiver());\n"), current.patch.diff)

        let (legacy, scratch) = try migrate(files: files, registry: .manifest, api: .legacy)
        let diff = legacy.patch.diff
        XCTAssertEqual(legacy.patch.outcomes.filter { $0.kind == .remote && $0.reason == nil }.count, 2, "\(legacy.patch.outcomes)")
        XCTAssertTrue(diff.contains("+  content::mojom::TestHostPtr test_host_remote_;\n"), diff)
        XCTAssertTrue(diff.contains("+  content::mojom::TestHostProcessPtr test_host_process_remote_;\n"), diff)
        XCTAssertTrue(diff.contains("+#include \"mojo/public/cpp/bindings/interface_ptr.h\"\n"), diff)
        // An interface provider takes the FooPtr's address in every era (Chromium 55 had no mojo::MakeRequest(&ptr)).
        XCTAssertTrue(diff.contains("""
        +content::mojom::TestHost* TestSender::GetTestHost() {
        +  if (!test_host_remote_) {
        +    render_frame()->GetRemoteInterfaces()->GetInterface(&test_host_remote_);
        +  }
        +  return test_host_remote_.get();
        +}
        """), diff)
        XCTAssertTrue(diff.contains("+    content::RenderThread::Get()->GetRemoteInterfaces()->GetInterface(&test_host_process_remote_);\n"), diff)
        XCTAssertNil(try MigrateTests.gitApplyCheck(diff, on: scratch.path))

        // From 2017 child threads bound through their connector, by the implementing service's name.
        let (connector, _) = try migrate(files: files, registry: .manifest, api: .legacy, era: .connector)
        XCTAssertTrue(connector.patch.diff.contains("+    render_frame()->GetRemoteInterfaces()->GetInterface(&test_host_remote_);\n"), connector.patch.diff)
        XCTAssertTrue(connector.patch.diff.contains("+    content::RenderThread::Get()->GetConnector()->BindInterface(\"content_browser\", &test_host_process_remote_);\n"), connector.patch.diff)
        let (remote, _) = try migrate(files: files, registry: .cppManifest, api: .current, era: .remote)
        XCTAssertTrue(remote.patch.diff.contains("+    content::RenderThread::Get()->GetConnector()->Connect(\"content_browser\", test_host_process_remote_.BindNewPipeAndPassReceiver());\n"), remote.patch.diff)

        let (associated, _) = try migrate(files: files, registry: .associated, api: .legacy)
        XCTAssertTrue(associated.patch.diff.contains("+  content::mojom::TestHostAssociatedPtr test_host_remote_;\n"), associated.patch.diff)
        XCTAssertTrue(associated.patch.diff.contains("+#include \"mojo/public/cpp/bindings/associated_interface_ptr.h\"\n"), associated.patch.diff)
        // An associated remote is passed by address in both APIs.
        XCTAssertTrue(associated.patch.diff.contains("+    render_frame()->GetRemoteAssociatedInterfaces()->GetInterface(&test_host_remote_);\n"), associated.patch.diff)
        XCTAssertTrue(associated.patch.diff.contains("+    content::RenderThread::Get()->GetChannel()->GetRemoteAssociatedInterface(&test_host_process_remote_);\n"), associated.patch.diff)

        for (name, text) in [("manifest", diff), ("associated", associated.patch.diff)] {
            for spelling in Self.currentOnly where text.contains(spelling) {
                XCTFail("legacy \(name) patch spells \(spelling):\n\(text)")
            }
        }
    }

    func testABinderCallTakesTheRequestInTheLegacyForm() throws {
        let rules = try Fixtures.rules()
        for (api, bind) in [(MojoAPI.current, "content::RenderThread::Get()->BindHostReceiver(foo_remote_.BindNewPipeAndPassReceiver());"),
                            (.legacy, "content::RenderThread::Get()->BindHostReceiver(mojo::MakeRequest(&foo_remote_));")] {
            let connection = RemoteConnection(
                place: "RenderThread::BindHostReceiver()", service: "content_browser", member: "foo_remote_", classes: ["Sender"], visibleNames: ["RenderThread"],
                settings: RemoteSettings(registry: .binders, rules: rules, api: api)
            )
            XCTAssertEqual(connection.bind, bind)
            XCTAssertEqual(connection.remoteType("ns::mojom::Foo"), api == .current ? "mojo::Remote<ns::mojom::Foo>" : "ns::mojom::FooPtr")
        }
    }

    func testTheDefaultIsTheCurrentAPI() throws {
        let inventory = try Fixtures.examples.get()
        let plan = try ConversionPlan.make(inventory: inventory, rules: try Fixtures.rules())
        let migration = CppMigration(plan: plan, inventory: inventory, rules: try Fixtures.rules(), era: .typedValues)
        let result = try Self.examples(.binders, .current)
        XCTAssertEqual(CppDraftEmitter.emit(migration, convertedInPlace: result.patch.convertedInPlace), result.drafts)
        XCTAssertEqual(RemoteSettings(registry: .binders, rules: try Fixtures.rules()).api, .current)
    }
}
