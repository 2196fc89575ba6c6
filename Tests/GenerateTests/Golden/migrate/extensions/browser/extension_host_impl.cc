// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "extensions/browser/extension_host_impl.h"

namespace extensions {

void BindExtensionHost(mojo::PendingReceiver<mojom::ExtensionHost> receiver) {
  // TODO(mojify): bind the receiver to the ExtensionMessageFilter this
  // connection belongs to (for a frame-scoped interface, the frame's; migration
  // guide 2.5.7), e.g. through a mojo::Receiver<mojom::ExtensionHost> member of
  // it: receiver_.Bind(std::move(receiver)).
  NOTIMPLEMENTED();
}

}  // namespace extensions
