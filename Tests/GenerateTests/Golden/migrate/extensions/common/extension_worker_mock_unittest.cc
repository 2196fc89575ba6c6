// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "extensions/common/extension_worker_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace extensions {

class ExtensionWorkerMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockExtensionWorker> mock_;
  mojo::Remote<mojom::ExtensionWorker> remote_;
  mojo::Receiver<mojom::ExtensionWorker> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(ExtensionWorkerMockTest, DeliversDispatchEvent) {
  EXPECT_CALL(mock_, DispatchEvent(testing::_, testing::_, testing::_, testing::_));
  remote_->DispatchEvent({}, {}, {}, {});
  base::RunLoop().RunUntilIdle();
}

}  // namespace extensions
