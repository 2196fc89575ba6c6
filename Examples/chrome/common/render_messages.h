// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

// Multiply-included message file, hence no include guard.

#include <stddef.h>
#include <stdint.h>

#include <map>
#include <string>
#include <vector>

#include "base/files/file_path.h"
#include "base/memory/shared_memory_handle.h"
#include "base/optional.h"
#include "base/time/time.h"
#include "base/unguessable_token.h"
#include "base/values.h"
#include "ipc/ipc_message_macros.h"
#include "ipc/ipc_platform_file.h"
#include "url/gurl.h"
#include "url/origin.h"

// Singly-included section for types used by the messages below.
#ifndef CHROME_COMMON_RENDER_MESSAGES_H_
#define CHROME_COMMON_RENDER_MESSAGES_H_

// Number of times each renderer feature was used, keyed by feature name.
typedef std::map<std::string, int> CountMap;

// What the renderer does with a subresource no content rule matched.
enum class ContentRuleAction {
  kAllow,
  kBlock,
  kAskUser,
};

// Priority of speculative prefetches. Negative values are below normal.
enum PrefetchPriority {
  PREFETCH_PRIORITY_LOWEST = -2,
  PREFETCH_PRIORITY_LOW = -1,
  PREFETCH_PRIORITY_DEFAULT = 0,
  PREFETCH_PRIORITY_HIGH = 1,
  PREFETCH_PRIORITY_LAST = PREFETCH_PRIORITY_HIGH,
};

// Which kind of request a NetworkUsage report covers.
enum NetworkUsageKind {
  NETWORK_USAGE_DOCUMENT = 0,
  NETWORK_USAGE_SUBRESOURCE = 1,
  NETWORK_USAGE_PREFETCH = 2,
  NETWORK_USAGE_BEACON = 3,
};

#endif  // CHROME_COMMON_RENDER_MESSAGES_H_

#define IPC_MESSAGE_START ChromeMsgStart

IPC_ENUM_TRAITS(ContentRuleAction)
IPC_ENUM_TRAITS_MIN_MAX_VALUE(PrefetchPriority,
                              PREFETCH_PRIORITY_LOWEST,
                              PREFETCH_PRIORITY_LAST)
IPC_ENUM_TRAITS_VALIDATE(NetworkUsageKind, (value >= 0 && value < 4))

//-----------------------------------------------------------------------------
// RenderThread messages
// These are messages sent from the browser to the renderer process.

// Drops the warm-up cache of preparsed stylesheets.
IPC_MESSAGE_CONTROL0(ChromeViewMsg_PurgeWarmupCache)

// Replaces the content rules; |rules| is a list of rule dictionaries.
IPC_MESSAGE_CONTROL2(ChromeViewMsg_SetContentRules,
                     ContentRuleAction /* default_action */,
                     base::ListValue /* rules */)

// Limits how much the renderer may prefetch in each |window|.
IPC_MESSAGE_CONTROL3(ChromeViewMsg_SetPrefetchBudget,
                     size_t /* max_bytes */,
                     base::TimeDelta /* window */,
                     PrefetchPriority /* priority */)

IPC_MESSAGE_CONTROL3(ChromeViewMsg_LoadSpellingDictionary,
                     IPC::PlatformFileForTransit /* dictionary_file */,
                     std::string /* language */,
                     base::Optional<base::Time> /* last_modified */)

// Shares the read-only hyphenation table with the renderer.
IPC_MESSAGE_CONTROL2(ChromeViewMsg_SetHyphenationTable,
                     base::SharedMemoryHandle /* table */,
                     base::UnguessableToken /* table_id */)

// Turns the experimental config on or off; the string is the serialised
// config.
IPC_MESSAGE_CONTROL(ChromeViewMsg_SetConfig, bool, std::string)

//-----------------------------------------------------------------------------
// RenderThread host messages
// These are messages sent from the renderer process to the browser.

IPC_MESSAGE_CONTROL1(ChromeViewHostMsg_ReportFeatureUsage,
                     CountMap /* counts_by_feature */)

IPC_MESSAGE_CONTROL4(ChromeViewHostMsg_RecordNetworkUsage,
                     url::Origin /* origin */,
                     NetworkUsageKind /* kind */,
                     unsigned long /* bytes_received */,
                     long /* duration_ms */)

IPC_SYNC_MESSAGE_CONTROL1_1(MimeRegistryMsg_GetMimeTypeFromExtension,
                            base::FilePath::StringType /* extension */,
                            std::string /* mime_type */)

// Looks up the plugin that would handle |url| in the given frame.
IPC_SYNC_MESSAGE_CONTROL(ChromeViewHostMsg_GetPluginInfo,
                         (int /* render_frame_id */, GURL /* url */),
                         (bool /* found */, std::string /* mime */))
