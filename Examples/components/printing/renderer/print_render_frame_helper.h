// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef COMPONENTS_PRINTING_RENDERER_PRINT_RENDER_FRAME_HELPER_H_
#define COMPONENTS_PRINTING_RENDERER_PRINT_RENDER_FRAME_HELPER_H_

#include <memory>

#include "base/time/time.h"
#include "content/public/renderer/render_frame_observer.h"

namespace printing {

class PrintPreview;

// Drives print preview for one frame. Its handler is declared over two lines
// with a comment between the tokens, and it is virtual: the rewrite to an
// interface method must read past both.
class PrintRenderFrameHelper : public content::RenderFrameObserver {
 public:
  explicit PrintRenderFrameHelper(content::RenderFrame* render_frame);
  ~PrintRenderFrameHelper() override;

  void DidFinishPrinting(int page_count, base::TimeTicks start_time);

 private:
  // content::RenderFrameObserver:
  bool OnMessageReceived(const IPC::Message& message) override;

  // Message handlers.
  virtual void OnInitiatePrintPreview(
      bool selection_only /* print only the selection */);

  std::unique_ptr<PrintPreview> preview_;
  int preview_request_id_ = 0;
};

}  // namespace printing

#endif  // COMPONENTS_PRINTING_RENDERER_PRINT_RENDER_FRAME_HELPER_H_
