// Drafted by mojify migrate; review before use.

#ifndef COMPONENTS_PRINTING_COMMON_PRINT_HOST_MOCK_H_
#define COMPONENTS_PRINTING_COMMON_PRINT_HOST_MOCK_H_

#include "components/printing/common/print.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace printing {

// A gmock of printing.mojom.PrintHost for tests (migration guide 2.5.5).
class MockPrintHost : public mojom::PrintHost {
 public:
  MockPrintHost() = default;
  ~MockPrintHost() override = default;

  MOCK_METHOD(void, DidGetPreviewPageCount, (int32_t, int32_t), (override));
  MOCK_METHOD(void, GetPrinterCapabilities, (GetPrinterCapabilitiesCallback), (override));
};

}  // namespace printing

#endif  // COMPONENTS_PRINTING_COMMON_PRINT_HOST_MOCK_H_
