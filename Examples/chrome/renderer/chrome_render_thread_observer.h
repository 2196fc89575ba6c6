// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef CHROME_RENDERER_CHROME_RENDER_THREAD_OBSERVER_H_
#define CHROME_RENDERER_CHROME_RENDER_THREAD_OBSERVER_H_

#include "content/public/renderer/render_thread_observer.h"

// Receives the browser's chrome-level control messages in the renderer.
class ChromeRenderThreadObserver : public content::RenderThreadObserver {
 public:
  ChromeRenderThreadObserver();
  ~ChromeRenderThreadObserver() override;

  bool OnControlMessageReceived(const IPC::Message& message) override;
};

#endif  // CHROME_RENDERER_CHROME_RENDER_THREAD_OBSERVER_H_
