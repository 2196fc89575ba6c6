// Drafted by mojify migrate; review before use.

#include "chrome/browser/chrome_view_host_impl.h"

namespace chrome {

ChromeViewHostImpl::ChromeViewHostImpl(ChromeRenderMessageFilter* chrome_render_message_filter)
    : chrome_render_message_filter_(chrome_render_message_filter) {}

ChromeViewHostImpl::~ChromeViewHostImpl() = default;

void ChromeViewHostImpl::ReportFeatureUsage(const base::flat_map<std::string, int32_t>& counts_by_feature) {
  chrome_render_message_filter_->OnReportFeatureUsage(counts_by_feature);
}

void ChromeViewHostImpl::RecordNetworkUsage(const url::Origin& origin, chrome::mojom::NetworkUsageKind kind, uint64_t bytes_received, int64_t duration_ms) {
  chrome_render_message_filter_->OnRecordNetworkUsage(origin, kind, bytes_received, duration_ms);
}

void ChromeViewHostImpl::GetPluginInfo(int32_t render_frame_id, const GURL& url, GetPluginInfoCallback callback) {
  // TODO(mojify): OnGetPluginInfo took the reply message
  // (IPC_MESSAGE_HANDLER_DELAY_REPLY); make OnGetPluginInfo take
  // GetPluginInfoCallback and run it with std::move(callback).Run(...) where it
  // replied.
  chrome_render_message_filter_->OnGetPluginInfo(render_frame_id, url, std::move(callback));
}

}  // namespace chrome
