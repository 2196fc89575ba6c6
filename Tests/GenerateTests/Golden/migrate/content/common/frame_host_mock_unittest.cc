// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "content/common/frame_host_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace content {

class FrameHostMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockFrameHost> mock_;
  mojo::Remote<mojom::FrameHost> remote_;
  mojo::Receiver<mojom::FrameHost> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(FrameHostMockTest, DeliversDidCommitProvisionalLoad) {
  EXPECT_CALL(mock_, DidCommitProvisionalLoad(testing::_));
  remote_->DidCommitProvisionalLoad(content::mojom::DidCommitProvisionalLoadParams::New());
  base::RunLoop().RunUntilIdle();
}

}  // namespace content
