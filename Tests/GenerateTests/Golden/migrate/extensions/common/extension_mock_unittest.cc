// Drafted by mojify migrate; review before use.

#include "base/run_loop.h"
#include "base/test/task_environment.h"
#include "extensions/common/extension_mock.h"
#include "mojo/public/cpp/bindings/receiver.h"
#include "mojo/public/cpp/bindings/remote.h"
#include "testing/gtest/include/gtest/gtest.h"

namespace extensions {

class ExtensionMockTest : public testing::Test {
 protected:
  base::test::TaskEnvironment task_environment_;
  testing::StrictMock<MockExtension> mock_;
  mojo::Remote<mojom::Extension> remote_;
  mojo::Receiver<mojom::Extension> receiver_{&mock_, remote_.BindNewPipeAndPassReceiver()};
};

TEST_F(ExtensionMockTest, DeliversSetPopupAnchor) {
  EXPECT_CALL(mock_, SetPopupAnchor(testing::_, testing::_));
  remote_->SetPopupAnchor({}, {});
  base::RunLoop().RunUntilIdle();
}

}  // namespace extensions
