// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "components/printing/common/print_host_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace printing {

class PrintHostMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockPrintHost> mock_;
  mojo::Remote<mojom::PrintHost> remote_;
  mojo::Receiver<mojom::PrintHost> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(PrintHostMockTest, DeliversDidGetPreviewPageCount) {
  EXPECT_CALL(mock_, DidGetPreviewPageCount(testing::_, testing::_));
  remote_->DidGetPreviewPageCount({}, {});
  base::RunLoop().RunUntilIdle();
}

}  // namespace printing
