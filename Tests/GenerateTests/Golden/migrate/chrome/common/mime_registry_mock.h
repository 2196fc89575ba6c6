// Drafted by mojify migrate; review before use.

#ifndef CHROME_COMMON_MIME_REGISTRY_MOCK_H_
#define CHROME_COMMON_MIME_REGISTRY_MOCK_H_

#include "chrome/common/render.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace chrome {

// A gmock of chrome.mojom.MimeRegistry for tests (migration guide 2.5.5).
class MockMimeRegistry : public mojom::MimeRegistry {
 public:
  MockMimeRegistry() = default;
  ~MockMimeRegistry() override = default;

  MOCK_METHOD(void, GetMimeTypeFromExtension, (const std::string&, GetMimeTypeFromExtensionCallback), (override));
};

}  // namespace chrome

#endif  // CHROME_COMMON_MIME_REGISTRY_MOCK_H_
