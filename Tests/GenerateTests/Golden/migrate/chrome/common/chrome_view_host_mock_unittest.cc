// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "chrome/common/chrome_view_host_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace chrome {

class ChromeViewHostMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockChromeViewHost> mock_;
  mojo::Remote<mojom::ChromeViewHost> remote_;
  mojo::Receiver<mojom::ChromeViewHost> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(ChromeViewHostMockTest, DeliversReportFeatureUsage) {
  EXPECT_CALL(mock_, ReportFeatureUsage(testing::_));
  remote_->ReportFeatureUsage({});
  base::RunLoop().RunUntilIdle();
}

}  // namespace chrome
