// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_PROCESS_MOCK_H_
#define EXTENSIONS_COMMON_EXTENSION_PROCESS_MOCK_H_

#include "extensions/common/extension.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace extensions {

// A gmock of extensions.mojom.ExtensionProcess for tests (migration guide
// 2.5.5).
class MockExtensionProcess : public mojom::ExtensionProcess {
 public:
  MockExtensionProcess() = default;
  ~MockExtensionProcess() override = default;

  MOCK_METHOD(void, ShouldSuspend, (const std::string&, uint64_t), (override));
};

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_PROCESS_MOCK_H_
