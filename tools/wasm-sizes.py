#!/usr/bin/env python3
"""Where the browser build's bytes go: code size per crate, from the wasm name section.

Usage: tools/wasm-sizes.py [FILE.wasm] [TOP]
Default file: the web profile's output before wasm-bindgen and wasm-opt (which keeps names).
"""
import os
import re
import sys
from collections import Counter


def leb(data, pos):
    """An unsigned LEB128 number at `pos`: (value, next position)."""
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def name_at(data, pos):
    length, pos = leb(data, pos)
    return data[pos:pos + length].decode("utf-8", "replace"), pos + length


def sections(data):
    pos = 8  # magic and version
    while pos < len(data):
        kind, pos = data[pos], pos + 1
        size, pos = leb(data, pos)
        yield kind, data[pos:pos + size]
        pos += size


def imported_functions(payload):
    count, pos = leb(payload, 0)
    functions = 0
    for _ in range(count):
        _, pos = name_at(payload, pos)
        _, pos = name_at(payload, pos)
        kind, pos = payload[pos], pos + 1
        if kind == 0:  # function: type index
            _, pos = leb(payload, pos)
            functions += 1
        elif kind == 1:  # table: element type, limits
            pos += 1
            flags, pos = leb(payload, pos)
            _, pos = leb(payload, pos)
            if flags & 1:
                _, pos = leb(payload, pos)
        elif kind == 2:  # memory: limits
            flags, pos = leb(payload, pos)
            _, pos = leb(payload, pos)
            if flags & 1:
                _, pos = leb(payload, pos)
        elif kind == 3:  # global: value type, mutability
            pos += 2
        else:  # tag
            pos += 1
            _, pos = leb(payload, pos)
    return functions


def function_names(payload):
    _, pos = name_at(payload, 0)  # "name"
    names = {}
    while pos < len(payload):
        sub, pos = payload[pos], pos + 1
        size, pos = leb(payload, pos)
        if sub == 1:
            count, p = leb(payload, pos)
            for _ in range(count):
                index, p = leb(payload, p)
                names[index], p = name_at(payload, p)
        pos += size
    return names


def crate_of(name):
    """The crate a function comes from: `_ZN8bevy_ecs5world…` (legacy mangling, as wasm-ld
    leaves it) or `bevy_ecs::world::…` → bevy_ecs; trait impls `<wgpu::X as …>` → wgpu."""
    mangled = re.match(r"_ZN(\d+)", name)
    if mangled:
        start = mangled.end()
        name = name[start:start + int(mangled.group(1))].replace("..", "::").replace("_$LT$", "<")
    match = re.search(r"[A-Za-z_][A-Za-z0-9_]*(?=::|$)", name.lstrip("<&_$"))
    return match.group(0) if match else "(other)"


def main():
    target = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/tengen-target"))
    path = sys.argv[1] if len(sys.argv) > 1 else f"{target}/browser/wasm32-unknown-unknown/web/tengen.wasm"
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    data = open(path, "rb").read()
    imported, bodies, names, other = 0, [], {}, Counter()
    for kind, payload in sections(data):
        if kind == 2:
            imported = imported_functions(payload)
        elif kind == 10:
            count, pos = leb(payload, 0)
            for _ in range(count):
                size, pos = leb(payload, pos)
                bodies.append(size)
                pos += size
        elif kind == 0 and payload[1:5] == b"name":
            names = function_names(payload)
            other["custom: name"] += len(payload)
        elif kind == 0:
            other["custom: " + name_at(payload, 0)[0]] += len(payload)
        elif kind == 11:
            other["data"] += len(payload)
    if not names:
        sys.exit(f"{path} has no name section (built with strip = true, or after wasm-opt?)")
    by_crate = Counter()
    for i, size in enumerate(bodies):
        by_crate[crate_of(names.get(imported + i, ""))] += size
    print(f"{path}: {len(data):,} bytes, code {sum(bodies):,} in {len(bodies):,} functions")
    for label, size in other.most_common():
        print(f"{size:>12,}  {label}")
    for crate, size in by_crate.most_common(top):
        print(f"{size:>12,}  {crate}")


if __name__ == "__main__":
    main()
