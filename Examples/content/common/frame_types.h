// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

// Plain C++ types shared by the browser and renderer halves of a frame. The
// IPC serialisation for these lives in content/common/frame_messages.h.

#ifndef CONTENT_COMMON_FRAME_TYPES_H_
#define CONTENT_COMMON_FRAME_TYPES_H_

#include <vector>

#include "content/common/content_export.h"
#include "ui/gfx/geometry/rect.h"
#include "ui/gfx/geometry/size.h"
#include "url/gurl.h"

namespace content {

// How a committed navigation relates to the session history.
enum NavigationType {
  NAVIGATION_TYPE_UNKNOWN,
  NAVIGATION_TYPE_NEW_ENTRY,
  NAVIGATION_TYPE_EXISTING_ENTRY,
  NAVIGATION_TYPE_SAME_DOCUMENT,
  NAVIGATION_TYPE_AUTO_SUBFRAME,
  NAVIGATION_TYPE_LAST = NAVIGATION_TYPE_AUTO_SUBFRAME,
};

// What moved focus into or out of a frame.
enum class FocusSource {
  kUnknown,
  kMouse,
  kKeyboard,
  kScript,
};

// A candidate icon for the page, as declared by <link rel=icon> and friends.
struct CONTENT_EXPORT FaviconURL {
  FaviconURL();
  FaviconURL(const FaviconURL& other);
  ~FaviconURL();

  GURL icon_url;
  int icon_type;
  std::vector<gfx::Size> icon_sizes;
};

// A region of a frame, in CSS pixels of the frame's own viewport.
struct CONTENT_EXPORT FrameRegion {
  gfx::Rect bounds;
  float scale_factor = 1.0f;
};

// The part of a frame a thumbnail should show and how big it should be.
struct CONTENT_EXPORT ThumbnailRegion : public FrameRegion {
  gfx::Size target_size;
  bool include_scrollbars = false;
};

}  // namespace content

#endif  // CONTENT_COMMON_FRAME_TYPES_H_
