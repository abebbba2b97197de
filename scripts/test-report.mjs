// Names of the failing tests in vitest's and Playwright's JSON reports, as "file › title", for
// the end of `npm test`'s output (scripts/test.mjs): a CI log is often read from its tail only,
// and a test that fails once in many runs must be identifiable from there.
import { relative } from 'node:path';

export function failedVitestTests(report, root = process.cwd()) {
  return (report?.testResults ?? []).flatMap((file) => {
    const failedTests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${relative(root, file.name)} › ${test.fullName}`);
    // A file that fails to load has no failing test of its own, only its message.
    if (failedTests.length === 0 && file.status === 'failed') {
      return [`${relative(root, file.name)} › (did not run: ${firstLine(file.message)})`];
    }
    return failedTests;
  });
}

export function failedPlaywrightTests(report) {
  const names = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'unexpected')) {
        names.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // The top-level suites are the files, whose name spec.file already gives.
  for (const file of report?.suites ?? []) visit(file, []);
  return names;
}

function firstLine(text) {
  return String(text ?? 'unknown error').split('\n')[0];
}
