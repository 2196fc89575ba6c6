// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef CHROME_BROWSER_CHROME_RENDER_MESSAGE_FILTER_H_
#define CHROME_BROWSER_CHROME_RENDER_MESSAGE_FILTER_H_

#include "content/public/browser/browser_message_filter.h"

// Handles the renderer's chrome-level control messages on the IO thread.
class ChromeRenderMessageFilter : public content::BrowserMessageFilter {
 public:
  explicit ChromeRenderMessageFilter(int render_process_id);

  bool OnMessageReceived(const IPC::Message& message) override;

 private:
  ~ChromeRenderMessageFilter() override;

  void OnReportFeatureUsage(const CountMap& counts_by_feature);
  void OnRecordNetworkUsage(const url::Origin& origin,
                            NetworkUsageKind kind,
                            unsigned long bytes_received,
                            long duration_ms);
  void OnGetMimeTypeFromExtension(const base::FilePath::StringType& extension,
                                  std::string* mime_type);
  void OnGetPluginInfo(int render_frame_id,
                       const GURL& url,
                       IPC::Message* reply_msg);
  void OnPluginFound(IPC::Message* reply_msg,
                     bool found,
                     const std::string& mime);

  const int render_process_id_;
};

#endif  // CHROME_BROWSER_CHROME_RENDER_MESSAGE_FILTER_H_
