// Drafted by mojify migrate; review before use.

#ifndef CONTENT_BROWSER_FRAME_HOST_FRAME_HOST_IMPL_H_
#define CONTENT_BROWSER_FRAME_HOST_FRAME_HOST_IMPL_H_

#include "content/browser/frame_host/render_frame_host_impl.h"
#include "content/common/frame.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace content {

// Implements content.mojom.FrameHost by calling the legacy IPC handlers it
// replaces.
class FrameHostImpl : public mojom::FrameHost {
 public:
  explicit FrameHostImpl(RenderFrameHostImpl* render_frame_host_impl);
  FrameHostImpl(const FrameHostImpl&) = delete;
  FrameHostImpl& operator=(const FrameHostImpl&) = delete;
  ~FrameHostImpl() override;

  // mojom::FrameHost:
  void DidCommitProvisionalLoad(content::mojom::DidCommitProvisionalLoadParamsPtr did_commit_provisional_load_params) override;
  void DidCommitSameDocumentLoad(content::mojom::DidCommitSameDocumentLoadParamsPtr did_commit_same_document_load_params) override;
  void DidLoadResourceFromMemoryCache(const GURL& url, const std::string& http_method, const std::string& mime_type) override;
  void ReportLayoutShift(const gfx::Rect& old_rect, const gfx::Rect& new_rect, double score, base::TimeDelta since_navigation, bool had_recent_input) override;
  void UpdateFaviconURL(std::vector<content::mojom::FaviconURLPtr> candidates) override;
  void UpdateLinkPreloads(base::flat_map<int32_t, std::vector<content::mojom::TodoStdPairStdStringGurlPtr>> preloads_by_priority) override;
  void DidChangeScrollOffsetPinning(bool pinned_to_left, bool pinned_to_right) override;
  void SelectionBoundsChanged(const gfx::Rect& anchor_rect, const gfx::Rect& focus_rect) override;
  void RequestThumbnail(int32_t request_id, const GURL& page_url, content::mojom::ThumbnailRegionPtr region, bool prefer_cached, RequestThumbnailCallback callback) override;
  void SaveSnapshot(int32_t request_id, const base::FilePath& path, SaveSnapshotCallback callback) override;
  void GetStoredFormDraft(const GURL& form_action, GetStoredFormDraftCallback callback) override;
  void FlushPendingEdits(int32_t edit_sequence, base::TimeDelta deadline, FlushPendingEditsCallback callback) override;
#if BUILDFLAG(ENABLE_PLUGINS)
  void PluginCrashed(const base::FilePath& plugin_path, int32_t plugin_pid) override;
#endif
#if defined(OS_ANDROID)
  void ShowPopupMenu(const gfx::Rect& bounds, const std::vector<std::u16string>& items, bool allow_multiple_selection) override;
#endif
#if !(defined(OS_ANDROID))
  void ShowPopupMenu(const gfx::Rect& bounds, const std::vector<std::u16string>& items) override;
#endif
  void SetZoomLevel(double zoom_level) override;

 private:
  RenderFrameHostImpl* const render_frame_host_impl_;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the FrameHostImpl it makes.
void BindFrameHost(mojo::PendingReceiver<mojom::FrameHost> receiver);

}  // namespace content

#endif  // CONTENT_BROWSER_FRAME_HOST_FRAME_HOST_IMPL_H_
