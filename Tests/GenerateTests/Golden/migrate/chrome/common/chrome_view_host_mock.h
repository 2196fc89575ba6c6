// Drafted by mojify migrate; review before use.

#ifndef CHROME_COMMON_CHROME_VIEW_HOST_MOCK_H_
#define CHROME_COMMON_CHROME_VIEW_HOST_MOCK_H_

#include "chrome/common/render.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace chrome {

// A gmock of chrome.mojom.ChromeViewHost for tests (migration guide 2.5.5).
class MockChromeViewHost : public mojom::ChromeViewHost {
 public:
  MockChromeViewHost() = default;
  ~MockChromeViewHost() override = default;

  MOCK_METHOD(void, ReportFeatureUsage, ((const base::flat_map<std::string, int32_t>&)), (override));
  MOCK_METHOD(void, RecordNetworkUsage, (const url::Origin&, chrome::mojom::NetworkUsageKind, uint64_t, int64_t), (override));
  MOCK_METHOD(void, GetPluginInfo, (int32_t, const GURL&, GetPluginInfoCallback), (override));
};

}  // namespace chrome

#endif  // CHROME_COMMON_CHROME_VIEW_HOST_MOCK_H_
