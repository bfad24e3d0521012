import { ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A question and its answer: a sentence, or an introduction followed by points. */
export interface FaqEntry {
  id: string;
  question: string;
  answer?: string;
  intro?: string;
  bullets?: Record<string, string>;
}

/**
 * Questions as native disclosure widgets. Each has an id, so /faq#find-mac links straight to it: the
 * targeted answer opens (after hydration, so the server's HTML and the first render agree).
 */
export function FaqList({ items }: { items: FaqEntry[] }) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: 'start' });
    }
  }, [hash]);

  return (
    <div className="mx-auto grid max-w-3xl gap-3">
      {items.map((item) => (
        <details
          key={item.id}
          id={item.id}
          className="group scroll-mt-24 rounded-2xl border bg-card shadow-sm open:shadow-md"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-start text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 leading-relaxed text-muted-foreground">
            {item.answer ? <p>{item.answer}</p> : null}
            {item.intro ? <p>{item.intro}</p> : null}
            {item.bullets ? (
              <ul className="mt-3 grid list-disc gap-1.5 ps-6 marker:text-primary">
                {Object.values(item.bullets).map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}
