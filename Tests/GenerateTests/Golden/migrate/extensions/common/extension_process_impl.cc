// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "extensions/common/extension_process_impl.h"

namespace extensions {

ExtensionProcessImpl::ExtensionProcessImpl() = default;

ExtensionProcessImpl::~ExtensionProcessImpl() = default;

void ExtensionProcessImpl::ShouldSuspend(const std::string& extension_id, uint64_t sequence_id, ShouldSuspendCallback callback) {
  // TODO(mojify): no message map in the scanned tree handles
  // ExtensionMsg_ShouldSuspend.
  NOTIMPLEMENTED();
}

}  // namespace extensions
