#!/usr/bin/env python3
"""Writes a deterministic synthetic Chromium-like C++ tree for benchmarking `mojify scan` against ripgrep.

The same --seed and --files always give byte-identical trees. About 1% of the files hold legacy IPC:
`*_messages.h` headers (messages, structs, traits), message-map `.cc` files that handle them, and `.cc` files that
only send them, all written from templates in the style of Examples/. Every other file is ordinary C++ that never
mentions an IPC macro or a `Msg_` name, except a handful of comments that name a message (the false positives a
byte prefilter must tolerate in a real tree).

Ignore files as a Chromium checkout has them: a root `.gitignore` of about 300 patterns (extensions, names,
anchored paths of checked-out dependencies and build outputs, `**`, folder-only patterns, negations) and about 30
nested ones. They leave every source file above in the scan; what they ignore is extra: an `out/` build folder and
a few generated and editor files with IPC-looking text, so that a walker that does not honour them finds more.
--shape picks how the IPC is spread (the default shape is the one above, and stays byte-identical):
  dense     a whole fork's density: about 2,200 messages (--messages) in some 1,800 IPC files, roughly 1,800
            senders and 280 message maps per 2,000 messages, most sender files sending one or two messages from
            folders all over the tree, in 80,000 files;
  messages  50,000 messages (--messages) in classes of 10 to 30, each class with a header, a message map on
            each side that handles every message sent to it and sends every message of the other way, in 20,000
            files: the cost of linting many messages.
Standard library only.
"""

import argparse
import os
import random
import sys

# Top-level areas, their share of the files, and the second-level folders they hold, roughly as in Chromium.
AREAS = [
    ("third_party/blink/renderer", 22, ["core", "modules", "platform", "bindings", "controller"]),
    ("chrome", 18, ["browser", "browser/ui", "renderer", "common", "utility", "test", "installer"]),
    ("components", 15, None),
    ("content", 8, ["browser", "renderer", "common", "public/browser", "public/renderer", "public/common", "test"]),
    ("third_party", 8, ["webrtc", "angle", "skia", "dawn", "perfetto", "abseil-cpp", "libaom", "icu"]),
    ("ui", 6, ["views", "gfx", "base", "events", "accessibility", "gl", "compositor"]),
    ("net", 4, ["base", "http", "quic", "dns", "socket", "cookies", "url_request", "cert"]),
    ("base", 3, ["strings", "memory", "task", "files", "containers", "threading", "time", "trace_event"]),
    ("services", 3, ["network", "device", "viz", "tracing", "video_capture", "audio"]),
    ("media", 3, ["base", "filters", "gpu", "capture", "audio", "mojo"]),
    ("extensions", 2, ["browser", "renderer", "common", "shell"]),
    ("gpu", 2, ["command_buffer", "ipc", "config", "vulkan"]),
    ("cc", 2, ["layers", "trees", "tiles", "paint", "animation"]),
    ("storage", 1, ["browser", "common"]),
    ("sandbox", 1, ["linux", "win", "policy"]),
    ("printing", 1, ["backend", "common"]),
    ("device", 1, ["bluetooth", "fido", "gamepad", "vr"]),
]

WORDS = (
    "access accessibility account action activity adapter address agent alarm animation app appearance audio auth "
    "autofill backend background badge bar battery blob bookmark bounds browser buffer bundle cache callback camera "
    "canvas capture card cert channel check child client clip clipboard codec color command compositor config "
    "connection consent content context controller cookie core credential cursor data database decoder delegate "
    "device dialog display document download drag draw driver editor element engine entry event extension feature "
    "fetch field file filter flag focus font form frame gesture gpu grid handler history host icon image impl index "
    "info input install item job key keyboard label layer layout list loader locale lock manager media memory menu "
    "metrics mode model monitor mouse navigation network node notification observer offline origin page paint panel "
    "password path payment permission picker pipe platform player policy pool popup pref preview printer process "
    "profile prompt provider proxy queue quota reader record region registry renderer report request resource "
    "response runner sandbox scheduler scope screen script scroll search selection sensor service session settings "
    "shadow shelf signal site size socket source span speech state status storage store stream style surface sync "
    "tab table task text theme thread tile timer token toolbar touch tracker tree trigger type update url usage user "
    "util value video view viewport visual wallet watcher web widget window worker writer zoom"
).split()

