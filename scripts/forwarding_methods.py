#!/usr/bin/env python3
"""Lists methods in the impls of the rules traits whose whole body is one call to a function
defined in another file (a method that only forwards). Exit status 1 when there is any.

Usage: scripts/forwarding_methods.py [-v]   (-v also lists single-call bodies that are fine:
callees in the same file, and calls of a rules-trait method on a field, e.g. Ghost's living
chess position)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TRAITS = {"Rules", "Position", "Fen", "MoveGen", "Chance", "Notation", "Reference", "SearchHooks"}
IMPL = re.compile(r"^impl(?:<[^>]*>)?\s+(?:[\w:]+::)?(\w+)\s+for\s+(\w+)\s*\{", re.M)
FN = re.compile(r"\bfn\s+(\w+)")
CALL = re.compile(r"^(?:&\s*)?((?:(?:self|Self|[A-Za-z_]\w*)(?:\.|::))*)(\w+)\s*(?:::<[^>]*>)?\(")


def strip(src):
    """Source with comments, strings and char literals blanked (same length, same lines)."""
    out = list(src)
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i) + 2
            out[i:j] = [ch if ch == "\n" else " " for ch in src[i:j]]
            i = j
        elif c == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out[i + 1 : j] = [ch if ch == "\n" else " " for ch in src[i + 1 : j]]
            i = j + 1
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", src[i:])
            if m:
                out[i + 1 : i + m.end() - 1] = " " * (m.end() - 2)
                i += m.end()
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def block_end(text, open_brace):
    depth = 0
    for i in range(open_brace, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced braces")


def definitions(files):
    """Function name -> files that define it (free functions and methods alike)."""
    defs = {}
    for f, text in files.items():
        for m in FN.finditer(text):
            defs.setdefault(m.group(1), set()).add(f)
    return defs


def callee_files(path, prefix, callee, defs):
    """The files that may define the called function: a sibling module's file for `module::f`,
    the files of the variant's folder for `f`, `self.f` and `Self::f`; None for a method called
    on a field (`self.field.f()`: reading the field), an empty set for anything from elsewhere
    (shared helpers of the engine such as `board8::view_board`, std methods)."""
    folder = path.parent
    parts = [p for p in re.split(r"::|\.", prefix) if p]
    if parts and parts[0] == "self" and len(parts) > 1:
        return None
    if parts and parts[0] not in ("self", "Self", "crate", "super") and parts[0][0].islower():
        module = folder / f"{parts[0]}.rs"
        if not module.exists():
            module = folder / parts[0] / "mod.rs"
        return {module} & defs.get(callee, set())
    if not parts or parts[0] in ("self", "Self"):
        return {f for f in defs.get(callee, set()) if f.parent == folder}
    return set()


def trait_methods(files):
    names = set()
    rules = files.get(ROOT / "engine/src/rules.rs", "")
    for m in re.finditer(r"^pub trait (\w+)[^{]*\{", rules, re.M):
        if m.group(1) in TRAITS:
            body = rules[m.end() - 1 : block_end(rules, m.end() - 1)]
            names |= {f.group(1) for f in FN.finditer(body)}
    return names


def main():
    verbose = "-v" in sys.argv[1:]
    paths = [
        p
        for d in ("engine", "eval", "protocol", "tuning", "tests", "benches", "src")
        for p in (ROOT / d).rglob("*.rs")
        if "target" not in p.parts
    ]
    files = {p: strip(p.read_text()) for p in paths}
    defs = definitions(files)
    role_methods = trait_methods(files)
    forwarding, same_file, fine, methods = [], [], [], 0
    for path, text in sorted(files.items()):
        for imp in IMPL.finditer(text):
            trait, ty = imp.group(1), imp.group(2)
            if trait not in TRAITS:
                continue
            start = imp.end() - 1
            end = block_end(text, start)
            i = start + 1
            while True:
                m = FN.search(text, i, end)
                if not m:
                    break
                brace = text.find("{", m.end())
                semi = text.find(";", m.end())
                if semi != -1 and semi < brace:  # an associated item without a body
                    i = semi + 1
                    continue
                close = block_end(text, brace)
                i = close + 1
                methods += 1
                body = " ".join(text[brace + 1 : close].split()).rstrip(";").strip()
                call = CALL.match(body)
                if not call:
                    continue
                # The call must be the whole body: its parenthesis closes at the end.
                depth, j = 0, call.end() - 1
                for j in range(call.end() - 1, len(body)):
                    depth += {"(": 1, ")": -1}.get(body[j], 0)
                    if depth == 0:
                        break
                if j != len(body) - 1:
                    continue
                prefix, callee = call.group(1), call.group(2)
                line = text.count("\n", 0, m.start()) + 1
                rel = path.relative_to(ROOT)
                entry = f"{rel}:{line}: impl {trait} for {ty}: fn {m.group(1)} -> {prefix}{callee}(..)"
                target = callee_files(path, prefix, callee, defs)
                if target is None:
                    fine.append(entry + "  [method of a field]")
                elif path in target:
                    same_file.append(entry + "  [same file]")
                elif target:
                    where = ", ".join(str(w.relative_to(ROOT)) for w in sorted(target))
                    forwarding.append(entry + f"  [defined in {where}]")
                else:
                    fine.append(entry + "  [a shared helper outside the variant's folder]")
    for e in forwarding:
        print(e)
    if verbose:
        for e in same_file + fine:
            print("fine:", e)
    print(
        f"{len(forwarding)} forwarding-only methods among {methods} methods in rules-trait impls"
        f" ({len(same_file)} single calls of a function in the same file)"
    )
    return 1 if forwarding else 0


if __name__ == "__main__":
    sys.exit(main())
