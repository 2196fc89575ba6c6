// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "components/printing/renderer/print_impl.h"

namespace printing {

void BindPrint(mojo::PendingReceiver<mojom::Print> receiver) {
  // TODO(mojify): bind the receiver to the PrintRenderFrameHelper this
  // connection belongs to (for a frame-scoped interface, the frame's; migration
  // guide 2.5.7), e.g. through a mojo::Receiver<mojom::Print> member of it:
  // receiver_.Bind(std::move(receiver)).
  NOTIMPLEMENTED();
}

}  // namespace printing
