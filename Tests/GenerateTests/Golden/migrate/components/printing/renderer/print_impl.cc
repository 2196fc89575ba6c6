// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "components/printing/renderer/print_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace printing {

PrintImpl::PrintImpl(PrintRenderFrameHelper* print_render_frame_helper)
    : print_render_frame_helper_(print_render_frame_helper) {}

PrintImpl::~PrintImpl() = default;

void PrintImpl::InitiatePrintPreview(bool selection_only) {
  print_render_frame_helper_->OnInitiatePrintPreview(selection_only);
}

void BindPrint(mojo::PendingReceiver<mojom::Print> receiver) {
  // TODO(mojify): pass the PrintRenderFrameHelper this connection belongs to
  // (for a frame-scoped interface, the frame's; migration guide 2.5.7), e.g.
  // from a binder that takes the RenderFrameHost or RenderFrame.
  mojo::MakeSelfOwnedReceiver(std::make_unique<PrintImpl>(nullptr), std::move(receiver));
}

}  // namespace printing