COMPONENT_NAMES = (
    "autofill bookmarks content_settings download favicon history omnibox password_manager payments permissions "
    "policy prefs safe_browsing search_engines sessions signin sync translate variations web_cache webdata "
    "viz metrics ukm feed offline_pages printing spellcheck subresource_filter sync_preferences network_session "
    "optimization_guide page_load_metrics performance_manager security_state storage_monitor update_client "
    "user_prefs visitedlink webapps zoom cast_channel guest_view media_router nacl"
).split()

TYPES = [
    "int", "bool", "double", "float", "int32_t", "int64_t", "uint32_t", "uint64_t", "std::string", "base::string16",
    "GURL", "url::Origin", "gfx::Rect", "gfx::Size", "gfx::Point", "base::FilePath", "base::TimeDelta", "base::Time",
    "std::vector<int>", "std::vector<std::string>", "std::vector<GURL>", "base::ListValue", "base::DictionaryValue",
    "std::map<std::string, std::string>", "std::map<int, std::vector<std::pair<std::string, GURL>>>",
    "base::Optional<url::Origin>", "SkBitmap", "base::UnguessableToken",
]

SIZE_SPECS = {
    # extension: (low, high, tail probability, tail high) in bytes, log-uniform within each range.
    "h": (500, 10_000, 0.02, 30_000),
    "cc": (2_000, 40_000, 0.03, 150_000),
}


def camel(name):
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_") if part)


def guard(path):
    return "".join(c if c.isalnum() else "_" for c in path.upper()) + "_"


def log_uniform(rng, low, high):
    return int(round(low * (high / low) ** rng.random()))


def file_size(rng, ext):
    low, high, tail, tail_high = SIZE_SPECS["h" if ext == "h" else "cc"]
    if rng.random() < tail:
        return log_uniform(rng, high, tail_high)
    return log_uniform(rng, low, high)


class CodePool:
    """Pre-built blocks of ordinary C++ from which files are assembled; building each file token by token from the
    random generator would take minutes for a Chromium-size tree."""

    def __init__(self, rng):
        self.rng = rng
        self.functions = [self.function() for _ in range(1500)]
        self.declarations = [self.declaration() for _ in range(600)]
        self.comments = [self.comment() for _ in range(400)]
        for block in self.functions + self.declarations + self.comments:
            assert "IPC_" not in block and "Msg_" not in block, block

    def ident(self, parts=2):
        return "_".join(self.rng.choice(WORDS) for _ in range(parts))

    def type_name(self):
        return camel(self.ident(self.rng.randint(1, 3)))

    def comment(self):
        words = [self.rng.choice(WORDS) for _ in range(self.rng.randint(8, 30))]
        lines, line = [], "//"
        for word in words:
            if len(line) + len(word) > 76:
                lines.append(line)
                line = "//"
            line += " " + word
        lines.append(line + ".")
        return "\n".join(lines) + "\n"

    def statement(self, depth):
        rng = self.rng
        kind = rng.random()
        a, b = self.ident(), self.ident(rng.randint(1, 2))
        if kind < 0.25:
            return f"auto {a} = {b}_->Get{self.type_name()}();"
        if kind < 0.4:
            return f"{b}_.push_back(std::make_unique<{self.type_name()}>({a}));"
        if kind < 0.5:
            return f"DCHECK({a}_) << \"{' '.join(rng.choice(WORDS) for _ in range(4))}\";"
        if kind < 0.6:
            return f"base::UmaHistogramCounts1000(\"{camel(a)}.{camel(b)}\", {a}_.size());"
        if kind < 0.75 and depth < 2:
            inner = "\n".join("  " + s for s in self.statements(depth + 1, rng.randint(1, 4)))
            return f"if ({a}_ && !{b}_.empty()) {{\n{inner}\n}}"
        if kind < 0.85 and depth < 2:
            inner = "\n".join("  " + s for s in self.statements(depth + 1, rng.randint(1, 3)))
            return f"for (const auto& {a} : {b}_) {{\n{inner}\n}}"
        if kind < 0.92:
            return f"{a}_->On{self.type_name()}(std::move({b}), base::BindOnce(&{self.type_name()}::Done, weak_factory_.GetWeakPtr()));"
        return f"return {a}_ != nullptr;"

    def statements(self, depth, count):
        out = []
        for _ in range(count):
            out.extend(self.statement(depth).split("\n"))
        return out

    def function(self):
        rng = self.rng
        body = "\n".join("  " + s for s in self.statements(0, rng.randint(2, 12)))
        params = ", ".join(f"const {self.type_name()}& {self.ident(1)}" for _ in range(rng.randint(0, 3)))
        ret = rng.choice(["void", "bool", "int", "std::string", "base::TimeDelta", f"std::unique_ptr<{self.type_name()}>"])
        comment = self.comment() if rng.random() < 0.4 else ""
        return f"{comment}{ret} @CLASS@::{self.type_name()}({params}) {{\n{body}\n}}\n"

    def declaration(self):
        rng = self.rng
        name = self.type_name()
        methods = []
        for _ in range(rng.randint(2, 14)):
            if rng.random() < 0.3:
                methods.append("  " + self.comment().replace("\n//", "\n  //").rstrip("\n"))
            methods.append(f"  {rng.choice(['void', 'bool', 'int', 'virtual void'])} {self.type_name()}("
                           f"{', '.join(f'{self.type_name()} {self.ident(1)}' for _ in range(rng.randint(0, 2)))});")
        fields = "\n".join(f"  {self.type_name()} {self.ident()}_;" for _ in range(rng.randint(1, 6)))
        return (f"class {name} : public {self.type_name()}::Observer {{\n public:\n  {name}();\n  ~{name}() override;\n"
                + "\n".join(methods) + f"\n\n private:\n{fields}\n}};\n")


