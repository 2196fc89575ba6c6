// Drafted by mojify migrate; review before use.

#include "base/logging.h"
#include "chrome/browser/chrome_view_host_impl.h"

namespace chrome {

void BindChromeViewHost(mojo::PendingReceiver<mojom::ChromeViewHost> receiver) {
  // TODO(mojify): bind the receiver to the ChromeRenderMessageFilter this
  // connection belongs to (for a frame-scoped interface, the frame's; migration
  // guide 2.5.7), e.g. through a mojo::Receiver<mojom::ChromeViewHost> member
  // of it: receiver_.Bind(std::move(receiver)).
  NOTIMPLEMENTED();
}

}  // namespace chrome
