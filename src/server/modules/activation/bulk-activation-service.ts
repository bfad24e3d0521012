import {
  type BulkActivationBody,
  type BulkOutcome,
  type BulkRowCode,
  type BulkRowResult,
  BULK_ROW_CODES,
  bulkRowRulesSchema,
} from '../../../shared/api/bulk-activation';
import { PLAN_CREDIT_COST, type PaidPlan } from '../../../shared/plans';
import type { DeviceRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { DeviceRepository } from '../devices/device-repository';
import type { UserRepository } from '../users/user-repository';
import type { ActivationService } from './activation-service';

/** A row after judging: failed with a code, or ready with the device and what to write. */
type JudgedRow = BulkRowResult & {
  device?: DeviceRow;
  name?: string | undefined;
  phone?: string | undefined;
};

/** The row-rule failure a field stands for. */
function codeForField(field: PropertyKey | undefined): BulkRowCode {
  if (field === 'mac') return 'invalid_mac';
  if (field === 'plan') return 'invalid_plan';
  return 'invalid_input';
}

/** What a refusal of the single activation means for a row ("forbidden" there is another reseller's). */
function codeForRefusal(error: AppError): BulkRowCode {
  if (error.code === 'forbidden') return 'not_yours';
  return (BULK_ROW_CODES as readonly string[]).includes(error.code)
    ? (error.code as BulkRowCode)
    : 'invalid_input';
}

const failed = (row: BulkRowResult, code: BulkRowCode): JudgedRow => ({
  ...row,
  status: 'failed',
  code,
  credits: 0,
});

/**
 * Bulk activation (decision 0012): up to 1,000 rows judged together, then activated one by one
 * through the single activation (activation-service.ts), so each row has its rules, its conditional
 * debit and its ledger row in its own transaction: a row that fails never charges, and parallel
 * batches can never overdraw a balance.
 */
export function createBulkActivationService(deps: {
  activation: ActivationService;
  devices: DeviceRepository;
  users: UserRepository;
}) {
  const { activation, devices, users } = deps;

  async function balanceOf(actor: UserRow): Promise<number | null> {
    if (actor.role === 'admin') return null;
    return (await users.findById(actor.id))?.credits ?? 0;
  }

  /** Every row judged as the preview shows it: its own rules, duplicates, then the device's state. */
  async function judge(actor: UserRow, body: BulkActivationBody): Promise<JudgedRow[]> {
    const seen = new Set<string>();
    const judged: JudgedRow[] = body.rows.map((input, index) => {
      const base: BulkRowResult = { row: index + 1, mac: input.mac, plan: null, status: 'ready', credits: 0 };
      const parsed = bulkRowRulesSchema.safeParse({ ...input, plan: input.plan || body.plan });
      if (!parsed.success) return failed(base, codeForField(parsed.error.issues[0]?.path[0]));
      const { mac, plan, client_name: name, client_phone: phone } = parsed.data;
      const row = { ...base, mac, plan, name: name || undefined, phone: phone || undefined };
      if (seen.has(mac)) return failed(row, 'duplicate_mac');
      seen.add(mac);
      return row;
    });

    const ready = judged.filter((row) => row.status === 'ready');
    const found = new Map((await devices.findByMacs(ready.map((row) => row.mac))).map((d) => [d.mac, d]));
    const withPlaylists = await devices.idsWithPlaylists([...found.values()].map((device) => device.id));
    const now = new Date();
    const free = actor.role === 'admin';
    return judged.map((row) => {
      if (row.status !== 'ready') return row;
      const device = found.get(row.mac);
      if (!device) return failed(row, 'not_found');
      const refusal = activation.refusal(actor, device, withPlaylists.has(device.id), now);
      if (refusal) return failed(row, codeForRefusal(refusal));
      return { ...row, device, credits: free ? 0 : PLAN_CREDIT_COST[row.plan as PaidPlan] };
    });
  }

  function outcome(
    rows: JudgedRow[],
    succeeded: BulkRowResult['status'],
    balance: number | null,
  ): BulkOutcome {
    const results = rows.map(({ device: _device, name: _name, phone: _phone, ...result }) => result);
    const ok = results.filter((row) => row.status === succeeded);
    return {
      rows: results,
      summary: {
        rows: results.length,
        succeeded: ok.length,
        failed: results.length - ok.length,
        credits: ok.reduce((sum, row) => sum + row.credits, 0),
        balance,
      },
    };
  }

  return {
    /** What activating would do, row by row, and the credits it needs against the balance. */
    async preview(actor: UserRow, body: BulkActivationBody): Promise<BulkOutcome> {
      return outcome(await judge(actor, body), 'ready', await balanceOf(actor));
    },

    /**
     * Activates the ready rows in order. A refusal (a race with another reseller, a balance that ran
     * out) fails that row only. An outage after some rows were charged stops the batch: that row and
     * the rest are answered as `service_unavailable` (nothing charged for them) rather than a 5xx,
     * because a 5xx is not kept for Idempotency-Key and its retry would charge the done rows again.
     */
    async activate(actor: UserRow, body: BulkActivationBody): Promise<BulkOutcome> {
      const rows = await judge(actor, body);
      let outage = false;
      for (const [index, row] of rows.entries()) {
        if (row.status !== 'ready' || !row.device) continue;
        if (outage) {
          rows[index] = failed(row, 'service_unavailable');
          continue;
        }
        try {
          await activation.activate(actor, {
            deviceId: row.device.id,
            plan: row.plan as PaidPlan,
            name: row.name ?? null,
            phone: row.phone ?? null,
          });
          rows[index] = { ...row, status: 'activated' };
        } catch (error) {
          const refused = error instanceof AppError && error.statusCode < 500;
          // Before any row is charged, an outage is an ordinary 503: retrying is safe.
          if (!refused && !rows.some((other) => other.status === 'activated')) throw error;
          outage = !refused;
          rows[index] = failed(row, refused ? codeForRefusal(error) : 'service_unavailable');
        }
      }
      return outcome(rows, 'activated', await balanceOf(actor).catch(() => null));
    },
  };
}
export type BulkActivationService = ReturnType<typeof createBulkActivationService>;
