// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#include "content/browser/frame_host/render_frame_host_impl.h"

#include <string>
#include <utility>
#include <vector>

#include "base/logging.h"
#include "build/build_config.h"
#include "content/common/frame_messages.h"
#include "ipc/ipc_message.h"
#include "ppapi/buildflags/buildflags.h"

namespace content {

namespace {

// Renderer-supplied request ids above this are treated as malicious.
const int kMaxPendingRequestId = 1 << 20;

}  // namespace

bool RenderFrameHostImpl::OnMessageReceived(const IPC::Message& msg) {
  // Messages for frames that have been swapped out are dropped.
  if (!is_active())
    return false;

  bool handled = true;
  IPC_BEGIN_MESSAGE_MAP(RenderFrameHostImpl, msg)
    IPC_MESSAGE_HANDLER(FrameHostMsg_DidCommitProvisionalLoad,
                        OnDidCommitProvisionalLoad)
    IPC_MESSAGE_HANDLER(FrameHostMsg_DidCommitSameDocumentLoad,
                        OnDidCommitSameDocumentLoad)
    IPC_MESSAGE_HANDLER(FrameHostMsg_DidLoadResourceFromMemoryCache,
                        OnDidLoadResourceFromMemoryCache)
    IPC_MESSAGE_HANDLER(FrameHostMsg_ReportLayoutShift, OnReportLayoutShift)
    IPC_MESSAGE_HANDLER(FrameHostMsg_UpdateFaviconURL, OnUpdateFaviconURL)
    IPC_MESSAGE_HANDLER(FrameHostMsg_UpdateLinkPreloads, OnUpdateLinkPreloads)
    IPC_MESSAGE_HANDLER(FrameHostMsg_DidChangeScrollOffsetPinning,
                        OnDidChangeScrollOffsetPinning)
    IPC_MESSAGE_HANDLER_GENERIC(FrameHostMsg_SelectionBoundsChanged,
                                OnSelectionBoundsChanged(msg))
    IPC_MESSAGE_HANDLER(FrameHostMsg_RequestThumbnail, OnRequestThumbnail)
    IPC_MESSAGE_HANDLER(FrameHostMsg_SaveSnapshot, OnSaveSnapshot)
    IPC_MESSAGE_HANDLER(FrameHostMsg_GetStoredFormDraft, OnGetStoredFormDraft)
    IPC_MESSAGE_HANDLER_DELAY_REPLY(FrameHostMsg_FlushPendingEdits,
                                    OnFlushPendingEdits)
#if BUILDFLAG(ENABLE_PLUGINS)
    IPC_MESSAGE_HANDLER(FrameHostMsg_PluginCrashed, OnPluginCrashed)
#endif
    IPC_MESSAGE_HANDLER(FrameHostMsg_ShowPopupMenu, OnShowPopupMenu)
    IPC_MESSAGE_HANDLER(FrameHostMsg_Removed, OnRemoved)
    IPC_MESSAGE_UNHANDLED(handled = false)
  IPC_END_MESSAGE_MAP()
  return handled;
}

void RenderFrameHostImpl::Stop() {
  Send(new FrameMsg_Stop(routing_id_));
}

void RenderFrameHostImpl::SetFocused(bool focused, FocusSource source) {
  is_focused_ = focused;
  Send(new FrameMsg_SetFocus(routing_id_, focused, source));
}

#if defined(OS_ANDROID)
void RenderFrameHostImpl::EnableAccessibilityForTalkBack(uint32_t ax_mode) {
  // TalkBack needs the full tree, including inline text boxes.
  Send(new FrameMsg_SetAccessibilityMode(routing_id_, ax_mode));
}
#endif  // defined(OS_ANDROID)

void RenderFrameHostImpl::OnDidCommitProvisionalLoad(
    const FrameHostMsg_DidCommitProvisionalLoad_Params& params) {
  if (params.http_status_code < 0) {
    bad_message::ReceivedBadMessage(GetProcess(), "RFHI_BAD_STATUS");
    return;
  }
  last_committed_url_ = params.url;
  delegate_->DidCommitNavigation(this, params.navigation_type, params.url);
}

void RenderFrameHostImpl::OnDidCommitSameDocumentLoad(
    const FrameHostMsg_DidCommitSameDocumentLoad_Params& params) {
  last_committed_url_ = params.url;
  delegate_->DidCommitSameDocumentNavigation(this, params.fragment);
}

void RenderFrameHostImpl::OnDidLoadResourceFromMemoryCache(
    const GURL& url,
    const std::string& http_method,
    const std::string& mime_type) {
  delegate_->DidLoadResourceFromMemoryCache(this, url, http_method, mime_type);
}

void RenderFrameHostImpl::OnReportLayoutShift(const gfx::Rect& old_rect,
                                              const gfx::Rect& new_rect,
                                              double score,
                                              base::TimeDelta since_navigation,
                                              bool had_recent_input) {
  if (!had_recent_input)
    cumulative_layout_shift_ += score;
}

void RenderFrameHostImpl::OnUpdateFaviconURL(
    const std::vector<FaviconURL>& candidates) {
  delegate_->UpdateFaviconURL(this, candidates);
}

void RenderFrameHostImpl::OnUpdateLinkPreloads(
    const std::map<int, std::vector<std::pair<std::string, GURL>>>&
        preloads_by_priority) {
  link_preloads_ = preloads_by_priority;
}

void RenderFrameHostImpl::OnDidChangeScrollOffsetPinning(bool pinned_to_left,
                                                         bool pinned_to_right) {
  delegate_->DidChangeScrollOffsetPinning(pinned_to_left, pinned_to_right);
}

void RenderFrameHostImpl::OnSelectionBoundsChanged(const IPC::Message& msg) {
  FrameHostMsg_SelectionBoundsChanged::Param params;
  if (!FrameHostMsg_SelectionBoundsChanged::Read(&msg, &params))
    return;
  selection_anchor_ = std::get<0>(params);
  selection_focus_ = std::get<1>(params);
}

void RenderFrameHostImpl::OnRequestThumbnail(int request_id,
                                             const GURL& page_url,
                                             const ThumbnailRegion& region,
                                             bool prefer_cached) {
  if (request_id > kMaxPendingRequestId) {
    Send(new FrameMsg_RequestThumbnail_Reply(routing_id_, request_id,
                                             SkBitmap()));
    return;
  }
  thumbnail_store_->Fetch(
      page_url, region, prefer_cached,
      base::BindOnce(&RenderFrameHostImpl::OnThumbnailFetched,
                     weak_ptr_factory_.GetWeakPtr(), request_id));
}

void RenderFrameHostImpl::OnThumbnailFetched(int request_id,
                                             const SkBitmap& thumbnail) {
  Send(new FrameMsg_RequestThumbnail_Reply(routing_id_, request_id, thumbnail));
}

void RenderFrameHostImpl::OnSaveSnapshot(int request_id,
                                         const base::FilePath& path) {
  if (path.ReferencesParent()) {
    Send(new FrameMsg_SaveSnapshotError(routing_id_, request_id,
                                        "path must not contain '..'"));
    return;
  }
  int64_t bytes_written = snapshot_writer_->Write(path);
  Send(new FrameMsg_DidSaveSnapshot(
      routing_id_,
      request_id,
      bytes_written));
}

void RenderFrameHostImpl::OnGetStoredFormDraft(const GURL& form_action,
                                               std::string* draft_json) {
  *draft_json = form_draft_store_->Lookup(form_action);
}

void RenderFrameHostImpl::OnFlushPendingEdits(int edit_sequence,
                                              base::TimeDelta deadline,
                                              IPC::Message* reply_msg) {
  // The reply is sent once the edit journal has caught up.
  edit_journal_->FlushUpTo(
      edit_sequence, deadline,
      base::BindOnce(&RenderFrameHostImpl::OnPendingEditsFlushed,
                     weak_ptr_factory_.GetWeakPtr(), reply_msg));
}

void RenderFrameHostImpl::OnPendingEditsFlushed(IPC::Message* reply_msg) {
  FrameHostMsg_FlushPendingEdits::WriteReplyParams(reply_msg);
  Send(reply_msg);
}

#if BUILDFLAG(ENABLE_PLUGINS)
void RenderFrameHostImpl::OnPluginCrashed(const base::FilePath& plugin_path,
                                          int32_t plugin_pid) {
  delegate_->PluginCrashed(this, plugin_path, plugin_pid);
}
#endif  // BUILDFLAG(ENABLE_PLUGINS)

#if defined(OS_ANDROID)
void RenderFrameHostImpl::OnShowPopupMenu(
    const gfx::Rect& bounds,
    const std::vector<base::string16>& items,
    bool allow_multiple_selection) {
  delegate_->ShowPopupMenu(this, bounds, items, allow_multiple_selection);
}
#else
void RenderFrameHostImpl::OnShowPopupMenu(
    const gfx::Rect& bounds,
    const std::vector<base::string16>& items) {
  delegate_->ShowPopupMenu(this, bounds, items, false);
}
#endif  // defined(OS_ANDROID)

void RenderFrameHostImpl::OnRemoved() {
  // Kept until the renderer stops sending FrameHostMsg_Removed.
  NOTREACHED();
}

}  // namespace content
