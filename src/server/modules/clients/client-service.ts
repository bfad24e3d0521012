import type { GuessingLimits } from '../../config';
import {
  type ClientPlan,
  type ClientRegistrationBody,
  type ClientRegistrationView,
  type ClientListQuery,
  type ClientStatus,
  type ClientUpdateBody,
  pageMeta,
  type PageMeta,
} from '../../../shared/api/client';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { countPublicFormSubmission } from '../security/public-form-limit';
import type { EventRecorder } from '../events/outbox';
import type { AttemptLimiter } from '../security/attempt-limiter';
import {
  type ClientRegistrationRow,
  type ClientRepository,
  createClientRepository,
} from './client-repository';

/** The activation service's entry point (app.deps.activation); an admin actor pays no credits. */
export interface DeviceActivator {
  activate(
    actor: UserRow,
    input: { deviceId: number; plan: ClientPlan; name?: string | null; phone?: string | null },
  ): Promise<{ updatedCredits: number | null }>;
}

export const UNREGISTERED_DEVICE_MESSAGE =
  'This device is not registered yet. Open the app on your TV first, then try again.';

export function toClientRegistrationView(row: ClientRegistrationRow): ClientRegistrationView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    mac: row.mac,
    plan: row.plan as ClientPlan,
    status: row.status as ClientStatus,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Viewers ask for a plan for their TV through the public registration form; an admin approves (which
 * activates the device) or rejects. Only Pending registrations change (docs/architecture.md).
 */
export function createClientService(deps: {
  db: Db;
  registrations: ClientRepository;
  limiter: AttemptLimiter;
  limits: Pick<GuessingLimits, 'publicFormsPerIp'>;
  activation: DeviceActivator;
  events: EventRecorder;
}) {
  const { db, registrations, limiter, limits, activation, events } = deps;

  return {
    async register(body: ClientRegistrationBody, ip: string): Promise<{ id: number; status: ClientStatus }> {
      await countPublicFormSubmission(limiter, limits, 'client-registration', ip);
      const row = await db.transaction().execute(async (trx) => {
        const repository = createClientRepository(trx);
        const deviceId = await repository.lockDeviceByMac(body.mac);
        if (deviceId === undefined) throw notFound(UNREGISTERED_DEVICE_MESSAGE);
        if (await repository.hasPendingForDevice(deviceId)) {
          throw conflict('A registration for this device is already waiting for approval');
        }
        const created = await repository.insertPending({ ...body, deviceId });
        await events.record(trx, {
          type: 'registration.created',
          actorId: null,
          subject: `device:${deviceId}`,
          payload: { registration_id: created.id, mac: body.mac, plan: body.plan, name: body.name },
        });
        return created;
      });
      return { id: row.id, status: row.status as ClientStatus };
    },

    async list(query: ClientListQuery): Promise<{ data: ClientRegistrationView[]; meta: PageMeta }> {
      const { rows, total } = await registrations.page(query);
      return { data: rows.map(toClientRegistrationView), meta: pageMeta(total, query.page, query.limit) };
    },

    /**
     * Claims the Pending registration first, then activates; if the activation fails the claim is
     * undone, so a registration is Approved exactly when its device was activated.
     */
    async decide(admin: UserRow, decision: ClientUpdateBody): Promise<ClientRegistrationView> {
      const current = await registrations.findById(decision.id);
      if (!current) throw notFound('Registration not found');
      const pendingOnly = () => conflict('Only pending registrations can change');
      if (current.status !== 'Pending') throw pendingOnly();
      if (decision.status === 'Rejected') {
        const rejected = await db.transaction().execute(async (trx) => {
          const row = await createClientRepository(trx).decide(
            current.id,
            'Rejected',
            current.plan as ClientPlan,
          );
          if (!row) throw pendingOnly();
          await events.record(trx, {
            type: 'registration.rejected',
            actorId: admin.id,
            subject: current.device_id === null ? null : `device:${current.device_id}`,
            payload: {
              registration_id: current.id,
              mac: current.mac,
              device_id: current.device_id,
              name: current.name,
            },
          });
          return row;
        });
        return toClientRegistrationView(rejected);
      }
      // A registration whose device is gone (device_id cascades, so only for rows written without one).
      if (current.device_id === null) throw conflict('The device of this registration no longer exists');
      const plan = decision.plan ?? (current.plan as ClientPlan);
      const approved = await registrations.decide(current.id, 'Approved', plan);
      if (!approved) throw pendingOnly();
      try {
        await activation.activate(admin, {
          deviceId: current.device_id,
          plan,
          name: current.name,
          phone: current.phone,
        });
      } catch (error) {
        await registrations.reopen(current);
        throw error;
      }
      return toClientRegistrationView(approved);
    },
  };
}
export type ClientService = ReturnType<typeof createClientService>;
