// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "chrome/common/chrome_view_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace chrome {

class ChromeViewMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockChromeView> mock_;
  mojo::Remote<mojom::ChromeView> remote_;
  mojo::Receiver<mojom::ChromeView> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(ChromeViewMockTest, DeliversPurgeWarmupCache) {
  EXPECT_CALL(mock_, PurgeWarmupCache());
  remote_->PurgeWarmupCache();
  base::RunLoop().RunUntilIdle();
}

}  // namespace chrome
