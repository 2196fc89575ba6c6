// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/logging.h"
#include "components/printing/common/print_host_process_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace printing {

PrintHostProcessImpl::PrintHostProcessImpl() = default;

PrintHostProcessImpl::~PrintHostProcessImpl() = default;

void PrintHostProcessImpl::RecordPrintJobMetrics(int32_t page_count, base::TimeDelta duration) {
  // TODO(mojify): no message map in the scanned tree handles
  // PrintHostMsg_RecordPrintJobMetrics.
  NOTIMPLEMENTED();
}

void BindPrintHostProcess(mojo::PendingReceiver<mojom::PrintHostProcess> receiver) {
  mojo::MakeSelfOwnedReceiver(std::make_unique<PrintHostProcessImpl>(), std::move(receiver));
}

}  // namespace printing
