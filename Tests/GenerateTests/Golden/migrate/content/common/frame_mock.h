// Drafted by mojify migrate; review before use.

#ifndef CONTENT_COMMON_FRAME_MOCK_H_
#define CONTENT_COMMON_FRAME_MOCK_H_

#include "content/common/frame.mojom.h"
#include "testing/gmock/include/gmock/gmock.h"

namespace content {

// A gmock of content.mojom.Frame for tests (migration guide 2.5.5).
class MockFrame : public mojom::Frame {
 public:
  MockFrame() = default;
  ~MockFrame() override = default;

  MOCK_METHOD(void, Stop, (), (override));
  MOCK_METHOD(void, SetFocusInTree, (bool, content::mojom::FocusSource), (override));
  MOCK_METHOD(void, SetMode, (uint32_t), (override));
};

}  // namespace content

#endif  // CONTENT_COMMON_FRAME_MOCK_H_
