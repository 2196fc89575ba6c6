// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/logging.h"
#include "content/browser/frame_host/frame_host_impl.h"
#include "content/common/frame_messages.h"
#include "content/common/frame_type_converters.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace content {

FrameHostImpl::FrameHostImpl(RenderFrameHostImpl* render_frame_host_impl)
    : render_frame_host_impl_(render_frame_host_impl) {}

FrameHostImpl::~FrameHostImpl() = default;

void FrameHostImpl::DidCommitProvisionalLoad(content::mojom::DidCommitProvisionalLoadParamsPtr did_commit_provisional_load_params) {
  render_frame_host_impl_->OnDidCommitProvisionalLoad(mojo::ConvertTo<FrameHostMsg_DidCommitProvisionalLoad_Params>(did_commit_provisional_load_params));
}

void FrameHostImpl::DidCommitSameDocumentLoad(content::mojom::DidCommitSameDocumentLoadParamsPtr did_commit_same_document_load_params) {
  render_frame_host_impl_->OnDidCommitSameDocumentLoad(mojo::ConvertTo<FrameHostMsg_DidCommitSameDocumentLoad_Params>(did_commit_same_document_load_params));
}

void FrameHostImpl::DidLoadResourceFromMemoryCache(const GURL& url, const std::string& http_method, const std::string& mime_type) {
  render_frame_host_impl_->OnDidLoadResourceFromMemoryCache(url, http_method, mime_type);
}

void FrameHostImpl::ReportLayoutShift(const gfx::Rect& old_rect, const gfx::Rect& new_rect, double score, base::TimeDelta since_navigation, bool had_recent_input) {
  render_frame_host_impl_->OnReportLayoutShift(old_rect, new_rect, score, since_navigation, had_recent_input);
}

void FrameHostImpl::UpdateFaviconURL(std::vector<content::mojom::FaviconURLPtr> candidates) {
  render_frame_host_impl_->OnUpdateFaviconURL(mojo::ConvertTo<std::vector<content::FaviconURL>>(candidates));
}

void FrameHostImpl::UpdateLinkPreloads(base::flat_map<int32_t, std::vector<content::mojom::TodoStdPairStdStringGurlPtr>> preloads_by_priority) {
  // TODO(mojify): OnUpdateLinkPreloads takes the legacy C++ types; convert
  // preloads_by_priority from the interface's types.
  render_frame_host_impl_->OnUpdateLinkPreloads(preloads_by_priority);
}

void FrameHostImpl::DidChangeScrollOffsetPinning(bool pinned_to_left, bool pinned_to_right) {
  render_frame_host_impl_->OnDidChangeScrollOffsetPinning(pinned_to_left, pinned_to_right);
}

void FrameHostImpl::SelectionBoundsChanged(const gfx::Rect& anchor_rect, const gfx::Rect& focus_rect) {
  // TODO(mojify): the message map handles it with inline code
  // (IPC_MESSAGE_HANDLER_GENERIC); move that code here.
  NOTIMPLEMENTED();
}

void FrameHostImpl::RequestThumbnail(int32_t request_id, const GURL& page_url, content::mojom::ThumbnailRegionPtr region, bool prefer_cached, RequestThumbnailCallback callback) {
  // TODO(mojify): the reply was the separate message
  // FrameMsg_RequestThumbnail_Reply; make OnRequestThumbnail take
  // RequestThumbnailCallback and run it with std::move(callback).Run(...) where
  // it replied.
  render_frame_host_impl_->OnRequestThumbnail(request_id, page_url, mojo::ConvertTo<content::ThumbnailRegion>(region), prefer_cached, std::move(callback));
}

void FrameHostImpl::SaveSnapshot(int32_t request_id, const base::FilePath& path, SaveSnapshotCallback callback) {
  // TODO(mojify): the reply was the separate message FrameMsg_DidSaveSnapshot /
  // FrameMsg_SaveSnapshotError; make OnSaveSnapshot take SaveSnapshotCallback
  // and run it with std::move(callback).Run(...) where it replied.
  render_frame_host_impl_->OnSaveSnapshot(request_id, path, std::move(callback));
}

void FrameHostImpl::GetStoredFormDraft(const GURL& form_action, GetStoredFormDraftCallback callback) {
  std::string draft_json;
  render_frame_host_impl_->OnGetStoredFormDraft(form_action, &draft_json);
  std::move(callback).Run(draft_json);
}

void FrameHostImpl::FlushPendingEdits(int32_t edit_sequence, base::TimeDelta deadline, FlushPendingEditsCallback callback) {
  // TODO(mojify): OnFlushPendingEdits took the reply message
  // (IPC_MESSAGE_HANDLER_DELAY_REPLY); make OnFlushPendingEdits take
  // FlushPendingEditsCallback and run it with std::move(callback).Run(...)
  // where it replied.
  render_frame_host_impl_->OnFlushPendingEdits(edit_sequence, deadline, std::move(callback));
}

#if BUILDFLAG(ENABLE_PLUGINS)
void FrameHostImpl::PluginCrashed(const base::FilePath& plugin_path, int32_t plugin_pid) {
  render_frame_host_impl_->OnPluginCrashed(plugin_path, plugin_pid);
}
#endif

#if defined(OS_ANDROID)
void FrameHostImpl::ShowPopupMenu(const gfx::Rect& bounds, const std::vector<std::u16string>& items, bool allow_multiple_selection) {
  render_frame_host_impl_->OnShowPopupMenu(bounds, items, allow_multiple_selection);
}
#endif

#if !(defined(OS_ANDROID))
void FrameHostImpl::ShowPopupMenu(const gfx::Rect& bounds, const std::vector<std::u16string>& items) {
  render_frame_host_impl_->OnShowPopupMenu(bounds, items);
}
#endif

void FrameHostImpl::SetZoomLevel(double zoom_level) {
  // TODO(mojify): no message map in the scanned tree handles
  // FrameHostMsg_SetZoomLevel.
  NOTIMPLEMENTED();
}

void BindFrameHost(mojo::PendingReceiver<mojom::FrameHost> receiver) {
  // TODO(mojify): pass the RenderFrameHostImpl this connection belongs to (for
  // a frame-scoped interface, the frame's; migration guide 2.5.7), e.g. from a
  // binder that takes the RenderFrameHost or RenderFrame.
  mojo::MakeSelfOwnedReceiver(std::make_unique<FrameHostImpl>(nullptr), std::move(receiver));
}

}  // namespace content
