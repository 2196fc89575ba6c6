// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

// IPC messages for extensions.
// Multiply-included message file, hence no include guard.

#include <stdint.h>

#include <string>

#include "base/values.h"
#include "ipc/ipc_message_macros.h"
#include "ui/gfx/geometry/point_f.h"

#define IPC_MESSAGE_START ExtensionMsgStart

// Messages sent from the browser to the renderer.

// Asks the renderer whether the extension's background page may be
// suspended. The renderer answers with ExtensionHostMsg_ShouldSuspend_ACK.
IPC_MESSAGE_CONTROL2(ExtensionMsg_ShouldSuspend,
                     std::string /* extension_id */,
                     uint64_t /* sequence_id */)

// Positions the extension's popup bubble relative to the frame.
IPC_MESSAGE_ROUTED2(ExtensionMsg_SetPopupAnchor,
                    std::string /* extension_id */,
                    gfx::PointF /* anchor */)

// Messages sent from the renderer to the browser.

IPC_MESSAGE_CONTROL2(ExtensionHostMsg_SubscribeToEvent,
                     std::string /* extension_id */,
                     std::string /* event_name */)

IPC_MESSAGE_CONTROL3(ExtensionHostMsg_ReportStorageUsage,
                     std::string /* extension_id */,
                     int64_t /* bytes_in_use */,
                     base::DictionaryValue /* usage_by_area */)

IPC_MESSAGE_CONTROL2(ExtensionHostMsg_ShouldSuspend_ACK,
                     std::string /* extension_id */,
                     uint64_t /* sequence_id */)

// Messages for extension service workers use their own message class.
#undef IPC_MESSAGE_START
#define IPC_MESSAGE_START ExtensionWorkerMsgStart

// Dispatches an event to the extension's service worker; acknowledged with
// ExtensionWorkerHostMsg_DidDispatchEvent.
IPC_MESSAGE_CONTROL4(ExtensionWorkerMsg_DispatchEvent,
                     int /* worker_thread_id */,
                     int /* event_id */,
                     std::string,  // event_name
                     base::ListValue /* event_args */)

IPC_MESSAGE_CONTROL3(ExtensionWorkerHostMsg_DidDispatchEvent,
                     int /* worker_thread_id */,
                     int /* event_id */,
                     bool /* succeeded */)
