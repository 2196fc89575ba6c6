// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#include "extensions/browser/extension_message_filter.h"

#include <memory>
#include <string>

#include "base/stl_util.h"
#include "base/values.h"
#include "extensions/browser/event_router.h"
#include "extensions/common/extension_messages.h"

// Every handler in this filter funnels through one macro so that a DCHECK or
// trace event can be added in a single place while debugging.
#define EXTENSION_HANDLER(msg, method) IPC_MESSAGE_HANDLER(msg, method)

namespace extensions {

const uint32_t kExtensionFilteredMessageClasses[] = {
    ExtensionMsgStart,
    ExtensionWorkerMsgStart,
};

ExtensionMessageFilter::ExtensionMessageFilter(int render_process_id)
    : BrowserMessageFilter(kExtensionFilteredMessageClasses,
                           base::size(kExtensionFilteredMessageClasses)),
      render_process_id_(render_process_id) {}

ExtensionMessageFilter::~ExtensionMessageFilter() = default;

bool ExtensionMessageFilter::OnMessageReceived(const IPC::Message& message) {
  bool handled = true;
  IPC_BEGIN_MESSAGE_MAP(ExtensionMessageFilter, message)
    EXTENSION_HANDLER(ExtensionHostMsg_SubscribeToEvent, OnSubscribeToEvent)
    EXTENSION_HANDLER(ExtensionHostMsg_ReportStorageUsage,
                      OnReportStorageUsage)
    EXTENSION_HANDLER(ExtensionHostMsg_ShouldSuspend_ACK, OnShouldSuspendAck)
    IPC_MESSAGE_HANDLER(ExtensionWorkerHostMsg_DidDispatchEvent,
                        OnDidDispatchEvent)
    IPC_MESSAGE_UNHANDLED(handled = false)
  IPC_END_MESSAGE_MAP()
  return handled;
}

#undef EXTENSION_HANDLER

void ExtensionMessageFilter::OnSubscribeToEvent(const std::string& extension_id,
                                                const std::string& event_name) {
  event_router_->AddListener(render_process_id_, extension_id, event_name);
}

void ExtensionMessageFilter::OnReportStorageUsage(
    const std::string& extension_id,
    int64_t bytes_in_use,
    const base::DictionaryValue& usage_by_area) {
  storage_monitor_->Update(extension_id, bytes_in_use, usage_by_area);
}

void ExtensionMessageFilter::MaybeSuspend(const std::string& extension_id) {
  uint64_t sequence_id = ++suspend_sequence_id_;
  Send(new ExtensionMsg_ShouldSuspend(extension_id, sequence_id));
}

void ExtensionMessageFilter::OnShouldSuspendAck(const std::string& extension_id,
                                                uint64_t sequence_id) {
  if (sequence_id == suspend_sequence_id_)
    process_manager_->SuspendBackgroundPage(extension_id);
}

void ExtensionMessageFilter::DispatchWorkerEvent(int worker_thread_id,
                                                 int event_id,
                                                 const std::string& event_name,
                                                 const base::ListValue& args) {
  Send(new ExtensionWorkerMsg_DispatchEvent(worker_thread_id, event_id,
                                            event_name, args));
}

void ExtensionMessageFilter::OnDidDispatchEvent(int worker_thread_id,
                                                int event_id,
                                                bool succeeded) {
  event_router_->OnWorkerEventAcked(worker_thread_id, event_id, succeeded);
}

void ExtensionMessageFilter::AnchorPopup(int render_frame_id,
                                         const std::string& extension_id,
                                         const gfx::PointF& anchor) {
  Send(new ExtensionMsg_SetPopupAnchor(render_frame_id, extension_id, anchor));
}

}  // namespace extensions
