// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#include "content/renderer/render_frame_impl.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "build/build_config.h"
#include "content/common/frame_messages.h"
#include "content/renderer/accessibility/render_accessibility_impl.h"
#include "ipc/ipc_message.h"
#include "ppapi/buildflags/buildflags.h"

namespace content {

bool RenderFrameImpl::OnMessageReceived(const IPC::Message& msg) {
  // Give observers a chance first; some of them still listen for raw IPC.
  for (auto& observer : observers_) {
    if (observer.OnMessageReceived(msg))
      return true;
  }

  bool handled = true;
  IPC_BEGIN_MESSAGE_MAP(RenderFrameImpl, msg)
    IPC_MESSAGE_HANDLER(FrameMsg_Stop, OnStop)
    IPC_MESSAGE_HANDLER(FrameMsg_RequestThumbnail_Reply,
                        OnRequestThumbnailReply)
    IPC_MESSAGE_HANDLER(FrameMsg_DidSaveSnapshot, OnDidSaveSnapshot)
    IPC_MESSAGE_HANDLER(FrameMsg_SaveSnapshotError, OnSaveSnapshotError)
    IPC_MESSAGE_FORWARD(FrameMsg_SetAccessibilityMode, render_accessibility_,
                        RenderAccessibilityImpl::OnSetMode)
    IPC_MESSAGE_UNHANDLED(handled = false)
  IPC_END_MESSAGE_MAP()

  if (!handled)
    handled = DispatchToFrameTree(msg);
  return handled;
}

// Messages that affect a whole local frame tree are handled with the frame
// that received them as a parameter, so the handler can walk the subtree.
bool RenderFrameImpl::DispatchToFrameTree(const IPC::Message& msg) {
  bool handled = true;
  IPC_BEGIN_MESSAGE_MAP_WITH_PARAM(RenderFrameImpl, msg, this)
    IPC_MESSAGE_HANDLER(FrameMsg_SetFocus, OnSetFocusInTree)
    IPC_MESSAGE_UNHANDLED(handled = false)
  IPC_END_MESSAGE_MAP()
  return handled;
}

void RenderFrameImpl::OnStop() {
  frame_->StopLoading();
}

void RenderFrameImpl::OnSetFocusInTree(RenderFrameImpl* root,
                                       bool focused,
                                       FocusSource source) {
  for (RenderFrameImpl* frame = root; frame; frame = frame->NextLocalFrame(root))
    frame->SetFocusedInternal(focused, source);
}

void RenderFrameImpl::DidCommitNavigation(const GURL& url,
                                          NavigationType navigation_type,
                                          int http_status_code) {
  FrameHostMsg_DidCommitProvisionalLoad_Params params;
  params.nav_entry_id = pending_nav_entry_id_;
  params.url = url;
  params.navigation_type = navigation_type;
  params.http_status_code = http_status_code;
  params.commit_time = base::Time::Now();
  Send(new FrameHostMsg_DidCommitProvisionalLoad(routing_id_, params));
}

void RenderFrameImpl::DidCommitSameDocumentNavigation(const GURL& url,
                                                      bool is_history_api) {
  FrameHostMsg_DidCommitSameDocumentLoad_Params params;
  params.url = url;
  params.navigation_type = NAVIGATION_TYPE_SAME_DOCUMENT;
  params.is_history_api_navigation = is_history_api;
  params.fragment = url.ref();
  Send(new FrameHostMsg_DidCommitSameDocumentLoad(routing_id_, params));
}

void RenderFrameImpl::DidLoadResourceFromMemoryCache(
    const GURL& url,
    const std::string& http_method,
    const std::string& mime_type) {
  // Data URLs never reach the network, so the browser does not care.
  if (url.SchemeIs("data"))
    return;
  Send(new FrameHostMsg_DidLoadResourceFromMemoryCache(
      routing_id_, url, http_method, mime_type));
}

void RenderFrameImpl::DidObserveLayoutShift(const LayoutShift& shift) {
  Send(new FrameHostMsg_ReportLayoutShift(routing_id_,
                                          shift.old_rect,
                                          shift.new_rect,
                                          shift.score,
                                          base::TimeTicks::Now() -
                                              navigation_start_,
                                          shift.had_recent_input));
}

void RenderFrameImpl::DidChangeIcon(const std::vector<FaviconURL>& icons) {
  Send(new FrameHostMsg_UpdateFaviconURL(routing_id_, icons));
}

void RenderFrameImpl::DidParseLinkPreloads() {
  std::map<int, std::vector<std::pair<std::string, GURL>>> preloads;
  for (const auto& link : document_link_preloads_)
    preloads[link.priority].emplace_back(link.as, link.href);
  Send(new FrameHostMsg_UpdateLinkPreloads(routing_id_, preloads));
}

void RenderFrameImpl::DidChangeScrollOffset() {
  Send(new FrameHostMsg_DidChangeScrollOffsetPinning(
      routing_id_, IsPinnedToLeft(), IsPinnedToRight()));
}

void RenderFrameImpl::SelectionBoundsChanged(const gfx::Rect& anchor,
                                             const gfx::Rect& focus) {
  Send(new FrameHostMsg_SelectionBoundsChanged(routing_id_, anchor, focus));
}

void RenderFrameImpl::RequestThumbnail(const GURL& page_url,
                                       const ThumbnailRegion& region,
                                       ThumbnailCallback callback) {
  int request_id = next_thumbnail_request_id_++;
  thumbnail_callbacks_[request_id] = std::move(callback);
  Send(new FrameHostMsg_RequestThumbnail(routing_id_, request_id, page_url,
                                         region, /*prefer_cached=*/true));
}

void RenderFrameImpl::OnRequestThumbnailReply(int request_id,
                                              const SkBitmap& thumbnail) {
  auto it = thumbnail_callbacks_.find(request_id);
  if (it == thumbnail_callbacks_.end())
    return;
  std::move(it->second).Run(thumbnail);
  thumbnail_callbacks_.erase(it);
}

void RenderFrameImpl::SaveSnapshot(const base::FilePath& path) {
  Send(
      new FrameHostMsg_SaveSnapshot(routing_id_, ++last_snapshot_id_, path));
}

void RenderFrameImpl::OnDidSaveSnapshot(int request_id, int64_t bytes_written) {
  snapshot_observer_->OnSnapshotSaved(request_id, bytes_written);
}

void RenderFrameImpl::OnSaveSnapshotError(int request_id,
                                          const std::string& error) {
  snapshot_observer_->OnSnapshotFailed(request_id, error);
}

std::string RenderFrameImpl::GetStoredFormDraft(const GURL& form_action) {
  std::string draft_json;
  Send(new FrameHostMsg_GetStoredFormDraft(routing_id_, form_action,
                                           &draft_json));
  return draft_json;
}

void RenderFrameImpl::FlushPendingEdits() {
  Send(new FrameHostMsg_FlushPendingEdits(
      routing_id_, edit_sequence_, base::TimeDelta::FromMilliseconds(500)));
}

#if BUILDFLAG(ENABLE_PLUGINS)
void RenderFrameImpl::PluginCrashed(const base::FilePath& plugin_path,
                                    base::ProcessId plugin_pid) {
  Send(new FrameHostMsg_PluginCrashed(routing_id_, plugin_path, plugin_pid));
}
#endif  // BUILDFLAG(ENABLE_PLUGINS)

void RenderFrameImpl::ShowPopupMenu(const gfx::Rect& bounds,
                                    const std::vector<base::string16>& items,
                                    bool allow_multiple_selection) {
#if defined(OS_ANDROID)
  Send(new FrameHostMsg_ShowPopupMenu(routing_id_, bounds, items,
                                      allow_multiple_selection));
#else
  DCHECK(!allow_multiple_selection);
  Send(new FrameHostMsg_ShowPopupMenu(routing_id_, bounds, items));
#endif
}

void RenderFrameImpl::DidBlockFramebust(const GURL& url) {
  // FrameHostMsg_DidBlockFramebust was never added to frame_messages.h.
  Send(new FrameHostMsg_DidBlockFramebust(routing_id_, url));
}

}  // namespace content
