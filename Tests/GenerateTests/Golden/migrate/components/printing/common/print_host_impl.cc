// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/logging.h"
#include "components/printing/common/print_host_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace printing {

PrintHostImpl::PrintHostImpl() = default;

PrintHostImpl::~PrintHostImpl() = default;

void PrintHostImpl::DidGetPreviewPageCount(int32_t preview_request_id, int32_t page_count) {
  // TODO(mojify): no message map in the scanned tree handles
  // PrintHostMsg_DidGetPreviewPageCount.
  NOTIMPLEMENTED();
}

void PrintHostImpl::GetPrinterCapabilities(GetPrinterCapabilitiesCallback callback) {
  // TODO(mojify): no message map in the scanned tree handles
  // PrintHostMsg_GetPrinterCapabilities.
  NOTIMPLEMENTED();
}

void BindPrintHost(mojo::PendingReceiver<mojom::PrintHost> receiver) {
  mojo::MakeSelfOwnedReceiver(std::make_unique<PrintHostImpl>(), std::move(receiver));
}

}  // namespace printing
