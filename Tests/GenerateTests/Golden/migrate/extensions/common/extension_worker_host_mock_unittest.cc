// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "extensions/common/extension_worker_host_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace extensions {

class ExtensionWorkerHostMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockExtensionWorkerHost> mock_;
  mojo::Remote<mojom::ExtensionWorkerHost> remote_;
  mojo::Receiver<mojom::ExtensionWorkerHost> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(ExtensionWorkerHostMockTest, DeliversDidDispatchEvent) {
  EXPECT_CALL(mock_, DidDispatchEvent(testing::_, testing::_, testing::_));
  remote_->DidDispatchEvent({}, {}, {});
  base::RunLoop().RunUntilIdle();
}

}  // namespace extensions
