// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef CONTENT_BROWSER_FRAME_HOST_RENDER_FRAME_HOST_IMPL_H_
#define CONTENT_BROWSER_FRAME_HOST_RENDER_FRAME_HOST_IMPL_H_

#include "content/public/browser/render_frame_host.h"

namespace content {

// The browser side of a frame.
class RenderFrameHostImpl : public RenderFrameHost {
 public:
  RenderFrameHostImpl();
  ~RenderFrameHostImpl() override;

  bool OnMessageReceived(const IPC::Message& msg) override;
};

}  // namespace content

#endif  // CONTENT_BROWSER_FRAME_HOST_RENDER_FRAME_HOST_IMPL_H_
