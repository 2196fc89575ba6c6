// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "components/printing/common/print_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace printing {

class PrintMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockPrint> mock_;
  mojo::Remote<mojom::Print> remote_;
  mojo::Receiver<mojom::Print> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(PrintMockTest, DeliversInitiatePrintPreview) {
  EXPECT_CALL(mock_, InitiatePrintPreview(testing::_));
  remote_->InitiatePrintPreview({});
  base::RunLoop().RunUntilIdle();
}

}  // namespace printing
