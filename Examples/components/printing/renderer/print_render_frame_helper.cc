// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#include "components/printing/renderer/print_render_frame_helper.h"

#include "base/time/time.h"
#include "components/printing/common/print_messages.h"
#include "content/public/renderer/render_frame.h"
#include "content/public/renderer/render_thread.h"

namespace printing {

bool PrintRenderFrameHelper::OnMessageReceived(const IPC::Message& message) {
  bool handled = true;
  IPC_BEGIN_MESSAGE_MAP(PrintRenderFrameHelper, message)
    IPC_MESSAGE_HANDLER(PrintMsg_InitiatePrintPreview, OnInitiatePrintPreview)
    IPC_MESSAGE_UNHANDLED(handled = false)
  IPC_END_MESSAGE_MAP()
  return handled;
}

void PrintRenderFrameHelper::OnInitiatePrintPreview(bool selection_only) {
  gfx::Size page_size;
  int dpi = 0;
  Send(new PrintHostMsg_GetPrinterCapabilities(routing_id(), &page_size,
                                               &dpi));
  int page_count = preview_->Layout(selection_only, page_size, dpi);
  Send(new PrintHostMsg_DidGetPreviewPageCount(routing_id(),
                                               ++preview_request_id_,
                                               page_count));
}

void PrintRenderFrameHelper::DidFinishPrinting(int page_count,
                                               base::TimeTicks start_time) {
  content::RenderThread::Get()->Send(new PrintHostMsg_RecordPrintJobMetrics(
      page_count, base::TimeTicks::Now() - start_time));
}

}  // namespace printing
