"""Checks `moviemake schema scene` with an independent validator (Python's jsonschema, draft 2020-12).

usage: schema-check.py MOVIEMAKE REPOSITORY WORK_FOLDER

Every scene file of Examples/ and of the tests' fixtures that the reader accepts (`moviemake still`
draws its first frame) must validate. Then each accepted document gets a key the reader does not know,
on its first layer and at the top: the reader must refuse it and the schema too, at the same key path.
A `$schema` key is accepted by both.
"""

import glob
import json
import os
import subprocess
import sys

import jsonschema
import yaml

MOVIEMAKE, ROOT, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(condition, what):
    if not condition:
        print("FAIL " + what)
        failures.append(what)


schema = json.loads(subprocess.run([MOVIEMAKE, "schema", "scene"], check=True, capture_output=True).stdout)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)


def reader(path):
    """The reader's verdict: None when it draws the first frame, else its message."""
    result = subprocess.run([MOVIEMAKE, "still", path, "-o", os.path.join(WORK, "frame.png"), "-y"],
                            capture_output=True, text=True)
    return None if result.returncode == 0 else result.stderr.strip()


def schema_paths(document):
    return [list(error.absolute_path) for error in validator.iter_errors(document)]


candidates = sorted(
    glob.glob(os.path.join(ROOT, "Examples", "scenes", "*.yaml"))
    + glob.glob(os.path.join(ROOT, "Examples", "captions", "*.yaml"))
    + glob.glob(os.path.join(ROOT, "Tests", "**", "Fixtures", "**", "*.yaml"), recursive=True)
    + glob.glob(os.path.join(ROOT, "Tests", "**", "Fixtures", "**", "*.json"), recursive=True))
# The scene files the documentation shows (```yaml blocks of README.md and the DocC articles), each
# written to a file of its own; those that name files not there are left to the reader to refuse.
blocks = 0
for page in [os.path.join(ROOT, "README.md")] + glob.glob(os.path.join(ROOT, "Sources", "**", "*.md"), recursive=True):
    with open(page) as file:
        text = file.read()
    for index, block in enumerate(text.split("```yaml\n")[1:]):
        blocks += 1
        name = os.path.join(WORK, f"doc-{blocks}-{os.path.basename(page)}-{index}.yaml")
        with open(name, "w") as file:
            file.write(block.split("```")[0])
        candidates.append(name)

accepted = 0
for path in candidates:
    try:
        with open(path) as file:
            document = yaml.safe_load(file)
    except (yaml.YAMLError, UnicodeDecodeError):
        continue
    # Scene files only, as the registry tells them apart: not editly specs (clips), manifests (slides) or
    # Lottie animations (v, fr, ip, op).
    if (not isinstance(document, dict) or not ({"canvas", "layers"} & set(document))
            or {"clips", "slides"} & set(document) or {"v", "fr", "ip", "op"} <= set(document)):
        continue
    verdict = reader(path)
    if verdict is not None:
        check(os.path.relpath(path, ROOT).split(os.sep)[0] != "Examples",
              f"{os.path.relpath(path, ROOT)}: an example the reader refuses: {verdict[:200]}")
        continue
    accepted += 1
    errors = schema_paths(document)
    check(not errors, f"{os.path.relpath(path, ROOT)} reads but the schema refuses it at {errors}")

    # A key the reader does not know, at the top and on the first layer: both refuse it, at one path.
    folder = os.path.dirname(path)
    mutations = [(["speed"], dict(document, speed=2))]
    if isinstance(document.get("layers"), list) and document["layers"] and isinstance(document["layers"][0], dict):
        layers = [dict(document["layers"][0], sise=[1, 1])] + document["layers"][1:]
        mutations.append((["layers", 0, "sise"], dict(document, layers=layers)))
    for key_path, mutated in mutations:
        name = os.path.join(folder, ".schema-check.yaml")
        with open(name, "w") as file:
            yaml.safe_dump(mutated, file)
        try:
            message = reader(name) or ""
        finally:
            os.remove(name)
        dotted = ".".join(f"{part}" if isinstance(part, str) else f"[{part}]" for part in key_path).replace(".[", "[")
        check(f"`{dotted}` is not a known key" in message,
              f"{os.path.relpath(path, ROOT)} with {dotted}: the reader said {message[:200]!r}")
        check(key_path[:-1] in schema_paths(mutated),
              f"{os.path.relpath(path, ROOT)} with {dotted}: the schema refused at {schema_paths(mutated)}")

    schemed = dict(document)
    schemed["$schema"] = "scene.schema.json"
    check(not schema_paths(schemed), f"{os.path.relpath(path, ROOT)} with $schema: the schema refuses it")
    if accepted <= 3:
        name = os.path.join(folder, ".schema-check.yaml")
        with open(name, "w") as file:
            yaml.safe_dump(schemed, file)
        try:
            message = reader(name)
        finally:
            os.remove(name)
        check(message is None, f"{os.path.relpath(path, ROOT)} with $schema: the reader said {message!r}")

check(accepted >= 4, f"only {accepted} scene files were read")
print(f"schema-check: {len(candidates)} candidates, {blocks} of them from the documentation")
print(f"schema-check: {accepted} scene files validate against `moviemake schema scene`; "
      f"{'all checks passed' if not failures else f'{len(failures)} failed'}")
sys.exit(1 if failures else 0)
