// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "extensions/common/extension_process_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace extensions {

class ExtensionProcessMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockExtensionProcess> mock_;
  mojo::Remote<mojom::ExtensionProcess> remote_;
  mojo::Receiver<mojom::ExtensionProcess> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(ExtensionProcessMockTest, DeliversShouldSuspend) {
  EXPECT_CALL(mock_, ShouldSuspend(testing::_, testing::_));
  remote_->ShouldSuspend({}, {});
  base::RunLoop().RunUntilIdle();
}

}  // namespace extensions
