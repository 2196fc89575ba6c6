// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

// Help text for the internal chrome://ipc-internals page. Every IPC macro in
// this file sits in a comment or a string literal, so none of them declares,
// handles or sends a message.
//
// A routed message is declared like this:
//   IPC_MESSAGE_ROUTED1(FakeMsg_InComment, int)
// and handled like this:
//   IPC_MESSAGE_HANDLER(FakeMsg_InComment, OnFakeInComment)
// and sent like this:
//   Send(new FakeMsg_InComment(routing_id_, 42));

#include "content/browser/ipc_docs_example.h"

#include <string>

namespace content {

/*
 * A synchronous message with one input and one output:
 *
 *   IPC_SYNC_MESSAGE_CONTROL1_1(FakeHostMsg_InBlockComment,
 *                               std::string,
 *                               int)
 *
 * IPC_BEGIN_MESSAGE_MAP(FakeHost, msg)
 *   IPC_MESSAGE_HANDLER_DELAY_REPLY(FakeHostMsg_InBlockComment, OnFake)
 * IPC_END_MESSAGE_MAP()
 */

const char kHelp[] = "IPC_MESSAGE_CONTROL0(FakeMsg_InString)";

const char kHandlerHelp[] =
    "IPC_MESSAGE_HANDLER(FakeMsg_InString, OnFakeInString) dispatches the "
    "message; Send(new FakeMsg_InString()) sends it.";

const char kStructHelp[] = R"(
IPC_STRUCT_BEGIN(FakeMsg_InRawString_Params)
  IPC_STRUCT_MEMBER(int, value, 0)
IPC_STRUCT_END()
IPC_MESSAGE_ROUTED1(FakeMsg_InRawString, FakeMsg_InRawString_Params)
)";

const char kQuote = '"';  // A lone quote must not confuse the tokenizer.

std::string GetIpcHelpText() {
  std::string text = kHelp;
  text += '\n';
  text += kHandlerHelp;
  text += kQuote;
  text += kStructHelp;
  return text;  // IPC_MESSAGE_ROUTED0(FakeMsg_InTrailingComment)
}

}  // namespace content
