// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "components/printing/common/print_host_process_impl.h"

namespace printing {

PrintHostProcessImpl::PrintHostProcessImpl() = default;

PrintHostProcessImpl::~PrintHostProcessImpl() = default;

void PrintHostProcessImpl::RecordPrintJobMetrics(int32_t page_count, base::TimeDelta duration) {
  // TODO(mojify): no message map in the scanned tree handles
  // PrintHostMsg_RecordPrintJobMetrics.
  NOTIMPLEMENTED();
}

}  // namespace printing
