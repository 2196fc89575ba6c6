// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef CONTENT_RENDERER_RENDER_FRAME_IMPL_H_
#define CONTENT_RENDERER_RENDER_FRAME_IMPL_H_

#include "content/public/renderer/render_frame.h"

namespace content {

// The renderer side of a frame.
class RenderFrameImpl : public RenderFrame {
 public:
  RenderFrameImpl();
  ~RenderFrameImpl() override;

  bool OnMessageReceived(const IPC::Message& msg) override;
};

}  // namespace content

#endif  // CONTENT_RENDERER_RENDER_FRAME_IMPL_H_
