// Drafted by mojify migrate; review before use.

#include "chrome/browser/mime_registry_impl.h"

namespace chrome {

MimeRegistryImpl::MimeRegistryImpl(ChromeRenderMessageFilter* chrome_render_message_filter)
    : chrome_render_message_filter_(chrome_render_message_filter) {}

MimeRegistryImpl::~MimeRegistryImpl() = default;

void MimeRegistryImpl::GetMimeTypeFromExtension(const std::string& extension, GetMimeTypeFromExtensionCallback callback) {
  std::string mime_type;
  chrome_render_message_filter_->OnGetMimeTypeFromExtension(extension, &mime_type);
  std::move(callback).Run(mime_type);
}

}  // namespace chrome
