// Drafted by mojify migrate; review before use.

#ifndef CHROME_BROWSER_CHROME_VIEW_HOST_IMPL_H_
#define CHROME_BROWSER_CHROME_VIEW_HOST_IMPL_H_

#include "chrome/common/render.mojom.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace chrome {

// ChromeRenderMessageFilter implements chrome.mojom.ChromeViewHost itself once
// the patch is applied (its handlers became the interface methods), so there is
// no ChromeViewHostImpl. Named by the interface's registration line (written
// beside these drafts).
void BindChromeViewHost(mojo::PendingReceiver<mojom::ChromeViewHost> receiver);

}  // namespace chrome

#endif  // CHROME_BROWSER_CHROME_VIEW_HOST_IMPL_H_
