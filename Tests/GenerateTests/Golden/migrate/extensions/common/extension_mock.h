// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_MOCK_H_
#define EXTENSIONS_COMMON_EXTENSION_MOCK_H_

#include "extensions/common/extension.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace extensions {

// A gmock of extensions.mojom.Extension for tests (migration guide 2.5.5).
class MockExtension : public mojom::Extension {
 public:
  MockExtension() = default;
  ~MockExtension() override = default;

  MOCK_METHOD(void, SetPopupAnchor, (const std::string&, const gfx::PointF&), (override));
};

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_MOCK_H_
