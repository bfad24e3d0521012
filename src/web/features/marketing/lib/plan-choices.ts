/**
 * The two plans the order form offers, with the form's own values (docs/product.md: '1year' for one
 * year) and the plan each is priced as (the brand's prices, PRICE_ONE_YEAR and PRICE_LIFETIME).
 */
export const PLAN_CHOICES = [
  { value: '1year', plan: 'year' },
  { value: 'lifetime', plan: 'lifetime' },
] as const;
export type PlanValue = (typeof PLAN_CHOICES)[number]['value'];

/** The plan a link asked for (/order?plan=lifetime), if the form offers it. */
export function planFromQuery(value: string | null): PlanValue | undefined {
  return PLAN_CHOICES.find((choice) => choice.value === value)?.value;
}
