// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef CONTENT_COMMON_FRAME_MESSAGES_H_
#define CONTENT_COMMON_FRAME_MESSAGES_H_

// IPC messages for interacting with frames.

#include <stdint.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/files/file_path.h"
#include "base/optional.h"
#include "base/strings/string16.h"
#include "base/time/time.h"
#include "content/common/content_export.h"
#include "content/common/frame_types.h"
#include "ipc/ipc_message_macros.h"
#include "ppapi/buildflags/buildflags.h"
#include "third_party/skia/include/core/SkBitmap.h"
#include "ui/gfx/geometry/rect.h"
#include "url/gurl.h"
#include "url/origin.h"

#undef IPC_MESSAGE_EXPORT
#define IPC_MESSAGE_EXPORT CONTENT_EXPORT

#undef IPC_MESSAGE_START
#define IPC_MESSAGE_START FrameMsgStart

IPC_ENUM_TRAITS_MAX_VALUE(content::NavigationType, content::NAVIGATION_TYPE_LAST)
IPC_ENUM_TRAITS(content::FocusSource)

IPC_STRUCT_TRAITS_BEGIN(content::FaviconURL)
  IPC_STRUCT_TRAITS_MEMBER(icon_url)
  IPC_STRUCT_TRAITS_MEMBER(icon_type)
  IPC_STRUCT_TRAITS_MEMBER(icon_sizes)
IPC_STRUCT_TRAITS_END()

IPC_STRUCT_TRAITS_BEGIN(content::FrameRegion)
  IPC_STRUCT_TRAITS_MEMBER(bounds)
  IPC_STRUCT_TRAITS_MEMBER(scale_factor)
IPC_STRUCT_TRAITS_END()

IPC_STRUCT_TRAITS_BEGIN(content::ThumbnailRegion)
  IPC_STRUCT_TRAITS_PARENT(content::FrameRegion)
  IPC_STRUCT_TRAITS_MEMBER(target_size)
  IPC_STRUCT_TRAITS_MEMBER(include_scrollbars)
IPC_STRUCT_TRAITS_END()

IPC_STRUCT_BEGIN(FrameHostMsg_DidCommitProvisionalLoad_Params)
  // The browser-assigned ID of the pending entry, or 0 for renderer-initiated
  // navigations.
  IPC_STRUCT_MEMBER(int, nav_entry_id)
  IPC_STRUCT_MEMBER(GURL, url)
  IPC_STRUCT_MEMBER(content::NavigationType,
                    navigation_type,
                    content::NAVIGATION_TYPE_UNKNOWN)
  IPC_STRUCT_MEMBER(int, http_status_code, 200)
  IPC_STRUCT_MEMBER(std::string, contents_mime_type)
  // Maps each response header name to the offsets of its values in
  // |raw_headers|.
  IPC_STRUCT_MEMBER(std::map<std::string, std::vector<int>>, headers)
  IPC_STRUCT_MEMBER(std::string, raw_headers)
  IPC_STRUCT_MEMBER(base::Optional<url::Origin>, initiator_origin)
  IPC_STRUCT_MEMBER(std::vector<GURL>, redirects)
  IPC_STRUCT_MEMBER(base::Time, commit_time)
  IPC_STRUCT_MEMBER(double, page_scale_factor, 1.0)
IPC_STRUCT_END()

IPC_STRUCT_BEGIN_WITH_PARENT(FrameHostMsg_DidCommitSameDocumentLoad_Params,
                             FrameHostMsg_DidCommitProvisionalLoad_Params)
  IPC_STRUCT_MEMBER(bool, is_history_api_navigation, false)
  IPC_STRUCT_MEMBER(std::string, fragment)
IPC_STRUCT_END()

// -----------------------------------------------------------------------------
// Messages sent from the browser to the renderer.

// Stops loading the frame and any of its subresources.
IPC_MESSAGE_ROUTED0(FrameMsg_Stop)

// Moves focus into or out of the frame.
IPC_MESSAGE_ROUTED2(FrameMsg_SetFocus,
                    bool /* focused */,
                    content::FocusSource /* source */)

// Sets the accessibility mode bits (see ui::AXMode) for the frame.
IPC_MESSAGE_ROUTED1(FrameMsg_SetAccessibilityMode, uint32_t /* ax_mode */)

// Reply to FrameHostMsg_RequestThumbnail. |thumbnail| is empty on failure.
IPC_MESSAGE_ROUTED2(FrameMsg_RequestThumbnail_Reply,
                    int /* request_id */,
                    SkBitmap /* thumbnail */)

// Sent when the snapshot requested by FrameHostMsg_SaveSnapshot was written.
IPC_MESSAGE_ROUTED2(FrameMsg_DidSaveSnapshot,
                    int /* request_id */,
                    int64_t /* bytes_written */)

