#!/usr/bin/env python3
"""Checks that each module's DocC landing page groups every public symbol and article itself.

DocC files a symbol or article that no Topics section names under an automatic group ("Structures",
"Enumerations", "Articles", "Extended Modules", ...). So every group on a built landing page must be
one of the `### ` headings under `## Topics` in Sources/<Module>/<Module>.docc/<Module>.md.

Usage: check-doc-topics.py SITE MODULE...
"""
import json
import pathlib
import re
import sys


def curated_headings(landing: pathlib.Path) -> set[str]:
    text = landing.read_text(encoding="utf-8")
    topics = text.split("\n## Topics\n", 1)
    if len(topics) < 2:
        return set()
    return {match.strip() for match in re.findall(r"^### (.+)$", topics[1], flags=re.MULTILINE)}


def main() -> int:
    site = pathlib.Path(sys.argv[1])
    failures = []
    for module in sys.argv[2:]:
        landing = pathlib.Path("Sources", module, f"{module}.docc", f"{module}.md")
        page = site / "data" / "documentation" / f"{module.lower()}.json"
        if not page.exists():
            failures.append(f"{module}: no landing page at {page}; did DocC run?")
            continue
        headings = curated_headings(landing)
        sections = json.loads(page.read_text(encoding="utf-8")).get("topicSections", [])
        count = 0
        for section in sections:
            title = section.get("title", "")
            count += len(section.get("identifiers", []))
            if title not in headings:
                names = ", ".join(identifier.rsplit("/", 1)[-1] for identifier in section.get("identifiers", []))
                failures.append(
                    f"{module}: DocC grouped {names} under \"{title}\" by itself; "
                    f"add them to a Topics section of {landing}")
        print(f"{module}: {count} symbols and articles in {len(sections)} curated groups")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
