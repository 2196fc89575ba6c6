// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#include "base/strings/string_util.h"

#include <stddef.h>

namespace base {

namespace {

bool IsAsciiWhitespace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

char ToLowerASCII(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + ('a' - 'A')) : c;
}

}  // namespace

std::string TrimWhitespaceASCII(const std::string& input) {
  size_t begin = 0;
  size_t end = input.size();
  while (begin < end && IsAsciiWhitespace(input[begin]))
    ++begin;
  while (end > begin && IsAsciiWhitespace(input[end - 1]))
    --end;
  return input.substr(begin, end - begin);
}

bool StartsWithCaseInsensitiveASCII(const std::string& input,
                                    const std::string& prefix) {
  if (prefix.size() > input.size())
    return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (ToLowerASCII(input[i]) != ToLowerASCII(prefix[i]))
      return false;
  }
  return true;
}

std::string JoinString(const std::vector<std::string>& parts,
                       const std::string& separator) {
  std::string result;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i)
      result += separator;
    result += parts[i];
  }
  return result;
}

}  // namespace base