def ordinary_file(rng, pool, path, ext, size, false_positive=None):
    parts = [f"// Copyright 2026 The Synthetic Authors. All rights reserved.\n"
             f"// Use of this source code is governed by a BSD-style license.\n\n"]
    folder = os.path.dirname(path)
    if ext == "h":
        parts.append(f"#ifndef {guard(path)}\n#define {guard(path)}\n\n")
    else:
        parts.append(f'#include "{path[:-len(ext)]}h"\n\n')
    for _ in range(rng.randint(3, 12)):
        parts.append(f'#include "{folder}/{pool.ident(rng.randint(1, 3))}.h"\n')
    parts.append("\nnamespace " + os.path.basename(folder).replace("-", "_") + " {\n\n")
    if false_positive:
        parts.append(false_positive)
    klass = pool.type_name()
    blocks = pool.declarations if ext == "h" else pool.functions
    length = sum(len(p) for p in parts)
    while length < size:
        block = rng.choice(blocks).replace("@CLASS@", klass)
        if rng.random() < 0.15:
            block = rng.choice(pool.comments) + block
        parts.append(block + "\n")
        length += len(block) + 1
    parts.append("}  // namespace\n")
    if ext == "h":
        parts.append(f"\n#endif  // {guard(path)}\n")
    return "".join(parts)


