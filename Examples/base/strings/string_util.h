// Copyright 2026 The Mojify Examples Authors. Use of this source code is governed by a BSD-style license.

#ifndef BASE_STRINGS_STRING_UTIL_H_
#define BASE_STRINGS_STRING_UTIL_H_

#include <string>
#include <vector>

namespace base {

// Returns |input| with leading and trailing ASCII whitespace removed.
std::string TrimWhitespaceASCII(const std::string& input);

// Returns true if |input| starts with |prefix|, comparing ASCII
// case-insensitively.
bool StartsWithCaseInsensitiveASCII(const std::string& input,
                                    const std::string& prefix);

// Joins |parts| with |separator| between each pair.
std::string JoinString(const std::vector<std::string>& parts,
                       const std::string& separator);

}  // namespace base

#endif  // BASE_STRINGS_STRING_UTIL_H_
