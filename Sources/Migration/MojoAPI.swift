/// The Mojo C++ API `mojify migrate` writes its drafts and patch in (`--mojo-api`); the raw value is the CLI name.
/// Every spelling that differs between the two lives here, so the emitters only ask for "the remote" or "the
/// receiver" of an interface.
public enum MojoAPI: String, CaseIterable, Sendable {
    /// `mojo::Remote`, `mojo::Receiver`, `mojo::PendingReceiver` (2019 on).
    case current
    /// `FooPtr`, `mojo::Binding`, `FooRequest`, `mojo::MakeRequest` (2016-2019), for trees of those eras.
    case legacy

    /// The caller's end as a member: `mojo::Remote<ns::mojom::Foo>`, or the bindings' `ns::mojom::FooPtr`.
    /// `interface` is the qualified name as the code writes it.
    func remote(_ interface: String, associated: Bool) -> String {
        switch self {
        case .current: "mojo::\(associated ? "Associated" : "")Remote<\(interface)>"
        case .legacy: interface + (associated ? "AssociatedPtr" : "Ptr")
        }
    }

    func remoteHeader(associated: Bool) -> String {
        switch self {
        case .current: "mojo/public/cpp/bindings/\(associated ? "associated_" : "")remote.h"
        case .legacy: "mojo/public/cpp/bindings/\(associated ? "associated_" : "")interface_ptr.h"
        }
    }

    /// The implementation's end as a member: `mojo::Receiver<ns::mojom::Foo>` or `mojo::Binding<ns::mojom::Foo>`.
    func receiver(_ interface: String, associated: Bool) -> String {
        "mojo::\(associated ? "Associated" : "")\(self == .current ? "Receiver" : "Binding")<\(interface)>"
    }

    func receiverHeader(associated: Bool) -> String {
        "mojo/public/cpp/bindings/\(associated ? "associated_" : "")\(self == .current ? "receiver" : "binding").h"
    }

    /// The name such a member usually has: `receiver_` or `binding_`.
    var receiverMember: String { self == .current ? "receiver_" : "binding_" }

    /// What a binder takes: `mojo::PendingReceiver<ns::mojom::Foo>`, or the bindings' `ns::mojom::FooRequest`.
    func pendingReceiver(_ interface: String, associated: Bool) -> String {
        switch self {
        case .current: "mojo::Pending\(associated ? "Associated" : "")Receiver<\(interface)>"
        case .legacy: interface + (associated ? "AssociatedRequest" : "Request")
        }
    }

    func pendingReceiverHeader(associated: Bool) -> String {
        switch self {
        case .current: "mojo/public/cpp/bindings/pending_\(associated ? "associated_" : "")receiver.h"
        case .legacy: "mojo/public/cpp/bindings/\(associated ? "associated_" : "")interface_request.h"
        }
    }

    /// The parameter name of a pending receiver, as Chromium's code of each era names it.
    var pendingReceiverName: String { self == .current ? "receiver" : "request" }

    /// The expression binding the unbound remote `member` to a new pipe and giving its other end to a binder.
    func newPipe(binding member: String) -> String {
        switch self {
        case .current: "\(member).BindNewPipeAndPassReceiver()"
        case .legacy: "mojo::MakeRequest(&\(member))"
        }
    }

    /// The function making an implementation owned by its connection.
    func selfOwned(associated: Bool) -> String {
        switch self {
        case .current: "mojo::MakeSelfOwned\(associated ? "Associated" : "")Receiver"
        case .legacy: "mojo::MakeStrong\(associated ? "Associated" : "")Binding"
        }
    }

    func selfOwnedHeader(associated: Bool) -> String {
        switch self {
        case .current: "mojo/public/cpp/bindings/self_owned_\(associated ? "associated_" : "")receiver.h"
        case .legacy: "mojo/public/cpp/bindings/strong_\(associated ? "associated_" : "")binding.h"
        }
    }

    /// One gmock method declaration: `MOCK_METHOD(void, Bar, (int32_t), (override));`, or gmock's older
    /// `MOCK_METHOD1(Bar, void(int32_t));`, the only form the era's gmock had.
    func mockMethod(_ name: String, types: [String]) -> String {
        switch self {
        case .current:
            // gmock wants a type holding a comma in parentheses.
            let types = types.map { $0.contains(",") ? "(\($0))" : $0 }
            return "MOCK_METHOD(void, \(name), (\(types.joined(separator: ", "))), (override));"
        case .legacy:
            // The function type's own parentheses keep its commas from splitting the macro's arguments.
            return "MOCK_METHOD\(types.count)(\(name), void(\(types.joined(separator: ", "))));"
        }
    }

    /// A test fixture's connection of `mock_` to a remote the test calls through (the migration guide's "Mocking
    /// in tests"): its members, the headers they need, the remote's name, and a check that the pipe is healthy.
    struct MockConnection: Equatable {
        var members: [String]
        var includes: [String]
        var remote: String
        var healthCheck: String
    }

    func mockConnection(mock: String, interface: String) -> MockConnection {
        let remoteType = remote(interface, associated: false)
        let receiverType = receiver(interface, associated: false)
        switch self {
        case .current:
            return MockConnection(
                members: [
                    "  base::test::TaskEnvironment task_environment_;",
                    "  testing::StrictMock<\(mock)> mock_;",
                    "  \(remoteType) remote_;",
                    "  \(receiverType) receiver_{&mock_, \(newPipe(binding: "remote_"))};",
                ],
                includes: ["base/test/task_environment.h", receiverHeader(associated: false), remoteHeader(associated: false)],
                remote: "remote_", healthCheck: "EXPECT_TRUE(remote_.is_connected());"
            )
        case .legacy:
            return MockConnection(
                members: [
                    "  void SetUp() override { binding_.Bind(\(newPipe(binding: "ptr_"))); }",
                    "",
                    "  // Not used directly: the bindings need a message loop on this thread.",
                    "  base::MessageLoop message_loop_;",
                    "  testing::StrictMock<\(mock)> mock_;",
                    "  \(remoteType) ptr_;",
                    "  \(receiverType) binding_{&mock_};",
                ],
                includes: ["base/message_loop/message_loop.h", receiverHeader(associated: false), remoteHeader(associated: false)],
                remote: "ptr_", healthCheck: "EXPECT_FALSE(ptr_.encountered_error());"
            )
        }
    }
}