class IPCFamily:
    """One message class: its `_messages.h`, a types header, and the `.cc` files that handle and send its messages."""

    def __init__(self, rng, pool, area, folder, stem, message_range=(4, 28)):
        self.rng, self.pool = rng, pool
        # Sends per `.cc` file where the shape sets them (path -> count); otherwise each file draws 1 to 5.
        self.sends = {}
        self.area, self.folder, self.stem = area, folder, stem
        self.prefix = camel(stem)
        self.header = f"{folder}/common/{stem}_messages.h"
        self.types_header = f"{folder}/common/{stem}_types.h"
        self.namespace = os.path.basename(folder).replace("-", "_")
        self.enum = f"{self.prefix}{camel(pool.ident(1))}Kind"
        self.struct = f"{self.prefix}{camel(pool.ident(1))}Info"
        self.has_traits = rng.random() < 0.4
        self.messages = []  # (name, inputs, outputs, routed, to_host)
        used = set()
        for _ in range(rng.randint(*message_range)):
            to_host = rng.random() < 0.55
            name = f"{self.prefix}{'HostMsg' if to_host else 'Msg'}_{camel(pool.ident(rng.randint(2, 3)))}"
            if name in used:
                continue
            used.add(name)
            sync = to_host and rng.random() < 0.12
            inputs = [rng.choice(TYPES) for _ in range(rng.randint(0, 4 if not sync else 2))]
            outputs = [rng.choice(TYPES) for _ in range(rng.randint(1, 2))] if sync else []
            if self.has_traits and rng.random() < 0.3:
                inputs.append(f"{self.namespace}::{rng.choice([self.enum, self.struct])}")
            self.messages.append((name, inputs, outputs, rng.random() < 0.7, to_host))

    def messages_header(self):
        rng, out = self.rng, []
        out.append("// Copyright 2026 The Synthetic Authors. All rights reserved.\n"
                   "// Use of this source code is governed by a BSD-style license.\n\n")
        out.append(f"#ifndef {guard(self.header)}\n#define {guard(self.header)}\n\n")
        includes = ["base/time/time.h", "ipc/ipc_message_macros.h", "url/gurl.h", "ui/gfx/geometry/rect.h"]
        if self.has_traits:
            includes.append(self.types_header)
        out.extend(f'#include "{inc}"\n' for inc in sorted(includes))
        out.append(f"\n#undef IPC_MESSAGE_START\n#define IPC_MESSAGE_START {self.prefix}MsgStart\n\n")
        if self.has_traits:
            out.append(f"IPC_ENUM_TRAITS_MAX_VALUE({self.namespace}::{self.enum}, {self.namespace}::{self.enum}::kMaxValue)\n\n")
            out.append(f"IPC_STRUCT_TRAITS_BEGIN({self.namespace}::{self.struct})\n")
            out.extend(f"  IPC_STRUCT_TRAITS_MEMBER({field})\n" for field in ("id", "origin", "bounds"))
            out.append("IPC_STRUCT_TRAITS_END()\n\n")
        if rng.random() < 0.2:
            out.append(f"IPC_STRUCT_BEGIN({self.prefix}HostMsg_Update_Params)\n")
            for _ in range(rng.randint(2, 8)):
                out.append(f"  IPC_STRUCT_MEMBER({rng.choice(TYPES)}, {self.pool.ident()})\n")
            out.append("IPC_STRUCT_END()\n\n")
        conditional = rng.random() < 0.3
        for index, (name, inputs, outputs, routed, to_host) in enumerate(self.messages):
            if rng.random() < 0.6:
                out.append(self.pool.rng.choice(self.pool.comments))
            wrap = conditional and index == len(self.messages) - 1
            if wrap:
                out.append("#if BUILDFLAG(ENABLE_PLUGINS)\n")
            kind = "ROUTED" if routed else "CONTROL"
            if outputs:
                macro = f"IPC_SYNC_MESSAGE_{kind}{len(inputs)}_{len(outputs)}"
            else:
                macro = f"IPC_MESSAGE_{kind}{len(inputs)}"
            args = [f"{t} /* {self.pool.ident()} */" for t in inputs + outputs]
            indent = " " * (len(macro) + 1)
            out.append(f"{macro}({name}" + "".join(f",\n{indent}{a}" for a in args) + ")\n")
            if wrap:
                out.append("#endif  // BUILDFLAG(ENABLE_PLUGINS)\n")
            out.append("\n")
        out.append(f"#endif  // {guard(self.header)}\n")
        return "".join(out)

    def types_file(self):
        fields = "\n".join(f"  {t} {n};" for t, n in (("int", "id"), ("url::Origin", "origin"), ("gfx::Rect", "bounds")))
        return ("// Copyright 2026 The Synthetic Authors. All rights reserved.\n\n"
                f"#ifndef {guard(self.types_header)}\n#define {guard(self.types_header)}\n\n"
                '#include "ui/gfx/geometry/rect.h"\n#include "url/origin.h"\n\n'
                f"namespace {self.namespace} {{\n\nenum class {self.enum} {{\n  kNone,\n  kPartial,\n  kFull,\n"
                f"  kMaxValue = kFull,\n}};\n\nstruct {self.struct} {{\n{fields}\n}};\n\n}}  // namespace {self.namespace}\n\n"
                f"#endif  // {guard(self.types_header)}\n")

    def sender_lines(self, to_host, count):
        rng, out = self.rng, []
        candidates = [m for m in self.messages if m[4] == to_host] or self.messages
        for name, inputs, outputs, routed, _ in rng.sample(candidates, min(count, len(candidates))):
            args = (["routing_id()"] if routed else []) + [self.pool.ident(1) for _ in inputs] + [f"&{self.pool.ident(1)}" for _ in outputs]
            out.append(f"void @CLASS@::Send{name.split('_', 1)[1]}() {{\n  Send(new {name}({', '.join(args)}));\n}}\n\n")
        return out

    def cc_file(self, path, size, with_map, wrapper=None):
        """A message-map (`with_map`) or sender-only `.cc` file of about `size` bytes."""
        rng, pool, out = self.rng, self.pool, []
        klass = pool.type_name()
        out.append("// Copyright 2026 The Synthetic Authors. All rights reserved.\n"
                   "// Use of this source code is governed by a BSD-style license.\n\n")
        out.append(f'#include "{path[:-2]}h"\n\n#include "base/logging.h"\n#include "{self.header}"\n\n')
        if wrapper:
            out.append(f"// Every handler goes through one macro so tracing can be added in one place.\n"
                       f"#define {wrapper}(msg, method) IPC_MESSAGE_HANDLER(msg, method)\n\n")
        out.append(f"namespace {self.namespace} {{\n\n")
        to_host_side = with_map and "browser" in path
        if with_map:
            handled = [m for m in self.messages if m[4] == to_host_side] or self.messages[:1]
            out.append(f"bool {klass}::OnMessageReceived(const IPC::Message& message) {{\n  bool handled = true;\n"
                       f"  IPC_BEGIN_MESSAGE_MAP({klass}, message)\n")
            for name, _, outputs, _, _ in handled:
                handler = f"On{name.split('_', 1)[1]}"
                macro = "IPC_MESSAGE_HANDLER_DELAY_REPLY" if outputs and rng.random() < 0.5 else (wrapper or "IPC_MESSAGE_HANDLER")
                out.append(f"    {macro}({name}, {handler})\n")
            out.append("    IPC_MESSAGE_UNHANDLED(handled = false)\n  IPC_END_MESSAGE_MAP()\n  return handled;\n}\n\n")
        sends = self.sends[path] if path in self.sends else rng.randint(1, 5)
        body = [b.replace("@CLASS@", klass) for b in self.sender_lines(not to_host_side, sends)]
        length = sum(len(p) for p in out) + sum(len(b) for b in body)
        while length < size:
            block = rng.choice(pool.functions).replace("@CLASS@", klass)
            body.append(block + "\n")
            length += len(block) + 1
        rng.shuffle(body)
        out.extend(body)
        if wrapper:
            out.append(f"#undef {wrapper}\n\n")
        out.append(f"}}  // namespace {self.namespace}\n")
        return "".join(out)


