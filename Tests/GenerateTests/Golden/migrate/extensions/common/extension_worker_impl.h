// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_WORKER_IMPL_H_
#define EXTENSIONS_COMMON_EXTENSION_WORKER_IMPL_H_

#include "extensions/common/extension_worker.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace extensions {

// Implements extensions.mojom.ExtensionWorker by calling the legacy IPC
// handlers it replaces.
class ExtensionWorkerImpl : public mojom::ExtensionWorker {
 public:
  ExtensionWorkerImpl();
  ExtensionWorkerImpl(const ExtensionWorkerImpl&) = delete;
  ExtensionWorkerImpl& operator=(const ExtensionWorkerImpl&) = delete;
  ~ExtensionWorkerImpl() override;

  // mojom::ExtensionWorker:
  void DispatchEvent(int32_t worker_thread_id, int32_t event_id, const std::string& event_name, base::Value event_args) override;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the ExtensionWorkerImpl it makes.
void BindExtensionWorker(mojo::PendingReceiver<mojom::ExtensionWorker> receiver);

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_WORKER_IMPL_H_
