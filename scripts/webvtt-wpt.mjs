// Runs web-platform-tests' WebVTT file-parsing tests (webvtt/parsing/file-parsing) against
// MovieKit's parse. Each NAME.test holds a title, a link, JavaScript assertions about `cues` (the
// VTTCue list a browser builds) and, after a line `===`, the file; vtt/NAME.vtt is that file as a
// browser loads it. The assertions run in a fresh context against the cues MovieKit read, from
// `moviemake subtitles inspect --json` (--inspect) or from JSON files written beforehand (--json-dir).
//
// usage: node scripts/webvtt-wpt.mjs TESTS_DIR --inspect COMMAND [ARGUMENTS...]
//        node scripts/webvtt-wpt.mjs TESTS_DIR --json-dir DIR
// Prints PASS or FAIL per test and a count; exits 1 when any test fails.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const [testsDir, mode, ...rest] = process.argv.slice(2);
if (!testsDir || (mode !== "--inspect" && mode !== "--json-dir") || rest.length === 0) {
  console.error("usage: node webvtt-wpt.mjs TESTS_DIR (--inspect COMMAND [ARGUMENTS...] | --json-dir DIR)");
  process.exit(64);
}

// testharness.js's comparison: NaN equals NaN, and 0 and -0 differ.
function sameValue(x, y) {
  if (y !== y) return x !== x;
  if (x === 0 && y === 0) return 1 / x === 1 / y;
  return x === y;
}
const show = (value) => (typeof value === "string" ? JSON.stringify(value) : String(value));
const assertions = {
  assert_equals(actual, expected, message) {
    if (!sameValue(actual, expected)) {
      throw new Error(`${message ?? "assert_equals"}: expected ${show(expected)} but got ${show(actual)}`);
    }
  },
  assert_not_equals(actual, expected, message) {
    if (sameValue(actual, expected)) throw new Error(`${message ?? "assert_not_equals"}: got ${show(actual)}`);
  },
  assert_true(actual, message) {
    if (actual !== true) throw new Error(`${message ?? "assert_true"}: got ${show(actual)}`);
  },
  assert_false(actual, message) {
    if (actual !== false) throw new Error(`${message ?? "assert_false"}: got ${show(actual)}`);
  },
};

function inspected(name) {
  if (mode === "--json-dir") return fs.readFileSync(path.join(rest[0], `${name}.json`), "utf8");
  const file = path.join(testsDir, "vtt", `${name}.vtt`);
  return execFileSync(rest[0], [...rest.slice(1), file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
}

const names = fs.readdirSync(testsDir).filter((f) => f.endsWith(".test")).map((f) => f.slice(0, -5)).sort();
let passed = 0;
for (const name of names) {
  const source = fs.readFileSync(path.join(testsDir, `${name}.test`), "utf8");
  const separator = source.indexOf("\n===\n");
  // The title line and the link lines come first; the assertions run up to the separator.
  const body = source.slice(0, separator).split("\n").slice(1).filter((line) => !line.startsWith("<link")).join("\n");
  try {
    const result = JSON.parse(inspected(name));
    // A browser gives cues that name one region the same VTTRegion object. Regions are defined
    // before the first cue and a cue takes the last region with its id, so cues whose regions
    // print alike share one.
    const regions = new Map();
    for (const cue of result.cues) {
      if (cue.region === null) continue;
      const key = JSON.stringify(cue.region);
      if (!regions.has(key)) regions.set(key, cue.region);
      cue.region = regions.get(key);
    }
    vm.runInNewContext(body, { cues: result.cues, ...assertions }, { filename: `${name}.test` });
    passed += 1;
    console.log(`PASS ${name}`);
  } catch (error) {
    console.log(`FAIL ${name}: ${String(error.message ?? error).split("\n")[0]}`);
  }
}
console.log(`${passed} of ${names.length} WebVTT parsing tests pass`);
process.exit(passed === names.length ? 0 : 1);
