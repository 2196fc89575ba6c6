// Drafted by mojify migrate; review before use.

#ifndef COMPONENTS_PRINTING_RENDERER_PRINT_IMPL_H_
#define COMPONENTS_PRINTING_RENDERER_PRINT_IMPL_H_

#include "components/printing/common/print.mojom.h"
#include "components/printing/renderer/print_render_frame_helper.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace printing {

// Implements printing.mojom.Print by calling the legacy IPC handlers it
// replaces.
class PrintImpl : public mojom::Print {
 public:
  explicit PrintImpl(PrintRenderFrameHelper* print_render_frame_helper);
  PrintImpl(const PrintImpl&) = delete;
  PrintImpl& operator=(const PrintImpl&) = delete;
  ~PrintImpl() override;

  // mojom::Print:
  void InitiatePrintPreview(bool selection_only) override;

 private:
  PrintRenderFrameHelper* const print_render_frame_helper_;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the PrintImpl it makes.
void BindPrint(mojo::PendingReceiver<mojom::Print> receiver);

}  // namespace printing

#endif  // COMPONENTS_PRINTING_RENDERER_PRINT_IMPL_H_
