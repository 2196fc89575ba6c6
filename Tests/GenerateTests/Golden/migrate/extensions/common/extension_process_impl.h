// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_PROCESS_IMPL_H_
#define EXTENSIONS_COMMON_EXTENSION_PROCESS_IMPL_H_

#include "extensions/common/extension.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace extensions {

// Implements extensions.mojom.ExtensionProcess by calling the legacy IPC
// handlers it replaces.
class ExtensionProcessImpl : public mojom::ExtensionProcess {
 public:
  ExtensionProcessImpl();
  ExtensionProcessImpl(const ExtensionProcessImpl&) = delete;
  ExtensionProcessImpl& operator=(const ExtensionProcessImpl&) = delete;
  ~ExtensionProcessImpl() override;

  // mojom::ExtensionProcess:
  void ShouldSuspend(const std::string& extension_id, uint64_t sequence_id) override;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the ExtensionProcessImpl it makes.
void BindExtensionProcess(mojo::PendingReceiver<mojom::ExtensionProcess> receiver);

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_PROCESS_IMPL_H_
