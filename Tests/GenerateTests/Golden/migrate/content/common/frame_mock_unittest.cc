// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "content/common/frame_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace content {

class FrameMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockFrame> mock_;
  mojo::Remote<mojom::Frame> remote_;
  mojo::Receiver<mojom::Frame> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(FrameMockTest, DeliversStop) {
  EXPECT_CALL(mock_, Stop());
  remote_->Stop();
  base::RunLoop().RunUntilIdle();
}

}  // namespace content
