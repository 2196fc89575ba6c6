// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#include "chrome/browser/chrome_render_message_filter.h"

#include <string>

#include "base/logging.h"
#include "base/metrics/histogram_macros.h"
#include "chrome/common/render_messages.h"
#include "content/public/browser/browser_thread.h"
#include "net/base/mime_util.h"

using content::BrowserThread;

ChromeRenderMessageFilter::ChromeRenderMessageFilter(int render_process_id)
    : BrowserMessageFilter(ChromeMsgStart),
      render_process_id_(render_process_id) {}

ChromeRenderMessageFilter::~ChromeRenderMessageFilter() = default;

bool ChromeRenderMessageFilter::OnMessageReceived(const IPC::Message& message,
                                                  bool* message_was_ok) {
  bool handled = true;
  IPC_BEGIN_MESSAGE_MAP_EX(ChromeRenderMessageFilter, message, *message_was_ok)
    IPC_MESSAGE_HANDLER(ChromeViewHostMsg_ReportFeatureUsage,
                        OnReportFeatureUsage)
    IPC_MESSAGE_HANDLER(ChromeViewHostMsg_RecordNetworkUsage,
                        OnRecordNetworkUsage)
    IPC_MESSAGE_HANDLER(MimeRegistryMsg_GetMimeTypeFromExtension,
                        OnGetMimeTypeFromExtension)
    IPC_MESSAGE_HANDLER_DELAY_REPLY(ChromeViewHostMsg_GetPluginInfo,
                                    OnGetPluginInfo)
    IPC_MESSAGE_UNHANDLED(handled = false)
  IPC_END_MESSAGE_MAP_EX()
  return handled;
}

void ChromeRenderMessageFilter::OverrideThreadForMessage(
    const IPC::Message& message,
    BrowserThread::ID* thread) {
  // Mime type lookups may touch the disk.
  if (message.type() == MimeRegistryMsg_GetMimeTypeFromExtension::ID)
    *thread = BrowserThread::FILE;
}

void ChromeRenderMessageFilter::OnReportFeatureUsage(
    const CountMap& counts_by_feature) {
  for (const auto& entry : counts_by_feature)
    feature_usage_[entry.first] += entry.second;
}

void ChromeRenderMessageFilter::OnRecordNetworkUsage(
    const url::Origin& origin,
    NetworkUsageKind kind,
    unsigned long bytes_received,
    long duration_ms) {
  UMA_HISTOGRAM_COUNTS_1M("Renderer.NetworkUsage.Bytes", bytes_received);
  usage_tracker_->Record(origin, kind, bytes_received, duration_ms);
}

void ChromeRenderMessageFilter::OnGetMimeTypeFromExtension(
    const base::FilePath::StringType& extension,
    std::string* mime_type) {
  net::GetMimeTypeFromExtension(extension, mime_type);
}

void ChromeRenderMessageFilter::OnGetPluginInfo(int render_frame_id,
                                                const GURL& url,
                                                IPC::Message* reply_msg) {
  plugin_finder_->Find(
      render_process_id_, render_frame_id, url,
      base::BindOnce(&ChromeRenderMessageFilter::OnPluginFound, this,
                     reply_msg));
}

void ChromeRenderMessageFilter::OnPluginFound(IPC::Message* reply_msg,
                                              bool found,
                                              const std::string& mime) {
  ChromeViewHostMsg_GetPluginInfo::WriteReplyParams(reply_msg, found, mime);
  Send(reply_msg);
}

void ChromeRenderMessageFilter::ApplyExperimentConfig(bool enabled,
                                                      const std::string& config) {
  Send(new ChromeViewMsg_SetConfig(enabled, config));
}

void ChromeRenderMessageFilter::OnMemoryPressure(bool critical) {
  if (critical) {
    Send(new ChromeViewMsg_PurgeWarmupCache());
    Send(new ChromeViewMsg_SetPrefetchBudget(0, base::TimeDelta(),
                                             PREFETCH_PRIORITY_LOWEST));
  }
}
