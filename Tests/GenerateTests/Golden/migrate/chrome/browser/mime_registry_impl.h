// Drafted by mojify migrate; review before use.

#ifndef CHROME_BROWSER_MIME_REGISTRY_IMPL_H_
#define CHROME_BROWSER_MIME_REGISTRY_IMPL_H_

#include "chrome/browser/chrome_render_message_filter.h"
#include "chrome/common/render.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

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

// Named by the interface's registration line (written beside these drafts); the
// connection owns the MimeRegistryImpl it makes.
void BindMimeRegistry(mojo::PendingReceiver<mojom::MimeRegistry> receiver);

}  // namespace chrome

#endif  // CHROME_BROWSER_MIME_REGISTRY_IMPL_H_
