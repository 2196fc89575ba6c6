// Drafted by mojify migrate; review before use.

#ifndef CHROME_RENDERER_CHROME_VIEW_IMPL_H_
#define CHROME_RENDERER_CHROME_VIEW_IMPL_H_

#include "chrome/common/render.mojom.h"
#include "chrome/renderer/chrome_render_thread_observer.h"
#include "mojo/public/cpp/bindings/pending_receiver.h"

namespace chrome {

// Implements chrome.mojom.ChromeView by calling the legacy IPC handlers it
// replaces.
class ChromeViewImpl : public mojom::ChromeView {
 public:
  explicit ChromeViewImpl(ChromeRenderThreadObserver* chrome_render_thread_observer);
  ChromeViewImpl(const ChromeViewImpl&) = delete;
  ChromeViewImpl& operator=(const ChromeViewImpl&) = delete;
  ~ChromeViewImpl() override;

  // mojom::ChromeView:
  void PurgeWarmupCache() override;
  void SetContentRules(chrome::mojom::ContentRuleAction default_action, base::Value rules) override;
  void SetPrefetchBudget(uint64_t max_bytes, base::TimeDelta window, chrome::mojom::PrefetchPriority priority) override;
  void LoadSpellingDictionary(base::File dictionary_file, const std::string& language, base::Optional<base::Time> last_modified) override;
  void SetHyphenationTable(base::UnsafeSharedMemoryRegion table, const base::UnguessableToken& table_id) override;
  void SetConfig(bool bool_value, const std::string& string_value) override;

 private:
  ChromeRenderThreadObserver* const chrome_render_thread_observer_;
};

// Named by the interface's registration line (written beside these drafts); the
// connection owns the ChromeViewImpl it makes.
void BindChromeView(mojo::PendingReceiver<mojom::ChromeView> receiver);

}  // namespace chrome

#endif  // CHROME_RENDERER_CHROME_VIEW_IMPL_H_
