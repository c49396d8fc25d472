import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

/**
 * One item open at a time (docs/product.md#pages), as `<details name>`: a tap opens an answer before the
 * page's scripts run (issue 45 §1), and the browser closes the others. Each summary is announced as a
 * button with its state, kept by the scripts once they run.
 */
export function Accordion({ items }: { items: readonly AccordionItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const group = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item, index) => {
        const isOpen = open === index;
        return (
          <details
            key={item.question}
            name={group}
            className="group"
            onToggle={(event) => {
              const opened = event.currentTarget.open;
              setOpen((current) => (opened ? index : current === index ? null : current));
            }}
          >
            <summary
              role="button"
              aria-expanded={isOpen}
              className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-fuchsia-700 [&::-webkit-details-marker]:hidden"
            >
              <span>{item.question}</span>
              <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <div className="px-5 pb-5 text-slate-700">{item.answer}</div>
          </details>
        );
      })}
    </div>
  );
}
