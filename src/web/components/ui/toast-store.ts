import { useSyncExternalStore } from 'react';

/*
 * The one toast on screen and its countdown, outside React so any code can show one. Import from
 * ./toast, which re-exports what callers use and draws the toast.
 */

/** docs/product.md: one toast at a time, gone after five seconds. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
}

let current: ToastItem | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let remainingMs = TOAST_DURATION_MS;
let startedAt = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function startTimer(id: number, ms: number): void {
  clearTimeout(timer);
  remainingMs = ms;
  startedAt = Date.now();
  timer = setTimeout(() => dismissToast(id), ms);
}

/** Shows a toast, replacing the one on screen (only one is ever visible). */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { ...input, id };
  startTimer(id, TOAST_DURATION_MS);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Hides the toast on screen, or only the toast `id` if that one is still showing. */
export function dismissToast(id?: number): void {
  if (current === null || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

/** Holds the countdown while the pointer or focus is on the toast, so it can be read (WCAG 2.2.1). */
export function pauseToast(): void {
  if (current === null) return;
  clearTimeout(timer);
  remainingMs = Math.max(0, remainingMs - (Date.now() - startedAt));
}

export function resumeToast(): void {
  if (current === null) return;
  startTimer(current.id, remainingMs);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getCurrent(): ToastItem | null {
  return current;
}

export function useToast() {
  const visible = useSyncExternalStore(subscribe, getCurrent, getCurrent);
  return { toast, dismiss: dismissToast, current: visible };
}
