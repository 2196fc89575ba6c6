// Drafted by mojify migrate; review before use.

#ifndef CONTENT_COMMON_FRAME_HOST_MOCK_H_
#define CONTENT_COMMON_FRAME_HOST_MOCK_H_

#include "content/common/frame.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace content {

// A gmock of content.mojom.FrameHost for tests (migration guide 2.5.5).
class MockFrameHost : public mojom::FrameHost {
 public:
  MockFrameHost() = default;
  ~MockFrameHost() override = default;

  MOCK_METHOD(void, DidCommitProvisionalLoad, (content::mojom::DidCommitProvisionalLoadParamsPtr), (override));
  MOCK_METHOD(void, DidCommitSameDocumentLoad, (content::mojom::DidCommitSameDocumentLoadParamsPtr), (override));
  MOCK_METHOD(void, DidLoadResourceFromMemoryCache, (const GURL&, const std::string&, const std::string&), (override));
  MOCK_METHOD(void, ReportLayoutShift, (const gfx::Rect&, const gfx::Rect&, double, base::TimeDelta, bool), (override));
  MOCK_METHOD(void, UpdateFaviconURL, (std::vector<content::mojom::FaviconURLPtr>), (override));
  MOCK_METHOD(void, UpdateLinkPreloads, ((base::flat_map<int32_t, std::vector<content::mojom::TodoStdPairStdStringGurlPtr>>)), (override));
  MOCK_METHOD(void, DidChangeScrollOffsetPinning, (bool, bool), (override));
  MOCK_METHOD(void, SelectionBoundsChanged, (const gfx::Rect&, const gfx::Rect&), (override));
  MOCK_METHOD(void, RequestThumbnail, (int32_t, const GURL&, content::mojom::ThumbnailRegionPtr, bool, RequestThumbnailCallback), (override));
  MOCK_METHOD(void, SaveSnapshot, (int32_t, const base::FilePath&, SaveSnapshotCallback), (override));
  MOCK_METHOD(void, GetStoredFormDraft, (const GURL&, GetStoredFormDraftCallback), (override));
  MOCK_METHOD(void, FlushPendingEdits, (int32_t, base::TimeDelta, FlushPendingEditsCallback), (override));
#if BUILDFLAG(ENABLE_PLUGINS)
  MOCK_METHOD(void, PluginCrashed, (const base::FilePath&, int32_t), (override));
#endif
#if defined(OS_ANDROID)
  MOCK_METHOD(void, ShowPopupMenu, (const gfx::Rect&, const std::vector<std::u16string>&, bool), (override));
#endif
#if !(defined(OS_ANDROID))
  MOCK_METHOD(void, ShowPopupMenu, (const gfx::Rect&, const std::vector<std::u16string>&), (override));
#endif
  MOCK_METHOD(void, SetZoomLevel, (double), (override));
};

}  // namespace content

#endif  // CONTENT_COMMON_FRAME_HOST_MOCK_H_
