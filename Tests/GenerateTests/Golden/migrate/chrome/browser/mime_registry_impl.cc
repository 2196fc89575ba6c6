// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "chrome/browser/mime_registry_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace chrome {

MimeRegistryImpl::MimeRegistryImpl(ChromeRenderMessageFilter* chrome_render_message_filter)
    : chrome_render_message_filter_(chrome_render_message_filter) {}

MimeRegistryImpl::~MimeRegistryImpl() = default;

void MimeRegistryImpl::GetMimeTypeFromExtension(const std::string& extension, GetMimeTypeFromExtensionCallback callback) {
  std::string mime_type;
  chrome_render_message_filter_->OnGetMimeTypeFromExtension(extension, &mime_type);
  std::move(callback).Run(mime_type);
}

void BindMimeRegistry(mojo::PendingReceiver<mojom::MimeRegistry> receiver) {
  // TODO(mojify): pass the ChromeRenderMessageFilter this connection belongs to
  // (for a frame-scoped interface, the frame's; migration guide 2.5.7), e.g.
  // from a binder that takes the RenderFrameHost or RenderFrame.
  mojo::MakeSelfOwnedReceiver(std::make_unique<MimeRegistryImpl>(nullptr), std::move(receiver));
}

}  // namespace chrome
