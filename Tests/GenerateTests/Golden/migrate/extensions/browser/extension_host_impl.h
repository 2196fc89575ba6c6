// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_BROWSER_EXTENSION_HOST_IMPL_H_
#define EXTENSIONS_BROWSER_EXTENSION_HOST_IMPL_H_

#include "extensions/common/extension.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace extensions {

// ExtensionMessageFilter implements extensions.mojom.ExtensionHost itself once
// the patch is applied (its handlers became the interface methods), so there is
// no ExtensionHostImpl. Named by the interface's registration line (written
// beside these drafts).
void BindExtensionHost(mojo::PendingReceiver<mojom::ExtensionHost> receiver);

}  // namespace extensions

#endif  // EXTENSIONS_BROWSER_EXTENSION_HOST_IMPL_H_
