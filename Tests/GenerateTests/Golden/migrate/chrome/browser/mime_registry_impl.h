// Drafted by mojify migrate; review before use.

#ifndef CHROME_BROWSER_MIME_REGISTRY_IMPL_H_
#define CHROME_BROWSER_MIME_REGISTRY_IMPL_H_

#include "chrome/browser/chrome_render_message_filter.h"
#include "chrome/common/render.mojom.h"

namespace chrome {

// Implements chrome.mojom.MimeRegistry by calling the legacy IPC handlers it
// replaces.
class MimeRegistryImpl : public mojom::MimeRegistry {
 public:
  explicit MimeRegistryImpl(ChromeRenderMessageFilter* chrome_render_message_filter);
  MimeRegistryImpl(const MimeRegistryImpl&) = delete;
  MimeRegistryImpl& operator=(const MimeRegistryImpl&) = delete;
  ~MimeRegistryImpl() override;

  // mojom::MimeRegistry:
  void GetMimeTypeFromExtension(const std::string& extension, GetMimeTypeFromExtensionCallback callback) override;

 private:
  ChromeRenderMessageFilter* const chrome_render_message_filter_;
};

}  // namespace chrome

#endif  // CHROME_BROWSER_MIME_REGISTRY_IMPL_H_
