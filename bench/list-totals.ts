/**
 * What a device list's page costs the server with and without kept totals (decision 0030): the 60
 * pages of the bench's scenario (b) (five searches, four plan filters, pages 1-3 of 25), one at a
 * time through the repository, on the bench's seeded data. Prints the wall time and the process's CPU
 * time (all threads: SQLite's readers included) per page, three rounds, the two in turn:
 *
 *   npx tsx bench/list-totals.ts sqlite
 *   npx tsx bench/list-totals.ts postgres
 *
 * `npm run bench -- --db sqlite|postgres` seeds the data first (1,000,000 devices, 1,000 resellers).
 */
import { executeReadOnly } from '../src/server/db';
import {
  createDeviceManagementRepository,
  type DeviceFilter,
  ListTotals,
  selectFilteredDevices,
} from '../src/server/modules/devices/device-management-repository';
import { openBenchDatabase } from './bench-database';
import { LIST_PAGES, LIST_PER_PAGE, LIST_RESELLER_INDEX, LIST_STATUSES, listSearches } from './list-mix';

const kind = process.argv[2];
const { handle, close } = await openBenchDatabase(kind, 'list-totals.ts');

// Scenario (b)'s reseller and mix (bench/list-mix.ts), on the seeded 1,000 resellers: the reseller of
// index r is the user r + 2 (the admin is the first).
const RESELLERS = 1000;
const OWNER_ID = LIST_RESELLER_INDEX + 2;
const filters: DeviceFilter[] = listSearches(RESELLERS).flatMap((search) =>
  LIST_STATUSES.map((status) => ({
    ownerId: OWNER_ID,
    search: search || undefined,
    status: status || undefined,
  })),
);
const PAGES = filters.length * LIST_PAGES.length;

async function measure(label: string, pages: () => Promise<unknown>, rounds = 20): Promise<void> {
  await pages();
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round += 1) await pages();
  const used = process.cpuUsage(cpu);
  const wallUs = Number(process.hrtime.bigint() - started) / 1000 / rounds / PAGES;
  const cpuUs = (used.user + used.system) / rounds / PAGES;
  console.log(
    `${label.padEnd(26)} ${wallUs.toFixed(0).padStart(5)} µs wall, ${cpuUs.toFixed(0).padStart(5)} µs CPU a page`,
  );
}

const everyPage = (page: (filter: DeviceFilter, number: number) => Promise<unknown>) => async () => {
  for (const filter of filters) for (const number of LIST_PAGES) await page(filter, number);
};

console.log(`${kind}: ${PAGES} pages of scenario (b), one at a time`);
for (let round = 1; round <= 3; round += 1) {
  const counted = createDeviceManagementRepository(handle.db);
  const kept = createDeviceManagementRepository(handle.db, new ListTotals());
  await measure(
    'counted on every full page',
    everyPage((f, n) => counted.page(f, n, LIST_PER_PAGE)),
  );
  await measure(
    'totals kept',
    everyPage((f, n) => kept.page(f, n, LIST_PER_PAGE)),
  );
  await measure(
    'the count alone, each page',
    everyPage((f) =>
      executeReadOnly(
        handle.db,
        selectFilteredDevices(handle.db, f).select((eb) => eb.fn.countAll().as('n')),
      ),
    ),
  );
}
await close();
