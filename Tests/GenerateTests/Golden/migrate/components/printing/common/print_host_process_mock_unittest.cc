// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "components/printing/common/print_host_process_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace printing {

class PrintHostProcessMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockPrintHostProcess> mock_;
  mojo::Remote<mojom::PrintHostProcess> remote_;
  mojo::Receiver<mojom::PrintHostProcess> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(PrintHostProcessMockTest, DeliversRecordPrintJobMetrics) {
  EXPECT_CALL(mock_, RecordPrintJobMetrics(testing::_, testing::_));
  remote_->RecordPrintJobMetrics({}, {});
  base::RunLoop().RunUntilIdle();
}

}  // namespace printing
