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

  const int render_process_id_;
};

#endif  // CHROME_BROWSER_CHROME_RENDER_MESSAGE_FILTER_H_
