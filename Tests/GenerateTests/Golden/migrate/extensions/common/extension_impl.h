// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_IMPL_H_
#define EXTENSIONS_COMMON_EXTENSION_IMPL_H_

#include "extensions/common/extension.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace extensions {

// Implements extensions.mojom.Extension by calling the legacy IPC handlers it
// replaces.
class ExtensionImpl : public mojom::Extension {
 public:
  ExtensionImpl();
  ExtensionImpl(const ExtensionImpl&) = delete;
  ExtensionImpl& operator=(const ExtensionImpl&) = delete;
  ~ExtensionImpl() override;

  // mojom::Extension:
  void SetPopupAnchor(const std::string& extension_id, const gfx::PointF& anchor) override;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the ExtensionImpl it makes.
void BindExtension(mojo::PendingReceiver<mojom::Extension> receiver);

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_IMPL_H_
