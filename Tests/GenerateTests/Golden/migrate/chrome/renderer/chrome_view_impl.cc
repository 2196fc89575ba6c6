// Drafted by mojify migrate; review before use.

#include <memory>
#include <utility>

#include "base/values.h"
#include "chrome/renderer/chrome_view_impl.h"
#include "ipc/ipc_platform_file.h"
#include "mojo/public/cpp/bindings/self_owned_receiver.h"

namespace chrome {

ChromeViewImpl::ChromeViewImpl(ChromeRenderThreadObserver* chrome_render_thread_observer)
    : chrome_render_thread_observer_(chrome_render_thread_observer) {}

ChromeViewImpl::~ChromeViewImpl() = default;

void ChromeViewImpl::PurgeWarmupCache() {
  chrome_render_thread_observer_->OnPurgeWarmupCache();
}

void ChromeViewImpl::SetContentRules(chrome::mojom::ContentRuleAction default_action, base::Value rules) {
  chrome_render_thread_observer_->OnSetContentRules(static_cast<ContentRuleAction>(default_action), base::Value::AsListValue(rules));
}

void ChromeViewImpl::SetPrefetchBudget(uint64_t max_bytes, base::TimeDelta window, chrome::mojom::PrefetchPriority priority) {
  chrome_render_thread_observer_->OnSetPrefetchBudget(max_bytes, window, static_cast<PrefetchPriority>(priority));
}

void ChromeViewImpl::LoadSpellingDictionary(base::File dictionary_file, const std::string& language, base::Optional<base::Time> last_modified) {
  chrome_render_thread_observer_->OnLoadSpellingDictionary(IPC::TakePlatformFileForTransit(std::move(dictionary_file)), language, last_modified);
}

void ChromeViewImpl::SetHyphenationTable(base::UnsafeSharedMemoryRegion table, const base::UnguessableToken& table_id) {
  // TODO(mojify): OnSetHyphenationTable takes the legacy C++ types; convert
  // table from the interface's types.
  chrome_render_thread_observer_->OnSetHyphenationTable(table, table_id);
}

void ChromeViewImpl::SetConfig(bool bool_value, const std::string& string_value) {
  chrome_render_thread_observer_->OnSetConfig(bool_value, string_value);
}

void BindChromeView(mojo::PendingReceiver<mojom::ChromeView> receiver) {
  // TODO(mojify): pass the ChromeRenderThreadObserver this connection belongs
  // to (for a frame-scoped interface, the frame's; migration guide 2.5.7), e.g.
  // from a binder that takes the RenderFrameHost or RenderFrame.
  mojo::MakeSelfOwnedReceiver(std::make_unique<ChromeViewImpl>(nullptr), std::move(receiver));
}

}  // namespace chrome
