// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#include "chrome/renderer/chrome_render_thread_observer.h"

#include <string>
#include <utility>

#include "chrome/common/render_messages.h"
#include "content/public/renderer/render_thread.h"

using content::RenderThread;

bool ChromeRenderThreadObserver::OnControlMessageReceived(
    const IPC::Message& message) {
  bool handled = true;
  IPC_BEGIN_MESSAGE_MAP(ChromeRenderThreadObserver, message)
    IPC_MESSAGE_HANDLER(ChromeViewMsg_PurgeWarmupCache, OnPurgeWarmupCache)
    IPC_MESSAGE_HANDLER(ChromeViewMsg_SetContentRules, OnSetContentRules)
    IPC_MESSAGE_HANDLER(ChromeViewMsg_SetPrefetchBudget, OnSetPrefetchBudget)
    IPC_MESSAGE_HANDLER(ChromeViewMsg_LoadSpellingDictionary,
                        OnLoadSpellingDictionary)
    IPC_MESSAGE_HANDLER(ChromeViewMsg_SetHyphenationTable,
                        OnSetHyphenationTable)
    IPC_MESSAGE_HANDLER(ChromeViewMsg_SetConfig, OnSetConfig)
    IPC_MESSAGE_UNHANDLED(handled = false)
  IPC_END_MESSAGE_MAP()
  return handled;
}

void ChromeRenderThreadObserver::OnPurgeWarmupCache() {
  warmup_cache_.clear();
}

void ChromeRenderThreadObserver::OnSetContentRules(
    ContentRuleAction default_action,
    const base::ListValue& rules) {
  content_rules_.Reset(default_action, rules);
}

void ChromeRenderThreadObserver::OnSetPrefetchBudget(size_t max_bytes,
                                                     base::TimeDelta window,
                                                     PrefetchPriority priority) {
  prefetch_budget_ = {max_bytes, window, priority};
}

void ChromeRenderThreadObserver::OnLoadSpellingDictionary(
    IPC::PlatformFileForTransit dictionary_file,
    const std::string& language,
    const base::Optional<base::Time>& last_modified) {
  spellcheck_->Init(IPC::PlatformFileForTransitToFile(dictionary_file),
                    language);
}

void ChromeRenderThreadObserver::OnSetHyphenationTable(
    base::SharedMemoryHandle table,
    const base::UnguessableToken& table_id) {
  hyphenation_->SetTable(table, table_id);
}

void ChromeRenderThreadObserver::OnSetConfig(bool enabled,
                                             const std::string& config) {
  experiment_enabled_ = enabled;
  experiment_config_ = config;
}

void ChromeRenderThreadObserver::FlushFeatureUsage() {
  CountMap counts;
  counts.swap(pending_feature_counts_);
  RenderThread::Get()->Send(
      new ChromeViewHostMsg_ReportFeatureUsage(counts));
}

void ChromeRenderThreadObserver::RecordNetworkUsage(const url::Origin& origin,
                                                    NetworkUsageKind kind,
                                                    unsigned long bytes,
                                                    long duration_ms) {
  RenderThread::Get()->Send(new ChromeViewHostMsg_RecordNetworkUsage(
      origin, kind, bytes, duration_ms));
}

std::string ChromeRenderThreadObserver::MimeTypeFromExtension(
    const base::FilePath::StringType& extension) {
  std::string mime_type;
  if (!RenderThread::Get()->Send(
          new MimeRegistryMsg_GetMimeTypeFromExtension(extension, &mime_type)))
    return std::string();
  return mime_type;
}

bool ChromeRenderThreadObserver::GetPluginInfo(int render_frame_id,
                                               const GURL& url,
                                               std::string* mime) {
  bool found = false;
  RenderThread::Get()->Send(new ChromeViewHostMsg_GetPluginInfo(
      render_frame_id, url, &found, mime));
  return found;
}