def folders_for(rng, pool, total_files):
    """Folder paths, each with a file budget, spread over the areas by weight."""
    weight_sum = sum(weight for _, weight, _ in AREAS)
    result = []
    for area, weight, subs in AREAS:
        budget = total_files * weight // weight_sum
        while budget > 0:
            if subs is None:
                top = f"{area}/{rng.choice(COMPONENT_NAMES)}/{rng.choice(['browser', 'common', 'core', 'renderer', 'content/browser'])}"
            else:
                top = f"{area}/{rng.choice(subs)}"
            depth = rng.choice([0, 1, 1, 2, 2, 3])
            folder = top + "".join("/" + pool.ident(rng.randint(1, 2)) for _ in range(depth))
            count = min(budget, max(1, int(rng.expovariate(1 / 12))))
            result.append([folder, count])
            budget -= count
    # Rounding leaves a few files unassigned; the first folder takes them.
    result[0][1] += total_files - sum(count for _, count in result)
    return result


def plan(rng, pool, total_files):
    """(path, kind) for every file; kind is 'plain', 'header', 'types', 'map', 'sender'."""
    ipc_target = max(3, total_files // 100)
    families, entries, taken = [], [], set()
    ipc_areas = [("content", None), ("chrome", None), ("components", "c"), ("extensions", None)]
    while sum(2 + f.extra for f in families) < ipc_target:
        area, component = rng.choice(ipc_areas)
        stem = rng.choice(COMPONENT_NAMES) if component else pool.ident(rng.randint(1, 2))
        folder = f"{area}/{stem}" if component else area
        if stem in {f.stem for f in families}:
            stem = stem + "_" + pool.ident(1)
        family = IPCFamily(rng, pool, area, folder, stem)
        family.extra = rng.choice([0, 0, 1, 1, 2])
        families.append(family)
    for family in families:
        entries.append((family.header, "header", family))
        if family.has_traits:
            entries.append((family.types_header, "types", family))
        entries.append((f"{family.folder}/browser/{family.stem}_message_filter.cc", "map", family))
        for index in range(family.extra):
            side = rng.choice(["renderer", "browser"])
            kind = "map" if (side == "renderer" and index == 0) else "sender"
            entries.append((f"{family.folder}/{side}/{family.stem}_{pool.ident(1)}_{index}.cc", kind, family))
    taken.update(path for path, _, _ in entries)
    remaining = total_files - len(entries)
    for folder, count in folders_for(rng, pool, remaining):
        made = 0
        while made < count:
            stem = pool.ident(rng.randint(1, 3))
            variants = [("h", "plain"), ("cc", "plain")]
            if rng.random() < 0.3:
                variants.append(("_unittest.cc", "plain"))
            for ext, kind in variants:
                path = f"{folder}/{stem}.{ext}" if not ext.startswith("_") else f"{folder}/{stem}{ext}"
                if made < count and path not in taken:
                    taken.add(path)
                    entries.append((path, kind, None))
                    made += 1
    entries.sort(key=lambda entry: entry[0])
    return entries, families


class Shape:
    """How a non-default shape spreads its IPC: message classes of `message_range` messages; per message,
    `maps_per_message` message-map files and `sends_per_message` send sites (`None`: one map on each side per class,
    handling every message sent to it and sending every message of the other way, and no sender-only files)."""

    def __init__(self, files, messages, message_range, maps_per_message=None, sends_per_message=None):
        self.files, self.messages, self.message_range = files, messages, message_range
        self.maps_per_message, self.sends_per_message = maps_per_message, sends_per_message


SHAPES = {
    "dense": Shape(80_000, 2_200, (4, 16), maps_per_message=0.14, sends_per_message=0.9),
    "messages": Shape(20_000, 50_000, (10, 30)),
}

# Where a fork's legacy IPC lives, well beyond content/ and chrome/.
SHAPED_IPC_AREAS = [("content", None), ("chrome", None), ("components", "c"), ("extensions", None), ("ppapi", None),
                    ("gpu", None), ("media", None), ("android_webview", None), ("headless", None), ("printing", None)]


def about(rng, value):
    """`value` rounded up or down at random, so that many small shares add up to the whole."""
    whole = int(value)
    return whole + (1 if rng.random() < value - whole else 0)


def plan_shaped(rng, pool, total_files, shape, messages):
    """As `plan`, for a shape of SHAPES: classes until `messages` messages, their files, then ordinary files."""
    families, entries, taken = [], [], set()
    count = 0
    while count < messages:
        area, component = rng.choice(SHAPED_IPC_AREAS)
        stem = rng.choice(COMPONENT_NAMES) if component else pool.ident(rng.randint(1, 2))
        folder = f"{area}/{stem}" if component else area
        while stem in {f.stem for f in families} or f"{folder}/common/{stem}_messages.h" in taken:
            stem = stem + "_" + pool.ident(1)
            folder = f"{area}/{stem}" if component else area
        family = IPCFamily(rng, pool, area, folder, stem, shape.message_range)
        families.append(family)
        taken.add(family.header)
        count += len(family.messages)

    def add(path, kind, family, sends=None):
        while path in taken:
            path = path[:-3] + "_" + pool.ident(1) + ".cc"
        taken.add(path)
        entries.append((path, kind, family))
        if sends is not None:
            family.sends[path] = sends

    for family in families:
        size = len(family.messages)
        entries.append((family.header, "header", family))
        if family.has_traits:
            entries.append((family.types_header, "types", family))
            taken.add(family.types_header)
        if shape.maps_per_message is None:
            add(f"{family.folder}/browser/{family.stem}_message_filter.cc", "map", family, size)
            add(f"{family.folder}/renderer/{family.stem}_dispatcher.cc", "map", family, size)
            continue
        maps = max(1, about(rng, size * shape.maps_per_message))
        sends = about(rng, size * shape.sends_per_message)
        for index in range(maps):
            if index == 0:
                path = f"{family.folder}/browser/{family.stem}_message_filter.cc"
            else:
                side = rng.choice(["renderer", "browser"])
                path = f"{family.folder}/{side}/{pool.ident(1)}/{family.stem}_{pool.ident(1)}_host_{index}.cc"
            in_map = min(sends, rng.randint(0, 2))
            sends -= in_map
            add(path, "map", family, in_map)
        index = 0
        while sends > 0:
            # Senders sit all over the fork: a class's messages are sent from folders of other areas too.
            area = family.folder if rng.random() < 0.5 else rng.choice(AREAS)[0]
            side = rng.choice(["renderer", "browser", "common"])
            in_file = min(sends, rng.choice([1, 1, 2]))
            sends -= in_file
            add(f"{area}/{side}/{pool.ident(1)}/{family.stem}_{pool.ident(1)}_{index}.cc", "sender", family, in_file)
            index += 1
    remaining = total_files - len(entries)
    if remaining < 0:
        sys.exit(f"--files {total_files} is too few for {messages} messages in this shape ({len(entries)} IPC files)")
    for folder, count in folders_for(rng, pool, remaining) if remaining else []:
        made = 0
        while made < count:
            stem = pool.ident(rng.randint(1, 3))
            for ext in ("h", "cc"):
                path = f"{folder}/{stem}.{ext}"
                if made < count and path not in taken:
                    taken.add(path)
                    entries.append((path, "plain", None))
                    made += 1
    entries.sort(key=lambda entry: entry[0])
    return entries, families


EDITOR_AND_BUILD_PATTERNS = (
    "*.a *.d *.o *.so *.obj *.lib *.dll *.exe *.pdb *.ilk *.idb *.ncb *.opensdf *.orig *.rej *.pyc *.pyo *.pyproj "
    "*.rules *.sdf *.sln *.suo *.targets *.user *.vcproj *.vcxproj *.vcxproj.filters *.vpj *.vpw *.xcodeproj "
    "*.xcworkspace *.VC.db *.swp *.swo *.tmp *.log *.mk *~ .*.sw? *_proto.xml *_proto_cpp.xml *.sublime-project "
    "*.sublime-workspace *.iml *.ipr *.iws *.class *.jar.d *.gypcmd *.wpr *.pem.bak *.profraw *.gcda *.gcno"
).split()
EDITOR_AND_BUILD_NAMES = (
    ".DS_Store .classpath .cproject .gdb_history .gdbinit .landmines .metadata .project .pydevproject "
    ".checkstyle .settings .vscode .idea .cache .ccls-cache .clangd GPATH GRTAGS GSYMS GTAGS ID Thumbs.db tags "
    "TAGS cscope.files cscope.out compile_commands.json Session.vim .ycm_extra_conf.pyc"
).split()


def ignore_files(rng, pool):
    """(path, text) of the root .gitignore and the nested ones, all written from word lists and the seed."""
    lines = ["# Files and folders that builds, editors and dependency checkouts leave in the tree.", ""]
    lines += EDITOR_AND_BUILD_PATTERNS + ["!Android.mk", "!/build/android/*.mk"] + EDITOR_AND_BUILD_NAMES
    lines += ["", "# Build outputs.", "/out*/", "/xcodebuild/", "/build/Debug*", "/build/Release*", "__pycache__/",
              "**/node_modules/", "/native_client/**/out/", "/chrome/test/data/**/*.pem", "!/chrome/test/data/**/keep.pem"]
    lines += ["", "# Dependencies checked out by the sync tool."]
    areas = [area for area, _, _ in AREAS]
    suffixes = ["src", "bin", "data", "lib", "internal", "build", "dist", "cache"]
    while len(lines) < 290:
        area = rng.choice(areas)
        # Names no source folder of the tree has: the patterns cost what they cost without hiding sources.
        name = f"{pool.ident(rng.randint(1, 2))}_{rng.choice(suffixes)}"
        style = rng.random()
        if style < 0.45:
            lines.append(f"/{area}/{name}")
        elif style < 0.65:
            lines.append(f"/{area}/{name}/")
        elif style < 0.75:
            lines.append(f"/{area}/{name}/*.{rng.choice(['xml', 'json', 'wpr', 'zip', 'tar.gz'])}")
        elif style < 0.82:
            lines.append(f"/{area}/{name}*")
        elif style < 0.88:
            lines.append(f"/{area}/**/{name}/")
        elif style < 0.93:
            lines.append(f"!/{area}/{name}/BUILD.gn")
        else:
            lines.append(f"/{area}/{name}_run.xml")
    files = [(".gitignore", "\n".join(lines) + "\n")]
    for area, _, subs in AREAS:
        for sub in (subs or ["browser", "common"])[:2]:
            nested = [f"/{pool.ident(1)}_generated/", "*.tmp.h", f"!{pool.ident(1)}.tmp.h", "gen/", "*.rej"]
            nested += [f"/{pool.ident(rng.randint(1, 2))}_{rng.choice(suffixes)}" for _ in range(rng.randint(1, 6))]
            files.append((f"{area}/{sub}/.gitignore", "\n".join(nested) + "\n"))
    return files


def ignored_files(rng, pool, count):
    """(path, text) of files the ignore files leave out: build outputs and editor leftovers, some naming IPC."""
    files = []
    for index in range(count):
        stem = pool.ident(rng.randint(1, 2))
        text = f"// Generated.\nIPC_MESSAGE_CONTROL0(GeneratedMsg_{camel(stem)}{index})\n"
        kind = index % 4
        if kind == 0:
            files.append((f"out/Default/gen/{rng.choice(AREAS)[0]}/{stem}_{index}_messages.h", text))
        elif kind == 1:
            files.append((f"out/Release/obj/{stem}_{index}.o", text))
        elif kind == 2:
            area, _, subs = rng.choice(AREAS)
            files.append((f"{area}/{(subs or ['browser'])[0]}/gen/{stem}_{index}_messages.h", text))
        else:
            files.append((f"content/browser/{stem}_{index}.cc.swp", text))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, help="number of source files (default 100000; dense 80000, messages 20000)")
    parser.add_argument("--out", required=True, help="folder to create; must not exist or be empty")
    parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    parser.add_argument("--shape", choices=["default"] + sorted(SHAPES), default="default",
                        help="how the IPC is spread (see above; default: the original tree, 1%% of the files)")
    parser.add_argument("--messages", type=int, help="messages to define, for --shape dense (2200) or messages (50000)")
    args = parser.parse_args()
    shape = SHAPES.get(args.shape)
    if args.files is None:
        args.files = shape.files if shape else 100_000
    if args.messages is not None and not shape:
        parser.error("--messages goes with --shape dense or messages")
    if args.files < 10:
        parser.error("--files must be at least 10")
    if os.path.isdir(args.out) and os.listdir(args.out):
        parser.error(f"{args.out} exists and is not empty; remove it or pick another --out")

    rng = random.Random(args.seed)
    pool = CodePool(random.Random(args.seed + 1))
    if shape:
        entries, families = plan_shaped(rng, pool, args.files, shape, args.messages or shape.messages)
    else:
        entries, families = plan(rng, pool, args.files)
    wrapper_family = families[0].stem
    false_positives = 0
    total_bytes = 0
    for path, kind, family in entries:
        ext = "h" if path.endswith(".h") else "cc"
        size = file_size(rng, ext)
        if kind == "header":
            text = family.messages_header()
        elif kind == "types":
            text = family.types_file()
        elif kind in ("map", "sender"):
            wrapper = "EXTRA_HANDLER" if kind == "map" and family.stem == wrapper_family and "browser" in path else None
            text = family.cc_file(path, size, with_map=(kind == "map"), wrapper=wrapper)
        else:
            note = None
            # A few ordinary files name a removed message in a comment: prefilter hits with nothing to find.
            if rng.random() < 0.0005:
                note = f"// This used to be sent as ViewHostMsg_{camel(pool.ident())}; it is a Mojo call now.\n\n"
                false_positives += 1
            text = ordinary_file(rng, pool, path, ext, size, note)
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        total_bytes += len(text)
    # Their own generators, so that adding them left every source file as it was.
    ignore_rng = random.Random(args.seed + 2)
    ignore_pool = CodePool(random.Random(args.seed + 3))
    extras = ignore_files(ignore_rng, ignore_pool) + ignored_files(ignore_rng, ignore_pool, max(8, args.files // 500))
    for path, text in extras:
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    ipc_files = sum(1 for _, kind, _ in entries if kind in ("header", "map", "sender"))
    print(f"{len(entries)} files, {total_bytes / 1e6:.0f} MB, {ipc_files} with IPC "
          f"({len(families)} message classes, {sum(len(f.messages) for f in families)} messages), {false_positives} false positives; {len(extras)} ignore and ignored files; "
          f"in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
