#!/usr/bin/env node
// Fails (exit 1) when a translation namespace or key exists in one language but not in another.
// Plural forms are compared by their base key, because languages have different plural categories
// (English: one/other; Arabic: zero/one/two/few/many/other). Placeholders such as {{name}} must match
// between languages for every non-plural key.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['en', 'fr', 'ar'];
const REFERENCE = 'en';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([^},\s]+)[^}]*\}\}/g;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'locales');

/** @returns {Map<string, string>} key path -> leaf value */
function flatten(value, prefix, out) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function baseKey(key) {
  return key.replace(PLURAL_SUFFIX, '');
}

function placeholders(text) {
  return typeof text === 'string' ? [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort() : [];
}

const problems = [];

const namespaces = new Set();
for (const lng of LANGUAGES) {
  const dir = join(root, lng);
  if (!existsSync(dir)) {
    problems.push(`${lng}: the folder public/locales/${lng} is missing`);
    continue;
  }
  for (const file of readdirSync(dir))
    if (file.endsWith('.json')) namespaces.add(file.slice(0, -'.json'.length));
}

for (const ns of [...namespaces].sort()) {
  /** @type {Map<string, Map<string, unknown>>} */
  const byLanguage = new Map();
  for (const lng of LANGUAGES) {
    const file = join(root, lng, `${ns}.json`);
    if (!existsSync(file)) {
      problems.push(`${lng}/${ns}.json: file missing`);
      continue;
    }
    try {
      byLanguage.set(lng, flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map()));
    } catch (error) {
      problems.push(`${lng}/${ns}.json: not valid JSON (${error.message})`);
    }
  }

  const allBases = new Set();
  for (const entries of byLanguage.values()) for (const key of entries.keys()) allBases.add(baseKey(key));

  for (const [lng, entries] of byLanguage) {
    const bases = new Set([...entries.keys()].map(baseKey));
    for (const base of [...allBases].sort()) {
      if (!bases.has(base)) problems.push(`${lng}/${ns}.json: missing key "${base}"`);
    }
    for (const [key, value] of entries) {
      if (typeof value !== 'string') problems.push(`${lng}/${ns}.json: "${key}" is not a string`);
      else if (value.trim() === '') problems.push(`${lng}/${ns}.json: "${key}" is empty`);
    }
  }

  const reference = byLanguage.get(REFERENCE);
  if (!reference) continue;
  for (const [key, value] of reference) {
    if (PLURAL_SUFFIX.test(key)) continue;
    const expected = placeholders(value).join(',');
    for (const [lng, entries] of byLanguage) {
      if (lng === REFERENCE || !entries.has(key)) continue;
      const actual = placeholders(entries.get(key)).join(',');
      if (actual !== expected) {
        problems.push(
          `${lng}/${ns}.json: "${key}" has placeholders [${actual}], ${REFERENCE} has [${expected}]`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Translation check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(
  `Translations complete: ${namespaces.size} namespaces in ${LANGUAGES.join(', ')} have the same keys.`,
);
