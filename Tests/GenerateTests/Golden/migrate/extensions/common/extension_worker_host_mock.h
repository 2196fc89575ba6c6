// Drafted by mojify migrate; review before use.

#ifndef EXTENSIONS_COMMON_EXTENSION_WORKER_HOST_MOCK_H_
#define EXTENSIONS_COMMON_EXTENSION_WORKER_HOST_MOCK_H_

#include "extensions/common/extension_worker.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace extensions {

// A gmock of extensions.mojom.ExtensionWorkerHost for tests (migration guide
// 2.5.5).
class MockExtensionWorkerHost : public mojom::ExtensionWorkerHost {
 public:
  MockExtensionWorkerHost() = default;
  ~MockExtensionWorkerHost() override = default;

  MOCK_METHOD(void, DidDispatchEvent, (int32_t, int32_t, bool), (override));
};

}  // namespace extensions

#endif  // EXTENSIONS_COMMON_EXTENSION_WORKER_HOST_MOCK_H_
