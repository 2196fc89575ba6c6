// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

// Generated file: stands in for build output. The scanner must skip it
// because Examples/.gitignore ignores out/.

#include "ipc/ipc_message_macros.h"

#define IPC_MESSAGE_START GeneratedMsgStart

IPC_MESSAGE_CONTROL0(GeneratedMsg_ShouldBeIgnored)
