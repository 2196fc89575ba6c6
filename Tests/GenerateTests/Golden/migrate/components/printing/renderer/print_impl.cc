// Drafted by mojify migrate; review before use.

#include "components/printing/renderer/print_impl.h"

namespace printing {

PrintImpl::PrintImpl(PrintRenderFrameHelper* print_render_frame_helper)
    : print_render_frame_helper_(print_render_frame_helper) {}

PrintImpl::~PrintImpl() = default;

void PrintImpl::InitiatePrintPreview(bool selection_only) {
  print_render_frame_helper_->OnInitiatePrintPreview(selection_only);
}

}  // namespace printing
