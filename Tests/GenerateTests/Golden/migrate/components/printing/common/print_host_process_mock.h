// Drafted by mojify migrate; review before use.

#ifndef COMPONENTS_PRINTING_COMMON_PRINT_HOST_PROCESS_MOCK_H_
#define COMPONENTS_PRINTING_COMMON_PRINT_HOST_PROCESS_MOCK_H_

#include "components/printing/common/print.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace printing {

// A gmock of printing.mojom.PrintHostProcess for tests (migration guide 2.5.5).
class MockPrintHostProcess : public mojom::PrintHostProcess {
 public:
  MockPrintHostProcess() = default;
  ~MockPrintHostProcess() override = default;

  MOCK_METHOD(void, RecordPrintJobMetrics, (int32_t, base::TimeDelta), (override));
};

}  // namespace printing

#endif  // COMPONENTS_PRINTING_COMMON_PRINT_HOST_PROCESS_MOCK_H_
