// Drafted by mojify migrate; review before use.

#ifndef CHROME_BROWSER_CHROME_VIEW_HOST_IMPL_H_
#define CHROME_BROWSER_CHROME_VIEW_HOST_IMPL_H_

#include "chrome/browser/chrome_render_message_filter.h"
#include "chrome/common/render.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace chrome {

// Implements chrome.mojom.ChromeViewHost by calling the legacy IPC handlers it
// replaces.
class ChromeViewHostImpl : public mojom::ChromeViewHost {
 public:
  explicit ChromeViewHostImpl(ChromeRenderMessageFilter* chrome_render_message_filter);
  ChromeViewHostImpl(const ChromeViewHostImpl&) = delete;
  ChromeViewHostImpl& operator=(const ChromeViewHostImpl&) = delete;
  ~ChromeViewHostImpl() override;

  // mojom::ChromeViewHost:
  void ReportFeatureUsage(const base::flat_map<std::string, int32_t>& counts_by_feature) override;
  void RecordNetworkUsage(const url::Origin& origin, chrome::mojom::NetworkUsageKind kind, uint64_t bytes_received, int64_t duration_ms) override;
  void GetPluginInfo(int32_t render_frame_id, const GURL& url, GetPluginInfoCallback callback) override;

 private:
  ChromeRenderMessageFilter* const chrome_render_message_filter_;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the ChromeViewHostImpl it makes.
void BindChromeViewHost(mojo::PendingReceiver<mojom::ChromeViewHost> receiver);

}  // namespace chrome

#endif  // CHROME_BROWSER_CHROME_VIEW_HOST_IMPL_H_
