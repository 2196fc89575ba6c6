// Drafted by mojify migrate; review before use.

#ifndef CONTENT_RENDERER_FRAME_IMPL_H_
#define CONTENT_RENDERER_FRAME_IMPL_H_

#include "content/common/frame.mojom.h"
#include "content/renderer/render_frame_impl.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace content {

// Implements content.mojom.Frame by calling the legacy IPC handlers it
// replaces.
class FrameImpl : public mojom::Frame {
 public:
  explicit FrameImpl(RenderFrameImpl* render_frame_impl);
  FrameImpl(const FrameImpl&) = delete;
  FrameImpl& operator=(const FrameImpl&) = delete;
  ~FrameImpl() override;

  // mojom::Frame:
  void Stop() override;
  void SetFocusInTree(bool focused, content::mojom::FocusSource source) override;
  void SetMode(uint32_t ax_mode) override;

 private:
  RenderFrameImpl* const render_frame_impl_;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the FrameImpl it makes.
void BindFrame(mojo::PendingReceiver<mojom::Frame> receiver);

}  // namespace content

#endif  // CONTENT_RENDERER_FRAME_IMPL_H_
