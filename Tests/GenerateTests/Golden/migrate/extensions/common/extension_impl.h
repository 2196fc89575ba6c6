// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_IMPL_H_
#define EXTENSIONS_COMMON_EXTENSION_IMPL_H_

#include "extensions/common/extension.mojom.h"

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

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_IMPL_H_
