// Drafted by mojify migrate; review before use.

#ifndef COMPONENTS_PRINTING_COMMON_PRINT_HOST_IMPL_H_
#define COMPONENTS_PRINTING_COMMON_PRINT_HOST_IMPL_H_

#include "components/printing/common/print.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace printing {

// Implements printing.mojom.PrintHost by calling the legacy IPC handlers it
// replaces.
class PrintHostImpl : public mojom::PrintHost {
 public:
  PrintHostImpl();
  PrintHostImpl(const PrintHostImpl&) = delete;
  PrintHostImpl& operator=(const PrintHostImpl&) = delete;
  ~PrintHostImpl() override;

  // mojom::PrintHost:
  void DidGetPreviewPageCount(int32_t preview_request_id, int32_t page_count) override;
  void GetPrinterCapabilities(GetPrinterCapabilitiesCallback callback) override;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the PrintHostImpl it makes.
void BindPrintHost(mojo::PendingReceiver<mojom::PrintHost> receiver);

}  // namespace printing

#endif  // COMPONENTS_PRINTING_COMMON_PRINT_HOST_IMPL_H_
