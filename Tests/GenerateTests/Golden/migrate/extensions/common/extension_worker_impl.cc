// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "extensions/common/extension_worker_impl.h"

namespace extensions {

ExtensionWorkerImpl::ExtensionWorkerImpl() = default;

ExtensionWorkerImpl::~ExtensionWorkerImpl() = default;

void ExtensionWorkerImpl::DispatchEvent(int32_t worker_thread_id, int32_t event_id, const std::string& event_name, base::Value::List event_args, DispatchEventCallback callback) {
  // TODO(mojify): no message map in the scanned tree handles
  // ExtensionWorkerMsg_DispatchEvent.
  NOTIMPLEMENTED();
}

}  // namespace extensions
