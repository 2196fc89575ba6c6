// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "extensions/common/extension_host_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace extensions {

class ExtensionHostMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockExtensionHost> mock_;
  mojo::Remote<mojom::ExtensionHost> remote_;
  mojo::Receiver<mojom::ExtensionHost> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(ExtensionHostMockTest, DeliversSubscribeToEvent) {
  EXPECT_CALL(mock_, SubscribeToEvent(testing::_, testing::_));
  remote_->SubscribeToEvent({}, {});
  base::RunLoop().RunUntilIdle();
}

}  // namespace extensions
