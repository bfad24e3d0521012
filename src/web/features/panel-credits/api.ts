import type { PanelUser } from '@shared/api/auth';
import {
  creditAdminResponseSchema,
  creditResellerResponseSchema,
  RESELLER_PRICE_PER_CREDIT,
  transactionListResponseSchema,
  type TransactionView,
} from '@shared/api/credits';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { idempotencyHeader } from '@web/lib/idempotency';
import { errorCodeOf } from '@web/lib/api-errors';
import { updateSessionCredits } from '@web/lib/panel-session';
import { queryKeys } from '@web/lib/query-keys';

export type TransferType = 'add' | 'remove';

export interface TransferRequest {
  resellerId: number;
  credits: number;
  type: TransferType;
  /** One per opening of the confirmation: a double click on Confirm moves the credits once. */
  idempotencyKey: string;
}

export interface TransferResult {
  /** The reseller's balance after the transfer. */
  resellerCredits: number;
  /** The sender's own balance after a reseller's transfer; null for admins (unlimited). */
  senderCredits: number | null;
}

/** POST /transactions/credit_admin: an admin adds to or removes from any reseller's balance. */
async function creditAsAdmin(input: {
  userId: number;
  resellerId: number;
  credits: number;
  type: TransferType;
  idempotencyKey: string;
}): Promise<TransferResult> {
  const answer = await apiRequest('/transactions/credit_admin', {
    method: 'POST',
    headers: idempotencyHeader(input.idempotencyKey),
    body: { resellerId: input.resellerId, credits: input.credits, type: input.type, user: input.userId },
    schema: creditAdminResponseSchema,
  });
  return { resellerCredits: answer.current_credits, senderCredits: null };
}

/**
 * POST /transactions/credit_reseller: a reseller gives some of its own credits to a sub-reseller.
 * `amount` is docs/product.md's price (10 x credits), informational for the server.
 */
async function creditAsReseller(input: {
  userId: number;
  resellerId: number;
  credits: number;
  idempotencyKey: string;
}): Promise<TransferResult> {
  const answer = await apiRequest('/transactions/credit_reseller', {
    method: 'POST',
    headers: idempotencyHeader(input.idempotencyKey),
    body: {
      resellerId: input.resellerId,
      user: input.userId,
      credits: input.credits,
      amount: input.credits * RESELLER_PRICE_PER_CREDIT,
    },
    schema: creditResellerResponseSchema,
  });
  return { resellerCredits: answer.current_credits, senderCredits: answer.sender_credits };
}

/**
 * A transfer by the signed-in `user`: an admin's through credit_admin, anyone else's through
 * credit_reseller. Balances change on both sides, so the reseller list, the ledger and the header's
 * badge are refreshed.
 */
export function useCreditTransfer(user: PanelUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, credits, type, idempotencyKey }: TransferRequest) =>
      user.role === 'admin'
        ? creditAsAdmin({ userId: user.id, resellerId, credits, type, idempotencyKey })
        : creditAsReseller({ userId: user.id, resellerId, credits, idempotencyKey }),
    onSuccess: (result) => {
      if (result.senderCredits !== null) updateSessionCredits(queryClient, result.senderCredits);
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resellers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]);
    },
    onError: (error) => {
      // The balance shown was out of date: someone removed or spent credits meanwhile.
      if (errorCodeOf(error) === 'exceeds_reseller_credits')
        void queryClient.invalidateQueries({ queryKey: queryKeys.resellers });
    },
  });
}

/** GET /transactions?limit=: the newest ledger rows the user may see. */
export function transactionsQuery(limit: number) {
  return queryOptions({
    queryKey: queryKeys.transactionsUpTo(limit),
    queryFn: async ({ signal }): Promise<TransactionView[]> =>
      (await apiRequest('/transactions', { query: { limit }, signal, schema: transactionListResponseSchema }))
        .data,
  });
}
