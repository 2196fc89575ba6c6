// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_WORKER_MOCK_H_
#define EXTENSIONS_COMMON_EXTENSION_WORKER_MOCK_H_

#include "extensions/common/extension_worker.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace extensions {

// A gmock of extensions.mojom.ExtensionWorker for tests (migration guide
// 2.5.5).
class MockExtensionWorker : public mojom::ExtensionWorker {
 public:
  MockExtensionWorker() = default;
  ~MockExtensionWorker() override = default;

  MOCK_METHOD(void, DispatchEvent, (int32_t, int32_t, const std::string&, base::Value), (override));
};

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_WORKER_MOCK_H_
