// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/logging.h"
#include "extensions/common/extension_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace extensions {

ExtensionImpl::ExtensionImpl() = default;

ExtensionImpl::~ExtensionImpl() = default;

void ExtensionImpl::SetPopupAnchor(const std::string& extension_id, const gfx::PointF& anchor) {
  // TODO(mojify): no message map in the scanned tree handles
  // ExtensionMsg_SetPopupAnchor.
  NOTIMPLEMENTED();
}

void BindExtension(mojo::PendingReceiver<mojom::Extension> receiver) {
  mojo::MakeSelfOwnedReceiver(std::make_unique<ExtensionImpl>(), std::move(receiver));
}

}  // namespace extensions
