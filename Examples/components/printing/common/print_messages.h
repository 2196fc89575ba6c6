// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef COMPONENTS_PRINTING_COMMON_PRINT_MESSAGES_H_
#define COMPONENTS_PRINTING_COMMON_PRINT_MESSAGES_H_

#include "base/time/time.h"
#include "ipc/ipc_message_macros.h"
#include "ui/gfx/geometry/size.h"

#define IPC_MESSAGE_START PrintMsgStart

// Messages sent from the browser to the renderer.

// Starts a print preview of the frame, or of its selection only.
IPC_MESSAGE_ROUTED1(PrintMsg_InitiatePrintPreview, bool /* selection_only */)

// Messages sent from the renderer to the browser.

IPC_MESSAGE_ROUTED2(PrintHostMsg_DidGetPreviewPageCount,
                    int /* preview_request_id */,
                    int /* page_count */)

// Returns the default paper size and resolution of the selected printer.
IPC_SYNC_MESSAGE_ROUTED0_2(PrintHostMsg_GetPrinterCapabilities,
                           gfx::Size /* page_size_in_points */,
                           int /* dpi */)

// Recorded once per finished print job, for metrics only.
IPC_MESSAGE_CONTROL2(PrintHostMsg_RecordPrintJobMetrics,
                     int /* page_count */,
                     base::TimeDelta /* duration */)

#endif  // COMPONENTS_PRINTING_COMMON_PRINT_MESSAGES_H_
