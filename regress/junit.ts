/**
 * JUnit XML for CI systems (GitHub Actions test reporters, GitLab `artifacts:reports:junit`, Jenkins):
 * the Apache Ant JUnit report format — `<testsuites>` holding one `<testsuite>` with the attributes
 * that format requires (`name`, `package`, `id`, `timestamp` without zone, `hostname`, `tests`,
 * `failures`, `errors`, `time`), then `<properties>`, one `<testcase>` per record (`name`, `classname`,
 * `time`; a `<failure message type>` child when it drifted, `<error>` when it could not be checked),
 * `<system-out>` and `<system-err>`. test/fixtures/junit/JUnit.xsd holds the schema a test validates
 * against.
 */
import { hostname } from 'node:os';

/** One test case: a record (or a dataset-level check). */
export interface JUnitCase {
  name: string;
  /** Dotted group, e.g. `uisynth.regress.desktop.mail`. */
  classname: string;
  seconds: number;
  failure?: { message: string; type: string; text: string };
  error?: { message: string; type: string; text: string };
}

const esc = (s: string): string =>
  // XML 1.0 forbids most control characters even as references: they are dropped
  // eslint-disable-next-line no-control-regex
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A JUnit XML document with one suite.
 * @param at the run's start (the `timestamp` attribute, UTC, `YYYY-MM-DDTHH:MM:SS`)
 * @param properties `<property name value>` pairs (environment, verdict)
 */
export function junitXml(suite: string, cases: readonly JUnitCase[], properties: Record<string, string>, at: Date, systemOut = ''): string {
  const failures = cases.filter((c) => c.failure).length;
  const errors = cases.filter((c) => !c.failure && c.error).length;
  const time = cases.reduce((a, c) => a + c.seconds, 0);
  const ts = at.toISOString().slice(0, 19);
  const L: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>'];
  L.push(
    `  <testsuite name="${esc(suite)}" package="${esc(suite)}" id="0" timestamp="${ts}" hostname="${esc(hostname() || 'localhost')}" ` +
      `tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time.toFixed(3)}">`,
  );
  L.push('    <properties>');
  for (const [k, v] of Object.entries(properties)) L.push(`      <property name="${esc(k)}" value="${esc(v)}"/>`);
  L.push('    </properties>');
  for (const c of cases) {
    const open = `    <testcase name="${esc(c.name)}" classname="${esc(c.classname)}" time="${c.seconds.toFixed(3)}"`;
    const body = c.failure ? ['failure', c.failure] as const : c.error ? ['error', c.error] as const : null;
    if (!body) L.push(open + '/>');
    else L.push(open + '>', `      <${body[0]} message="${esc(body[1].message)}" type="${esc(body[1].type)}">${esc(body[1].text)}</${body[0]}>`, '    </testcase>');
  }
  L.push(`    <system-out>${esc(systemOut)}</system-out>`, '    <system-err></system-err>', '  </testsuite>', '</testsuites>');
  return L.join('\n') + '\n';
}
