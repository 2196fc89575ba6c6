// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "extensions/browser/extension_host_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace extensions {

ExtensionHostImpl::ExtensionHostImpl(ExtensionMessageFilter* extension_message_filter)
    : extension_message_filter_(extension_message_filter) {}

ExtensionHostImpl::~ExtensionHostImpl() = default;

void ExtensionHostImpl::SubscribeToEvent(const std::string& extension_id, const std::string& event_name) {
  extension_message_filter_->OnSubscribeToEvent(extension_id, event_name);
}

void ExtensionHostImpl::ReportStorageUsage(const std::string& extension_id, int64_t bytes_in_use, base::Value::Dict usage_by_area) {
  // TODO(mojify): OnReportStorageUsage takes the legacy C++ types; convert
  // usage_by_area from the interface's types.
  extension_message_filter_->OnReportStorageUsage(extension_id, bytes_in_use, usage_by_area);
}

void ExtensionHostImpl::ShouldSuspendAck(const std::string& extension_id, uint64_t sequence_id) {
  extension_message_filter_->OnShouldSuspendAck(extension_id, sequence_id);
}

void BindExtensionHost(mojo::PendingReceiver<mojom::ExtensionHost> receiver) {
  // TODO(mojify): pass the ExtensionMessageFilter this connection belongs to
  // (for a frame-scoped interface, the frame's; migration guide 2.5.7), e.g.
  // from a binder that takes the RenderFrameHost or RenderFrame.
  mojo::MakeSelfOwnedReceiver(std::make_unique<ExtensionHostImpl>(nullptr), std::move(receiver));
}

}  // namespace extensions
