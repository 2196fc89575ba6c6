// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_HOST_MOCK_H_
#define EXTENSIONS_COMMON_EXTENSION_HOST_MOCK_H_

#include "extensions/common/extension.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace extensions {

// A gmock of extensions.mojom.ExtensionHost for tests (migration guide 2.5.5).
class MockExtensionHost : public mojom::ExtensionHost {
 public:
  MockExtensionHost() = default;
  ~MockExtensionHost() override = default;

  MOCK_METHOD(void, SubscribeToEvent, (const std::string&, const std::string&), (override));
  MOCK_METHOD(void, ReportStorageUsage, (const std::string&, int64_t, base::Value), (override));
  MOCK_METHOD(void, ShouldSuspendAck, (const std::string&, uint64_t), (override));
};

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_HOST_MOCK_H_
