import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceFixture } from '../test-device-api';
import { PlanBadge } from './subscription-badges';
import { SubscriptionSummary } from './subscription-summary';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

describe('plan badge', () => {
  it.each([
    ['free', 'Trial'],
    ['year', 'One Year'],
    ['lifetime', 'Lifetime'],
    ['month', 'Unknown'],
    ['', 'Unknown'],
  ])('shows %j as %s', (paymentType, label) => {
    render(<PlanBadge paymentType={paymentType} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

describe('subscription status', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts whole days left, rounded up, with no banner when more than 7 remain', () => {
    render(
      <SubscriptionSummary device={deviceFixture({ payment_type: 'year', expired_date: inDays(30.2) })} />,
    );

    expect(screen.getByTestId('time-left')).toHaveTextContent('31 days left');
    expect(screen.getByText('One year')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
    expect(screen.queryByText('Subscription Expired')).not.toBeInTheDocument();
  });

  it('warns "Expiring Soon" on a paid plan with the day count from 7 days down to 1', () => {
    render(
      <SubscriptionSummary device={deviceFixture({ payment_type: 'year', expired_date: inDays(6.5) })} />,
    );

    expect(screen.getByText('Expiring Soon')).toBeInTheDocument();
    expect(screen.getByText(/ends in 7 days/)).toBeInTheDocument();
    expect(screen.getByTestId('time-left')).toHaveTextContent('7 days left');
    expect(screen.getByText('Expiring soon')).toBeInTheDocument();
  });

  it('greets a free trial with the days it has left and a way to buy, not an expiry warning', () => {
    const device = deviceFixture({ payment_type: 'free', expired_date: inDays(6.5) });
    render(<SubscriptionSummary device={device} />);

    expect(screen.getByText('Free trial — 7 days left')).toBeInTheDocument();
    expect(screen.getByText('7-day trial')).toBeInTheDocument();
    expect(screen.getByText('Free trial')).toBeInTheDocument();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
    expect(screen.queryByText('Expiring soon')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a plan' })).toHaveAttribute(
      'href',
      `/order?mac=${encodeURIComponent(device.mac)}`,
    );
  });

  it('shows an ended trial as expired', () => {
    render(
      <SubscriptionSummary device={deviceFixture({ payment_type: 'free', expired_date: inDays(-1) })} />,
    );
    expect(screen.getByText('Subscription Expired')).toBeInTheDocument();
    expect(screen.queryByText(/Free trial —/)).not.toBeInTheDocument();
  });

  it('says "1 day left" on the last day', () => {
    render(<SubscriptionSummary device={deviceFixture({ expired_date: inDays(0.25) })} />);
    expect(screen.getByTestId('time-left')).toHaveTextContent('1 day left');
    expect(screen.getByText(/ends in 1 day\./)).toBeInTheDocument();
  });

  it('shows the red "Subscription Expired" banner once the date has passed', () => {
    render(
      <SubscriptionSummary device={deviceFixture({ payment_type: 'year', expired_date: inDays(-2) })} />,
    );

    expect(screen.getByText('Subscription Expired')).toBeInTheDocument();
    expect(screen.getByTestId('time-left')).toHaveTextContent('Expired');
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
  });

  it('never expires for lifetime', () => {
    render(<SubscriptionSummary device={deviceFixture({ payment_type: 'lifetime', expired_date: null })} />);

    expect(screen.getByTestId('time-left')).toHaveTextContent('Never expires');
    expect(screen.getByText('Lifetime')).toBeInTheDocument();
    expect(screen.queryByText('Subscription Expired')).not.toBeInTheDocument();
  });
});
