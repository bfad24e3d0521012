/**
 * What an admin's device list costs on the bench's 1,000,000 devices: an admin's list is every
 * device, and its totals are not kept (decision 0030), so each full page counts its matches. Runs
 * pages 1, 2 and 40 of 25 for the whole list, a plan filter, a search for a MAC fragment, a search
 * that matches nothing and one with an accented letter, five times each through the repository,
 * and prints the median wall time and the total:
 *
 *   npx tsx bench/admin-list.ts sqlite
 *   npx tsx bench/admin-list.ts postgres
 *
 * `npm run bench -- --db sqlite|postgres` seeds the data first.
 */
import {
  createDeviceManagementRepository,
  type DeviceFilter,
} from '../src/server/modules/devices/device-management-repository';
import { openBenchDatabase } from './bench-database';

const kind = process.argv[2];
const { handle, close } = await openBenchDatabase(kind, 'admin-list.ts');

const repository = createDeviceManagementRepository(handle.db);
const filters: [string, DeviceFilter][] = [
  ['every device', {}],
  ['one plan (year)', { status: 'year' }],
  // The seed's MACs are 02:00:00:0X:XX:XX (bench/device-ids.ts): this one matches 65,536 devices.
  ['search "02:00:00:0A"', { search: '02:00:00:0A' }],
  ['search with no match', { search: 'Nobody Here' }],
  // A letter beyond ASCII: SQLite folds its case in JavaScript (contains_folded, src/server/db/like.ts).
  ['search "Élodie"', { search: 'Élodie' }],
];
const ROUNDS = 5;
for (const [label, filter] of filters) {
  for (const page of [1, 2, 40]) {
    const times: number[] = [];
    let total = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      total = (await repository.page(filter, page, 25)).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${kind} ${label.padEnd(22)} page ${String(page).padStart(2)}: ${times[Math.floor(ROUNDS / 2)]!.toFixed(1).padStart(6)} ms (fastest ${times[0]!.toFixed(1)}), total ${total}`,
    );
  }
}
await close();
