#!/usr/bin/env python3
"""What a user pays besides run time, Streams beside RxSwift 6 on this machine (issue 38).

Usage: Benchmarks/Costs/versus-rxswift.py RXSWIFT_CHECKOUT [--runs N]
  RXSWIFT_CHECKOUT: a clone of https://github.com/ReactiveX/RxSwift (measured with tag 6.10.2), kept
  outside this repository; it is built, never changed (its build goes to the scratch folder).
  --runs N: type-check runs per library, alternating (default 11; the median is shown).

Prints a Markdown table of three costs and their ratios, Streams ÷ RxSwift:
- type-check time of user code: a generated file of 50 ordinary chains (map, filter,
  distinctUntilChanged, debounce, flatMapLatest, withLatestFrom, combineLatest, observe(on:),
  subscribe(onNext:), disposed(by:); closures without annotations, no pathological overloads such
  as Int(Substring)), `swiftc -typecheck` wall time against each library's debug module;
- code size: the library's release object files linked into one shared library and stripped;
- clean build time of the library target alone, debug and release, from an empty scratch folder
  (`swift build --target`: a product build also builds the package's other targets).
Targets (issue 38): type-check ≤ 0.8×, code size ≤ 1.0×, clean release build ≤ 1.0×.

Scratch folder: $STREAMS_COSTS_DIR (default .build-costs in the repository; ignored by git).
The machine's other load shows in the times: run it on an idle machine, and compare ratios.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = {"type-check": 0.8, "code size": 1.0, "clean release build": 1.0}


def chains(module):
    """The user file: 50 ordinary chains importing `module`."""
    lines = [f"import {module}", "", "struct User { let id: Int; let name: String }", ""]
    for i in range(50):
        if i % 2 == 0:
            lines += [
                f"func chain{i}(_ ids: Observable<Int>, _ names: Observable<String>, _ bag: DisposeBag) {{",
                "  ids",
                f"    .map {{ $0 * {i} + 1 }}",
                "    .filter { $0 % 2 == 0 }",
                "    .distinctUntilChanged()",
                "    .debounce(.milliseconds(300), scheduler: MainScheduler.instance)",
                "    .flatMapLatest { id in names.map { User(id: id, name: $0) } }",
                "    .withLatestFrom(names) { user, name in user.name + name }",
                "    .observe(on: MainScheduler.instance)",
                "    .subscribe(onNext: { print($0) })",
                "    .disposed(by: bag)",
                "}",
                "",
            ]
        else:
            lines += [
                f"func chain{i}(_ ids: Observable<Int>, _ names: Observable<String>, _ bag: DisposeBag) {{",
                "  Observable.combineLatest(ids, names) { id, name in User(id: id, name: name) }",
                f"    .map {{ $0.id + {i} }}",
                "    .filter { $0 > 0 }",
                "    .distinctUntilChanged()",
                "    .observe(on: MainScheduler.instance)",
                "    .subscribe(onNext: { print($0) })",
                "    .disposed(by: bag)",
                "}",
                "",
            ]
    return "\n".join(lines)


def run(command, cwd=None):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        sys.exit(f"versus-rxswift: {' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return result


def clean_build(package, target, configuration, scratch):
    """Seconds for a build of `target` alone (and what it depends on) from an empty `scratch`."""
    shutil.rmtree(scratch, ignore_errors=True)
    started = time.monotonic()
    run(["swift", "build", "-c", configuration, "--package-path", package, "--scratch-path", scratch,
         "--target", target])
    return time.monotonic() - started


def stripped_size(scratch, target, work):
    """Bytes of `target`'s release object files linked into a shared library and stripped."""
    folder = os.path.join(scratch, "release", f"{target}.build")
    objects = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".o"))
    library = os.path.join(work, f"lib{target}.so")
    run(["swiftc", "-emit-library", "-o", library, *objects])
    run(["strip", library])
    return os.path.getsize(library)


def typecheck_seconds(source, modules):
    started = time.monotonic()
    run(["swiftc", "-typecheck", "-I", modules, source])
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rxswift")
    parser.add_argument("--runs", type=int, default=11)
    arguments = parser.parse_args()
    rxswift = os.path.abspath(arguments.rxswift)
    if not os.path.isfile(os.path.join(rxswift, "Sources", "RxSwift", "Observable.swift")):
        sys.exit(f"versus-rxswift: {rxswift} is not an RxSwift checkout")
    work = os.environ.get("STREAMS_COSTS_DIR", os.path.join(ROOT, ".build-costs"))
    os.makedirs(work, exist_ok=True)
    libraries = {"Streams": (ROOT, "Streams"), "RxSwift": (rxswift, "RxSwift")}

    builds, sizes, sources = {}, {}, {}
    for name, (package, target) in libraries.items():
        for configuration in ["debug", "release"]:
            scratch = os.path.join(work, f"{name}-{configuration}")
            print(f"versus-rxswift: clean {configuration} build of {name}", file=sys.stderr)
            builds[(name, configuration)] = clean_build(package, target, configuration, scratch)
        sizes[name] = stripped_size(os.path.join(work, f"{name}-release"), target, work)
        sources[name] = os.path.join(work, f"Chains{name}.swift")
        with open(sources[name], "w", encoding="utf-8") as file:
            file.write(chains(name))

    times = {name: [] for name in libraries}
    print(f"versus-rxswift: type-checking the 50 chains {arguments.runs} times each", file=sys.stderr)
    for _ in range(arguments.runs):
        for name in libraries:
            modules = os.path.join(work, f"{name}-debug", "debug", "Modules")
            times[name].append(typecheck_seconds(sources[name], modules))

    rows = [
        ("type-check", statistics.median(times["Streams"]), statistics.median(times["RxSwift"]), "s"),
        ("code size", sizes["Streams"] / 1e6, sizes["RxSwift"] / 1e6, "MB"),
        ("clean release build", builds[("Streams", "release")], builds[("RxSwift", "release")], "s"),
        ("clean debug build", builds[("Streams", "debug")], builds[("RxSwift", "debug")], "s"),
    ]
    print(f"\nStreams beside RxSwift ({os.path.basename(rxswift)}), {os.uname().machine}, "
          f"type-check median of {arguments.runs} alternating runs:\n")
    print("| Cost | Streams | RxSwift | ratio | target |")
    print("|---|--:|--:|--:|---|")
    for cost, streams, rx, unit in rows:
        ratio = streams / rx
        target = TARGETS.get(cost)
        mark = f"≤ {target}× {'✓' if ratio <= target else '✗'}" if target else ""
        print(f"| {cost} | {streams:.3f} {unit} | {rx:.3f} {unit} | {ratio:.2f}× | {mark} |")


if __name__ == "__main__":
    main()
