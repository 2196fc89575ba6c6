// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "extensions/common/extension_impl.h"

namespace extensions {

ExtensionImpl::ExtensionImpl() = default;

ExtensionImpl::~ExtensionImpl() = default;

void ExtensionImpl::SetPopupAnchor(const std::string& extension_id, const gfx::PointF& anchor) {
  // TODO(mojify): no message map in the scanned tree handles
  // ExtensionMsg_SetPopupAnchor.
  NOTIMPLEMENTED();
}

}  // namespace extensions
