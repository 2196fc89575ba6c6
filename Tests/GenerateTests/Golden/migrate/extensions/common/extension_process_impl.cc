// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/logging.h"
#include "extensions/common/extension_process_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace extensions {

ExtensionProcessImpl::ExtensionProcessImpl() = default;

ExtensionProcessImpl::~ExtensionProcessImpl() = default;

void ExtensionProcessImpl::ShouldSuspend(const std::string& extension_id, uint64_t sequence_id) {
  // TODO(mojify): no message map in the scanned tree handles
  // ExtensionMsg_ShouldSuspend.
  NOTIMPLEMENTED();
}

void BindExtensionProcess(mojo::PendingReceiver<mojom::ExtensionProcess> receiver) {
  mojo::MakeSelfOwnedReceiver(std::make_unique<ExtensionProcessImpl>(), std::move(receiver));
}

}  // namespace extensions
