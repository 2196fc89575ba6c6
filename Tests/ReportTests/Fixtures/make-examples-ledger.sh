#!/usr/bin/env bash
# Regenerates examples-ledger.csv and examples-ledger.history.csv: a made-up, two-month migration of Examples/
# played through the real `mojify ledger` commands. The tree starts with 16 extra widget messages, which are
# converted (deleted from the code) along the way, so the ledger ends with rows for messages no longer in Examples/.
# Usage: Tests/ReportTests/Fixtures/make-examples-ledger.sh path/to/mojify
set -euo pipefail
mojify=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
examples=$(cd "$here/../../../Examples" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$examples" "$work/tree"
ledger="$work/examples-ledger.csv"
header="$work/tree/content/common/widget_messages.h"

widgets=(WasShown WasHidden Close SetBounds UpdateScreenRects SetTextDirection ImeCommitText ImeSetComposition
         ForceRedraw SetCursor TextInputStateChanged SelectionBoundsChanged AutoscrollStart AutoscrollEnd DidFirstPaint UpdateRect)
write_widgets() { # the widget messages from index $1 on are still in the code
  {
    echo '// Widget messages (made up for the report example).'
    echo '#include "content/common/content_export.h"'
    echo '#define IPC_MESSAGE_START WidgetMsgStart'
    for ((i = $1; i < ${#widgets[@]}; i++)); do
      if ((i % 2 == 0)); then echo "IPC_MESSAGE_ROUTED1(WidgetMsg_${widgets[i]}, int /* request_id */)"
      else echo "IPC_MESSAGE_ROUTED1(WidgetHostMsg_${widgets[i]}, gfx::Rect /* bounds */)"; fi
    done
  } > "$header"
}
run() { "$mojify" ledger "$@" --ledger "$ledger" > /dev/null; }
sync() { run sync "$work/tree" --today "$1" 2> /dev/null || true; } # the example tree has one deliberate scan error

write_widgets 0;  sync 2025-01-06
run claim --class WidgetMsgStart --owner alice --bug crbug.com/40001 --today 2025-01-08; sync 2025-01-13
write_widgets 5;  sync 2025-01-20
run claim --class PrintMsgStart --owner bob --bug crbug.com/40002 --today 2025-01-21
write_widgets 11; sync 2025-01-27
run set-status --status blocked PrintHostMsg_GetPrinterCapabilities --owner bob \
  --note 'needs the printing::mojom::PrinterCapabilities struct first' --today 2025-01-29
write_widgets 16; sync 2025-02-03
run claim --class ExtensionMsgStart --class ExtensionWorkerMsgStart --owner carol --bug crbug.com/40003 --today 2025-02-04
run set-status --status wontfix ChromeViewMsg_PurgeWarmupCache ChromeViewMsg_SetPrefetchBudget --owner dave \
  --note 'feature is being deleted (crbug.com/40010)' --today 2025-02-06
sync 2025-02-10
run claim 'FrameHostMsg_Did*' --owner dave --bug crbug.com/40004 --today 2025-02-12; sync 2025-02-17
run set-status --status blocked FrameHostMsg_DidCommitProvisionalLoad --owner dave \
  --note 'waits for the navigation <commit> params split; see "go/nav-mojo" & crbug.com/40011' --today 2025-02-19
run claim 'ChromeViewHostMsg_*' --owner erin --today 2025-02-20; sync 2025-02-24
rm "$header"; sync 2025-03-03
cp "$ledger" "$here/examples-ledger.csv"
cp "$work/examples-ledger.history.csv" "$here/examples-ledger.history.csv"