// Sent instead of FrameMsg_DidSaveSnapshot when the snapshot failed.
IPC_MESSAGE_ROUTED2(FrameMsg_SaveSnapshotError,
                    int /* request_id */,
                    std::string /* error */)

// -----------------------------------------------------------------------------
// Messages sent from the renderer to the browser.

IPC_MESSAGE_ROUTED1(FrameHostMsg_DidCommitProvisionalLoad,
                    FrameHostMsg_DidCommitProvisionalLoad_Params)

IPC_MESSAGE_ROUTED1(FrameHostMsg_DidCommitSameDocumentLoad,
                    FrameHostMsg_DidCommitSameDocumentLoad_Params)

// Sent when a resource was served from the renderer's memory cache, so the
// browser can still account for it.
IPC_MESSAGE_ROUTED3(FrameHostMsg_DidLoadResourceFromMemoryCache,
                    GURL /* url */,
                    std::string /* http_method */
                    , std::string /* mime_type */)

// Reports a layout shift; |score| is the layout shift score of this shift only.
IPC_MESSAGE_ROUTED5(FrameHostMsg_ReportLayoutShift,
                    gfx::Rect /* old_rect */,
                    gfx::Rect /* new_rect */,
                    double /* score */,
                    base::TimeDelta /* since_navigation */,
                    bool /* had_recent_input */)

IPC_MESSAGE_ROUTED1(FrameHostMsg_UpdateFaviconURL,
                    std::vector<content::FaviconURL> /* candidates */)

// Link preloads declared by the document, keyed by fetch priority.
IPC_MESSAGE_ROUTED(FrameHostMsg_UpdateLinkPreloads,
                   std::map<int, std::vector<std::pair<std::string, GURL>>> /* preloads_by_priority */)

IPC_MESSAGE_ROUTED2(FrameHostMsg_DidChangeScrollOffsetPinning, bool /* pinned_to_left */, bool /* pinned_to_right */)  // NOLINT(whitespace/line_length)

IPC_MESSAGE_ROUTED2(FrameHostMsg_SelectionBoundsChanged,
                    gfx::Rect /* anchor_rect */,
                    gfx::Rect /* focus_rect */)

// Asks the browser for a thumbnail of another page the user has visited. The
// browser answers with FrameMsg_RequestThumbnail_Reply.
IPC_MESSAGE_ROUTED4(FrameHostMsg_RequestThumbnail,
                    int /* request_id */,
                    GURL /* page_url */,
                    content::ThumbnailRegion /* region */,
                    bool /* prefer_cached */)

// Asks the browser to save an MHTML snapshot of the frame to |path|. Answered
// by FrameMsg_DidSaveSnapshot or FrameMsg_SaveSnapshotError.
IPC_MESSAGE_ROUTED2(FrameHostMsg_SaveSnapshot,
                    int /* request_id */,
                    base::FilePath /* path */)

// Returns the draft the user was typing into a form with this action, if any.
IPC_SYNC_MESSAGE_ROUTED1_1(FrameHostMsg_GetStoredFormDraft,
                           GURL /* form_action */,
                           std::string /* draft_json */)

// Blocks the renderer until the browser has persisted all edits up to
// |edit_sequence|, or |deadline| has passed.
IPC_SYNC_MESSAGE_ROUTED2_0(FrameHostMsg_FlushPendingEdits,
                           int /* edit_sequence */,
                           base::TimeDelta /* deadline */)

#if BUILDFLAG(ENABLE_PLUGINS)
// Sent when a plugin hosted in this frame has crashed.
IPC_MESSAGE_ROUTED2(FrameHostMsg_PluginCrashed,
                    base::FilePath /* plugin_path */,
                    int32_t /* plugin_pid */)
#endif  // BUILDFLAG(ENABLE_PLUGINS)

#if defined(OS_ANDROID)
// On Android the browser draws <select> popups natively and needs to know
// whether more than one item may be picked.
IPC_MESSAGE_ROUTED3(FrameHostMsg_ShowPopupMenu,
                    gfx::Rect /* bounds */,
                    std::vector<base::string16> /* items */,
                    bool /* allow_multiple_selection */)
#else
IPC_MESSAGE_ROUTED2(FrameHostMsg_ShowPopupMenu,
                    gfx::Rect /* bounds */,
                    std::vector<base::string16> /* items */)
#endif  // defined(OS_ANDROID)

#if 0
// TODO(mojify-examples): Text autosizing moved to the compositor; delete this
// once the last caller is gone.
IPC_MESSAGE_ROUTED1(FrameHostMsg_DidChangeTextAutosizerScale,
                    float /* scale */)
#endif

#endif  // CONTENT_COMMON_FRAME_MESSAGES_H_
