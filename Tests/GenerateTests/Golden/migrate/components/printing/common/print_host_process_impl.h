// Drafted by mojify migrate; review before use.

#ifndef COMPONENTS_PRINTING_COMMON_PRINT_HOST_PROCESS_IMPL_H_
#define COMPONENTS_PRINTING_COMMON_PRINT_HOST_PROCESS_IMPL_H_

#include "components/printing/common/print.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace printing {

// Implements printing.mojom.PrintHostProcess by calling the legacy IPC handlers
// it replaces.
class PrintHostProcessImpl : public mojom::PrintHostProcess {
 public:
  PrintHostProcessImpl();
  PrintHostProcessImpl(const PrintHostProcessImpl&) = delete;
  PrintHostProcessImpl& operator=(const PrintHostProcessImpl&) = delete;
  ~PrintHostProcessImpl() override;

  // mojom::PrintHostProcess:
  void RecordPrintJobMetrics(int32_t page_count, base::TimeDelta duration) override;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the PrintHostProcessImpl it makes.
void BindPrintHostProcess(mojo::PendingReceiver<mojom::PrintHostProcess> receiver);

}  // namespace printing

#endif  // COMPONENTS_PRINTING_COMMON_PRINT_HOST_PROCESS_IMPL_H_
