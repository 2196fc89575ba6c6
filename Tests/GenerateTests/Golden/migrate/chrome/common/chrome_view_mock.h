// Drafted by mojify migrate; review before use.

#ifndef CHROME_COMMON_CHROME_VIEW_MOCK_H_
#define CHROME_COMMON_CHROME_VIEW_MOCK_H_

#include "chrome/common/render.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace chrome {

// A gmock of chrome.mojom.ChromeView for tests (migration guide 2.5.5).
class MockChromeView : public mojom::ChromeView {
 public:
  MockChromeView() = default;
  ~MockChromeView() override = default;

  MOCK_METHOD(void, PurgeWarmupCache, (), (override));
  MOCK_METHOD(void, SetContentRules, (chrome::mojom::ContentRuleAction, base::Value), (override));
  MOCK_METHOD(void, SetPrefetchBudget, (uint64_t, base::TimeDelta, chrome::mojom::PrefetchPriority), (override));
  MOCK_METHOD(void, LoadSpellingDictionary, (base::File, const std::string&, base::Optional<base::Time>), (override));
  MOCK_METHOD(void, SetHyphenationTable, (base::UnsafeSharedMemoryRegion, const base::UnguessableToken&), (override));
  MOCK_METHOD(void, SetConfig, (bool, const std::string&), (override));
};

}  // namespace chrome

#endif  // CHROME_COMMON_CHROME_VIEW_MOCK_H_
