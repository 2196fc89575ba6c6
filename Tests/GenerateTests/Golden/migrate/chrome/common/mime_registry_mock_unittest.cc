// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "chrome/common/mime_registry_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace chrome {

class MimeRegistryMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockMimeRegistry> mock_;
  mojo::Remote<mojom::MimeRegistry> remote_;
  mojo::Receiver<mojom::MimeRegistry> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(MimeRegistryMockTest, Connects) {
  base::RunLoop().RunUntilIdle();
  EXPECT_TRUE(remote_.is_connected());
}

}  // namespace chrome
