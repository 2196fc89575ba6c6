// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "chrome/browser/chrome_view_host_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace chrome {

ChromeViewHostImpl::ChromeViewHostImpl(ChromeRenderMessageFilter* chrome_render_message_filter)
    : chrome_render_message_filter_(chrome_render_message_filter) {}

ChromeViewHostImpl::~ChromeViewHostImpl() = default;

void ChromeViewHostImpl::ReportFeatureUsage(const base::flat_map<std::string, int32_t>& counts_by_feature) {
  chrome_render_message_filter_->OnReportFeatureUsage(counts_by_feature);
}

void ChromeViewHostImpl::RecordNetworkUsage(const url::Origin& origin, chrome::mojom::NetworkUsageKind kind, uint64_t bytes_received, int64_t duration_ms) {
  chrome_render_message_filter_->OnRecordNetworkUsage(origin, static_cast<NetworkUsageKind>(kind), bytes_received, duration_ms);
}

void ChromeViewHostImpl::GetPluginInfo(int32_t render_frame_id, const GURL& url, GetPluginInfoCallback callback) {
  // TODO(mojify): OnGetPluginInfo took the reply message
  // (IPC_MESSAGE_HANDLER_DELAY_REPLY); make OnGetPluginInfo take
  // GetPluginInfoCallback and run it with std::move(callback).Run(...) where it
  // replied.
  chrome_render_message_filter_->OnGetPluginInfo(render_frame_id, url, std::move(callback));
}

void BindChromeViewHost(mojo::PendingReceiver<mojom::ChromeViewHost> receiver) {
  // TODO(mojify): pass the ChromeRenderMessageFilter this connection belongs to
  // (for a frame-scoped interface, the frame's; migration guide 2.5.7), e.g.
  // from a binder that takes the RenderFrameHost or RenderFrame.
  mojo::MakeSelfOwnedReceiver(std::make_unique<ChromeViewHostImpl>(nullptr), std::move(receiver));
}

}  // namespace chrome
