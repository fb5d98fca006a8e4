#!/usr/bin/env node
// Totals the JSON test reports of one or more report directories.
//
//   node scripts/test-summary.mjs [--expect NAME[,NAME...]] DIR [[--expect ...] DIR ...]
//
// Reads every *.json under each DIR (recursively): vitest JSON reports (numPassedTests,
// numFailedTests, ...) and Playwright JSON reports (stats.expected/unexpected/flaky/skipped).
// Prints one line per report, then `N passed, N failed` as the very last line.
//
// Silence is never success. Each of these counts as one failure, with a line saying why:
//   - a report named by --expect (file name without .json, e.g. vitest-legacy-api) that is missing
//     from the DIR following it (the suite crashed or never ran);
//   - a DIR without --expect that does not exist or holds no reports;
//   - a report that is not valid JSON (e.g. truncated) or not in a known format;
//   - a vitest test file that failed without a failed test (e.g. it threw while importing), a
//     vitest run that reports success: false without any failure (e.g. no test files found), and
//     each Playwright global error (e.g. the web server did not start).
// Exits 1 when anything failed, 2 on bad usage, else 0. Plain ESM, no dependencies.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function usage(message) {
  process.stderr.write(
    `test-summary: ${message}\n` +
      'usage: node scripts/test-summary.mjs [--expect NAME[,NAME...]] DIR [[--expect ...] DIR ...]\n',
  );
  process.exit(2);
}

// --- arguments: --expect applies to the next DIR ---
const dirs = [];
let pendingExpect = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  let value;
  if (arg === '--expect') {
    value = argv[++i];
    if (value === undefined) usage('--expect needs a value');
  } else if (arg.startsWith('--expect=')) {
    value = arg.slice('--expect='.length);
  } else if (arg.startsWith('--')) {
    usage(`unknown option ${arg}`);
  } else {
    dirs.push({ dir: arg, expect: pendingExpect });
    pendingExpect = [];
    continue;
  }
  pendingExpect.push(...value.split(/[\s,]+/).filter(Boolean));
}
if (pendingExpect.length > 0) usage('--expect must come before the DIR it applies to');
if (dirs.length === 0) usage('no report directory given');

// --- reading reports ---
function jsonFilesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...jsonFilesUnder(path));
    else if (entry.name.endsWith('.json')) found.push(path);
  }
  return found.sort();
}

const num = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function isVitest(report) {
  return typeof report.numTotalTests === 'number' && Array.isArray(report.testResults);
}

function isPlaywright(report) {
  const stats = report.stats;
  return (
    stats !== null &&
    typeof stats === 'object' &&
    typeof stats.expected === 'number' &&
    typeof stats.unexpected === 'number'
  );
}

/** The first line of a message, without terminal colours, at most 300 characters. */
function firstLineOf(message) {
  const plain = String(message).replace(
    new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'),
    '',
  );
  const line = plain.split('\n').find((text) => text.trim() !== '') ?? '';
  return line.trim().slice(0, 300);
}

/**
 * Every Playwright test whose last attempt failed, named by file, line and title, with the first
 * line of its error: CI keeps only the end of the log, so the summary says which test it was.
 */
function playwrightFailures(suites, titles) {
  const found = [];
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = (test.results ?? []).at(-1);
        if (!last || last.status === 'passed' || last.status === 'skipped') continue;
        const error = last.error?.message ?? last.errors?.[0]?.message ?? last.status;
        found.push(
          `failed: ${spec.file}:${spec.line} › ${[...path.slice(1), spec.title].join(' › ')} [${test.projectName}] (${last.status}): ${firstLineOf(error)}`,
        );
      }
    }
    found.push(...playwrightFailures(suite.suites ?? [], path));
  }
  return found;
}

