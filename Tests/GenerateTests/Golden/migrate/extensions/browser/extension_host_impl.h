// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_BROWSER_EXTENSION_HOST_IMPL_H_
#define EXTENSIONS_BROWSER_EXTENSION_HOST_IMPL_H_

#include "extensions/browser/extension_message_filter.h"
#include "extensions/common/extension.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace extensions {

// Implements extensions.mojom.ExtensionHost by calling the legacy IPC handlers
// it replaces.
class ExtensionHostImpl : public mojom::ExtensionHost {
 public:
  explicit ExtensionHostImpl(ExtensionMessageFilter* extension_message_filter);
  ExtensionHostImpl(const ExtensionHostImpl&) = delete;
  ExtensionHostImpl& operator=(const ExtensionHostImpl&) = delete;
  ~ExtensionHostImpl() override;

  // mojom::ExtensionHost:
  void SubscribeToEvent(const std::string& extension_id, const std::string& event_name) override;
  void ReportStorageUsage(const std::string& extension_id, int64_t bytes_in_use, base::Value::Dict usage_by_area) override;
  void ShouldSuspendAck(const std::string& extension_id, uint64_t sequence_id) override;

 private:
  ExtensionMessageFilter* const extension_message_filter_;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the ExtensionHostImpl it makes.
void BindExtensionHost(mojo::PendingReceiver<mojom::ExtensionHost> receiver);

}  // namespace extensions

#endif  // EXTENSIONS_BROWSER_EXTENSION_HOST_IMPL_H_
