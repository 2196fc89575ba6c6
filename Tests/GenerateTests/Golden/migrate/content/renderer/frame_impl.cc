// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/logging.h"
#include "content/renderer/frame_impl.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace content {

FrameImpl::FrameImpl(RenderFrameImpl* render_frame_impl)
    : render_frame_impl_(render_frame_impl) {}

FrameImpl::~FrameImpl() = default;

void FrameImpl::Stop() {
  render_frame_impl_->OnStop();
}

void FrameImpl::SetFocusInTree(bool focused, content::mojom::FocusSource source) {
  // TODO(mojify): OnSetFocusInTree takes its message map's parameter first
  // (IPC_BEGIN_MESSAGE_MAP_WITH_PARAM); pass it what the map passed (for a
  // WebContents observer, the frame this call came from: a
  // WebContentsFrameReceiverSet's GetCurrentTargetFrame()).
  NOTIMPLEMENTED();
}

void FrameImpl::SetMode(uint32_t ax_mode) {
  // TODO(mojify): the message map forwards it to another object; implement it
  // there.
  NOTIMPLEMENTED();
}

void BindFrame(mojo::PendingReceiver<mojom::Frame> receiver) {
  // TODO(mojify): pass the RenderFrameImpl this connection belongs to (for a
  // frame-scoped interface, the frame's; migration guide 2.5.7), e.g. from a
  // binder that takes the RenderFrameHost or RenderFrame.
  mojo::MakeSelfOwnedReceiver(std::make_unique<FrameImpl>(nullptr), std::move(receiver));
}

}  // namespace content
