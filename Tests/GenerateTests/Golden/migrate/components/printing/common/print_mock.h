// Drafted by mojify migrate; review before use.

#ifndef COMPONENTS_PRINTING_COMMON_PRINT_MOCK_H_
#define COMPONENTS_PRINTING_COMMON_PRINT_MOCK_H_

#include "components/printing/common/print.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace printing {

// A gmock of printing.mojom.Print for tests (migration guide 2.5.5).
class MockPrint : public mojom::Print {
 public:
  MockPrint() = default;
  ~MockPrint() override = default;

  MOCK_METHOD(void, InitiatePrintPreview, (bool), (override));
};

}  // namespace printing

#endif  // COMPONENTS_PRINTING_COMMON_PRINT_MOCK_H_