/** Returns { passed, failed, skipped, notes[] } for one report file. */
function summarize(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { passed: 0, failed: 1, skipped: 0, notes: [`unreadable report: ${error.message}`] };
  }
  if (report === null || typeof report !== 'object') {
    return { passed: 0, failed: 1, skipped: 0, notes: ['not a vitest or Playwright JSON report'] };
  }

  if (isVitest(report)) {
    const notes = [];
    const passed = num(report.numPassedTests);
    let failed = num(report.numFailedTests);
    const skipped = num(report.numPendingTests) + num(report.numTodoTests);
    for (const result of report.testResults) {
      const assertions = Array.isArray(result.assertionResults) ? result.assertionResults : [];
      if (result.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
        failed += 1;
        const firstLine = String(result.message || 'no message').split('\n')[0];
        notes.push(
          `test file failed: ${relative(process.cwd(), String(result.name))}: ${firstLine}`,
        );
      }
      for (const assertion of assertions) {
        if (assertion.status !== 'failed') continue;
        const message = (assertion.failureMessages ?? [])[0] ?? 'no message';
        notes.push(
          `failed: ${relative(process.cwd(), String(result.name))} › ${assertion.fullName ?? assertion.title}: ${firstLineOf(message)}`,
        );
      }
    }
    if (report.success === false && failed === 0) {
      failed = 1;
      notes.push(
        num(report.numTotalTests) === 0 ? 'run failed: no tests ran' : 'run reported failure',
      );
    }
    return { passed, failed, skipped, notes };
  }

  if (isPlaywright(report)) {
    const { stats } = report;
    const errors = Array.isArray(report.errors) ? report.errors : [];
    const notes = [];
    if (num(stats.flaky) > 0) notes.push(`${stats.flaky} flaky (passed on retry)`);
    for (const failure of playwrightFailures(report.suites ?? [], [])) notes.push(failure);
    for (const error of errors) {
      const message = String((error && (error.message || error.value)) || 'unknown error');
      notes.push(`global error: ${message.split('\n')[0]}`);
    }
    return {
      passed: num(stats.expected) + num(stats.flaky),
      failed: num(stats.unexpected) + errors.length,
      skipped: num(stats.skipped),
      notes,
    };
  }

  return { passed: 0, failed: 1, skipped: 0, notes: ['not a vitest or Playwright JSON report'] };
}

// --- totals ---
const lines = [];
let totalPassed = 0;
let totalFailed = 0;

function add(label, { passed, failed, skipped, notes }) {
  totalPassed += passed;
  totalFailed += failed;
  lines.push({ label, passed, failed, skipped, notes });
}

function problem(label, note) {
  add(label, { passed: 0, failed: 1, skipped: 0, notes: [note] });
}

for (const { dir, expect } of dirs) {
  const dirLabel = relative(process.cwd(), dir) || '.';
  const exists = existsSync(dir) && statSync(dir).isDirectory();
  const files = exists ? jsonFilesUnder(dir) : [];
  for (const file of files)
    add(relative(process.cwd(), file).replace(/\.json$/, ''), summarize(file));
  const written = new Set(files.map((file) => relative(dir, file).replace(/\.json$/, '')));
  const missing = expect.filter((name) => !written.has(name.replace(/\.json$/, '')));
  // One failure per missing report; a directory without any is one failure only when no report
  // was named for it (otherwise the missing names already say it).
  for (const name of missing) {
    problem(
      join(dirLabel, name),
      exists
        ? 'MISSING: expected report not written (did the suite crash?)'
        : 'MISSING: report directory does not exist (did the test run start?)',
    );
  }
  if (files.length === 0 && expect.length === 0) {
    problem(
      dirLabel,
      exists
        ? 'MISSING: no test reports in this directory (did the test runner crash?)'
        : 'MISSING: report directory does not exist (did the test run start?)',
    );
  }
}

const width = Math.max(...lines.map((line) => line.label.length));
for (const { label, passed, failed, skipped, notes } of lines) {
  let text = `${label.padEnd(width)}  ${passed} passed, ${failed} failed`;
  if (skipped > 0) text += `, ${skipped} skipped`;
  if (failed > 0) text += '  <-- FAILED';
  process.stdout.write(`${text}\n`);
  for (const note of notes) process.stdout.write(`${' '.repeat(width)}    ${note}\n`);
}
process.stdout.write(`${totalPassed} passed, ${totalFailed} failed\n`);
process.exitCode = totalFailed > 0 ? 1 : 0;
