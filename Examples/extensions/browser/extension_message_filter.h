// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef EXTENSIONS_BROWSER_EXTENSION_MESSAGE_FILTER_H_
#define EXTENSIONS_BROWSER_EXTENSION_MESSAGE_FILTER_H_

#include <stdint.h>

#include <string>

#include "content/public/browser/browser_message_filter.h"

namespace base {
class DictionaryValue;
class ListValue;
}  // namespace base

namespace gfx {
class PointF;
}  // namespace gfx

namespace extensions {

class EventRouter;
class ProcessManager;
class StorageMonitor;

// Receives extension messages from a renderer on the IO thread. A
// BrowserMessageFilter: its OnMessageReceived is pure virtual there, so the
// shell stays even when no entry is left.
class ExtensionMessageFilter : public content::BrowserMessageFilter {
 public:
  explicit ExtensionMessageFilter(int render_process_id);

  // content::BrowserMessageFilter:
  bool OnMessageReceived(const IPC::Message& message) override;

  void MaybeSuspend(const std::string& extension_id);
  void DispatchWorkerEvent(int worker_thread_id,
                           int event_id,
                           const std::string& event_name,
                           const base::ListValue& args);
  void AnchorPopup(int render_frame_id,
                   const std::string& extension_id,
                   const gfx::PointF& anchor);

 private:
  ~ExtensionMessageFilter() override;

  void OnSubscribeToEvent(const std::string& extension_id,
                          const std::string& event_name);
  void OnReportStorageUsage(const std::string& extension_id,
                            int64_t bytes_in_use,
                            const base::DictionaryValue& usage_by_area);
  void OnShouldSuspendAck(const std::string& extension_id,
                          uint64_t sequence_id);
  void OnDidDispatchEvent(int worker_thread_id, int event_id, bool succeeded);

  const int render_process_id_;
  EventRouter* event_router_ = nullptr;
  StorageMonitor* storage_monitor_ = nullptr;
  ProcessManager* process_manager_ = nullptr;
  uint64_t suspend_sequence_id_ = 0;
};

}  // namespace extensions

#endif  // EXTENSIONS_BROWSER_EXTENSION_MESSAGE_FILTER_H_
