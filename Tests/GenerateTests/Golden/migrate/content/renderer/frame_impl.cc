// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "content/renderer/frame_impl.h"

namespace content {

FrameImpl::FrameImpl(RenderFrameImpl* render_frame_impl)
    : render_frame_impl_(render_frame_impl) {}

FrameImpl::~FrameImpl() = default;

void FrameImpl::Stop() {
  render_frame_impl_->OnStop();
}

void FrameImpl::SetFocus(bool focused, content::mojom::FocusSource source) {
  render_frame_impl_->OnSetFocusInTree(focused, source);
}

void FrameImpl::SetAccessibilityMode(uint32_t ax_mode) {
  // TODO(mojify): the message map forwards it to another object; implement it
  // there.
  NOTIMPLEMENTED();
}

}  // namespace content
