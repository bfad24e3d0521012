import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import {
  createTestApp,
  insertReseller,
  testDatabaseKind,
  type TestApp,
  uniqueMac,
} from '../../test/test-app';
import type { DomainEvent, StoredEvent } from '../events/domain-events';
import { createEventRepository } from '../events/event-repository';
import { newDeliveryRound } from '../events/outbox';
import { createWebhookConsumer } from './webhook-consumer';
import { createWebhookRepository } from './webhook-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const consumer = createWebhookConsumer();

async function recorded(trx: Db, ownerId: number, n: number): Promise<StoredEvent> {
  const event: DomainEvent<'device.activated'> = {
    type: 'device.activated',
    actorId: ownerId,
    subject: `device:${n}`,
    payload: {
      device_id: n,
      mac: uniqueMac(),
      plan: 'year',
      owner_id: ownerId,
    },
  };
  const id = await createEventRepository(trx).insert(event, ['webhooks']);
  return { ...event, id, createdAt: new Date() };
}

const addEndpoint = (trx: Db, userId: number, events: string[]) =>
  createWebhookRepository(trx).insertEndpoint({
    user_id: userId,
    url: `https://hooks.example.test/${userId}/${events.join('-')}`,
    events: JSON.stringify(events),
    secret: 'whsec_test',
  });

const endpointsDeliveredTo = async (trx: Db, event: StoredEvent) =>
  (
    await trx
      .selectFrom('webhook_deliveries')
      .select('endpoint_id')
      .where('event_id', '=', event.id)
      .orderBy('endpoint_id')
      .execute()
  ).map((row) => row.endpoint_id);

describe(`the webhook consumer (${testDatabaseKind})`, () => {
  it("reads a recipient's endpoints once a round: the round's events all go to the endpoints of its first read", async () => {
    const reseller = await insertReseller(t.database);
    const other = await insertReseller(t.database);
    await t.database.db.transaction().execute(async (trx) => {
      const first = await addEndpoint(trx, reseller.id, ['device.activated']);
      // The reseller's endpoint for another event type hears none of these.
      await addEndpoint(trx, reseller.id, ['credits.changed']);
      const othersEndpoint = await addEndpoint(trx, other.id, ['device.activated']);

      const round = newDeliveryRound();
      const one = await recorded(trx, reseller.id, 1);
      await consumer.deliver(one, trx, round);
      // Added after the round's first read: the rest of this round does not see it, the next round does.
      const added = await addEndpoint(trx, reseller.id, ['device.activated']);
      const two = await recorded(trx, reseller.id, 2);
      await consumer.deliver(two, trx, round);
      // Another recipient in the same round is read for itself.
      const others = await recorded(trx, other.id, 3);
      await consumer.deliver(others, trx, round);
      const three = await recorded(trx, reseller.id, 4);
      await consumer.deliver(three, trx, newDeliveryRound());

      expect(await endpointsDeliveredTo(trx, one)).toEqual([first.id]);
      expect(await endpointsDeliveredTo(trx, two)).toEqual([first.id]);
      expect(await endpointsDeliveredTo(trx, others)).toEqual([othersEndpoint.id]);
      expect(await endpointsDeliveredTo(trx, three)).toEqual([first.id, added.id]);
    });
  });
});
