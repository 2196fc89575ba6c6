// Drafted by mojify migrate; review before use.

#ifndef COMPONENTS_PRINTING_RENDERER_PRINT_IMPL_H_
#define COMPONENTS_PRINTING_RENDERER_PRINT_IMPL_H_

#include "components/printing/common/print.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace printing {

// PrintRenderFrameHelper implements printing.mojom.Print itself once the patch
// is applied (its handlers became the interface methods), so there is no
// PrintImpl. Named by the interface's registration line (written beside these
// drafts).
void BindPrint(mojo::PendingReceiver<mojom::Print> receiver);

}  // namespace printing

#endif  // COMPONENTS_PRINTING_RENDERER_PRINT_IMPL_H_
