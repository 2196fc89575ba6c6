// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/logging.h"
#include "extensions/common/extension_worker_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace extensions {

ExtensionWorkerImpl::ExtensionWorkerImpl() = default;

ExtensionWorkerImpl::~ExtensionWorkerImpl() = default;

void ExtensionWorkerImpl::DispatchEvent(int32_t worker_thread_id, int32_t event_id, const std::string& event_name, base::Value event_args) {
  // TODO(mojify): no message map in the scanned tree handles
  // ExtensionWorkerMsg_DispatchEvent.
  NOTIMPLEMENTED();
}

void BindExtensionWorker(mojo::PendingReceiver<mojom::ExtensionWorker> receiver) {
  mojo::MakeSelfOwnedReceiver(std::make_unique<ExtensionWorkerImpl>(), std::move(receiver));
}

}  // namespace extensions
