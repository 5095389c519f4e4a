/**
 * Writes lib/tz-data.ts: the rules of the zones a farm can pick (FARM_TIME_ZONES in lib/tz.ts),
 * taken from moment-timezone's copy of the tz database, from 1970 to 2100 (docs/fulfilment.md,
 * "Time-zone data"). Node's and the browsers' own zone data lag behind the database by months or
 * years, so every zone computation and every time a person reads use this file instead.
 * `npm run tz-data` after upgrading moment-timezone; tests/format/tz.test.ts fails when the
 * committed file no longer matches the installed package.
 */
import fs from "node:fs";
import path from "node:path";
import moment from "moment-timezone";
import prettier from "prettier";
import { FARM_TIME_ZONES } from "../lib/tz";

const FROM = Date.UTC(1970, 0, 1);
const UNTIL = Date.UTC(2100, 0, 1);
const MINUTE = 60_000;

/**
 * One zone as two strings: the offsets (minutes east of UTC) of its periods, and the minute each
 * period but the last ends, as base-36 steps from the previous end (the first from 1970).
 */
export function packZone(name: string): [string, string] {
  const zone = moment.tz.zone(name);
  if (!zone) throw new Error(`moment-timezone has no zone ${name}`);
  const offsets: number[] = [];
  const ends: number[] = [];
  zone.untils.forEach((until, i) => {
    if (until <= FROM) return;
    offsets.push(zone.offsets[i] === 0 ? 0 : -zone.offsets[i]);
    if (until < UNTIL) ends.push(until / MINUTE);
  });
  offsets.length = ends.length + 1;
  const steps = ends.map((end, i) => (end - (i === 0 ? FROM / MINUTE : ends[i - 1])).toString(36));
  return [offsets.join(" "), steps.join(" ")];
}

/** The file as written: formatted by Prettier, so `npm run format:check` passes on it. */
export async function tzDataSource(): Promise<string> {
  const zones = FARM_TIME_ZONES.map(({ value }) => {
    const [offsets, steps] = packZone(value);
    return `  ${JSON.stringify(value)}: [${JSON.stringify(offsets)}, ${JSON.stringify(steps)}],`;
  });
  const source = [
    `// Written by scripts/build-tz-data.ts from moment-timezone ${moment.tz.version} (tz database ${moment.tz.dataVersion}): do not edit.`,
    `export const TZ_DATA_VERSION = ${JSON.stringify(moment.tz.dataVersion)};`,
    "",
    "/** Zone name → [offsets of its periods, ends of all but the last period] (see lib/tz.ts). */",
    "export const TZ_DATA: Record<string, readonly [string, string]> = {",
    ...zones,
    "};",
    "",
  ].join("\n");
  const file = path.resolve(import.meta.dirname, "../lib/tz-data.ts");
  const options = await prettier.resolveConfig(file);
  return prettier.format(source, { ...options, filepath: file });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve(import.meta.dirname, "../lib/tz-data.ts");
  fs.writeFileSync(file, await tzDataSource());
  console.log(`lib/tz-data.ts: tz database ${moment.tz.dataVersion}`);
}
